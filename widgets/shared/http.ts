/**
 * GET calls of widgets to the public JSON endpoints (searches, places): no bearer token, the active
 * language in `X-Language`. A non-OK answer raises `HttpStatusError`, whose `key` is the catalogue message
 * the runner's own `ApiStatusError` uses ('API responded with status {{status}}'); widgets may not import the
 * runner (`renderer/react`), so the error is mirrored here rather than shared.
 */

export class HttpStatusError extends Error {
  readonly key = 'errors.apiStatus';
  constructor(readonly status: number) {
    super(`API responded with status ${status}`);
    this.name = 'HttpStatusError';
  }
  get params() {
    return { status: this.status };
  }
}

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
  if (!response.ok) throw new HttpStatusError(response.status);
  return (await response.json()) as T;
}
