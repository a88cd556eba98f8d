/**
 * One passport upload from start to end, without React (spec 000 §4 "Passport upload", §7 calls 3, 4, 10):
 * 1. uploading — the signed storage upload and/or the lead-level upload (`target`), in parallel; the lead
 *    upload's doc_id is the passport's document id (kept as passport_id);
 * 2. verifying — document verification and text extraction, in parallel; a failed extraction is only logged;
 * 3. the outcome — 'reject' stops with the server's message, otherwise the extraction (or, when it is empty,
 *    the verification details) is what fills the passport fields.
 */
import { signedUpload } from '../upload/signedUpload.js';
import {
  type DocStatus,
  extractPassportText,
  type PassportApiEnv,
  PassportError,
  uploadLeadDocument,
  verifyPassport,
} from './api.js';
import { chooseFacts, detailsAsFacts, type PassportFacts, parseExtractedData } from './extracted.js';

export type UploadTarget = 'signed' | 'lead' | 'both';

export interface PassportRun {
  /** The file under its stored name ('Passport_{unique id}.{ext}'). */
  file: File;
  target: UploadTarget;
  docKey: string;
  leadId: string;
  blockedAccountNo: string;
  /** The earlier document id, used when this upload makes none (target 'signed'). */
  previousDocumentId?: string;
  env: PassportApiEnv;
  onProgress?: (percent: number) => void;
  onStage?: (stage: 'uploading' | 'verifying') => void;
}

export type PassportOutcome =
  | {
      status: Exclude<DocStatus, 'reject'>;
      docId?: string;
      facts: PassportFacts;
      source: 'extraction' | 'verification' | 'none';
      message?: string;
    }
  | { status: 'reject'; docId?: string; message?: string };

/** The signed-upload sequence as a promise, aborted with the run. */
function signedUploadOf(file: File, env: PassportApiEnv, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const handle = signedUpload({
      file,
      fileName: file.name,
      apiBase: env.apiBase,
      fetch: env.fetch,
      onProgress,
      onSuccess: () => resolve(),
      onError: (error) => reject(new PassportError('upload.failed', { cause: error })),
    });
    env.signal?.addEventListener('abort', () => {
      handle.abort();
      reject(env.signal?.reason ?? new DOMException('aborted', 'AbortError'));
    });
  });
}

export async function processPassport(run: PassportRun): Promise<PassportOutcome> {
  const { file, target, env } = run;
  run.onStage?.('uploading');
  const uploads: [Promise<void> | undefined, Promise<string> | undefined] = [
    target === 'lead' ? undefined : signedUploadOf(file, env, (p) => run.onProgress?.(p)),
    target === 'signed' ? undefined : uploadLeadDocument(file, { leadId: run.leadId, docKey: run.docKey }, env),
  ];
  let docId: string | undefined;
  try {
    [, docId] = await Promise.all(uploads);
  } catch (error) {
    if (error instanceof PassportError || env.signal?.aborted) throw error;
    throw new PassportError('upload.failed', { cause: error });
  }
  run.onProgress?.(100);
  run.onStage?.('verifying');

  const extraction = extractPassportText(file, env).then(
    (data) => parseExtractedData(data),
    (error: unknown) => {
      if (!env.signal?.aborted) console.warn('passport text extraction failed', error);
      return {};
    },
  );
  const verification = verifyPassport(
    file,
    { documentId: docId ?? run.previousDocumentId ?? '', blockedAccountNo: run.blockedAccountNo },
    env,
  ).catch((error: unknown) => {
    if (error instanceof PassportError || env.signal?.aborted) throw error;
    throw new PassportError('errors.documentVerification', { cause: error });
  });
  const [verified, extracted] = await Promise.all([verification, extraction]);
  if (verified.status === 'reject') return { status: 'reject', docId, message: verified.message };
  const chosen = chooseFacts(extracted, detailsAsFacts(verified.details));
  return { status: verified.status, docId, ...chosen, ...(verified.message ? { message: verified.message } : {}) };
}
