import { Ajv, type Options } from 'ajv';
import ajvErrors from 'ajv-errors';
import ajvFormats from 'ajv-formats';
import { PUBLISH_LIMITS } from '../compile/publishLimits.js';
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

/** ajv's type of a regular-expression engine (not exported by name). */
type RegExpEngine = NonNullable<NonNullable<Options['code']>['regExp']>;

/** Whether `text` has more code points than `limit` (JSON Schema counts code points, JavaScript code units). */
function longerThan(text: string, limit: number): boolean {
  if (text.length <= limit) return false;
  if (text.length > 2 * limit) return true;
  let points = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // the second half of a surrogate pair is no code point of its own
    if (unit < 0xdc00 || unit > 0xdfff) points++;
  }
  return points > limit;
}

/**
 * ajv's regular expressions, run on at most `PUBLISH_LIMITS.patternInput` code points: a longer text is not run and
 * left to the field's `maxLength`, which refuses it (a field with a pattern takes no longer text:
 * `checkPublishLimits`). With `allErrors` (ajv-errors needs it) a `maxLength` does not stop a pattern from running,
 * so this bounds what a slow pattern can cost on any text a request sends. The pattern is not failed instead: its
 * message would be the answer's first (a "required" pattern on a 900,000-character message said "required").
 */
export const boundedRegExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string) => {
    const expression = new RegExp(pattern, flags);
    // ajv keys its cache of expressions by `toString()`
    return {
      test: (text: string) => longerThan(text, PUBLISH_LIMITS.patternInput) || expression.test(text),
      toString: () => expression.toString(),
    };
  },
  { code: 'boundedRegExp' },
);

/**
 * An ajv instance with Antrag's options, formats and keywords. Validators compiled at run time (the server's) run
 * their patterns through `boundedRegExp`; code generated for the browser (`options.code` given) keeps `RegExp`.
 */
export function createAjv(options: Options = {}): Ajv {
  return extendAjv(new Ajv({ ...AJV_OPTIONS, code: options.code ?? { regExp: boundedRegExp }, ...options }));
}
