/** What the content site reads from the server (`site/server/routes/content.ts`), and how. */

// the server's answer types, shared (type only: nothing of the server reaches the bundle)
import type { PageMeta } from '../../server/head/content.js';
import type { AssetInfo } from '../../server/routes/content.js';

/** `PageMeta`: the document's title and description for a page, as the server sends them in the page's head. */
export type { AssetInfo, PageMeta };

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
  meta?: PageMeta;
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
  meta?: PageMeta;
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
  id?: string;
  name: string;
  slug: string;
  university?: { name: string; slug: string };
  /** A program's degree ('Master of Science'). */
  degree?: string;
  /** A university's locations (comma-separated); where a program is taught. */
  location?: string;
  [key: string]: unknown;
}

export interface SearchAnswer {
  program: { total: number; data: SearchHit[] };
  university: { total: number; data: SearchHit[] };
}

export type SearchQuery = Record<string, string | number | undefined>;

function searchParams(query: SearchQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  return params;
}

/**
 * The study-portal search (spec 7, GET /api/new-search/): one page of programs and one of universities by
 * `name`; `university_ids`, `university_name`, `category_ids` and `location` narrow it.
 */
export function fetchSearch(query: SearchQuery, locale: string, signal?: AbortSignal) {
  return fetch(`/api/new-search/?${searchParams(query)}`, { headers: { 'X-Language': locale }, signal }).then(
    async (r) => {
      if (!r.ok) throw new Error(`search: ${r.status}`);
      return (await r.json()) as SearchAnswer;
    },
  );
}

export interface UniversityRecordsAnswer {
  total: number;
  data: Array<{ id: string; universityName?: unknown; slug?: unknown; location?: unknown }>;
}

/**
 * University records by filter (spec 7, GET /api/new-search): `content_language` plus `university_ids`,
 * `university_name`, `category_ids`, `location`, `name`, `skip`, `take`. The universities tab of the results reads
 * this, because the other search lists every university while one is chosen (the select keeps offering the rest).
 */
export function fetchUniversityRecords(query: SearchQuery, locale: string, signal?: AbortSignal) {
  const params = searchParams({ ...query, content_language: locale });
  return fetch(`/api/new-search?${params}`, { signal }).then(async (r) => {
    if (!r.ok) throw new Error(`universities: ${r.status}`);
    return (await r.json()) as UniversityRecordsAnswer;
  });
}
