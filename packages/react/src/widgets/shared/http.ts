/**
 * GET calls of widgets to the public JSON endpoints (searches, places): no bearer token, the active
 * language in `X-Language`. A non-OK answer raises the shared `ApiStatusError` (renderer/core/api/token.ts,
 * 'API responded with status {{status}}'), as the runner's calls do.
 */
import { ApiStatusError } from '../../api/token.js';

export type QueryValue = string | number | undefined;

export interface GetJsonOptions {
  /** Active language, sent as `X-Language`. */
  language?: string;
  /** Base URL of the API; default same origin. */
  apiBase?: string;
  signal?: AbortSignal;
}

/** `path?query` with the entries that have a value; a list repeats its parameter. */
export function urlOf(path: string, query: Record<string, QueryValue | QueryValue[]>, apiBase = ''): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) params.append(name, String(v));
  }
  const text = params.toString();
  return `${apiBase}${path}${text ? `?${text}` : ''}`;
}

export async function getJson<T>(
  path: string,
  query: Record<string, QueryValue | QueryValue[]>,
  { language, apiBase, signal }: GetJsonOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (language) headers['X-Language'] = language;
  const response = await fetch(urlOf(path, query, apiBase), { headers, signal });
  if (!response.ok) throw new ApiStatusError(response.status);
  return (await response.json()) as T;
}
