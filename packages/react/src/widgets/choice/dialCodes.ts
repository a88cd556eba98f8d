/**
 * Calling-code choices as people look for them: 'Germany (+49)' in the page's language, sorted by that label
 * (spec 001 §3). The compiler gives one option a country (`country`), in its code's order with the code's main
 * country first; the select tells them apart by country, the value stays the code ('+49').
 */
import { countryOptions } from '../../i18n/countryNames.js';
import { countryNamesOf, loadCountryNamesOnUse } from '../../i18n/countryNamesOnUse.js';
import type { Choice } from './options.js';

export interface DialOption {
  value: string;
  label: string;
  country: string;
}

/** Whether the compiler's options are calling codes by country. */
export function isDialOptions(list: unknown): list is DialOption[] {
  return (
    Array.isArray(list) &&
    list.length > 0 &&
    list.every((o) => o && typeof o === 'object' && typeof (o as DialOption).country === 'string')
  );
}

/**
 * One choice a country, valued by its ISO code and labelled with its name and calling code. The page no longer loads
 * the names of its language with it: asked for before they are there, the names are English for the moment and
 * those of the language load (the select's list, drawn when it is used, has them).
 */
export function dialChoices(list: DialOption[], locale: string): Choice[] {
  if (!countryNamesOf(locale)) loadCountryNamesOnUse(locale).catch(() => {});
  const names = new Map(countryOptions(locale).map((c) => [c.iso, c.label]));
  return (
    list
      // a region no country list names (AC, Ascension Island; TA) would show as its bare code
      .filter((o) => names.has(o.country))
      .map((o) => ({ value: o.country, label: `${names.get(o.country)} (${o.value})` }))
      .sort((a, b) => a.label.localeCompare(b.label, locale))
  );
}

/** The country a stored code shows as: the one picked, if it has the code, else the code's main country. */
export function countryFor(list: DialOption[], code: unknown, picked?: string): string | undefined {
  if (picked && list.some((o) => o.country === picked && o.value === code)) return picked;
  return list.find((o) => o.value === code)?.country;
}

/** The calling code of a country of the list. */
export function codeOf(list: DialOption[], country: unknown): string | undefined {
  return list.find((o) => o.country === country)?.value;
}
