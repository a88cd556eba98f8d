/**
 * A CMS definition's texts in the other languages. The content service's formats hold one text per place, in English
 * (the language the definitions are written in); the translations come beside them as `translations`: English text →
 * that text per language, as a translator's glossary does.
 *
 * ```json
 * "translations": { "Your University": { "de": "Deine Hochschule", "fr": "Votre université", … } }
 * ```
 *
 * It sits beside the definition's properties (booking v1: in the booking, the array's one item). The import takes it
 * out before the CMS schema check (so a booking's request template never carries it), then writes it into the
 * imported definition: a text that is a plain English string with an entry becomes `{ en, de, … }`. A text without an
 * entry stays English, which the compiler still links to the shared catalogue's translations when it is one of its
 * texts ("Yes", "No").
 */
import type { Diagnostic } from '../compile/types.js';
import { mapTexts } from '../dsl/textPlaces.js';
import { type FormDefinition, LOCALES, type Locale, type LocalizedText } from '../dsl/types.js';
import { isObject } from '../json/object.js';
import { escapeSegment } from '../json/pointer.js';
import type { CmsKind } from './cms-types.js';

/** English text → its translations (no `en`: the key is the English). */
export type CmsTranslations = Record<string, Partial<Record<Exclude<Locale, 'en'>, string>>>;

const TRANSLATED = LOCALES.filter((l) => l !== 'en');

export interface TakenTranslations {
  /** The document without its `translations`, as its CMS format has it. */
  document: unknown;
  translations?: CmsTranslations;
  /** Pointer of the `translations` property in the document as given. */
  at: string;
  diagnostics: Diagnostic[];
}

function problem(pointer: string, message: string): Diagnostic {
  return { severity: 'error', code: 'cms-translations', message: `${pointer}: ${message}`, pointer };
}

/** The entries that are well formed; each one that is not is reported and left out. */
function readTranslations(value: unknown, at: string, diagnostics: Diagnostic[]): CmsTranslations | undefined {
  if (!isObject(value)) {
    diagnostics.push(problem(at, 'must be an object: English text → { "de": …, "fr": …, … }'));
    return undefined;
  }
  const out: CmsTranslations = {};
  for (const [english, entry] of Object.entries(value)) {
    const place = `${at}/${escapeSegment(english)}`;
    if (!isObject(entry)) {
      diagnostics.push(problem(place, 'must be an object of texts by language'));
      continue;
    }
    const texts: CmsTranslations[string] = {};
    for (const [locale, text] of Object.entries(entry)) {
      if (!(TRANSLATED as string[]).includes(locale)) {
        diagnostics.push(
          problem(`${place}/${escapeSegment(locale)}`, `not a language of the forms: ${TRANSLATED.join(', ')}`),
        );
      } else if (typeof text !== 'string' || !text.trim()) {
        diagnostics.push(problem(`${place}/${locale}`, 'must be a text that is not empty'));
      } else texts[locale as Exclude<Locale, 'en'>] = text;
    }
    out[english] = texts;
  }
  return out;
}

/** Takes `translations` out of a CMS document (a copy; the argument is not changed). */
export function takeTranslations(kind: CmsKind, doc: unknown): TakenTranslations {
  const diagnostics: Diagnostic[] = [];
  if (kind === 'booking-v1') {
    if (!Array.isArray(doc) || !isObject(doc[0]) || !('translations' in doc[0])) {
      return { document: doc, at: '/0/translations', diagnostics };
    }
    const { translations, ...booking } = doc[0];
    const read = readTranslations(translations, '/0/translations', diagnostics);
    return { document: [booking, ...doc.slice(1)], translations: read, at: '/0/translations', diagnostics };
  }
  if (!isObject(doc) || !('translations' in doc)) return { document: doc, at: '/translations', diagnostics };
  const { translations, ...rest } = doc;
  const read = readTranslations(translations, '/translations', diagnostics);
  return { document: rest, translations: read, at: '/translations', diagnostics };
}

/**
 * The definition with its translations written in (each plain English text that has an entry), and a warning for
 * each entry no text reads: its English changed since it was translated, or the text was taken out.
 */
export function applyTranslations(
  def: FormDefinition,
  translations: CmsTranslations,
  at: string,
): { definition: FormDefinition; diagnostics: Diagnostic[] } {
  const used = new Set<string>();
  const definition = mapTexts(def, (text) => {
    if (typeof text !== 'string' || !Object.hasOwn(translations, text)) return text;
    used.add(text);
    const localized: Partial<Record<Locale, string>> = { en: text };
    for (const locale of TRANSLATED)
      if (translations[text][locale] !== undefined) localized[locale] = translations[text][locale];
    return localized as LocalizedText;
  });
  const diagnostics: Diagnostic[] = Object.keys(translations)
    .filter((english) => !used.has(english))
    .map((english) => {
      const pointer = `${at}/${escapeSegment(english)}`;
      return {
        severity: 'warning',
        code: 'unused-translation',
        message: `${pointer}: no text of the form reads ${JSON.stringify(english)}; was its English changed since it was translated?`,
        pointer,
      };
    });
  return { definition, diagnostics };
}

/**
 * The translations a definition's texts hold (`{ en, de, … }`), as a CMS document carries them; undefined when no
 * text has any. Two texts with the same English and different translations cannot both be held: the first is kept
 * (the export's comparison reports the other).
 */
export function translationsOf(def: FormDefinition): CmsTranslations | undefined {
  const out: CmsTranslations = {};
  mapTexts(def, (text) => {
    if (typeof text !== 'object' || !('en' in text) || Object.hasOwn(out, text.en)) return text;
    const entry: CmsTranslations[string] = {};
    for (const locale of TRANSLATED) if (typeof text[locale] === 'string') entry[locale] = text[locale];
    if (Object.keys(entry).length > 0) out[text.en] = entry;
    return text;
  });
  return Object.keys(out).length > 0 ? out : undefined;
}

/** A CMS document with `translations` where `takeTranslations` looks for them (a copy; the argument is not changed). */
export function putTranslations(kind: CmsKind, doc: unknown, translations: CmsTranslations): unknown {
  if (kind === 'booking-v1') {
    if (!Array.isArray(doc) || !isObject(doc[0])) return doc;
    return [{ ...doc[0], translations }, ...doc.slice(1)];
  }
  return isObject(doc) ? { ...doc, translations } : doc;
}
