/**
 * The web app's loader of the engine's texts: the catalogue of the language a page shows, fetched as a chunk of its
 * own and added to the catalogue (`catalogue.ts`), where English always is.
 */
import type { Locale } from '../dsl/types.js';
import { type Catalogue, catalogues, registerCatalogue } from './catalogue.js';

type Loader = () => Promise<{ default: Catalogue }>;

const LOADERS: Record<Exclude<Locale, 'en'>, Loader> = {
  de: () => import('./locales/de.json'),
  fr: () => import('./locales/fr.json'),
  vi: () => import('./locales/vi.json'),
  es: () => import('./locales/es.json'),
  zh: () => import('./locales/zh.json'),
  ru: () => import('./locales/ru.json'),
};

/** Loads the catalogue of `locale` unless it is there. */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (locale === 'en' || catalogues[locale]) return;
  const module = await LOADERS[locale]();
  registerCatalogue(locale, module.default);
}
