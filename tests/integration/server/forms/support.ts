/**
 * Helpers of the form-store tests (issue 17): a small form published in two versions, the staff API called with
 * the admin token, and polling until a server serves what was published.
 */

import { formIdOf } from '../../../../site/server/forms/artifacts.js';
import { shippedDocuments } from '../../../../site/server/forms/registry.js';
import { ROOT } from '../durability/harness.js';

/** The admin token the tests' servers get (ANTRAG_ADMIN_TOKEN: at least 32 characters). */
export const ADMIN_TOKEN = 'forms-test-admin-token-0123456789abcdef';
export const ADMIN = { Authorization: `Bearer ${ADMIN_TOKEN}` };

/** A form no shipped file has, so its first publish is version 1. */
export const PROBE_FORM = 'probe-form';

/**
 * The probe form: a required full name and a nickname, which `nicknameRequired` makes required too (what version 2
 * changes). A new object every call, so a test can break one copy.
 */
export function probeForm(nicknameRequired: boolean) {
  return {
    id: PROBE_FORM,
    title: 'Probe',
    version: 1,
    steps: [
      {
        id: 'about',
        title: 'About you',
        fields: [
          { name: 'fullName', type: 'text', label: 'Full name', required: true },
          { name: 'nickname', type: 'text', label: 'Nickname', required: nicknameRequired },
        ],
      },
    ],
  };
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** A JSON request; the answer's body parsed (`{}` when empty). */
export async function call<T = Record<string, unknown>>(
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; json?: unknown } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  const text = await response.text();
  let body: T;
  try {
    body = (text ? JSON.parse(text) : {}) as T;
  } catch {
    throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status} with no JSON: ${text.slice(0, 300)}`);
  }
  return { status: response.status, headers: response.headers, body };
}

/** PUT /api/admin/forms/{id}: publishes `definition` as the next version. */
export function publish(base: string, id: string, definition: unknown, headers: Record<string, string> = ADMIN) {
  return call<{ id: string; version: number; diagnostics?: Array<{ pointer: string; message: string }> }>(
    base,
    `/api/admin/forms/${id}`,
    { method: 'PUT', headers, json: definition },
  );
}

export interface VersionSummary {
  version: number;
  origin: string;
  publishedBy: string;
  publishedAt: string;
  contentHash: string;
  current: boolean;
  rollbackOf?: number;
  retiredAt?: string;
}

/** GET /api/admin/forms/{id}/versions, newest first (throws unless 200). */
export async function versionsOf(base: string, id: string, headers: Record<string, string> = ADMIN) {
  const answer = await call<{ current: number; versions: VersionSummary[] }>(base, `/api/admin/forms/${id}/versions`, {
    headers,
  });
  if (answer.status !== 200) throw new Error(`versions of ${id}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The form a server serves at GET /api/forms/{id}: its version and whole-form schema's required fields. */
export interface ServedForm {
  status: number;
  version?: number;
  required?: string[];
}

export async function served(base: string, id: string, query = ''): Promise<ServedForm> {
  const answer = await call<{ version?: number; schema?: { required?: string[] } }>(base, `/api/forms/${id}${query}`);
  return { status: answer.status, version: answer.body.version, required: answer.body.schema?.required };
}

/**
 * Asks `probe` again and again (`intervalMs` after each answer) until `done` holds for its answer; returns that answer
 * and the milliseconds from the call until it came. Throws with the last answer after `timeoutMs`.
 */
export async function pollUntil<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  intervalMs = 20,
): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  let last: T | undefined;
  while (performance.now() - started < timeoutMs) {
    last = await probe();
    if (done(last)) return { value: last, ms: performance.now() - started };
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`not there after ${timeoutMs} ms; the last answer: ${JSON.stringify(last)}`);
}

/** The ids of the forms that ship in `schemas/` (DSL files and CMS definitions), as the server stores them. */
export function shippedFormIds(): string[] {
  const ids = shippedDocuments(ROOT).map((doc) => {
    const id = doc.problem === undefined ? formIdOf(doc.value) : undefined;
    if (!id) throw new Error(`${doc.file} is not a form the server can store: ${doc.problem ?? 'no id'}`);
    return id;
  });
  return [...new Set(ids)].sort();
}
