/** One i18next instance per runner: the shared catalogue plus the form's own texts. */

import type { CompiledForm } from '@antrag/core/compile/types';
import type { Locale } from '@antrag/core/dsl/types';
import { type Catalogue, catalogueOf, DEFAULT_LOCALE, loadedLocales } from '@antrag/core/i18n/catalogue';
import { createInstance, type i18n as I18n } from 'i18next';
import { useCallback } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';

function clone(catalogue: Catalogue): Catalogue {
  return JSON.parse(JSON.stringify(catalogue)) as Catalogue;
}

/** Puts a text at a dotted key (`forms.x.fields.y.label`) into a nested catalogue. */
function put(target: Catalogue, key: string, text: string): void {
  const parts = key.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next === 'string') return; // a leaf already lives here: the catalogue wins
    node[part] ??= {};
    node = node[part] as Catalogue;
  }
  node[parts[parts.length - 1]] = text;
}

/** The catalogue of one locale with the form's texts merged in (English where the form has no translation). */
export function resourcesFor(locale: Locale, texts: CompiledForm['texts'] = {}): Catalogue {
  const out = clone(catalogueOf(locale));
  for (const [key, text] of Object.entries(texts)) put(out, key, text[locale] ?? text.en);
  return out;
}

export function createRunnerI18n(locale: Locale, texts: CompiledForm['texts'] = {}): I18n {
  const instance = createInstance();
  // the languages whose catalogues are there: every one on the server and in tests, the page's own (and English,
  // the fallback) in the web app, which loads it before the form (`renderer/core/i18n/load.ts`)
  const resources = Object.fromEntries(loadedLocales().map((l) => [l, { translation: resourcesFor(l, texts) }]));
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    // texts are passed through `t` again by widgets: a colon in a text is no namespace
    nsSeparator: false,
    returnNull: false,
  });
  return instance;
}

export type Translate = (key: string | undefined, params?: Record<string, unknown>) => string;

/** A translator that passes through an empty key as '' and an unknown one as itself. */
export function useT(): Translate {
  const { t } = useTranslation();
  return useCallback<Translate>((key, params) => (key ? String(t(key, params ?? {})) : ''), [t]);
}
