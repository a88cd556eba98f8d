/** What a document is, by its shape (pure: the studio tells documents apart the same way in the browser). */
import { type CmsKind, detectCmsKind } from '../import/index.js';
import { isObject } from '../json/object.js';

export const FORM_SUFFIX = '.form.json';
export const CMS_SUFFIX = '.cms.json';

export type DocumentKind = 'dsl' | CmsKind;

/**
 * A document's kind by its shape: a DSL definition names the meta-schema in `$schema` or has `id` and `steps`;
 * a CMS definition is recognised by `detectCmsKind`. The file name decides only when the shape does not:
 * a `*.form.json` is checked as DSL (so its shape errors are reported in detail).
 */
export function classify(value: unknown, file: string): DocumentKind | null {
  if (isObject(value) && typeof value.$schema === 'string' && value.$schema.endsWith('dsl.schema.json')) return 'dsl';
  const cms = detectCmsKind(value);
  if (cms) return cms;
  if (isObject(value) && 'id' in value && 'steps' in value) return 'dsl';
  if (file.endsWith(FORM_SUFFIX)) return 'dsl';
  return null;
}
