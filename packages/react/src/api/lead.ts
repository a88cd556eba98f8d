/**
 * Calls to the customer-relationship service that several widgets make (spec 000 §6, §7): a request under
 * the shared bearer token, retried once with a new token after a 401 (a cached token the server no longer
 * takes: expired early, another server's secret), and the lead-level document upload (call 10, POST
 * {host}/api/v1/lead/upload-file) of the passport, the consent letter, the eligibility document and the
 * payers' files. Every call carries the lead token the sign-up step stored (`X-Lead-Token`).
 */
import { browserStorage } from './storage.js';
import { getToken } from './token.js';

/** Browser-storage key of the lead id (spec §3), stored by the sign-up step. */
export const LEAD_ID_KEY = 'leadId';
/**
 * Browser-storage key of the lead token the sign-up answer hands out (or, in a KYC link's flow, the link's
 * `user_key`): every call about the lead proves with it, in the `X-Lead-Token` header, that the lead is the
 * caller's. Kept and forgotten with the other keys of spec §3.
 */
export const LEAD_TOKEN_KEY = 'leadToken';
export const LEAD_TOKEN_HEADER = 'X-Lead-Token';

/** The `X-Lead-Token` header of the stored lead token, or none before the sign-up step answered. */
export function leadTokenHeader(env: Pick<LeadApiEnv, 'storage'> = {}): Record<string, string> {
  try {
    const token = (env.storage ?? browserStorage())?.getItem(LEAD_TOKEN_KEY);
    return token ? { [LEAD_TOKEN_HEADER]: token } : {};
  } catch {
    return {};
  }
}

export interface LeadApiEnv {
  /** Base of the customer-relationship service (`{host}`); default same origin. */
  apiBase?: string;
  /** Active language, sent as `X-Language` (the server's messages come back in it). */
  language?: string;
  fetch?: typeof fetch;
  storage?: Storage;
  signal?: AbortSignal;
}

/** The lead id the sign-up step stored, if any. */
export function storedLeadId(env: Pick<LeadApiEnv, 'storage'> = {}): string | undefined {
  try {
    return (env.storage ?? browserStorage())?.getItem(LEAD_ID_KEY) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A request under the bearer token. `init.body` may be a function, so that a multipart body (whose file
 * is read as it is sent) is built anew for the retry.
 */
export async function leadRequest(
  path: string,
  init: Omit<RequestInit, 'body'> & { body?: BodyInit | (() => BodyInit) },
  env: LeadApiEnv = {},
): Promise<Response> {
  const doFetch = env.fetch ?? fetch;
  const attempt = async (fresh: boolean) => {
    const headers: Record<string, string> = {
      ...(init.headers as Record<string, string> | undefined),
      ...leadTokenHeader(env),
      Authorization: `Bearer ${await getToken(env, fresh)}`,
      Accept: 'application/json',
    };
    if (env.language) headers['X-Language'] = env.language;
    const body = typeof init.body === 'function' ? init.body() : init.body;
    return doFetch(`${env.apiBase ?? ''}${path}`, { ...init, body, headers, signal: env.signal });
  };
  const response = await attempt(false);
  return response.status === 401 ? attempt(true) : response;
}

/** A refused lead upload: the HTTP status and the server's message, if it gave one. */
export class LeadUploadError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage?: string,
  ) {
    super(serverMessage ?? `the lead upload was refused (HTTP ${status})`);
    this.name = 'LeadUploadError';
  }
}

/** A file as the lead's document of kind `docKey` (for a payer with `payerId`); answers its `doc_id`. */
export async function uploadLeadDocument(
  file: File,
  ids: { leadId: string; docKey: string; payerId?: string },
  env: LeadApiEnv = {},
): Promise<string> {
  const response = await leadRequest(
    '/api/v1/lead/upload-file',
    {
      method: 'POST',
      body: () => {
        const form = new FormData();
        form.append('file', file, file.name);
        form.append('doc_key', ids.docKey);
        if (ids.payerId) form.append('payer_id', ids.payerId);
        form.append('lead_id', ids.leadId);
        return form;
      },
    },
    env,
  );
  let answer: { doc_id?: unknown; message?: unknown } | undefined;
  try {
    answer = (await response.json()) as typeof answer;
  } catch {
    answer = undefined;
  }
  const docId = answer?.doc_id;
  if (!response.ok || (typeof docId !== 'string' && typeof docId !== 'number')) {
    throw new LeadUploadError(response.status, typeof answer?.message === 'string' ? answer.message : undefined);
  }
  return String(docId);
}
