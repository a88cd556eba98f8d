/**
 * Works around a subsetting bug of @pdf-lib/fontkit 1.1.1: it copies each glyph's bytes unchanged and then
 * writes the short `loca` format (offsets / 2) whenever the subset is small. Fonts built by current
 * fontTools (Google's Noto among them) use the long format with unpadded, often odd-length glyphs, so the
 * halved offsets point between glyphs and most letters come out blank or garbled.
 *
 * `withEvenGlyphs` rewrites such a TrueType file with every glyph padded to a 4-byte boundary (what the
 * OpenType spec recommends anyway); the outlines are unchanged. Fonts that are already padded, and fonts
 * without a `glyf` table (CFF), are returned as they are.
 */

interface TableRecord {
  tag: string;
  offset: number;
  length: number;
}

function readTables(view: DataView): TableRecord[] {
  const count = view.getUint16(4);
  const tables: TableRecord[] = [];
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(
      view.getUint8(at),
      view.getUint8(at + 1),
      view.getUint8(at + 2),
      view.getUint8(at + 3),
    );
    tables.push({ tag, offset: view.getUint32(at + 8), length: view.getUint32(at + 12) });
  }
  return tables;
}

function checksum(bytes: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < bytes.length; i += 4) {
    const word =
      ((bytes[i] << 24) | ((bytes[i + 1] ?? 0) << 16) | ((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0)) >>> 0;
    sum = (sum + word) >>> 0;
  }
  return sum;
}

const pad4 = (n: number) => (n + 3) & ~3;

export function withEvenGlyphs(font: Uint8Array): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = readTables(view);
  const find = (tag: string) => tables.find((t) => t.tag === tag);
  const head = find('head');
  const maxp = find('maxp');
  const loca = find('loca');
  const glyf = find('glyf');
  if (!head || !maxp || !loca || !glyf) return font;

  const numGlyphs = view.getUint16(maxp.offset + 4);
  const longOffsets = view.getInt16(head.offset + 50) === 1;
  const offsetAt = (i: number) =>
    longOffsets ? view.getUint32(loca.offset + i * 4) : view.getUint16(loca.offset + i * 2) * 2;
  const offsets = Array.from({ length: numGlyphs + 1 }, (_, i) => offsetAt(i));
  if (offsets.every((o) => o % 2 === 0)) return font;

  // the glyphs again, each padded with zeros to a multiple of 4 bytes, and long offsets to them
  const starts: number[] = [];
  let size = 0;
  for (let i = 0; i < numGlyphs; i++) {
    starts.push(size);
    size += pad4(Math.max(0, offsets[i + 1] - offsets[i]));
  }
  starts.push(size);
  const newGlyf = new Uint8Array(size);
  for (let i = 0; i < numGlyphs; i++) {
    const length = Math.max(0, offsets[i + 1] - offsets[i]);
    newGlyf.set(font.subarray(glyf.offset + offsets[i], glyf.offset + offsets[i] + length), starts[i]);
  }
  const newLoca = new Uint8Array((numGlyphs + 1) * 4);
  const locaView = new DataView(newLoca.buffer);
  starts.forEach((start, i) => {
    locaView.setUint32(i * 4, start);
  });
  const newHead = font.slice(head.offset, head.offset + head.length);
  const headView = new DataView(newHead.buffer);
  headView.setUint32(8, 0); // checkSumAdjustment, recomputed below
  headView.setInt16(50, 1); // indexToLocFormat: long

  const body = new Map<string, Uint8Array>();
  for (const t of tables) body.set(t.tag, font.subarray(t.offset, t.offset + t.length));
  body.set('glyf', newGlyf);
  body.set('loca', newLoca);
  body.set('head', newHead);

  // table directory in the original order, tables 4-byte aligned after it
  const directorySize = 12 + tables.length * 16;
  let total = directorySize;
  for (const t of tables) total += pad4((body.get(t.tag) as Uint8Array).length);
  const out = new Uint8Array(total);
  const outView = new DataView(out.buffer);
  out.set(font.subarray(0, 12), 0);
  let at = directorySize;
  tables.forEach((t, i) => {
    const bytes = body.get(t.tag) as Uint8Array;
    const record = 12 + i * 16;
    for (let k = 0; k < 4; k++) outView.setUint8(record + k, t.tag.charCodeAt(k));
    outView.setUint32(record + 4, checksum(bytes));
    outView.setUint32(record + 8, at);
    outView.setUint32(record + 12, bytes.length);
    out.set(bytes, at);
    at += pad4(bytes.length);
  });
  const headAt = outView.getUint32(12 + tables.findIndex((t) => t.tag === 'head') * 16 + 8);
  outView.setUint32(headAt + 8, (0xb1b0afba - checksum(out)) >>> 0);
  return out;
}
