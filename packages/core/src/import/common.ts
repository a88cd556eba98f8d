/** Helpers shared by the three CMS importers. */
import type { Diagnostic } from '../compile/types.js';
import type { FieldBase, InfoField, ResultScreen, Rule, Text, UploadSettings } from '../dsl/types.js';
import { toPointer } from '../json/pointer.js';

/** A DSL identifier: form ids and step ids. */
export const ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

/** Lower-case ASCII letters, digits and single hyphens; '' when nothing usable is left. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The first candidate that slugifies to something, else `fallback`. */
export function idFrom(candidates: Array<string | null | undefined>, fallback: string): string {
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    const slug = slugify(candidate);
    if (slug) return slug;
  }
  return fallback;
}

/** Hands out ids that are unique within one form: `a`, `a-2`, `a-3`, … */
export class UniqueIds {
  private readonly used = new Set<string>();

  take(base: string): string {
    let id = base;
    for (let n = 2; this.used.has(id); n++) id = `${base}-${n}`;
    this.used.add(id);
    return id;
  }
}

/** A JSON pointer from path segments (RFC 6901 escaping); the importers' shorthand for `toPointer`. */
export function pointer(...segments: Array<string | number>): string {
  return toPointer(segments);
}

/** A CMS text that may be null or empty; both mean "not given". */
export function given(text: string | null | undefined): text is string {
  return typeof text === 'string' && text !== '';
}

/** The first text that is given (neither null nor empty). */
export function firstGiven(...texts: Array<string | null | undefined>): string | undefined {
  return texts.find(given) ?? undefined;
}

/** Copies only the entries whose value is neither undefined nor null, keeping the key order. */
export function defined<T extends object>(value: { [K in keyof T]: T[K] | null | undefined }): T {
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry !== undefined && entry !== null) out[key] = entry;
  }
  return out as T;
}

export function fieldTypeNotImplemented(type: string, at: string): Diagnostic {
  return {
    severity: 'warning',
    code: 'unknown-field-type',
    message: `Field type ${type} is not implemented!`,
    pointer: at,
  };
}

/**
 * What stands in for a field of an unknown type: a warning notice in its place, titled with the CMS label, so
 * the form shows 'Field type X is not implemented!' and works without the field (a notice holds no data).
 * Its name is the CMS name, with characters a DSL name does not allow replaced by '_'.
 */
export function notImplementedNotice(
  type: string,
  name: string,
  label: string | null | undefined,
  required?: boolean | null,
): InfoField {
  const safe = name.replace(/[^A-Za-z0-9_-]/g, '_');
  return defined<InfoField>({
    type: 'info',
    name: /^[A-Za-z_]/.test(safe) ? safe : `_${safe}`,
    label: given(label) ? label : undefined,
    // no effect on a notice (it holds no answer); kept so the export gives the CMS field back as it was
    required: required === true ? true : undefined,
    variant: 'warning',
    content: `Field type ${type} is not implemented!`,
  });
}

/** Property of a CMS field that has a value but no meaning for the field's type. */
export function ignoredProperty(property: string, type: string, at: string): Diagnostic {
  return {
    severity: 'warning',
    code: 'ignored-property',
    message: `${at}: '${property}' has no effect on a field of type ${type}; it was not imported.`,
    pointer: at,
  };
}

/**
 * Reports a regular expression that is not valid ECMAScript (`bad-regex`), or one that is valid but not under
 * the `u` flag the compiler and JSON Schema validators use for patterns (`regex-not-unicode`); both are errors.
 * Returns whether the expression is valid ECMAScript.
 */
export function checkRegex(source: string, at: string, diagnostics: Diagnostic[]): boolean {
  try {
    new RegExp(source);
  } catch (error) {
    diagnostics.push({
      severity: 'error',
      code: 'bad-regex',
      message: `${at}: ${JSON.stringify(source)} is not a valid ECMAScript regular expression (${(error as Error).message}).`,
      pointer: at,
    });
    return false;
  }
  try {
    new RegExp(source, 'u');
  } catch (error) {
    diagnostics.push({
      severity: 'error',
      code: 'regex-not-unicode',
      message: `${at}: ${JSON.stringify(source)} is valid ECMAScript but not in Unicode mode (flag u), which the compiler and JSON Schema validators use for 'pattern' (${(error as Error).message}); rewrite it, e.g. without needless escapes.`,
      pointer: at,
    });
  }
  return true;
}

