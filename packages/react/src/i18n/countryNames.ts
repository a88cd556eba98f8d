import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

// the browser build of i18n-iso-countries registers no languages: English (the names values store) at once, the
// others when a country or calling-code field needs them (`loadCountryNames`), so a page carries only its own
// language. This module itself loads only then too (countryNamesOnUse.ts): a first screen of empty fields has none of it.
countries.registerLocale(en as countries.LocaleData);

const names: Record<string, () => Promise<{ default: unknown }>> = {
  de: () => import('i18n-iso-countries/langs/de.json'),
  es: () => import('i18n-iso-countries/langs/es.json'),
  fr: () => import('i18n-iso-countries/langs/fr.json'),
  ru: () => import('i18n-iso-countries/langs/ru.json'),
  vi: () => import('i18n-iso-countries/langs/vi.json'),
  zh: () => import('i18n-iso-countries/langs/zh.json'),
};

const registered = new Set<string>(['en']);

/** Registers the country names of `locale` (English is always there); resolves once they are. */
export async function loadCountryNames(locale: string): Promise<void> {
  const load = names[locale];
  if (!load || registered.has(locale)) return;
  countries.registerLocale((await load()).default as countries.LocaleData);
  registered.add(locale);
}

export interface CountryOption {
  /** ISO 3166-1 alpha-2 */
  iso: string;
  /** Name in the requested language */
  label: string;
  /** English name (stored in values so payloads do not depend on the visitor's language) */
  name: string;
}

const cache = new Map<string, CountryOption[]>();

/** All countries (or the listed codes) with names in `locale`, sorted by that name. */
export function countryOptions(locale: string, only?: readonly string[]): CountryOption[] {
  const cacheKey = `${locale}|${only?.join(',') ?? ''}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const codes = only && only.length > 0 ? only : Object.keys(countries.getAlpha2Codes());
  // one collator for the whole sort: `localeCompare` with a locale builds one per comparison (about 2,000 of them
  // for every country), a long task on a phone while the page hydrates
  const { compare } = new Intl.Collator(locale);
  const list = codes
    .map((iso) => ({
      iso,
      name: countries.getName(iso, 'en') ?? iso,
      label: countries.getName(iso, locale) ?? countries.getName(iso, 'en') ?? iso,
    }))
    .sort((a, b) => compare(a.label, b.label));
  // names asked for before their language is registered are English: not kept, so they are asked for again
  if (registered.has(locale) || !names[locale]) cache.set(cacheKey, list);
  return list;
}

/**
 * How well a shown name matches what was typed, for antd Select's filterSort: a name that starts with it first
 * ('India' for 'india'), then one with a word that does ('British Indian Ocean Territory'), then the rest; the list's
 * own order (by name) within each.
 */
export function byMatch(a: { label?: unknown }, b: { label?: unknown }, { searchValue }: { searchValue: string }) {
  const typed = searchValue.trim().toLocaleLowerCase();
  const rank = (label: unknown) => {
    const name = String(label ?? '').toLocaleLowerCase();
    if (name.startsWith(typed)) return 0;
    return name.split(/[\s\-–(]+/u).some((word) => word.startsWith(typed)) ? 1 : 2;
  };
  return rank(a.label) - rank(b.label);
}

/** Case-insensitive substring match on the shown name, for antd Select's filterOption. */
export function matchesLabel(input: string, label: unknown): boolean {
  return String(label ?? '')
    .toLocaleLowerCase()
    .includes(input.trim().toLocaleLowerCase());
}
