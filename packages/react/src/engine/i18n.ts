/** One translator per runner: the shared catalogue plus the form's own texts. */

import type { CompiledForm } from '@antrag/core/compile/types';
import type { Locale } from '@antrag/core/dsl/types';
import { DEFAULT_LOCALE, translate } from '@antrag/core/i18n/catalogue';
import { createContext, useContext } from 'react';

/** A runner's texts: its language and the translator of the shared catalogue and the form's own texts. */
export interface RunnerI18n {
  language: Locale;
  t: Translate;
}

/**
 * The runner's translator: the form's own texts, then the shared catalogue of the language, then English, with
 * `{{name}}` placeholders filled (`translate` of `@antrag/core/i18n/catalogue`); an unknown key comes back as itself.
 * No i18n library: the engine needs nothing beyond that, and a form's first screen is lighter for it.
 */
export function createRunnerI18n(locale: Locale, texts: CompiledForm['texts'] = {}): RunnerI18n {
  return {
    language: locale,
    t: (key, params) => (key ? translate(key, locale, params, texts) : ''),
  };
}

export type Translate = (key: string | undefined, params?: Record<string, unknown>) => string;

const RunnerI18nContext = createContext<RunnerI18n>(createRunnerI18n(DEFAULT_LOCALE));

/** Gives the runner's translator to the components below (`useT`). */
export const RunnerI18nProvider = RunnerI18nContext.Provider;

/** A translator that passes through an empty key as '' and an unknown one as itself. */
export function useT(): Translate {
  return useContext(RunnerI18nContext).t;
}
