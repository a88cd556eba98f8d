/**
 * Small real files for the upload tests, made here rather than kept as binaries: each carries the
 * magic numbers file-type reads, and nothing more than that needs.
 */

import type { Config } from '../../../../site/server/config.js';
import { loadConfig } from '../../../../site/server/config.js';

/** A valid 1×1 transparent PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A minimal PDF: header, one catalog object, trailer. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** A JFIF header and the end-of-image marker. */
export const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

/** A 1×1 GIF89a. */
export const GIF = Buffer.from(
  'GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;',
  'latin1',
);

/** An ISO base media `ftyp` box (brand isom) and an empty `free` box. */
export const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x20]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2avc1mp41'),
  Buffer.from([0, 0, 0, 8]),
  Buffer.from('free'),
]);

/** An EBML header whose DocType is "webm". */
export const WEBM = Buffer.from([
  0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3,
  0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02,
]);

/** A PDF padded to `size` bytes with a comment line: still a PDF, past the 100 KB minimum of the document uploads. */
export function bigPdf(size: number): Buffer {
  const end = Buffer.from('\n%%EOF\n');
  const body = PDF.subarray(0, PDF.lastIndexOf('%%EOF'));
  const pad = Math.max(0, size - body.length - end.length - 2);
  return Buffer.concat([body, Buffer.from(`%${'x'.repeat(pad)}`), end]);
}

/** A PNG padded to `size` bytes: still sniffed as a PNG, for the size limits. */
export function bigPng(size: number): Buffer {
  return Buffer.concat([PNG, Buffer.alloc(Math.max(0, size - PNG.length))]);
}

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Uint8Array };

/** A multipart/form-data body with the parts in the given order (order matters: the file comes last). */
export function multipartBody(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----antrag-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        Buffer.from(part.data),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The form a browser posts: the returned fields in order, then the file. */
export function uploadForm(fields: Record<string, string>, data: Uint8Array, contentType = 'application/octet-stream') {
  return multipartBody([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', filename: 'upload.bin', contentType, data },
  ]);
}

/** A configuration for tests: no environment read, a fixed secret. */
export function testConfig(dataDir: string, overrides: Partial<Config['storage']> = {}): Config {
  const config = loadConfig({ DATA_DIR: dataDir, ANTRAG_SECRET: 'test-secret-0123456789abcdef' });
  return { ...config, storage: { ...config.storage, ...overrides } };
}
