/**
 * Upload file names and the MIME types that go with them. The browser generates the name
 * (`<id>_<unique id>.<original extension>`, passports `Passport_<unique id>.<ext>`) and declares the
 * type; both are checked here before the server signs anything for them.
 */
import { ALLOWED_UPLOAD_TYPES, normalizeMime, UPLOAD_TYPES } from './check.js';

/** Uploads live under this prefix in the store, apart from anything the server writes itself. */
export const UPLOAD_KEY_PREFIX = 'uploads/';

/**
 * Smallest upload, bytes. The forms' own lower bound (0.1 MB in one uploader, none in the booking
 * forms) is a browser-side rule; the server only refuses empty files, so no form is broken by it.
 */
export const MIN_UPLOAD_BYTES = 1;

const MAX_NAME_LENGTH = 200;
/** One flat name (no slashes, so no folders and no climbing), starting with a letter or digit. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function uploadKey(fileName: string): string {
  return `${UPLOAD_KEY_PREFIX}${fileName}`;
}

/** Why `name` cannot be a generated upload file name, or undefined when it can. */
function fileNameProblem(name: string): string | undefined {
  if (name.length > MAX_NAME_LENGTH || !FILE_NAME.test(name) || name.includes('..')) {
    return `'file' must be a generated file name of at most ${MAX_NAME_LENGTH} letters, digits, '_', '-' and '.', starting with a letter or digit`;
  }
  return undefined;
}

/**
 * Why `key` is not the key of an upload (`uploads/` and one generated file name: no folders, no '..'),
 * or undefined when it is. Every key GET /api/upload-file signs passes; the upload target checks the
 * key of each policy it is shown again, so no policy reaches the store with another key.
 */
export function uploadKeyProblem(key: string): string | undefined {
  const shown = key.length > 80 ? `${key.slice(0, 80)}…` : key;
  if (!key.startsWith(UPLOAD_KEY_PREFIX)) return `the key '${shown}' is not under '${UPLOAD_KEY_PREFIX}'`;
  const name = key.slice(UPLOAD_KEY_PREFIX.length);
  if (fileNameProblem(name)) {
    return `the key '${shown}' is not '${UPLOAD_KEY_PREFIX}' and one generated file name (letters, digits, '_', '-' and '.', no '/' and no '..')`;
  }
  return undefined;
}

/** The extension of a name, lower case, without the dot ('' when there is none). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The canonical MIME type a file name's extension stands for, if it is an upload type. */
export function typeForFileName(name: string): string | undefined {
  const ext = extensionOf(name);
  return Object.entries(UPLOAD_TYPES).find(([, exts]) => exts.includes(ext))?.[0];
}

export type UploadRequestCheck =
  | { ok: true; fileName: string; key: string; contentType: string }
  | { ok: false; message: string };

/**
 * Checks the query of GET /api/upload-file. The extension must fit the declared type: the name ends
 * up as the stored file's name, and a `.pdf` that holds a PNG would mislead whoever opens it later.
 */
export function checkUploadRequest(
  query: { file?: unknown; fileType?: unknown },
  allowed: readonly string[] = ALLOWED_UPLOAD_TYPES,
): UploadRequestCheck {
  const { file, fileType } = query;
  if (typeof file !== 'string' || file === '') {
    return { ok: false, message: "the query parameter 'file' (the generated file name) is required, once" };
  }
  if (typeof fileType !== 'string' || fileType === '') {
    return { ok: false, message: "the query parameter 'fileType' (the file's MIME type) is required, once" };
  }
  const nameProblem = fileNameProblem(file);
  if (nameProblem) return { ok: false, message: nameProblem };
  const contentType = normalizeMime(fileType);
  if (!allowed.includes(contentType)) {
    return {
      ok: false,
      message: `the file type '${fileType}' is not accepted; accepted types: ${allowed.join(', ')}`,
    };
  }
  const extensions = UPLOAD_TYPES[contentType] ?? [];
  const ext = extensionOf(file);
  if (!extensions.includes(ext)) {
    return {
      ok: false,
      message: `the file name must end in ${extensions.map((e) => `.${e}`).join(' or ')} for the type ${contentType}${ext ? `, not .${ext}` : ''}`,
    };
  }
  return { ok: true, fileName: file, key: uploadKey(file), contentType };
}
