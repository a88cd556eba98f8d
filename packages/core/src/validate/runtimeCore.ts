/**
 * The functions behind Antrag's ajv keywords and formats, less the phone-number checks (`phone.ts`, which carry
 * libphonenumber's metadata): what the browser's validation runtime holds for a form without a phone field.
 * `runtime.ts` is the whole runtime. Pure: no DOM, no Node APIs.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { isFilled, readPath } from '../compile/conditions.js';
import type { DateRef } from '../dsl/types.js';
import { addPeriod, isIsoDate, parseIsoDate, todayIso } from '../expr/dates.js';

/** Standard e-mail addresses, and domain literals such as user@[192.168.0.1]. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+|\[(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\])$/;

/**
 * What no typed line may hold: control characters (C0 with NUL, TAB, CR and LF; DEL; C1), lone surrogates, the line
 * and paragraph separators, bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and zero-width
 * characters (U+200B, U+2060, U+FEFF). The joiners (ZWNJ U+200C, ZWJ U+200D) are part of how Persian and Indic
 * words are written (علی‌رضا, ශ්‍රී) and of emoji sequences (👩‍🎓, 🏳️‍🌈: a pictograph, its variation selector or skin
 * tone, then the joiner and a pictograph), so they may stand between two letters, marks or pictographs (after a skin
 * tone too), and nowhere else. Under the `u` flag a surrogate pair is one code point, so `\p{Cs}` matches only a
 * lone half.
 */
export const NOT_PLAIN_LINE =
  /[\p{Cc}\p{Cs}\u200B\u2028-\u202E\u2060\u2066-\u2069\uFEFF]|(?<![\p{L}\p{M}\p{Extended_Pictographic}\p{Emoji_Modifier}])[\u200C\u200D]|[\u200C\u200D](?![\p{L}\p{M}\p{Extended_Pictographic}])/u;
/**
 * What no text area may hold: the same, less the line breaks and tabs a text of several lines has (TAB, LF, CR, the
 * line and paragraph separators) and the joiners (U+200C, U+200D) that Persian and Indic words and emoji sequences
 * need in free text.
 */
export const NOT_PLAIN_TEXT = /(?![\t\n\r])[\p{Cc}\p{Cs}\u200B\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/u;

/** ajv-formats' formats, with ours for e-mail (domain literals) and date (calendar-checked), and plain text. */
export const formats = {
  ...fullFormats,
  email: (value: string) => EMAIL_PATTERN.test(value),
  date: (value: string) => isIsoDate(value),
  /** One line of text a person typed (the DSL's `plainText` rule on a one-line field). */
  'plain-line': (value: string) => !NOT_PLAIN_LINE.test(value),
  /** Text of several lines a person typed (the `plainText` rule on a text area). */
  'plain-text': (value: string) => !NOT_PLAIN_TEXT.test(value),
};

/** ISO 3166 alpha-2 code of a country value: `{ iso }`, `{ isoCode }` or the code itself. */
export function countryIso(country: unknown): string | undefined {
  if (typeof country === 'string') return /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : undefined;
  if (country && typeof country === 'object') {
    const c = country as Record<string, unknown>;
    for (const k of ['iso', 'isoCode', 'code']) if (typeof c[k] === 'string') return countryIso(c[k]);
  }
  return undefined;
}

/** A postal code valid for the country; without a known country the value passes (another rule asks for it). */
export function isValidPostalCode(value: unknown, country: unknown): boolean {
  if (typeof value !== 'string') return false;
  const iso = countryIso(country);
  if (!iso) return true;
  if (!postcodeValidatorExistsForCountry(iso)) return /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/.test(value.trim());
  return postcodeValidator(value.trim(), iso);
}

/** The sibling value named by `field` (a dotted path into a structure), read from the object being validated. */
export function sibling(parent: unknown, field: string): unknown {
  return readPath(parent, field);
}

export function siblingFilled(parent: unknown, field: string): boolean {
  return isFilled(sibling(parent, field));
}

function equalValues(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Same as the sibling field; passes while the sibling is empty (so only the first entry is asked for). */
export function sameAsSibling(value: unknown, parent: unknown, field: string): boolean {
  const other = sibling(parent, field);
  return !isFilled(other) || equalValues(value, other);
}

export function postalCodeForSibling(value: unknown, parent: unknown, field: string): boolean {
  return isValidPostalCode(value, sibling(parent, field));
}

export type DateRelation = 'after' | 'before' | 'notBefore' | 'notAfter';
export interface DateRuleSchema {
  relation: DateRelation;
  ref: DateRef;
}

function resolveDateRef(ref: DateRef, parent: unknown): string | undefined {
  if (ref === 'today') return todayIso();
  if ('today' in ref) return addPeriod(todayIso(), ref.today) ?? undefined;
  if ('field' in ref) {
    const v = sibling(parent, ref.field);
    return typeof v === 'string' && isIsoDate(v) ? v : undefined;
  }
  return ref.date;
}

/**
 * Compares an ISO date with a reference date. ISO dates compare correctly as strings. A reference
 * to an empty or invalid field passes (a `requires` rule asks for that field first).
 */
export function checkDate(value: unknown, rule: DateRuleSchema, parent: unknown): boolean {
  if (typeof value !== 'string' || !parseIsoDate(value)) return true; // the date format rule reports it
  const ref = resolveDateRef(rule.ref, parent);
  if (ref === undefined) return true;
  switch (rule.relation) {
    case 'after':
      return value > ref;
    case 'before':
      return value < ref;
    case 'notBefore':
      return value >= ref;
    case 'notAfter':
      return value <= ref;
  }
}

/** The runtime without the phone-number checks (`runtime.ts` adds them). */
export const coreRuntime = {
  formats,
  isValidPostalCode,
  siblingFilled,
  sameAsSibling,
  postalCodeForSibling,
  checkDate,
};
