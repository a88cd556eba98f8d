/**
 * CMS → DSL import: the three definition formats of the content service (booking v1, booking v2, review)
 * become DSL form definitions. Pure and deterministic: the same document gives a deep-equal definition.
 */
import { isObject } from '../json/object.js';
import { importBookingV1 } from './booking-v1.js';
import { importBookingV2 } from './booking-v2.js';
import type { CmsKind } from './cms-types.js';
import { importReview } from './review.js';
import { applyTranslations, takeTranslations } from './translations.js';
import type { ImportOptions, ImportResult } from './types.js';

export { importBookingV1 } from './booking-v1.js';
export { importBookingV2 } from './booking-v2.js';
export type {
  BookingV1Document,
  BookingV2Document,
  CmsKind,
  ReviewDocument,
} from './cms-types.js';
export { CMS_KINDS } from './cms-types.js';
export { cmsPlaceOf, slugify } from './common.js';
export { importReview } from './review.js';
export { checkCmsDocument } from './shape.js';
export { type CmsTranslations, putTranslations, takeTranslations } from './translations.js';
export type { ImportOptions, ImportResult } from './types.js';

/**
 * The CMS format of a document, told by its shape alone (the schema check comes later, so a malformed document
 * of a known format still gets precise shape errors): v1 is an array whose first item has customerData or
 * orderData; v2 an object with flatData.steps; review an object with action and steps whose first item has groups.
 */
export function detectCmsKind(doc: unknown): CmsKind | null {
  if (Array.isArray(doc)) {
    const first: unknown = doc[0];
    return isObject(first) && ('customerData' in first || 'orderData' in first) ? 'booking-v1' : null;
  }
  if (!isObject(doc)) return null;
  if (isObject(doc.flatData) && 'steps' in doc.flatData) return 'booking-v2';
  if ('action' in doc && Array.isArray(doc.steps) && isObject(doc.steps[0]) && 'groups' in doc.steps[0]) {
    return 'review';
  }
  return null;
}

/**
 * Imports a CMS document of the given kind, with its `translations` (English text → its other languages) written into
 * the definition's texts (see translations.ts).
 */
export function importCms(kind: CmsKind, doc: unknown, opts: ImportOptions = {}): ImportResult {
  const taken = takeTranslations(kind, doc);
  const result = importByKind(kind, taken.document, opts);
  if (!result.definition || !taken.translations) {
    return taken.diagnostics.length
      ? { ...result, diagnostics: [...taken.diagnostics, ...result.diagnostics] }
      : result;
  }
  const translated = applyTranslations(result.definition, taken.translations, taken.at);
  return {
    definition: translated.definition,
    diagnostics: [...taken.diagnostics, ...result.diagnostics, ...translated.diagnostics],
  };
}

function importByKind(kind: CmsKind, doc: unknown, opts: ImportOptions): ImportResult {
  switch (kind) {
    case 'booking-v1':
      return importBookingV1(doc, opts);
    case 'booking-v2':
      return importBookingV2(doc, opts);
    case 'review':
      return importReview(doc, opts);
    default:
      return {
        diagnostics: [
          {
            severity: 'error',
            code: 'unknown-cms-kind',
            message: `Unknown CMS kind ${JSON.stringify(kind)}; expected booking-v1, booking-v2 or review.`,
            pointer: '',
          },
        ],
      };
  }
}
