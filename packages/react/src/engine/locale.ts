/**
 * What the engine's libraries need per language: antd's own texts (date-picker months, 'OK', empty
 * states) and dayjs's calendar locale, loaded on demand so a form page carries only its language (the country
 * names load when a country field needs them: i18n/countryNamesOnUse.ts); and
 * RJSF's built-in strings (array buttons, 'Yes'/'No'…) translated from the catalogue's `rjsf.*` keys.
 */

import type { Locale } from '@antrag/core/dsl/types';
import type { TranslatableString } from '@rjsf/utils';
import { englishStringTranslator, replaceStringParameters } from '@rjsf/utils';
import type { Locale as AntdLocale } from 'antd/es/locale/index.js';
import dayjs from 'dayjs';
import type { Translate } from './i18n.js';

/** The catalogue key of one of RJSF's strings: `rjsf.` plus its English text with non-alphanumerics as '_'. */
export function rjsfKey(text: string): string {
  return `rjsf.${text.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_+|_+$/g, '')}`;
}

/** RJSF's `translateString`: the catalogue's translation, else RJSF's English. */
export function rjsfTranslator(t: Translate): (text: TranslatableString, params?: string[]) => string {
  return (text, params) => {
    const key = rjsfKey(text);
    const translated = t(key);
    return translated && translated !== key
      ? replaceStringParameters(translated, params)
      : englishStringTranslator(text, params);
  };
}

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<[unknown, unknown]>> = {
  de: () => Promise.all([import('antd/es/locale/de_DE.js'), import('dayjs/locale/de.js')]),
  fr: () => Promise.all([import('antd/es/locale/fr_FR.js'), import('dayjs/locale/fr.js')]),
  vi: () => Promise.all([import('antd/es/locale/vi_VN.js'), import('dayjs/locale/vi.js')]),
  es: () => Promise.all([import('antd/es/locale/es_ES.js'), import('dayjs/locale/es.js')]),
  zh: () => Promise.all([import('antd/es/locale/zh_CN.js'), import('dayjs/locale/zh-cn.js')]),
  ru: () => Promise.all([import('antd/es/locale/ru_RU.js'), import('dayjs/locale/ru.js')]),
};

const dayjsNames: Record<Locale, string> = { en: 'en', de: 'de', fr: 'fr', vi: 'vi', es: 'es', zh: 'zh-cn', ru: 'ru' };

/** antd's texts of the languages loaded so far (English: antd's built-in ones). */
const loadedLibraryLocales = new Map<Locale, AntdLocale | undefined>([['en', undefined]]);

/**
 * antd's texts for `locale` when they are loaded already (`{ antd: undefined }` for English), making dayjs use the
 * language; else undefined. A page drawn on the server and hydrated loads them first, so its first render on either
 * side is the same.
 */
export function loadedLibraryLocale(locale: Locale): { antd?: AntdLocale } | undefined {
  if (!loadedLibraryLocales.has(locale)) return undefined;
  dayjs.locale(dayjsNames[locale]);
  return { antd: loadedLibraryLocales.get(locale) };
}

/** Loads antd's and dayjs's texts for a language and makes dayjs use it; resolves with antd's locale. */
export async function loadLibraryLocale(locale: Locale): Promise<AntdLocale | undefined> {
  if (locale === 'en') {
    dayjs.locale('en');
    return undefined; // antd's built-in texts are English
  }
  const [antd] = await loaders[locale]();
  dayjs.locale(dayjsNames[locale]);
  // an ES module's default export, or (where a CommonJS build is picked) the exports object holding it
  const value = (antd as { default: AntdLocale & { default?: AntdLocale } }).default;
  const texts = value.default ?? value;
  loadedLibraryLocales.set(locale, texts);
  return texts;
}
