/**
 * The server's own look at an uploaded file: its size, and its type as read from its bytes.
 * The declared type comes from the browser (the File's type, from its extension) and proves
 * nothing, so the first bytes must agree with it.
 */
import { fileTypeFromBuffer } from 'file-type';

/** Upload types the server knows, with the file-name extensions that go with them. */
export const UPLOAD_TYPES: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'application/pdf': ['pdf'],
  'video/mp4': ['mp4'],
  'video/webm': ['webm'],
};

/** Documents and images (the forms' upload fields: jpg, jpeg, png, gif, pdf). */
export const DOCUMENT_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/gif', 'application/pdf'];
/** Recorded videos (face verification). */
export const VIDEO_TYPES: readonly string[] = ['video/mp4', 'video/webm'];
/** Everything GET /api/upload-file hands out targets for. */
export const ALLOWED_UPLOAD_TYPES: readonly string[] = [...DOCUMENT_TYPES, ...VIDEO_TYPES];

/** Other spellings browsers and older code send for the same type. */
const ALIASES: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'application/x-pdf': 'application/pdf',
};

/**
 * The canonical form of a MIME type: lower case, without parameters (a MediaRecorder blob says
 * `video/webm;codecs=vp8,opus`), aliases resolved (`image/jpg` is not a registered type but the
 * spec's uploader sends it).
 */
export function normalizeMime(type: string): string {
  const bare = type.split(';')[0].trim().toLowerCase();
  return ALIASES[bare] ?? bare;
}

export type CheckFailure = 'empty' | 'too-small' | 'too-large' | 'type-not-allowed' | 'unknown-type' | 'type-mismatch';

export type CheckResult =
  | { ok: true; contentType: string; size: number }
  | { ok: false; reason: CheckFailure; message: string };

export interface CheckLimits {
  minBytes: number;
  maxBytes: number;
  /** Allowed MIME types (any spelling `normalizeMime` understands). */
  allowed: readonly string[];
}

function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${n} bytes`;
}

/** Both sizes, rounded unless rounding makes them look equal (10001 bytes vs 10000 bytes). */
function sizes(a: number, b: number): [string, string] {
  const [fa, fb] = [formatBytes(a), formatBytes(b)];
  return fa === fb ? [`${a} bytes`, `${b} bytes`] : [fa, fb];
}

/**
 * Checks one file's bytes against the declared type and the limits. Size comes first because it is
 * free; the sniffing reads only the first few kilobytes.
 */
export async function checkFile(bytes: Uint8Array, declaredType: string, limits: CheckLimits): Promise<CheckResult> {
  const size = bytes.byteLength;
  const declared = normalizeMime(declaredType);
  if (size === 0) return { ok: false, reason: 'empty', message: 'the file is empty' };
  if (size < limits.minBytes) {
    const [actual, limit] = sizes(size, limits.minBytes);
    return {
      ok: false,
      reason: 'too-small',
      message: `the file has ${actual}, less than the smallest allowed ${limit}`,
    };
  }
  if (size > limits.maxBytes) {
    const [actual, limit] = sizes(size, limits.maxBytes);
    return {
      ok: false,
      reason: 'too-large',
      message: `the file has ${actual}, more than the largest allowed ${limit}`,
    };
  }
  const allowed = limits.allowed.map(normalizeMime);
  if (!allowed.includes(declared)) {
    return {
      ok: false,
      reason: 'type-not-allowed',
      message: `the type ${declaredType} is not allowed (allowed: ${allowed.join(', ')})`,
    };
  }
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed) {
    return {
      ok: false,
      reason: 'unknown-type',
      message: `the file's content is not a known file type, not the declared ${declared}`,
    };
  }
  const found = normalizeMime(sniffed.mime);
  if (found !== declared) {
    return { ok: false, reason: 'type-mismatch', message: `the file is a ${found}, not the declared ${declared}` };
  }
  return { ok: true, contentType: declared, size };
}
