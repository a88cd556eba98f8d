/** What the server sends beside a form page it drew, for the browser to hydrate it; small, so `main.tsx` reads it. */

import type { Locale } from '@antrag/core/dsl/types';

/** The id of the inline JSON element holding a drawn form page's `FormPageData`. */
export const FORM_PAGE_DATA_ID = 'antrag-form-page';

export interface FormPageData {
  id: string;
  locale: Locale;
  /** The server guessed a phone from the request: the first render draws the narrow layout. */
  narrow: boolean;
  /** The compiled form drawn (`GET /api/forms/{id}`'s answer). */
  form: unknown;
}
