/** Server calls of the runner: the bearer token and form submissions, with react-query wrappers. */
import { useMutation } from '@tanstack/react-query';
import { ApiStatusError, browserStorage, getToken as getSharedToken } from '../core/api/token.js';
import type { CompiledForm } from '../core/compile/types.js';
import type { SubmitSettings } from '../core/dsl/types.js';
import {
  dataToStore,
  encodeRequest,
  failureMessage,
  isSuccessfulAnswer,
  type PayloadContext,
  valuesToStore,
} from '../core/payload/index.js';

export { ApiStatusError };

export interface ApiEnv {
  fetch?: typeof fetch;
  storage?: Storage;
  now?: () => Date;
}

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
  if (names.length === 0) return undefined;
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  if (new URL(url, origin).origin !== origin) return undefined;
  return new URLSearchParams(names.map((n) => [n, String(form.options[n])])).toString();
}

/** Sends one submission as its settings describe and stores what they say to keep. */
export async function submit(
  settings: SubmitSettings,
  data: Record<string, unknown>,
  ctx: PayloadContext,
  form?: CompiledForm,
  env: ApiEnv = {},
): Promise<SubmitOutcome> {
  const storage = browserStorage(env.storage);
  for (const need of settings.requiresStorage ?? []) {
    if (!storage?.getItem(need.key))
      return { ok: false, status: 0, body: undefined, message: { key: need.message as string } };
  }
  const request = encodeRequest(settings, data, { storage: (k) => storage?.getItem(k), ...ctx }, form);
  const headers = { ...request.headers };
  if (settings.auth === 'bearer') headers.Authorization = `Bearer ${await getToken(env)}`;
  const variant = form ? variantHeader(form, request.url) : undefined;
  if (variant) headers['X-Form-Options'] = variant;
  let body: BodyInit | undefined;
  if (Array.isArray(request.body)) {
    const formData = new FormData();
    for (const [name, value] of request.body) formData.append(name, value);
    body = formData;
  } else body = request.body;
  const response = await (env.fetch ?? fetch)(request.url, { method: request.method, headers, body });
  const answer = await readBody(response);
  if (!isSuccessfulAnswer(settings.success, response.status, answer)) {
    return { ok: false, status: response.status, body: answer, message: failureMessage(settings, answer) };
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
