import type { FormDefinition } from '../dsl/types.js';
import { namesOf } from './locate.js';

/** The DSL's field-name pattern (`definitions.fieldName` of the meta-schema). */
export const FIELD_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** Names every JavaScript object already has; the meta-schema refuses them as field names. */
export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
/** Longest field name the builder accepts: names are keys of payloads and messages, not prose. */
export const FIELD_NAME_MAX_LENGTH = 80;
/** Longest name the builder derives from a label or title before a clash suffix. */
const DERIVED_MAX_LENGTH = 40;

/** Letters NFD does not take apart, and German's own transliteration of its umlauts. */
const FOLDS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  æ: 'ae',
  Æ: 'Ae',
  œ: 'oe',
  Œ: 'Oe',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ł: 'l',
  Ł: 'L',
  ı: 'i',
};

/** The ASCII words of a text: letters with accents folded (é → e, ß → ss, ä → ae); other scripts and symbols split words. */
export function asciiWords(text: string): string[] {
  const folded = Array.from(text.slice(0, 1000), (ch) => FOLDS[ch] ?? ch)
    .join('')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
  return folded.split(/[^A-Za-z0-9]+/).filter(Boolean);
}

/** Words joined while the result stays within `max` characters (at least the first word, cut). */
function within(words: string[], join: (acc: string, word: string) => string, max: number): string {
  let out = '';
  for (const w of words) {
    const next = join(out, w);
    if (next.length > max) return out || next.slice(0, max);
    out = next;
  }
  return out;
}

/** The first free name of `base`, `base2`, `base3`, … (with `sep` between), skipping `refused` ones. */
function unique(base: string, taken: Iterable<string>, sep: string, refused: (name: string) => boolean): string {
  const used = new Set(taken);
  if (!used.has(base) && !refused(base)) return base;
  for (let n = 2; ; n++) {
    const name = `${base}${sep}${n}`;
    if (!used.has(name) && !refused(name)) return name;
  }
}

/**
 * A field name from a label, in camel case ('Rental start date' → 'rentalStartDate'): accents folded, other
 * scripts and emoji dropped ('field' when nothing is left), a leading digit prefixed with 'field', at most
 * 40 characters, unique among `taken` by a suffix 2, 3, …; never a name every object already has.
 */
export function fieldNameFromLabel(label: string, taken: Iterable<string>): string {
  const words = asciiWords(label).map((w, i) =>
    i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase(),
  );
  let base = within(words, (acc, w) => acc + w, DERIVED_MAX_LENGTH) || 'field';
  if (/^[0-9]/.test(base)) base = `field${base}`.slice(0, DERIVED_MAX_LENGTH);
  return unique(base, taken, '', (name) => RESERVED_FIELD_NAMES.has(name));
}

/** What is wrong with a field name. */
export type NameProblem = 'empty' | 'pattern' | 'reserved' | 'taken' | 'tooLong';

/**
 * What is wrong with `name` as the name of a top-level field of `def`, undefined when nothing is. `current` is the
 * field's own name now (so keeping it is no clash). Field names and computed values share one namespace.
 */
export function fieldNameProblem(def: FormDefinition, name: string, current?: string): NameProblem | undefined {
  if (name === '') return 'empty';
  if (name.length > FIELD_NAME_MAX_LENGTH) return 'tooLong';
  if (!FIELD_NAME_PATTERN.test(name)) return 'pattern';
  if (RESERVED_FIELD_NAMES.has(name)) return 'reserved';
  if (name !== current && namesOf(def).has(name)) return 'taken';
  return undefined;
}

/** The DSL's step-id pattern. */
export const STEP_ID_PATTERN = /^[a-z0-9][a-z0-9-]*$/;

/**
 * A step id from a title, in kebab case ('Your address' → 'your-address'): accents folded, other scripts dropped
 * ('step' when nothing is left), at most 40 characters, unique among `taken` by a suffix -2, -3, ….
 */
export function stepIdFromTitle(title: string, taken: Iterable<string>): string {
  const words = asciiWords(title).map((w) => w.toLowerCase());
  const base = within(words, (acc, w) => (acc ? `${acc}-${w}` : w), DERIVED_MAX_LENGTH) || 'step';
  return unique(base, taken, '-', () => false);
}
