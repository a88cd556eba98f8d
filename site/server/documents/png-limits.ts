/**
 * The compressed data of a PNG, bounded by what its pixels can need, checked before OCR decodes it.
 *
 * The pixel limit (files/check.ts) reads only the header, and a PNG's header says nothing of how much
 * compressed data follows: a 100 × 100 PNG whose image data (IDAT) goes on with 2 GB of deflated zeros is
 * a 2 MB upload, and the OCR's decoder inflated all of it (11–16 s of a worker each, issue 14). So:
 * - the image data may not be larger compressed than its rows could ever need (`idatLimit`: the raw size
 *   with the worst expansion a deflate encoder produces), nor inflate to more than the rows (`rawImageBytes`,
 *   counted while inflating in zlib's thread pool and stopped at the limit, so the check never holds the
 *   event loop or more than a chunk of memory);
 * - compressed text and colour-profile chunks (zTXt, iTXt, iCCP) may be 1 MB compressed in all and may not
 *   inflate to more than 8 MB in all (a phone's profile is a few KB).
 */
import { createInflate } from 'node:zlib';

/** zTXt, iTXt and iCCP together, compressed. */
export const MAX_ANCILLARY_COMPRESSED = 1024 * 1024;
/** zTXt, iTXt and iCCP together, inflated. */
export const MAX_ANCILLARY_INFLATED = 8 * 1024 * 1024;

export type PngCheck = { ok: true } | { ok: false; message: string };

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const count = (n: number) => n.toLocaleString('en-US');

/**
 * The bytes of the image's rows after inflating (each row: a filter byte, then its pixels), for the header's
 * size, bit depth, colour type and interlacing (Adam7 stores seven smaller images, each row with its filter byte).
 */
export function rawImageBytes(
  width: number,
  height: number,
  bitDepth: number,
  colourType: number,
  interlaced: boolean,
): number {
  const bitsPerPixel = (CHANNELS[colourType] ?? 4) * bitDepth;
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bitsPerPixel) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  // Adam7: starting column/row and step of each pass
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ];
  let total = 0;
  for (const [x0, y0, dx, dy] of passes) {
    total += rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy));
  }
  return total;
}

/**
 * The most compressed image data an honest encoder writes for `raw` bytes of rows: deflate never needs
 * more than stored blocks (5 bytes per 65,535) and zlib's 6, but an encoder limited to fixed Huffman codes
 * can spend 9 bits on a byte; an eighth more, plus 64 KB, covers every encoder.
 */
export function idatLimit(raw: number): number {
  return Math.ceil(raw * 1.125) + 65_536;
}

interface Chunk {
  type: string;
  start: number;
  end: number;
}

function chunks(bytes: Uint8Array): Chunk[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: Chunk[] = [];
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]);
    const start = at + 8;
    // a chunk cut off by the end of the file is counted with what is there: the decoder reads no more either
    const end = Math.min(start + length, bytes.length);
    found.push({ type, start, end });
    if (type === 'IEND') break;
    at = start + length + 4;
  }
  return found.length ? found : null;
}

/** Bytes that `parts` inflate to (one zlib stream), stopping as soon as more than `limit` came out. */
async function inflatedSize(parts: Uint8Array[], limit: number): Promise<{ bytes: number; over: boolean }> {
  const inflate = createInflate({ finishFlush: 2 /* Z_SYNC_FLUSH: a stream cut short is not an error here */ });
  let bytes = 0;
  let over = false;
  return new Promise((resolve) => {
    const finish = () => resolve({ bytes, over });
    inflate.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit && !over) {
        over = true;
        inflate.destroy();
        finish();
      }
    });
    inflate.on('end', finish);
    // a broken stream is the decoder's to report (as "not a readable image"), not this check's
    inflate.on('error', finish);
    inflate.on('close', finish);
    for (const part of parts) inflate.write(part);
    inflate.end();
  });
}

/** Where the compressed text of a zTXt, iTXt or iCCP chunk starts; -1 when it holds none. */
function compressedStart(bytes: Uint8Array, chunk: Chunk): number {
  const nul = bytes.indexOf(0, chunk.start);
  if (nul < 0 || nul >= chunk.end) return -1;
  if (chunk.type !== 'iTXt') return nul + 2; // keyword or profile name, NUL, method
  if (bytes[nul + 1] !== 1) return -1; // iTXt with its compression flag off
  // keyword NUL, flag, method, language tag NUL, translated keyword NUL, text
  const language = bytes.indexOf(0, nul + 3);
  if (language < 0 || language >= chunk.end) return -1;
  const translated = bytes.indexOf(0, language + 1);
  return translated < 0 || translated >= chunk.end ? -1 : translated + 1;
}

/**
 * Whether a PNG's compressed data is in proportion to its pixels (see the comment at the top). Any other
 * format, and a PNG whose header cannot be read, pass: the pixel check and the decoder answer for those.
 */
export async function checkPngData(bytes: Uint8Array): Promise<PngCheck> {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 33 || !signature.every((b, i) => bytes[i] === b)) return { ok: true };
  const list = chunks(bytes) ?? [];
  const first = list[0];
  if (first?.type !== 'IHDR' || first.end - first.start < 13) return { ok: true };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = first.start;
  const width = view.getUint32(header);
  const height = view.getUint32(header + 4);
  const raw = rawImageBytes(width, height, bytes[header + 8], bytes[header + 9], bytes[header + 12] === 1);
  const size = `${width} × ${height}`;

  const idat = list.filter((c) => c.type === 'IDAT');
  const compressed = idat.reduce((sum, c) => sum + (c.end - c.start), 0);
  if (compressed > idatLimit(raw)) {
    return {
      ok: false,
      message: `the PNG's image data is ${count(compressed)} bytes, more than a ${size} image can need (${count(idatLimit(raw))}); please upload an ordinary photo of the passport page`,
    };
  }
  const ancillary = list.filter((c) => c.type === 'zTXt' || c.type === 'iTXt' || c.type === 'iCCP');
  const ancillaryBytes = ancillary.reduce((sum, c) => sum + (c.end - c.start), 0);
  if (ancillaryBytes > MAX_ANCILLARY_COMPRESSED) {
    return {
      ok: false,
      message: `the PNG carries ${count(ancillaryBytes)} bytes of compressed text or colour profile, more than the ${count(MAX_ANCILLARY_COMPRESSED)} that are read; please upload an ordinary photo of the passport page`,
    };
  }

  // Slack for encoders that end the stream with an empty block or two; the rows themselves are exact.
  const rowsLimit = raw + 1024;
  const inflated = await inflatedSize(
    idat.map((c) => bytes.subarray(c.start, c.end)),
    rowsLimit,
  );
  if (inflated.over) {
    return {
      ok: false,
      message: `the PNG's image data inflates to more than the ${count(raw)} bytes a ${size} image has; please upload an ordinary photo of the passport page`,
    };
  }
  let text = 0;
  for (const chunk of ancillary) {
    const at = compressedStart(bytes, chunk);
    if (at < 0 || at >= chunk.end) continue;
    const { bytes: size, over } = await inflatedSize([bytes.subarray(at, chunk.end)], MAX_ANCILLARY_INFLATED - text);
    text += size;
    if (over) {
      return {
        ok: false,
        message: `the PNG's compressed text or colour profile inflates to more than ${count(MAX_ANCILLARY_INFLATED)} bytes; please upload an ordinary photo of the passport page`,
      };
    }
  }
  return { ok: true };
}
