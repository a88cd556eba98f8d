/**
 * The languages of a content folder. When `content.manifest.json` names them (`"locales": ["en", "de", …]`), every
 * text of every record is written in each of them, and a translation may read as the English text only where the
 * text is language-neutral (`isLanguageNeutral`). Without `locales` a text needs English only, as the record
 * schemas say: a content service may send partial records, which fall back to English.
 */
import type { Locale } from '@antrag/core/dsl/types';
import { isObject } from '@antrag/core/json';
import type { RecordKind } from './schemas.js';
import { type ContentShapes, type Shape, walkShape } from './shape.js';

export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  vi: 'Vietnamese',
  es: 'Spanish',
  zh: 'Chinese',
  ru: 'Russian',
};

/** Languages written in Latin letters, which share words with English ("Contact", "Visa", "Total"). */
const LATIN_SCRIPT: ReadonlySet<Locale> = new Set(['en', 'de', 'fr', 'vi', 'es']);

/**
 * English words that are never names, whatever a content folder's own texts hold: the ordinary words of a
 * short text ("About us", "In Berlin", "Terms of use") are these more often than not.
 */
const FUNCTION_WORDS = new Set(
  (
    'a about after all also an and any are as at be before but by can do for from get has have how i if in into is ' +
    'it its more my new no not now of on one or our out over so than that the their then there these this to up us ' +
    'was we what when where which who why will with you your'
  ).split(' '),
);

