/**
 * The browser-storage keys the widgets keep values under, registered with the engine so that a declined or
 * finished draft forgets them too (see `engine/storageKeys.ts`).
 */
import type { SubmitSettings } from '@antrag/core/dsl/types';
import { callStorageKeys } from '../engine/draft.js';
import { registerStorageKeys } from '../engine/storageKeys.js';
import { FACE_STORAGE_KEY } from './face/storage.js';
import { PASSPORT_ID_KEY } from './passport/api.js';
import { CURRENT_ID_KEY, EMAILS_KEY } from './payers/storage.js';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

registerStorageKeys('faceCapture', (options) => [text(options.storageKey) ?? FACE_STORAGE_KEY]);
// a new passport clears the keys of `clearsStorage` that name no form field (the others are form fields)
registerStorageKeys('passportUpload', (options, form) => [
  PASSPORT_ID_KEY,
  ...((options.clearsStorage as string[] | undefined) ?? []).filter((key) => !form.fields[key]),
]);
registerStorageKeys('payers', (options) => [
  text(options.emailsStorageKey) ?? EMAILS_KEY,
  text(options.currentIdStorageKey) ?? CURRENT_ID_KEY,
]);
registerStorageKeys('otp', (options) => callStorageKeys(options.send as SubmitSettings | undefined));
