/** Server calls of the runner: the bearer token and form submissions, with react-query wrappers. */

import type { CompiledForm } from '@antrag/core/compile/types';
import type { SubmitSettings } from '@antrag/core/dsl/types';
import {
  dataToStore,
  encodeRequest,
  failureMessage,
  isSuccessfulAnswer,
  type PayloadContext,
  valuesToStore,
} from '@antrag/core/payload';
import { useMutation } from '@tanstack/react-query';
import { browserStorage } from '../api/storage.js';
import { ApiStatusError, getToken as getSharedToken } from '../api/token.js';

export { ApiStatusError };

export interface ApiEnv {
  fetch?: typeof fetch;
  storage?: Storage;
  now?: () => Date;
  /** Waits between retries (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
}

/** The header that makes a retried submission safe: the server stores a key's request once. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Pauses before the engine's own retries of a submission whose answer was lost. */
export const RETRY_DELAYS_MS = [500, 1500];
/** Answers that mean the request may not have reached the application: a retry with the same key is safe. */
const RETRY_STATUSES = new Set([502, 503, 504]);

/**
 * Keys of submissions whose answer never came (the network failed after the engine's retries), by request: the
 * applicant pressing Next again with the same values sends the same key, so a request the server did receive
 * is not stored twice. A definite answer forgets the key.
 */
const pendingKeys = new Map<string, string>();

function newKey(): string {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function signature(method: string, url: string, headers: Record<string, string>, body: unknown): string {
  let text: string;
  if (Array.isArray(body))
    text = JSON.stringify(
      body.map(([name, value]: [string, unknown]) =>
        value instanceof Blob ? [name, (value as File).name ?? '', value.size, value.type] : [name, value],
      ),
    );
  else text = typeof body === 'string' ? body : '';
  const { Authorization: _bearer, [IDEMPOTENCY_HEADER]: _key, ...rest } = headers;
  return JSON.stringify([method, url, rest, text]);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The bearer token: the cached one until it expires, else a fresh one from GET /api/get-token. */
export function getToken(env: ApiEnv = {}): Promise<string> {
  return getSharedToken(env);
}

export interface SubmitOutcome {
  ok: boolean;
  status: number;
  body: unknown;
  /** The result id (booking / deal id) when the settings name one. */
  id?: string;
  /** On failure: a text key or the server's own words. */
  message?: { key?: string; text?: string };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The variant a form was compiled as (`mobile=true`), for calls to this site's own server, so that it
 * checks the submission against the same schema; other services never see the header.
 */
export function variantHeader(form: CompiledForm, url: string): string | undefined {
  const names = Object.keys(form.options ?? {}).sort();
  if (names.length === 0 || !isOwnServer(url)) return undefined;
  return new URLSearchParams(names.map((n) => [n, String(form.options[n])])).toString();
}

/**
 * The version of the form the applicant fills in, for calls to this site's own server, so that it checks the
 * submission against that version's schema (a `409` with `form-version-retired` when it takes it no more); other
 * services never see the header.
 */
export function versionHeader(form: CompiledForm, url: string): string | undefined {
  return Number.isSafeInteger(form.version) && isOwnServer(url) ? String(form.version) : undefined;
}

function isOwnServer(url: string): boolean {
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  return new URL(url, origin).origin === origin;
}

/** Sends one submission as its settings describe and stores what they say to keep. */
export async function submit(
  settings: SubmitSettings,
  data: Record<string, unknown>,
  ctx: PayloadContext,
  form?: CompiledForm,
  env: ApiEnv = {},
): Promise<SubmitOutcome> {
  const storage = env.storage ?? browserStorage();
  for (const need of settings.requiresStorage ?? []) {
    if (!storage?.getItem(need.key))
      return { ok: false, status: 0, body: undefined, message: { key: need.message as string } };
  }
  const request = encodeRequest(settings, data, { storage: (k) => storage?.getItem(k), ...ctx }, form);
  const headers = { ...request.headers };
  if (settings.auth === 'bearer') headers.Authorization = `Bearer ${await getToken(env)}`;
  const variant = form ? variantHeader(form, request.url) : undefined;
  if (variant) headers['X-Form-Options'] = variant;
  const version = form ? versionHeader(form, request.url) : undefined;
  if (version) headers['X-Form-Version'] = version;
  let body: BodyInit | undefined;
  if (Array.isArray(request.body)) {
    const formData = new FormData();
    for (const [name, value] of request.body) formData.append(name, value);
    body = formData;
  } else body = request.body;
  // one key per submission attempt, the same on the engine's own retries (and on a repeat after a lost answer)
  const changes = request.method !== 'GET' && request.method !== 'DELETE';
  const id = changes ? signature(request.method, request.url, headers, request.body) : '';
  if (changes) headers[IDEMPOTENCY_HEADER] = pendingKeys.get(id) ?? newKey();
  if (changes) pendingKeys.set(id, headers[IDEMPOTENCY_HEADER]);
  const response = await sendWithRetries(request.url, { method: request.method, headers, body }, env);
  pendingKeys.delete(id);
  const answer = await readBody(response);
  if (!isSuccessfulAnswer(settings.success, response.status, answer)) {
    // a call that proves its lead with the stored token, refused: the token is gone or not this lead's, and no
    // retry helps; the applicant is told so in their language, not in the server's technical words
    const provesLead = Object.keys(settings.headers ?? {}).some((h) => h.toLowerCase() === 'x-lead-token');
    const message =
      response.status === 403 && provesLead ? { key: 'errors.leadForbidden' } : failureMessage(settings, answer);
    return { ok: false, status: response.status, body: answer, message };
  }
  for (const [key, value] of [...valuesToStore(settings.store, answer), ...dataToStore(settings, data, ctx)]) {
    storage?.setItem(key, value);
  }
  const idValue =
    settings.resultIdField && answer && typeof answer === 'object'
      ? (answer as Record<string, unknown>)[settings.resultIdField]
      : undefined;
  return {
    ok: true,
    status: response.status,
    body: answer,
    id: idValue === undefined || idValue === null ? undefined : String(idValue),
  };
}

/**
 * Sends a submission, again after a network failure or a gateway's 502/503/504 (the answer is unknown; the
 * Idempotency-Key makes the repeat safe), waiting RETRY_DELAYS_MS (or the answer's Retry-After, up to 5 s).
 */
async function sendWithRetries(url: string, init: RequestInit, env: ApiEnv): Promise<Response> {
  const doFetch = env.fetch ?? fetch;
  const sleep = env.sleep ?? wait;
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= RETRY_DELAYS_MS.length;
    let response: Response;
    try {
      response = await doFetch(url, init);
    } catch (error) {
      if (last) throw error;
      await sleep(RETRY_DELAYS_MS[attempt]);
      continue;
    }
    if (last || !RETRY_STATUSES.has(response.status)) return response;
    const after = Number(response.headers.get('Retry-After'));
    await sleep(Number.isFinite(after) && after > 0 ? Math.min(after * 1000, 5000) : RETRY_DELAYS_MS[attempt]);
  }
}

export interface SubmitVariables {
  settings: SubmitSettings;
  data: Record<string, unknown>;
  ctx: PayloadContext;
  form?: CompiledForm;
}

/** `submit` as a react-query mutation. */
export function useSubmitMutation(env: ApiEnv = {}) {
  return useMutation<SubmitOutcome, Error, SubmitVariables>({
    mutationFn: ({ settings, data, ctx, form }) => submit(settings, data, ctx, form, env),
  });
}
