/**
 * DELETE {host}/api/v1/lead/payer/{payerId} (spec §7 call 2) under a bearer token. Widgets may not import the
 * runner (`renderer/react`), so the token helper mirrors its `getToken` with the same storage keys, and so
 * shares one cached token with it.
 */

const TOKEN_KEY = 'access_token';
const VALID_UNTIL_KEY = 'valid_until';

export interface PayerApiEnv {
  /** Base of the customer-relationship service (`{host}`); default same origin. */
  apiBase?: string;
  /** Active language, sent as `X-Language`. */
  language?: string;
  fetch?: typeof fetch;
  storage?: Storage;
}

function storageOf(env: PayerApiEnv): Storage | undefined {
  if (env.storage) return env.storage;
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The cached bearer token until it expires, else a fresh one from GET /api/get-token. */
async function bearerToken(env: PayerApiEnv, fresh: boolean): Promise<string> {
  const storage = storageOf(env);
  const cached = storage?.getItem(TOKEN_KEY);
  const until = storage?.getItem(VALID_UNTIL_KEY);
  if (!fresh && cached && until && new Date(until).getTime() > Date.now()) return cached;
  const response = await (env.fetch ?? fetch)(`${env.apiBase ?? ''}/api/get-token`);
  if (!response.ok) throw new Error(`API responded with status ${response.status}`);
  const body = (await response.json()) as { access_token: string; valid_until: string };
  storage?.setItem(TOKEN_KEY, body.access_token);
  storage?.setItem(VALID_UNTIL_KEY, body.valid_until);
  return body.access_token;
}

/** Asks the server to remove a payer; true only for HTTP 200 (the spec's "removed"), false for anything else. */
export async function removePayer(payerId: string, env: PayerApiEnv = {}): Promise<boolean> {
  const doFetch = env.fetch ?? fetch;
  const send = async (fresh: boolean) => {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${await bearerToken(env, fresh)}`,
      Accept: 'application/json',
    };
    if (env.language) headers['X-Language'] = env.language;
    return doFetch(`${env.apiBase ?? ''}/api/v1/lead/payer/${encodeURIComponent(payerId)}`, {
      method: 'DELETE',
      headers,
    });
  };
  try {
    let response = await send(false);
    // a cached token the server no longer takes (expired early, another server's secret): once more with a new one
    if (response.status === 401) response = await send(true);
    return response.status === 200;
  } catch {
    return false; // no token, no network: not removed
  }
}
