import type { Locale, LocalizedText, Text } from '../dsl/types.js';

/** A text in one language, '' when it has none there: no fallback to English, and a `{ key }` reference gives ''. */
export function textIn(text: Text | undefined, locale: Locale): string {
  if (text === undefined || text === null) return '';
  if (typeof text === 'string') return locale === 'en' ? text : '';
  if ('key' in text) return '';
  return (text as LocalizedText)[locale] ?? '';
}

/**
 * A text with one language set. A plain string stays a string while only English is set and becomes
 * `{ en, … }` when another language is; an empty value removes that language, except English, which a
 * `{ en, … }` text must keep (it becomes ''). A `{ key }` reference is replaced by the form's own text.
 */
export function withText(text: Text | undefined, locale: Locale, value: string): Text {
  const own: LocalizedText | string =
    text === undefined || text === null || (typeof text === 'object' && 'key' in text)
      ? ''
      : (text as LocalizedText | string);
  if (typeof own === 'string') {
    if (locale === 'en') return value;
    if (value === '') return own;
    return { en: own, [locale]: value } as LocalizedText;
  }
  const next: LocalizedText = { ...own };
  if (locale === 'en') next.en = value;
  else if (value === '') delete next[locale];
  else next[locale] = value;
  return next;
}
