/**
 * The lead-level upload (spec 000 §7 call 10, POST {host}/api/v1/lead/upload-file) of an upload field with
 * `target: 'lead'` (or `'both'`, the signed storage too) and a document kind (`docKey`, or the value of the
 * field `docKeyFrom` names). A surrounding form may offer its own through `formContext.uploadLeadDocument`
 * (the payer dialog, which adds the payer); otherwise the file goes to the lead whose id the sign-up step
 * stored. The answered document id is kept in the upload record as `docId`.
 */
import { type LeadApiEnv, storedLeadId, uploadLeadDocument } from '../../api/lead.js';

export type LeadDocumentUpload = (file: File, docKey: string, signal: AbortSignal) => Promise<string>;

export interface LeadUploadContext {
  uploadLeadDocument?: LeadDocumentUpload;
}

/** No lead id stored: the sign-up step has not been completed (spec 000 §8). */
export class MissingLeadError extends Error {
  constructor() {
    super('Missing lead identifier. Please complete Step 1 first.');
    this.name = 'MissingLeadError';
  }
}

/** The lead upload for a field's settings, or undefined when the field does not go to the lead. */
export function leadUploadFor(
  formContext: unknown,
  target: string | undefined,
  docKey: string | undefined,
  env: Pick<LeadApiEnv, 'apiBase' | 'language' | 'storage' | 'fetch'> = {},
): LeadDocumentUpload | undefined {
  if ((target !== 'lead' && target !== 'both') || !docKey) return undefined;
  const offered = (formContext as LeadUploadContext | undefined)?.uploadLeadDocument;
  if (typeof offered === 'function') return offered;
  return (file, key, signal) => {
    const leadId = storedLeadId(env);
    if (!leadId) return Promise.reject(new MissingLeadError());
    return uploadLeadDocument(file, { leadId, docKey: key }, { ...env, signal });
  };
}
