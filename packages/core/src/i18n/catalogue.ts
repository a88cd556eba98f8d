/**
 * The shared catalogue of the engine's texts, by locale. English is always there (the fallback of every text); the
 * other languages are added by who needs them: `index.ts` adds all of them (server, CLI, tests), the web app only
 * the one a page shows (`load.ts`), so a form page does not carry seven languages.
 */
import type { Locale, LocalizedText } from '../dsl/types.js';
import { DEFAULT_LOCALE } from './locale.js';
import en from './locales/en.json' with { type: 'json' };

/** A nested catalogue as i18next reads it. */
export type Catalogue = { [key: string]: string | Catalogue };

/** The catalogues there are; English always. */
export const catalogues: Partial<Record<Locale, Catalogue>> & { en: Catalogue } = { en };

export { DEFAULT_LOCALE, isLocale } from './locale.js';

/** The catalogue text at a dotted key, or undefined. */
export function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function hasKey(key: string): boolean {
  return lookup(catalogues.en, key) !== undefined;
}

/** The catalogue of a locale when it is there (English always is), else English. */
export function catalogueOf(locale: Locale): Catalogue {
  return catalogues[locale] ?? catalogues.en;
}

/** The locales whose catalogues are there. */
export function loadedLocales(): Locale[] {
  return Object.keys(catalogues) as Locale[];
}

/** Adds a locale's catalogue (the web app loads the one it shows: `load.ts`). */
export function registerCatalogue(locale: Locale, catalogue: Catalogue): void {
  catalogues[locale] = catalogue;
}

function flatten(catalogue: Catalogue, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(catalogue)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else flatten(v, key, out);
  }
  return out;
}

let englishIndex: Map<string, string> | undefined;
/**
 * The catalogue key whose English text is exactly `text`. Lets an author write a message in plain
 * English and still get every translation. The first key in catalogue order wins, so the result is stable.
 */
export function keyForEnglish(text: string): string | undefined {
  if (!englishIndex) {
    englishIndex = new Map();
    for (const [key, value] of flatten(catalogues.en)) if (!englishIndex.has(value)) englishIndex.set(value, key);
  }
  return englishIndex.get(text);
}

export function interpolate(text: string, params?: Record<string, unknown>): string {
  if (!params) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

/**
 * Text of a key in a locale: the form's own texts first, then the shared catalogue, then English;
 * an unknown key comes back as itself so that nothing is silently blank.
 */
export function translate(
  key: string,
  locale: Locale = DEFAULT_LOCALE,
  params?: Record<string, unknown>,
  formTexts?: Record<string, LocalizedText>,
): string {
  const own = formTexts?.[key];
  const text = own
    ? (own[locale] ?? own.en)
    : ((catalogues[locale] && lookup(catalogues[locale], key)) ?? lookup(catalogues.en, key) ?? key);
  return interpolate(text, params);
}
