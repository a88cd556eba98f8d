import countries from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import ru from 'i18n-iso-countries/langs/ru.json' with { type: 'json' };
import vi from 'i18n-iso-countries/langs/vi.json' with { type: 'json' };
import zh from 'i18n-iso-countries/langs/zh.json' with { type: 'json' };

// the browser build of i18n-iso-countries registers no languages: register the form languages once
for (const lang of [en, de, es, fr, ru, vi, zh]) countries.registerLocale(lang as countries.LocaleData);

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
  const list = codes
    .map((iso) => ({
      iso,
      name: countries.getName(iso, 'en') ?? iso,
      label: countries.getName(iso, locale) ?? countries.getName(iso, 'en') ?? iso,
    }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
  cache.set(cacheKey, list);
  return list;
}

/** Case-insensitive substring match on the shown name, for antd Select's filterOption. */
export function matchesLabel(input: string, label: unknown): boolean {
  return String(label ?? '')
    .toLocaleLowerCase()
    .includes(input.trim().toLocaleLowerCase());
}
