/**
 * The face-verification outcome kept in browser storage (spec §3: `customer_face_verification`), so a
 * reopened step knows an earlier success, and cleared whenever a new passport is uploaded.
 */

import { browserStorage } from '../../api/storage.js';

export type FaceStatus = 'accept' | 'review' | 'reject';

/** The field's value and the stored record: the answer's doc_status and message. */
export interface FaceOutcome {
  status: FaceStatus;
  message?: string;
}

export const FACE_STORAGE_KEY = 'customer_face_verification';
export const FACE_STATUSES: readonly FaceStatus[] = ['accept', 'review', 'reject'];

export function isFaceStatus(value: unknown): value is FaceStatus {
  return typeof value === 'string' && (FACE_STATUSES as readonly string[]).includes(value);
}

export function isFaceOutcome(value: unknown): value is FaceOutcome {
  if (!value || typeof value !== 'object') return false;
  const { status, message } = value as Record<string, unknown>;
  return isFaceStatus(status) && (message === undefined || typeof message === 'string');
}

/** The stored outcome, or undefined; a bare status string (older records) is read as well. */
export function readFaceOutcome(key = FACE_STORAGE_KEY, storage = browserStorage()): FaceOutcome | undefined {
  const text = storage?.getItem(key);
  if (!text) return undefined;
  if (isFaceStatus(text)) return { status: text };
  try {
    const parsed: unknown = JSON.parse(text);
    if (isFaceStatus(parsed)) return { status: parsed };
    return isFaceOutcome(parsed) ? { status: parsed.status, message: parsed.message } : undefined;
  } catch {
    return undefined;
  }
}

export function storeFaceOutcome(outcome: FaceOutcome, key = FACE_STORAGE_KEY, storage = browserStorage()): void {
  try {
    storage?.setItem(key, JSON.stringify(outcome));
  } catch {
    // a full or disabled storage only loses the "earlier success" shortcut
  }
}

/**
 * Forgets the stored outcome. Call it whenever a new passport is uploaded: a face verified against the
 * old document does not count for the new one.
 */
export function clearFaceVerification(key = FACE_STORAGE_KEY, storage = browserStorage()): void {
  storage?.removeItem(key);
}
