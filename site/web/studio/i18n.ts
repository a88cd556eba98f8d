/**
 * The studio's own texts in the engine's languages (`locales/*.json`; English is the reference), with counts
 * in each language's plural forms (`key_one`, `key_few`, `key_many`, `key_other`, as `Intl.PluralRules` names them).
 */

import type { Locale } from '@antrag/core/dsl/types';
import { createContext, useContext } from 'react';
import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };
import ru from './locales/ru.json' with { type: 'json' };
import vi from './locales/vi.json' with { type: 'json' };
import zh from './locales/zh.json' with { type: 'json' };

export type StudioKey = keyof typeof en;
type Catalogue = Partial<Record<string, string>>;

export const CATALOGUES: Record<Locale, Catalogue> = { en, de, fr, vi, es, zh, ru };

/** CodeMirror's own texts (search panel, folding, diagnostics, completion), as its `phrases` facet names them. */
export const EDITOR_PHRASES = [
  'Find',
  'Replace',
  'next',
  'previous',
  'all',
  'match case',
  'by word',
  'regexp',
  'replace',
  'replace all',
  'close',
  'Go to line',
  'go',
  'Folded lines',
  'Unfolded lines',
  'folded code',
  'unfold',
  'Fold line',
  'Unfold line',
  'Diagnostics',
  'No diagnostics',
  'Completions',
] as const;

/** The editor's texts in the studio's language, for CodeMirror's `EditorState.phrases`. */
export function editorPhrases(t: StudioT): Record<string, string> {
  return Object.fromEntries(EDITOR_PHRASES.map((p) => [p, t(`editor.phrase.${p}` as StudioKey)]));
}

export type Params = Record<string, string | number>;

export interface StudioT {
  (key: StudioKey, params?: Params): string;
  /** A text with a count: `problems.errors` → `problems.errors_one` / `_other` / … by the language's rules. */
  count(key: string, count: number, params?: Params): string;
  locale: Locale;
}

function fill(text: string, params: Params = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function studioT(locale: Locale): StudioT {
  const own = CATALOGUES[locale] ?? {};
  const english = en as Catalogue;
  const lookup = (key: string) => own[key] ?? english[key] ?? key;
  const rules = new Intl.PluralRules(locale);
  const t = ((key: StudioKey, params?: Params) => fill(lookup(key), params)) as StudioT;
  t.count = (key, count, params) => {
    const form = rules.select(count);
    const text = own[`${key}_${form}`] ?? own[`${key}_other`] ?? english[`${key}_${count === 1 ? 'one' : 'other'}`];
    return fill(text ?? key, { count, ...params });
  };
  t.locale = locale;
  return t;
}

export const StudioTContext = createContext<StudioT>(studioT('en'));

export function useStudioT(): StudioT {
  return useContext(StudioTContext);
}

/** The languages' own names, for the preview's language switch. */
export { LANGUAGE_NAMES } from '@antrag/core/i18n/locale';
