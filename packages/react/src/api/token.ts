/**
 * The bearer-token helper of the specs, shared by the runner and every widget that calls the
 * customer-relationship service: GET /api/get-token (answer access_token and valid_until), cached in browser
 * storage under `access_token` and `valid_until` and reused until it expires; a non-OK status raises
 * 'API responded with status {status}'.
 */

import { browserStorage } from './storage.js';

export const TOKEN_STORAGE_KEY = 'access_token';
export const VALID_UNTIL_STORAGE_KEY = 'valid_until';

/** Raised for a non-OK answer where one is not expected; `key`/`params` give the catalogue message. */
export class ApiStatusError extends Error {
  readonly key = 'errors.apiStatus';
  constructor(readonly status: number) {
    super(`API responded with status ${status}`);
    this.name = 'ApiStatusError';
  }
  get params() {
    return { status: this.status };
  }
}

export interface TokenEnv {
  fetch?: typeof fetch;
  storage?: Storage;
  now?: () => Date;
  /** Base URL of the API; default same origin. */
  apiBase?: string;
  signal?: AbortSignal;
}

/**
 * The bearer token: the cached one until it expires, else a fresh one from GET /api/get-token. `fresh`
 * skips the cache (after a 401 the server no longer accepts the cached token).
 */
export async function getToken(env: TokenEnv = {}, fresh = false): Promise<string> {
  const storage = env.storage ?? browserStorage();
  const now = (env.now ?? (() => new Date()))();
  const cached = storage?.getItem(TOKEN_STORAGE_KEY);
  const until = storage?.getItem(VALID_UNTIL_STORAGE_KEY);
  if (!fresh && cached && until && new Date(until).getTime() > now.getTime()) return cached;
  const response = await (env.fetch ?? fetch)(`${env.apiBase ?? ''}/api/get-token`, { signal: env.signal });
  if (!response.ok) throw new ApiStatusError(response.status);
  const body = (await response.json()) as { access_token: string; valid_until: string };
  storage?.setItem(TOKEN_STORAGE_KEY, body.access_token);
  storage?.setItem(VALID_UNTIL_STORAGE_KEY, body.valid_until);
  return body.access_token;
}
