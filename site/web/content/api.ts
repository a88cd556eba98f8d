/** What the content site reads from the server (`site/server/routes/content.ts`), and how. */

// the server's answer types, shared (type only: nothing of the server reaches the bundle)
import type { AssetInfo } from '../../server/routes/content.js';

export type { AssetInfo };

export type Assets = Record<string, AssetInfo>;

export interface ContentBlock {
  __typename?: string;
  id?: string;
  flatData?: Record<string, unknown>;
}

export interface ContentRecord<Data = Record<string, unknown>> {
  id: string;
  lastModified?: string;
  flatData: Data;
}

export interface PageAnswer {
  locale: string;
  path: string;
  page: ContentRecord<{ path: string; title?: string; description?: string; blocks?: ContentBlock[] }>;
  params: Record<string, string>;
  assets: Assets;
  notFound?: boolean;
}

export interface SiteAnswer {
  locale: string;
  locales: string[];
  navigation?: ContentRecord;
  footer?: ContentRecord;
  assets: Assets;
  flags: { app: boolean };
  scripts: { cookieConsent: string; translation: string };
}

export interface ArticleAnswer {
  locale: string;
  article: ContentRecord;
  categories: ContentRecord[];
  assets: Assets;
}

async function getJson<T>(url: string, allowNotFound = false): Promise<T> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok && !(allowNotFound && response.status === 404)) {
    throw new Error(`GET ${url}: ${response.status}`);
  }
  return (await response.json()) as T;
}

export const fetchSite = (locale: string) =>
  getJson<SiteAnswer>(`/api/content/site?locale=${encodeURIComponent(locale)}`);

export const fetchPage = (path: string, locale: string) =>
  getJson<PageAnswer>(`/api/content/page?path=${encodeURIComponent(path)}&locale=${encodeURIComponent(locale)}`, true);

/** The article, or the not-found page when there is none (`notFound`). */
export const fetchArticle = (slug: string, locale: string) =>
  getJson<ArticleAnswer | PageAnswer>(
    `/api/content/articles/${encodeURIComponent(slug)}?locale=${encodeURIComponent(locale)}`,
    true,
  );

export interface SearchHit {
  name: string;
  slug: string;
  university?: { name: string; slug: string };
  location?: string;
  [key: string]: unknown;
}

export interface SearchAnswer {
  program: { total: number; data: SearchHit[] };
  university: { total: number; data: SearchHit[] };
}

/** The study-portal search (spec 7, GET /api/new-search/). */
export function fetchSearch(query: Record<string, string | number | undefined>, locale: string) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  return fetch(`/api/new-search/?${params}`, { headers: { 'X-Language': locale } }).then(async (r) => {
    if (!r.ok) throw new Error(`search: ${r.status}`);
    return (await r.json()) as SearchAnswer;
  });
}