/** Whether `source` matches only whole strings already: `^…$` with no top-level alternative. */
function anchoredWhole(source: string): boolean {
  if (!source.startsWith('^') || !source.endsWith('$')) return false;
  let depth = 0;
  let inClass = false;
  for (let i = 1; i < source.length - 1; i++) {
    const c = source[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return false;
  }
  // The final '$' must not be escaped ('\$' is a literal dollar).
  let backslashes = 0;
  for (let i = source.length - 2; i >= 0 && source[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 0;
}

/**
 * A pattern that matches the whole value: the bookings' CMS says the whole value must match, while a JSON Schema
 * `pattern` matches anywhere in the string. Already anchored expressions are kept as they are.
 */
export function wholeValuePattern(source: string): string {
  return anchoredWhole(source) ? source : `^(?:${source})$`;
}

/**
 * The `pattern` rule of a CMS regular expression, checked (errors are reported, the rule is kept so the
 * compiler reports it too). `whole`: the CMS means a whole-value match (bookings).
 */
export function patternRule(
  source: string,
  message: Text,
  at: string,
  whole: boolean,
  diagnostics: Diagnostic[],
): Rule {
  const valid = checkRegex(source, at, diagnostics);
  const rule = { pattern: valid && whole ? wholeValuePattern(source) : source, message };
  patternPlaces.set(rule, at);
  return rule;
}

/** The place in its CMS document of each pattern rule an import made (its `validationRegex`). */
const patternPlaces = new WeakMap<object, string>();

/**
 * Where in the CMS document a pattern rule of an imported definition came from (`…/validationRegex`), for checks
 * that run on the imported definition but report to the document's author; undefined for any other rule.
 */
export function cmsPlaceOf(rule: object): string | undefined {
  return patternPlaces.get(rule);
}

/**
 * A DSL field name (`definitions.fieldName` of `schemas/dsl.schema.json`; types.ts does not state it). CMS names
 * outside it are reported, not renamed: the review form sends answers under their names.
 */
export const FIELD_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** Reports field names used twice (`duplicate-field`) and names the DSL does not accept (`bad-field-name`). */
export class FieldNames {
  private readonly seen = new Map<string, string>();

  constructor(private readonly diagnostics: Diagnostic[]) {}

  /** `at`: the field; `property`: the CMS property holding its name. */
  add(name: string, at: string, property: string): void {
    if (!FIELD_NAME_PATTERN.test(name)) {
      this.diagnostics.push({
        severity: 'error',
        code: 'bad-field-name',
        message: `${at}/${property}: ${JSON.stringify(name)} is not a DSL field name (a letter or underscore, then letters, digits or underscores); the definition will not compile until the CMS name is changed.`,
        pointer: `${at}/${property}`,
      });
    }
    const first = this.seen.get(name);
    if (first !== undefined) {
      this.diagnostics.push({
        severity: 'error',
        code: 'duplicate-field',
        message: `Field name '${name}' is used by two fields, at ${first} and at ${at}; field names must be unique within the form.`,
        pointer: at,
      });
      return;
    }
    this.seen.set(name, at);
  }

  has(name: string): boolean {
    return this.seen.has(name);
  }
}

/** The booking forms' upload rules (spec §5 "Uploads": generic booking). */
export function bookingUploadSettings(): UploadSettings {
  return {
    accept: ['.jpg', '.jpeg', '.png', '.gif', '.pdf'],
    maxSize: { value: 5, unit: 'MB' },
    unitBase: 1000,
    maxFiles: 1,
    messages: {
      type: 'You can only upload .jpg, .png, .gif, .pdf file!',
      size: 'File size must be smaller than 5MB!',
      failed: 'Upload failed.',
    },
  };
}

/** Date input of the booking forms (spec §5 "Dates and formats"). */
export const BOOKING_DATE_DISPLAY = 'DD/MM/YYYY';
export const BOOKING_DATE_PLACEHOLDER = 'Select date';
export const INVALID_MESSAGE = 'The data is invalid!';
export const REQUIRED_MESSAGE = 'This field is required!';

export const BACK_TO_HOME = { label: 'Back to home', href: '/' } as const;

/** The bookings' thank-you screen, with the booking id from the answer. */
export function bookingSuccessScreen(): ResultScreen {
  return { status: 'success', title: 'Thank you!', showId: 'id', link: { ...BACK_TO_HOME } };
}

/** Options required by a choice field but absent in the CMS document. */
export function noOptions(type: string, at: string): Diagnostic {
  return {
    severity: 'warning',
    code: 'no-options',
    message: `${at}: a ${type} field has no choices; it was imported with an empty option list.`,
    pointer: at,
  };
}

/** A step whose fields were all left out (or that had none): kept, so step order and count match the CMS. */
export function emptyStep(at: string): Diagnostic {
  return {
    severity: 'warning',
    code: 'empty-step',
    message: `${at}: this step has no importable fields; it is kept and shows only its texts.`,
    pointer: at,
  };
}

/**
 * What every booking field (v1 and v2) has in common: name, label, placeholder ('Select date' for a
 * date picker without one), requiredness with the generic message, and the CMS regex as a rule that
 * the whole value must match ('The data is invalid!').
 */
export function bookingFieldBase(
  input: {
    name: string;
    label: string;
    placeholder: string | null | undefined;
    isRequired: boolean | undefined;
    isDate: boolean;
    regex?: { source: string; at: string };
  },
  diagnostics: Diagnostic[],
): FieldBase {
  const rules: Rule[] = input.regex
    ? [patternRule(input.regex.source, INVALID_MESSAGE, input.regex.at, true, diagnostics)]
    : [];
  return defined<FieldBase>({
    name: input.name,
    label: input.label,
    placeholder: given(input.placeholder) ? input.placeholder : input.isDate ? BOOKING_DATE_PLACEHOLDER : undefined,
    required: input.isRequired === true ? true : undefined,
    rules: rules.length > 0 ? rules : undefined,
  });
}
