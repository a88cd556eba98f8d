/**
 * The country names (countryNames.ts with i18n-iso-countries and its data, about 10 KB gzip) loaded when a country
 * or calling-code field needs them, not with the page: when the field is used (its select loads with them, see
 * widgets/country and widgets/phone), or when it has a value to show by name (a draft, a default, a passport scan).
 * A first screen of empty country fields loads none of them; until the names come, a field shows its value as
 * stored (the English name, the ISO code, the calling code) in the same box.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';

/** The names' module, once loaded. */
export type CountryNames = typeof import('./countryNames.js');

let module: CountryNames | undefined;
/** The languages whose names are registered. */
const there = new Set<string>();
const pending = new Map<string, Promise<CountryNames>>();
const listeners = new Set<() => void>();

/** Loads the country names of `locale` (once; again after a failure); resolves with their module. */
export function loadCountryNamesOnUse(locale: string): Promise<CountryNames> {
  let loading = pending.get(locale);
  if (!loading) {
    loading = import('./countryNames.js').then(async (names) => {
      await names.loadCountryNames(locale);
      module = names;
      there.add(locale);
      for (const listener of listeners) listener();
      return names;
    });
    pending.set(locale, loading);
    loading.catch(() => pending.delete(locale));
  }
  return loading;
}

/** The names' module when the names of `locale` are there, else undefined. */
export function countryNamesOf(locale: string): CountryNames | undefined {
  return there.has(locale) ? module : undefined;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
/** The server draws no names (it loads none) and the browser hydrates what it drew: names come after that. */
const none = () => undefined;

/**
 * The names' module for `locale` once its names are there (the component renders again when they come); `wanted`:
 * the field needs them now (it has a value to show by name), so they load.
 */
export function useCountryNames(locale: string, wanted: boolean): CountryNames | undefined {
  const snapshot = useCallback(() => countryNamesOf(locale), [locale]);
  const names = useSyncExternalStore(subscribe, snapshot, none);
  useEffect(() => {
    // a failure leaves the stored value shown; using the field loads them again, with its own notice
    if (wanted && !names) loadCountryNamesOnUse(locale).catch(() => {});
  }, [wanted, names, locale]);
  return names;
}
