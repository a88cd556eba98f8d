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

/** An image's size as its header announces it, read without decoding a single pixel. */
export interface ImageSize {
  format: 'png' | 'jpeg' | 'gif' | 'webp';
  width: number;
  height: number;
  /**
   * The pixels a decoder allocates: width × height, and for a GIF the sum over all its frames (a GIF
   * decoder keeps every frame at the frame's own size, which the logical screen does not bound).
   */
  pixels: number;
}

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

function pngSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  // The signature, then IHDR, which must come first: length 13, type, width and height (big-endian).
  if (bytes.length < 24 || view.getUint32(8) !== 13 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return { format: 'png', width, height, pixels: width * height };
}

/**
 * The first start-of-frame segment, found by walking the segments exactly as libjpeg (the decoder
 * behind the OCR) does: after each segment it skips bytes up to the next 0xFF, fill bytes (0xFF) and
 * stuffed zeros (FF 00), then reads a marker; a marker with a length is skipped by that length. So a
 * file cannot show this reader one frame and the decoder another. A second start of image, the end of
 * image or a scan before any frame (all errors for the decoder) and a cut-off header answer null.
 */
function jpegSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  let offset = 2;
  for (;;) {
    // next marker
    while (offset < bytes.length && bytes[offset] !== 0xff) offset += 1;
    while (offset < bytes.length && bytes[offset] === 0xff) offset += 1;
    if (offset >= bytes.length) return null;
    const marker = bytes[offset];
    offset += 1;
    if (marker === 0x00) continue; // stuffed zero: not a marker
    // markers without a length: TEM and the restart markers
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda || offset + 2 > bytes.length) return null;
    const length = view.getUint16(offset);
    if (length < 2) return null;
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 8 || offset + 8 > bytes.length) return null;
      const height = view.getUint16(offset + 3);
      const width = view.getUint16(offset + 5);
      const components = bytes[offset + 7];
      // Grey, colour and CMYK are what gets decoded; other component counts are refused like a broken file.
      if (components !== 1 && components !== 3 && components !== 4) return null;
      return { format: 'jpeg', width, height, pixels: width * height };
    }
    offset += length;
  }
}

/** Skips a run of GIF data sub-blocks (size byte, data) up to and including the terminator; -1 when cut off. */
function skipSubBlocks(bytes: Uint8Array, offset: number): number {
  let at = offset;
  while (at < bytes.length) {
    const size = bytes[at];
    if (size === 0) return at + 1;
    at += 1 + size;
  }
  return -1;
}

/** The logical screen, and every frame's descriptor: frames are allocated at their own sizes. */
function gifSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  if (bytes.length < 13) return null;
  const width = view.getUint16(6, true);
  const height = view.getUint16(8, true);
  let framePixels = 0;
  let frames = 0;
  const packed = bytes[10];
  let offset = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  while (offset < bytes.length) {
    const block = bytes[offset];
    if (block === 0x3b) break; // trailer
    if (block === 0x21) {
      // extension: label, then sub-blocks
      offset = skipSubBlocks(bytes, offset + 2);
    } else if (block === 0x2c) {
      // image descriptor: left, top, width, height, packed; then a local colour table, the LZW code size and data
      if (offset + 10 > bytes.length) break;
      framePixels += view.getUint16(offset + 5, true) * view.getUint16(offset + 7, true);
      frames += 1;
      const local = bytes[offset + 9];
      offset += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0) + 1;
      offset = skipSubBlocks(bytes, offset);
    } else {
      return null; // not a GIF block: a decoder stops with an error, so should we
    }
    if (offset < 0) break; // cut off: what was counted so far is what a decoder would have allocated
  }
  if (frames === 0) return null;
  return { format: 'gif', width, height, pixels: Math.max(width * height, framePixels) };
}

/** A still WebP: the canvas of an extended file (VP8X), or the frame header of a lossy or lossless one. */
function webpSize(bytes: Uint8Array, view: DataView): ImageSize | null {
  if (bytes.length < 30) return null;
  const chunk = ascii(bytes, 12, 4);
  let width: number;
  let height: number;
  if (chunk === 'VP8X') {
    width = 1 + (bytes[24] | (bytes[25] << 8) | (bytes[26] << 16));
    height = 1 + (bytes[27] | (bytes[28] << 8) | (bytes[29] << 16));
  } else if (chunk === 'VP8 ') {
    // frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    width = view.getUint16(26, true) & 0x3fff;
    height = view.getUint16(28, true) & 0x3fff;
  } else if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = view.getUint32(21, true);
    width = 1 + (bits & 0x3fff);
    height = 1 + ((bits >>> 14) & 0x3fff);
  } else return null;
  return { format: 'webp', width, height, pixels: width * height };
}

/**
 * Width, height and pixel count of a PNG, JPEG, GIF or WebP from its header alone; null for any other
 * format and for a header that is broken or does not say. Reading it costs microseconds whatever the
 * image announces, which is the point: a 150 KB PNG can announce 12,000 × 12,000 pixels, and decoding
 * it would take hundreds of megabytes and many seconds.
 */
export function readImageSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.length < 4) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const head = (signature: number[]) => signature.every((b, i) => bytes[i] === b);
  let size: ImageSize | null = null;
  if (head([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) size = pngSize(bytes, view);
  else if (head([0xff, 0xd8, 0xff])) size = jpegSize(bytes, view);
  else if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') size = gifSize(bytes, view);
  else if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') size = webpSize(bytes, view);
  // an image without pixels is as unreadable as a broken one
  if (!size || size.width === 0 || size.height === 0) return null;
  return size;
}

export type PixelCheck =
  | { ok: true; size: ImageSize }
  | { ok: false; reason: 'unknown-size' | 'too-many-pixels'; message: string; size?: ImageSize };

const megapixels = (n: number) => `${Number((n / 1e6).toFixed(1))} megapixels`;

/**
 * Whether an image is small enough to decode: at most `maxPixels` pixels by its header (see
 * `readImageSize`). Checked before anything decodes the image; the caller answers 413 for too many.
 */
export function checkImagePixels(bytes: Uint8Array, maxPixels: number): PixelCheck {
  const size = readImageSize(bytes);
  if (!size) {
    return {
      ok: false,
      reason: 'unknown-size',
      message: "the image's width and height could not be read from its header (PNG, JPEG, GIF or WebP expected)",
    };
  }
  if (size.pixels > maxPixels) {
    const frames = size.pixels > size.width * size.height ? ' in its frames' : '';
    return {
      ok: false,
      reason: 'too-many-pixels',
      size,
      message: `the image has ${size.width} × ${size.height} pixels (${megapixels(size.pixels)}${frames}), more than the ${megapixels(maxPixels)} that can be read; please upload a smaller photo`,
    };
  }
  return { ok: true, size };
}