/** What is left of a text once placeholders, addresses, numbers and markup are taken out: its words. */
export function wordsOf(text: string): string[] {
  const plain = text
    .replace(/\{\{?[^{}]*\}?\}/g, ' ') // {university.name}, {{count}}
    .replace(/\]\([^)]*\)/g, ' ') // a markdown link's target
    .replace(/\b(?:https?:\/\/|mailto:|tel:|www\.)\S+/gi, ' ')
    .replace(/\S+@\S+\.\S+/g, ' ')
    .replace(/(?:^|\s)\/\S*/g, ' '); // a path on the site
  return plain.match(/\p{L}[\p{L}\p{M}]*(?:['’.-]\p{L}[\p{L}\p{M}]*)*/gu) ?? [];
}

/** The words the texts of a content folder use: what tells a name, or a word two languages share, from English. */
export interface Vocabulary {
  /** English words that are no names: the function words, and every word the English texts write in lower case. */
  ordinary: ReadonlySet<string>;
  /** Per language, the words (in lower case) of its texts that differ from the English text. */
  own: ReadonlyMap<Locale, ReadonlySet<string>>;
}

/** The vocabulary of a folder's texts, from the texts written per language (`{ en, de, … }`). */
export function vocabularyOf(texts: Iterable<Partial<Record<Locale, string>> & { en: string }>): Vocabulary {
  const ordinary = new Set(FUNCTION_WORDS);
  const own = new Map<Locale, Set<string>>();
  for (const text of texts) {
    for (const word of wordsOf(text.en)) {
      if (word === word.toLowerCase() && word !== word.toUpperCase()) ordinary.add(word);
    }
    for (const [locale, value] of Object.entries(text) as Array<[Locale, string]>) {
      if (locale === 'en' || typeof value !== 'string' || value === text.en) continue;
      const words = own.get(locale) ?? new Set<string>();
      for (const word of wordsOf(value)) words.add(word.toLowerCase());
      own.set(locale, words);
    }
  }
  return { ordinary, own };
}

/**
 * Whether a text may read the same in `locale` as in English. It may when
 * - it has no words once placeholders (`{program.name}`), URLs, e-mail addresses, paths, numbers and punctuation
 *   are taken out (`€49`, `{university.location}`, `https://…`), or
 * - it is one word and the language is written in Latin letters: a word both languages have (`Contact`, `Visa`), or
 * - each word is a name (a word the English texts never write in lower case, and no English function word:
 *   `TH Köln`, `LMU Munich (1472)`) or a word of that language too (one its own translations use: the German
 *   `In Berlin`).
 * A field the content schemas mark as a name (`x-name`: names of universities, programmes, people, places,
 * degrees) may always read the same; the caller sees to that.
 */
export function isLanguageNeutral(text: string, locale: Locale, vocabulary: Vocabulary): boolean {
  const words = wordsOf(text);
  if (words.length === 1 && LATIN_SCRIPT.has(locale)) return true;
  const own = vocabulary.own.get(locale);
  return words.every((word) => {
    const lower = word.toLowerCase();
    return !vocabulary.ordinary.has(lower) || own?.has(lower) === true;
  });
}

/** A problem of one text, at `path` below the text's place (`['fr']`, or `[]` for the text itself). */
export type TranslationReport = (path: Array<string | number>, code: string, message: string) => void;

interface FoundText {
  /** The text as written: a string (the same in every language) or an object keyed by language. */
  value: unknown;
  /** A name field (`x-name`): it may read the same in every language. */
  name: boolean;
  report: TranslationReport;
}

const quote = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 59)}…` : text);

function languages(locales: readonly Locale[]): string {
  return locales.map((l) => `${LANGUAGE_NAMES[l]} (${l})`).join(', ');
}

function checkText(found: FoundText, locales: readonly Locale[], vocabulary: Vocabulary): void {
  const { value, name, report } = found;
  const others = locales.filter((l) => l !== 'en');
  if (typeof value === 'string') {
    // a plain string is shown in every language: it has to be one that needs no translation
    if (name) return;
    const notNeutral = others.filter((l) => !isLanguageNeutral(value, l, vocabulary));
    if (notNeutral.length === 0) return;
    report(
      [],
      'content-translation-missing',
      `${quote(value)} is one text for every language, but it needs translating into ${languages(notNeutral)}: write it as { "en": …, ${notNeutral.map((l) => `"${l}": …`).join(', ')} }`,
    );
    return;
  }
  if (!isObject(value) || typeof value.en !== 'string') return;
  const missing = locales.filter((l) => typeof value[l] !== 'string' || !(value[l] as string).trim());
  const absent = missing.filter((l) => value[l] === undefined);
  if (absent.length) {
    report(
      [],
      'content-translation-missing',
      `no ${languages(absent)} text: ${quote(value.en)} is to be written in every language of content.manifest.json (${locales.join(', ')})`,
    );
  }
  for (const l of missing.filter((m) => value[m] !== undefined)) {
    report([l], 'content-translation-missing', `the ${LANGUAGE_NAMES[l]} text of ${quote(value.en)} is empty`);
  }
  if (name) return;
  for (const l of others) {
    const text = value[l];
    if (text !== value.en || isLanguageNeutral(value.en, l, vocabulary)) continue;
    report(
      [l],
      'content-translation-copied',
      `the ${LANGUAGE_NAMES[l]} text is a copy of the English ${quote(value.en)}: translate it (only names, numbers and addresses may stay as they are)`,
    );
  }
}

/**
 * Checks the texts of the records against the manifest's languages; each record comes with a reporter that places
 * a problem at its file, line, column and pointer.
 */
export function checkTranslations(
  locales: readonly Locale[],
  records: Iterable<{ kind: RecordKind; flatData: unknown; report: TranslationReport }>,
  shapes: ContentShapes,
): void {
  const texts: FoundText[] = [];
  for (const { kind, flatData, report } of records) {
    walkShape(flatData, shapes.records[kind], shapes, ({ path, value, shape }) => {
      if (!isText(shape)) return;
      texts.push({ value, name: shape.name === true, report: (p, code, m) => report([...path, ...p], code, m) });
    });
  }
  const vocabulary = vocabularyOf(
    texts.flatMap(({ value }) =>
      isObject(value) && typeof value.en === 'string'
        ? [value as Partial<Record<Locale, string>> & { en: string }]
        : [],
    ),
  );
  for (const found of texts) checkText(found, locales, vocabulary);
}

function isText(shape: Shape): shape is Extract<Shape, { type: 'value' }> {
  return shape.type === 'value' && shape.localized === true;
}
