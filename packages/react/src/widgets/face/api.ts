/**
 * POST {host}/api/v1/identity/face-recog (spec §7 call 5): the MP4 as `face` with the lead's
 * blocked-account number and passport document id, under a bearer token. Widgets may not import the
 * runner (`renderer/react`), so the token helper mirrors its `getToken`: the same storage keys, so both
 * share one cached token.
 */
import { leadTokenHeader } from '../../api/lead.js';
import { browserStorage } from '../../api/storage.js';
import { getToken } from '../../api/token.js';
import { type FaceOutcome, isFaceStatus } from './storage.js';

/** Browser-storage keys the blocked-account and KYC forms keep their ids under (spec §3). */
export const ACCOUNT_ID_KEY = 'account_id';
export const PASSPORT_ID_KEY = 'passport_id';

export type SubmitProblem =
  | 'face.submitFailed'
  | 'face.processingFailed'
  | 'face.genericError'
  | 'errors.noBlockedAccountId';

const ENGLISH: Record<SubmitProblem, string> = {
  'face.submitFailed': 'Failed to submit verification video. Please try again.',
  'face.processingFailed': 'Processing failed.',
  'face.genericError': 'Oops, something went wrong. Please try again later.',
  'errors.noBlockedAccountId': 'No blocked account ID found.',
};

/** `key` is the catalogue key of the message. */
export class FaceSubmitError extends Error {
  constructor(
    readonly key: SubmitProblem,
    cause?: unknown,
  ) {
    super(ENGLISH[key], { cause });
    this.name = 'FaceSubmitError';
  }
}

export interface FaceApiEnv {
  /** Base URL of the customer-relationship service (`{host}`); default same origin. */
  apiBase?: string;
  /** Active language, sent as `X-Language`. */
  language?: string;
  fetch?: typeof fetch;
  storage?: Storage;
}

/** The shared bearer token (renderer/core/api/token.ts); `fresh` after a 401. */
function bearerToken(env: FaceApiEnv, fresh = false): Promise<string> {
  return getToken(env, fresh);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** The ids the call names, from browser storage; a missing account number stops before any call. */
export function faceIdsFromStorage(env: FaceApiEnv = {}): { blockedAccountNo: string; documentId: string } {
  const storage = env.storage ?? browserStorage();
  const blockedAccountNo = storage?.getItem(ACCOUNT_ID_KEY) ?? '';
  if (!blockedAccountNo) throw new FaceSubmitError('errors.noBlockedAccountId');
  return { blockedAccountNo, documentId: storage?.getItem(PASSPORT_ID_KEY) ?? '' };
}

/** Sends the video and maps the answer: `data.doc_status` and `message`. */
export async function submitFaceVideo(
  video: Blob,
  ids: { blockedAccountNo: string; documentId: string },
  env: FaceApiEnv = {},
): Promise<FaceOutcome> {
  const doFetch = env.fetch ?? fetch;
  const send = async (fresh: boolean) => {
    const token = await bearerToken(env, fresh);
    const body = new FormData();
    // the container is MP4 whatever codecs the recorder names in its type (`video/mp4;codecs=vp9,opus`)
    body.append('face', new Blob([video], { type: 'video/mp4' }), 'face.mp4');
    body.append('blocked_acc_no', ids.blockedAccountNo);
    body.append('doc_type', 'passport');
    body.append('document_id', ids.documentId);
    const headers: Record<string, string> = {
      ...leadTokenHeader(env),
      Authorization: `Bearer ${token}`,
      Accept: 'application/json',
    };
    if (env.language) headers['X-Language'] = env.language;
    return doFetch(`${env.apiBase ?? ''}/api/v1/identity/face-recog`, { method: 'POST', headers, body });
  };
  let response: Response;
  try {
    response = await send(false);
    // a cached token the server no longer takes (expired early, another server's secret): once more with a new one
    if (response.status === 401) response = await send(true);
  } catch (error) {
    throw new FaceSubmitError('face.submitFailed', error);
  }
  const answer = (await readJson(response)) as { data?: { doc_status?: unknown }; message?: unknown } | undefined;
  // the server answers 502 'Processing failed.' when the verification service failed
  if (response.status === 502) throw new FaceSubmitError('face.processingFailed');
  if (!response.ok) throw new FaceSubmitError('face.submitFailed');
  const status = answer?.data?.doc_status;
  if (!isFaceStatus(status)) throw new FaceSubmitError('face.processingFailed');
  const message = typeof answer?.message === 'string' && answer.message.trim() ? answer.message : undefined;
  return message ? { status, message } : { status };
}
