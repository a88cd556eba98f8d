/** Page paths: normalising a requested path, the locale prefix, and matching template paths (`/university/{slug}`). */
import { LANGUAGES, type Language } from '../search/index.js';

/** '/studyguide/', '/studyguide?x#y' and 'studyguide' all become '/studyguide'; '' and '/' become '/'. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0];
  const segments = bare.split('/').filter((s) => s !== '');
  return `/${segments
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    })
    .join('/')}`;
}

/**
 * The locale of a site path and the path without it: '/de/studyguide' → de, '/studyguide'; a path without a known
 * locale prefix is in the default locale. (The site's paths carry the locale as their first segment, except English.)
 */
export function splitLocale(path: string, fallback: Language = 'en'): { locale: Language; path: string } {
  const normal = normalizePath(path);
  const first = normal.split('/')[1] ?? '';
  if ((LANGUAGES as readonly string[]).includes(first) && first !== 'uk') {
    return { locale: first as Language, path: normalizePath(normal.slice(first.length + 1)) };
  }
  return { locale: fallback, path: normal };
}

const PARAM = /^\{([a-zA-Z][a-zA-Z0-9]*)\}$/;

/** The parameters when `path` fits the template (both normalised), else undefined. */
export function matchTemplate(template: string, path: string): Record<string, string> | undefined {
  const want = template.split('/').slice(1);
  const have = path.split('/').slice(1);
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const param = PARAM.exec(want[i]);
    if (param) {
      if (have[i] === '') return undefined;
      params[param[1]] = have[i];
    } else if (want[i] !== have[i]) return undefined;
  }
  return params;
}

export function isTemplate(path: string): boolean {
  return /\{[a-zA-Z][a-zA-Z0-9]*\}/.test(path);
}

/**
 * Candidate pages for a path, best first: the exact path, then templates with more literal segments first.
 */
export function rankPaths<T>(
  pages: readonly T[],
  pathOf: (page: T) => string,
  path: string,
): Array<{ page: T; params: Record<string, string> }> {
  const wanted = normalizePath(path);
  const exact = pages.filter((p) => pathOf(p) === wanted && !isTemplate(pathOf(p)));
  const templates = pages
    .filter((p) => isTemplate(pathOf(p)))
    .map((page) => ({ page, params: matchTemplate(pathOf(page), wanted) }))
    .filter((m): m is { page: T; params: Record<string, string> } => m.params !== undefined)
    .sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length);
  return [...exact.map((page) => ({ page, params: {} })), ...templates];
}
