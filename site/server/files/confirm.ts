/**
 * Confirms an upload before the server relies on it. Local uploads are checked as they arrive (POST
 * /api/upload) and have a row already; an S3 upload goes straight to the bucket, where S3 enforces
 * key, type and size but cannot read the bytes, so its check happens here, the first time a
 * submission refers to the file.
 */
import type { ServerContext, StoredFile } from '../context.js';
import { ALLOWED_UPLOAD_TYPES, checkFile } from './check.js';
import { keyProblem } from './keys.js';
import { MIN_UPLOAD_BYTES, typeForFileName } from './names.js';
import { claimUpload, findUpload } from './records.js';

export type ConfirmResult =
  | { ok: true; file: StoredFile }
  | { ok: false; reason: 'invalid-key' | 'not-found' | 'rejected'; message: string };

/**
 * The accepted file under `key`, checking and recording it if that has not happened yet. A file
 * that fails the check is deleted from the store, so it cannot be referred to again.
 */
export async function confirmUpload(ctx: ServerContext, key: string): Promise<ConfirmResult> {
  const problem = keyProblem(key);
  if (problem) return { ok: false, reason: 'invalid-key', message: problem };
  const recorded = await findUpload(ctx.db, key);
  if (recorded) return { ok: true, file: recorded };

  // GET /api/upload-file only signs names whose extension fits the declared type, and the store
  // enforced that type, so the extension tells the declared type.
  const declared = typeForFileName(key);
  if (!declared) return { ok: false, reason: 'invalid-key', message: `'${key}' has no upload file extension` };
  const bytes = await ctx.files.get(key);
  if (!bytes) return { ok: false, reason: 'not-found', message: `no file was uploaded as '${key}'` };

  const checked = await checkFile(bytes, declared, {
    minBytes: MIN_UPLOAD_BYTES,
    maxBytes: ctx.config.storage.maxUploadBytes,
    allowed: ALLOWED_UPLOAD_TYPES,
  });
  if (!checked.ok) {
    await ctx.files.delete(key);
    return { ok: false, reason: 'rejected', message: checked.message };
  }
  const file = { key, contentType: checked.contentType, size: checked.size };
  if (await claimUpload(ctx.db, file)) return { ok: true, file };
  // Another request confirmed it meanwhile (then its row is there), or the orphan sweep claimed the key
  // (then the file is being deleted and must not be used).
  const live = await findUpload(ctx.db, key);
  if (live) return { ok: true, file: live };
  return { ok: false, reason: 'not-found', message: `the file '${key}' is no longer kept; upload it again` };
}
