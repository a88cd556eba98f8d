/** The file store for a configuration, and what the rest of the server needs from this folder. */
import type { Config } from '../config.js';
import type { FileStore } from '../context.js';
import { LocalFileStore } from './local.js';
import { S3FileStore } from './s3.js';

export { ALLOWED_UPLOAD_TYPES, type CheckResult, checkFile, normalizeMime } from './check.js';
export { type ConfirmResult, confirmUpload } from './confirm.js';
export { assertSafeKey, keyProblem } from './keys.js';
export { LocalFileStore } from './local.js';
export { checkUploadRequest, typeForFileName, UPLOAD_KEY_PREFIX, uploadKey, uploadKeyProblem } from './names.js';
export { markUploadsUsed, UploadGone, uploadKeysIn } from './records.js';
export { registerUploadRoutes } from './routes.js';
export { S3FileStore } from './s3.js';
export { type FileSweeper, type SweepResult, startFileSweeper, sweepOrphanFiles } from './sweep.js';

/**
 * `local` keeps files under `<dataDir>/files` and hands out the relative upload URL `/api/upload`
 * (pass `baseUrl`, e.g. `config.publicUrl`, when the pages live on another origin); `s3` uses the
 * configured bucket.
 */
export function createFileStore(config: Config, options: { baseUrl?: string } = {}): FileStore {
  return config.storage.driver === 's3' ? S3FileStore.fromConfig(config) : LocalFileStore.fromConfig(config, options);
}
