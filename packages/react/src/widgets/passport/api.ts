/**
 * The server calls of a passport upload (spec 000 §7): the lead-level upload (call 10, POST
 * {host}/api/v1/lead/upload-file → doc_id kept as passport_id), document verification (call 3, POST
 * {host}/api/v1/identity/verify-doc) and text extraction (call 4, POST /api/mrz-ocr). The signed storage
 * upload is `widgets/upload/signedUpload.ts`. Calls to `{host}` go through renderer/core/api/lead.ts, under
 * the bearer token the runner uses too.
 */
import { leadRequest, uploadLeadDocument as uploadToLead } from '../../api/lead.js';
import { browserStorage as sharedBrowserStorage } from '../../api/storage.js';

export { LEAD_ID_KEY } from '../../api/lead.js';

/** Browser-storage keys of the blocked-account and KYC forms (spec 000 §3). */
export const ACCOUNT_ID_KEY = 'account_id';
export const PASSPORT_ID_KEY = 'passport_id';

export type PassportProblem =
  | 'errors.missingLeadId'
  | 'errors.documentVerification'
  | 'errors.passportProcessing'
  | 'upload.failed';

const ENGLISH: Record<PassportProblem, string> = {
  'errors.missingLeadId': 'Missing lead identifier. Please complete Step 1 first.',
  'errors.documentVerification': 'Document verification failed. Please try again.',
  'errors.passportProcessing': 'An error occurred while processing the passport. Please try again.',
  'upload.failed': 'Upload failed.',
};

/** `key` is the catalogue key of the message (the message is the English text). */
export class PassportError extends Error {
  constructor(
    readonly key: PassportProblem,
    options?: { cause?: unknown },
  ) {
    super(ENGLISH[key], options);
    this.name = 'PassportError';
  }
}

export interface PassportApiEnv {
  /** Base URL of the API and of the customer-relationship service (`{host}`); default same origin. */
  apiBase?: string;
  /** Active language, sent as `X-Language`. */
  language?: string;
  fetch?: typeof fetch;
  storage?: Storage;
  signal?: AbortSignal;
}

export function browserStorage(env: Pick<PassportApiEnv, 'storage'> = {}): Storage | undefined {
  return env.storage ?? sharedBrowserStorage();
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** A multipart POST; with `auth`, under the shared bearer token (renewed once after a 401). */
async function post(path: string, body: () => FormData, env: PassportApiEnv, auth: boolean): Promise<Response> {
  if (auth) return leadRequest(path, { method: 'POST', body }, env);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (env.language) headers['X-Language'] = env.language;
  return (env.fetch ?? fetch)(`${env.apiBase ?? ''}${path}`, {
    method: 'POST',
    headers,
    body: body(),
    signal: env.signal,
  });
}

/** Call 10, lead level: the file as the lead's document of kind `docKey`; answers the document id. */
export async function uploadLeadDocument(
  file: File,
  ids: { leadId: string; docKey: string },
  env: PassportApiEnv = {},
): Promise<string> {
  try {
    return await uploadToLead(file, ids, env);
  } catch (error) {
    throw new PassportError('upload.failed', { cause: error });
  }
}

export type DocStatus = 'accept' | 'review' | 'reject';

export interface DocumentVerification {
  status: DocStatus;
  details: unknown;
  /** The server's own words, when it sent any. */
  message?: string;
}

/** Call 3: document verification of the passport image. */
export async function verifyPassport(
  file: File,
  ids: { documentId: string; blockedAccountNo: string },
  env: PassportApiEnv = {},
): Promise<DocumentVerification> {
  const response = await post(
    '/api/v1/identity/verify-doc',
    () => {
      const form = new FormData();
      form.append('document_id', ids.documentId);
      form.append('doc_type', 'passport');
      form.append('document', file, file.name);
      form.append('blocked_acc_no', ids.blockedAccountNo);
      return form;
    },
    env,
    true,
  );
  const answer = (await readJson(response)) as
    | { data?: { doc_status?: unknown; details?: unknown }; message?: unknown }
    | undefined;
  const status = answer?.data?.doc_status;
  if (!response.ok || (status !== 'accept' && status !== 'review' && status !== 'reject')) {
    throw new PassportError('errors.documentVerification');
  }
  const message = typeof answer?.message === 'string' && answer.message.trim() ? answer.message : undefined;
  return { status, details: answer?.data?.details, ...(message ? { message } : {}) };
}

/** Call 4: the passport's text; answers `extractedData` (a JSON string). */
export async function extractPassportText(file: File, env: PassportApiEnv = {}): Promise<unknown> {
  const response = await post(
    '/api/mrz-ocr',
    () => {
      const form = new FormData();
      form.append('file', file, file.name);
      return form;
    },
    env,
    false,
  );
  if (!response.ok) throw new Error(`API responded with status ${response.status}`);
  const answer = (await readJson(response)) as { extractedData?: unknown } | undefined;
  return answer?.extractedData;
}
