/**
 * The server's drawing of a form page's first screen (built by `vite build` into `<web app>/ssr/serverRender.js`,
 * loaded by `site/server/formPages.ts`): the first step's HTML in the page's language, rendered by the same
 * components the browser hydrates (`FormApp.tsx`), and antd's styles for it. An applicant reads the labels before any
 * script has run, and the layout does not move when the scripts arrive.
 */

import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { CompiledForm } from '@antrag/core/compile/types';
import type { Locale } from '@antrag/core/dsl/types';
import { loadCatalogue } from '@antrag/core/i18n/load';
import { prepareFirstScreen } from '@antrag/react/engine/prepare';
import { runtimeValidation } from '@antrag/react/engine/runtimeValidation';
import type { StepValidation } from '@antrag/react/engine/validator';
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { QUERY_DEFAULTS } from '../queryDefaults.js';
import { FormApp } from './FormApp.js';
import { formQueryKey, type PageForm } from './FormPage.js';
import type { FormPageData } from './pageData.js';

export { FORM_PAGE_DATA_ID } from './pageData.js';

export interface FirstScreen {
  /** The page's `#root` content. */
  html: string;
  /** antd's `<style>` elements for it, for the page's head. */
  styles: string;
  /** What the browser needs to hydrate it (inline in the page). */
  data: FormPageData;
}

/**
 * RJSF checks a step's conditions (`if`) while it draws: on the server with the form's schemas compiled by ajv
 * (the server may `eval`; the browser runs the precompiled modules). Compiled once per form version.
 */
const validations = new WeakMap<CompiledForm, StepValidation>();
function validationOf(form: CompiledForm): StepValidation {
  let validation = validations.get(form);
  if (!validation) {
    validation = runtimeValidation(form);
    validations.set(form, validation);
  }
  return validation;
}

export async function renderFormFirstScreen(options: {
  form: CompiledForm;
  locale: Locale;
  pageQuery: string;
  narrow: boolean;
}): Promise<FirstScreen> {
  const { form, locale, pageQuery, narrow } = options;
  await Promise.all([loadCatalogue(locale), prepareFirstScreen(form, locale, { narrow })]);
  const client = new QueryClient(QUERY_DEFAULTS);
  const page: PageForm = { form, validation: validationOf(form), query: '' };
  client.setQueryData(formQueryKey(form.id, pageQuery, locale), page);
  const styleCache = createCache();
  // antd's styles of what the first step draws with antd's components (none, where its controls are light ones)
  const html = renderToString(
    <StyleProvider cache={styleCache}>
      <FormApp client={client} id={form.id} locale={locale} narrow={narrow} />
    </StyleProvider>,
  );
  client.clear();
  return { html, styles: extractStyle(styleCache), data: { id: form.id, locale, narrow, form } };
}
