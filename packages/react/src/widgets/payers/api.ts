/**
 * The server calls of the payers list, under the bearer token of the helper the runner uses too
 * (renderer/core/api/token.ts), so all share one cached token:
 * - DELETE {host}/api/v1/lead/payer/{payerId} (spec §7 call 2);
 * - POST {host}/api/v1/lead/payer and PUT {host}/api/v1/lead/payer/{payerId}: saving a payer. The spec does
 *   not show this call; it is ours (site/server/routes/payers.ts), form-urlencoded with bracketed keys like
 *   submit-application's later steps;
 * - POST {host}/api/v1/lead/upload-file (spec §7 call 10) for the payer's files, with `payer_id` once the
 *   payer has one.
 */

import type { JsonValue } from '@antrag/core/dsl/types';
import { flattenForForm } from '@antrag/core/payload';
import { type LeadApiEnv, leadRequest, uploadLeadDocument } from '../../api/lead.js';
import type { Payer } from './storage.js';

export { storedLeadId } from '../../api/lead.js';

export type PayerApiEnv = LeadApiEnv;

const send = leadRequest;

async function readJson(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Asks the server to remove a payer; true only for HTTP 200 (the spec's "removed"), false for anything else. */
export async function removePayer(payerId: string, env: PayerApiEnv = {}): Promise<boolean> {
  try {
    const response = await send(`/api/v1/lead/payer/${encodeURIComponent(payerId)}`, { method: 'DELETE' }, env);
    return response.status === 200;
  } catch {
    return false; // no token, no network: not removed
  }
}

export type SaveAnswer =
  | { ok: true; payerId: string }
  /** `message`: the server's own words when it sent any; `fieldErrors`: its message per item field. */
  | { ok: false; message?: string; fieldErrors: Record<string, string> };

/**
 * Saves a payer of the lead: a payer with a `payerId` is changed (PUT), any other is created (POST; the
 * server updates the lead's payer with the same e-mail address instead). Answers the payer's id.
 */
export async function savePayer(leadId: string, payer: Payer, env: PayerApiEnv = {}): Promise<SaveAnswer> {
  const id = payer.payerId;
  const known = id !== undefined && id !== null && id !== '';
  const body = new URLSearchParams(flattenForForm({ lead_id: leadId, ...payer } as JsonValue, 'brackets'));
  let response: Response;
  try {
    response = await send(
      known ? `/api/v1/lead/payer/${encodeURIComponent(String(id))}` : '/api/v1/lead/payer',
      {
        method: known ? 'PUT' : 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      },
      env,
    );
  } catch {
    return { ok: false, fieldErrors: {} }; // no token, no network
  }
  const answer = await readJson(response);
  const payerId = answer?.payer_id;
  if (response.ok && answer?.status === true && (typeof payerId === 'string' || typeof payerId === 'number'))
    return { ok: true, payerId: String(payerId) };
  const fieldErrors: Record<string, string> = {};
  for (const error of Array.isArray(answer?.errors) ? answer.errors : []) {
    const { field, message } = (error ?? {}) as { field?: unknown; message?: unknown };
    if (typeof field === 'string' && field && typeof message === 'string' && !(field in fieldErrors))
      fieldErrors[field] = message;
  }
  const message = typeof answer?.message === 'string' && answer.message.trim() ? answer.message : undefined;
  return { ok: false, ...(message ? { message } : {}), fieldErrors };
}

/** One payer file as a document of the lead (call 10); answers its `doc_id`. Throws when the server refuses it. */
export function uploadPayerDocument(
  file: File,
  ids: { leadId: string; docKey: string; payerId?: string },
  env: PayerApiEnv = {},
): Promise<string> {
  return uploadLeadDocument(file, ids, env);
}
