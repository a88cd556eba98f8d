/**
 * DELETE {host}/api/v1/lead/payer/{payerId} (spec §7 call 2) under a bearer token. The bearer token comes from the helper
 * the runner uses too (renderer/core/api/token.ts), so all share one cached token.
 */
import { getToken } from '../../renderer/core/api/token.js';

export interface PayerApiEnv {
  /** Base of the customer-relationship service (`{host}`); default same origin. */
  apiBase?: string;
  /** Active language, sent as `X-Language`. */
  language?: string;
  fetch?: typeof fetch;
  storage?: Storage;
}

/** The shared bearer token (renderer/core/api/token.ts); `fresh` after a 401. */
function bearerToken(env: PayerApiEnv, fresh = false): Promise<string> {
  return getToken(env, fresh);
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
