import { Ajv, type Options } from 'ajv';
import ajvErrors from 'ajv-errors';
import ajvFormats from 'ajv-formats';
import { keywords } from './keywords.js';
import { formats } from './runtime.js';

/**
 * The ajv options every Antrag validator uses (RJSF's validator too, through `ajvOptionsOverrides`).
 * allErrors is required by ajv-errors; unicode patterns let `\p{L}` match letters of any language.
 */
export const AJV_OPTIONS: Options = {
  allErrors: true,
  strict: true,
  strictRequired: false,
  strictTypes: false,
  unicodeRegExp: true,
  $data: true,
  verbose: false,
};

/** Adds Antrag's formats, keywords and ajv-errors to an ajv instance (RJSF's `extenderFn`). */
export function extendAjv<T extends Ajv>(ajv: T): T {
  // these are CommonJS modules whose export is also their own `default`; this spelling works under Node, Vite and tsc
  ajvFormats.default(ajv, { mode: 'full', keywords: true });
  // ours replace ajv-formats' email (domain literals) and date (calendar-checked) formats
  ajv.addFormat('email', formats.email);
  ajv.addFormat('date', formats.date);
  // the DSL's plainText rule: no control, invisible or bidi characters in a typed line, or text area
  ajv.addFormat('plain-line', formats['plain-line']);
  ajv.addFormat('plain-text', formats['plain-text']);
  for (const keyword of keywords) ajv.addKeyword(keyword);
  ajvErrors.default(ajv, { singleError: false, keepErrors: false });
  return ajv;
}

export function createAjv(options: Options = {}): Ajv {
  return extendAjv(new Ajv({ ...AJV_OPTIONS, ...options }));
}
