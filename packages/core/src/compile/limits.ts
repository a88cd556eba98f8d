/**
 * The bounds of every text a person types: a maximum length (by kind, unless the DSL gives its own) and the DSL's
 * `plainText` rule (no control, invisible or bidi characters), both on by default. The browser's input stops at the
 * length; the server validates with the same compiled schemas, so it refuses what the input would not take.
 */
import type { Field, JsonValue, Rule } from '../dsl/types.js';
import type { JsonSchema } from './types.js';

/** Default maximum lengths, in characters (code points, as JSON Schema counts them). */
export const TEXT_LIMITS = {
  /** A person's name (first, last, maiden, guardian, nickname). */
  name: 100,
  /** Any other one-line text: a street, a city, a passport number, a typed choice. */
  line: 200,
  /** RFC 5321's longest forward path, less its angle brackets. */
  email: 254,
  /** A postal code; the longest in use have 10 characters. */
  postalCode: 20,
  /** A short code: an upload's status, a phone number's area code, a country code. */
  code: 20,
  /** A phone number as typed, with spaces, prefix and extension. */
  phone: 30,
  /** A text area (a message, a review). */
  text: 5000,
  /** A file name or MIME type (most file systems stop at 255). */
  fileName: 255,
  /** A link. */
  url: 2048,
  /** A message the server or the browser wrote (a face check's outcome). */
  note: 1000,
} as const;

/** The `plainText` format of a one-line text, and of a text area (which keeps line breaks and tabs). */
export const PLAIN_LINE = 'plain-line';
export const PLAIN_TEXT = 'plain-text';

/** HTML autocomplete tokens of a person's name. */
const NAME_TOKENS = new Set([
  'name',
  'honorific-prefix',
  'given-name',
  'additional-name',
  'family-name',
  'honorific-suffix',
  'nickname',
  'username',
]);

const hasRule = (field: Field, kind: string) => (field.rules ?? []).some((r: Rule) => kind in r);

/** The last token of an autocomplete value (`section-a shipping given-name` → `given-name`). */
function autoCompleteToken(field: Field): string | undefined {
  const value = 'autoComplete' in field ? field.autoComplete : undefined;
  return value?.trim().split(/\s+/).pop()?.toLowerCase();
}

/** The default maximum length of a field's typed text, by what the field is. */
export function defaultMaxLength(field: Field): number {
  if (field.type === 'email') return TEXT_LIMITS.email;
  if (field.type === 'textarea') return TEXT_LIMITS.text;
  if (field.type === 'country') return TEXT_LIMITS.name;
  if (field.type !== 'text') return TEXT_LIMITS.line;
  const token = autoCompleteToken(field);
  if (hasRule(field, 'letters') || (token && NAME_TOKENS.has(token)) || /name$/i.test(field.name)) {
    return TEXT_LIMITS.name;
  }
  if (hasRule(field, 'postalCodeFor') || token === 'postal-code' || /(zip|postal)(code)?$/i.test(field.name)) {
    return TEXT_LIMITS.postalCode;
  }
  if (hasRule(field, 'phoneFor') || field.inputMode === 'tel' || token?.startsWith('tel')) return TEXT_LIMITS.phone;
  return TEXT_LIMITS.line;
}

/**
 * The keywords that bound a typed text, their messages, and the maximum length its input stops at. The length: the
 * field's own `maxLength`, else its `maxLength` rule's (`ruleMaxLength`, whose entry the rule brings with its
 * message), else the default of its kind; the input stops at the lowest. The characters: the `plainText` rule, unless
 * turned off, with `charactersMessage`. They sit on the field's schema itself, their messages in its `errorMessage`
 * map: an `allOf` entry with a message of its own would cost every step's validator module a block of code.
 */
export function textBounds(
  field: Field,
  typed: 'line' | 'text',
  ruleMaxLength: number | undefined,
  charactersMessage: string,
): { keywords: JsonSchema; messages: Record<string, string>; inputMaxLength: number } {
  const own = 'maxLength' in field ? field.maxLength : undefined;
  const keywords: JsonSchema = {};
  const messages: Record<string, string> = {};
  if (own !== undefined || ruleMaxLength === undefined) {
    keywords.maxLength = own ?? defaultMaxLength(field);
    messages.maxLength = 'validation.maxLength';
  }
  if (checksCharacters(field)) {
    keywords.format = typed === 'text' ? PLAIN_TEXT : PLAIN_LINE;
    messages.format = charactersMessage;
  }
  const inputMaxLength = Math.min(own ?? ruleMaxLength ?? defaultMaxLength(field), ruleMaxLength ?? Infinity);
  return { keywords, messages, inputMaxLength };
}

/** Whether the field checks its characters: yes, unless a `plainText: false` rule turns the default off. */
export function checksCharacters(field: Field): boolean {
  return !(field.rules ?? []).some((r) => 'plainText' in r && r.plainText === false);
}

/**
 * A string property inside a structure (phone, place, country, file record), bounded, each bound with its catalogue
 * message; `plain`: refuses control and invisible characters too.
 */
export function boundedString(maxLength: number, plain: boolean, extra: JsonSchema = {}): JsonSchema {
  return {
    type: 'string',
    ...extra,
    maxLength,
    ...(plain ? { format: PLAIN_LINE } : {}),
    errorMessage: { maxLength: 'validation.maxLength', ...(plain ? { format: 'validation.plainText' } : {}) },
  };
}

/**
 * A string property no one types (a file record's parts, a country code a widget sets, a face check's note): bounded
 * in length only, without a message of its own (a longer value is the generic 'The data is invalid!'), which keeps
 * the validator modules small.
 */
export function cappedString(maxLength: number, extra: JsonSchema = {}): JsonSchema {
  return { type: 'string', ...extra, maxLength };
}

const isNode = (value: unknown): value is JsonSchema => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * Only the length and character bounds of a field schema, wherever they sit (`allOf` entries with their messages,
 * properties of structures, array items). Each of them applies to strings only, so the result holds for any value:
 * the whole-form and submission schemas check it on a field whose own schema applies only under a condition, so
 * that no value, shown or hidden, escapes its bounds. Empty when the schema has none.
 */
export function boundsOf(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  if (typeof schema.maxLength === 'number') out.maxLength = schema.maxLength;
  if (schema.format === PLAIN_LINE || schema.format === PLAIN_TEXT) out.format = schema.format;
  if (Object.keys(out).length > 0) {
    if (typeof schema.errorMessage === 'string') out.errorMessage = schema.errorMessage;
    else if (isNode(schema.errorMessage)) {
      const messages = Object.fromEntries(Object.entries(schema.errorMessage).filter(([k]) => k in out));
      if (Object.keys(messages).length > 0) out.errorMessage = messages;
    }
  }
  if (isNode(schema.properties)) {
    const properties = Object.fromEntries(
      Object.entries(schema.properties).flatMap(([name, sub]) => {
        const bounds = isNode(sub) ? boundsOf(sub) : {};
        return Object.keys(bounds).length > 0 ? [[name, bounds]] : [];
      }),
    );
    if (Object.keys(properties).length > 0) out.properties = properties as JsonValue;
  }
  if (isNode(schema.items)) {
    const items = boundsOf(schema.items);
    if (Object.keys(items).length > 0) out.items = items as JsonValue;
  }
  if (Array.isArray(schema.allOf)) {
    const entries = schema.allOf.flatMap((entry) => {
      const bounds = isNode(entry) ? boundsOf(entry) : {};
      return Object.keys(bounds).length > 0 ? [bounds] : [];
    });
    if (entries.length > 0) out.allOf = entries as JsonValue[];
  }
  return out;
}
