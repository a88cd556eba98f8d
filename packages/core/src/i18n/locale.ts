/**
 * The engine's languages without their catalogues: what a router needs to read a locale from an address,
 * kept apart from `index.ts` so the web app's entry does not carry every language's texts.
 */
import type { Locale } from '../dsl/types.js';
import { LOCALES } from '../dsl/types.js';

export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Each language by its own name, as a language switch shows it (spec 002 §9). */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  vi: 'Tiếng Việt',
  es: 'Español',
  zh: '中文',
  ru: 'Русский',
};
