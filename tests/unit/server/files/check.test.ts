import { describe, expect, it } from 'vitest';
import { ALLOWED_UPLOAD_TYPES, checkFile, normalizeMime } from '../../../../site/server/files/check.js';
import { bigPng, GIF, JPEG, MP4, PDF, PNG, WEBM } from './samples.js';

const LIMITS = { minBytes: 1, maxBytes: 10_000, allowed: ALLOWED_UPLOAD_TYPES };

describe('checkFile', () => {
  it.each([
    ['application/pdf', PDF],
    ['image/jpeg', JPEG],
    ['image/png', PNG],
    ['image/gif', GIF],
    ['video/mp4', MP4],
    ['video/webm', WEBM],
  ])('accepts a real %s', async (type, bytes) => {
    expect(await checkFile(bytes, type, LIMITS)).toEqual({ ok: true, contentType: type, size: bytes.length });
  });

  it('treats image/jpg as image/jpeg and ignores MIME parameters', async () => {
    expect(await checkFile(JPEG, 'image/jpg', LIMITS)).toMatchObject({ ok: true, contentType: 'image/jpeg' });
    expect(await checkFile(WEBM, 'video/webm;codecs=vp8,opus', LIMITS)).toMatchObject({
      ok: true,
      contentType: 'video/webm',
    });
    expect(normalizeMime(' Image/JPG ')).toBe('image/jpeg');
  });

  it('refuses bytes of another type than declared, naming both', async () => {
    expect(await checkFile(PNG, 'application/pdf', LIMITS)).toEqual({
      ok: false,
      reason: 'type-mismatch',
      message: 'the file is a image/png, not the declared application/pdf',
    });
    expect(await checkFile(PDF, 'image/jpeg', LIMITS)).toMatchObject({ ok: false, reason: 'type-mismatch' });
  });

  it('refuses bytes of no known type', async () => {
    const result = await checkFile(Buffer.from('<html><script>alert(1)</script></html>'), 'image/png', LIMITS);
    expect(result).toMatchObject({ ok: false, reason: 'unknown-type' });
  });

  it('refuses a type outside the allowed list even when the bytes agree', async () => {
    const result = await checkFile(MP4, 'video/mp4', { ...LIMITS, allowed: ['application/pdf'] });
    expect(result).toMatchObject({ ok: false, reason: 'type-not-allowed' });
  });

  it('enforces the size range', async () => {
    expect(await checkFile(new Uint8Array(), 'image/png', LIMITS)).toMatchObject({ reason: 'empty' });
    expect(await checkFile(PNG, 'image/png', { ...LIMITS, minBytes: 100 })).toEqual({
      ok: false,
      reason: 'too-small',
      message: `the file has ${PNG.length} bytes, less than the smallest allowed 100 bytes`,
    });
    expect(await checkFile(bigPng(10_001), 'image/png', LIMITS)).toMatchObject({
      ok: false,
      reason: 'too-large',
      message: 'the file has 10001 bytes, more than the largest allowed 10000 bytes',
    });
    expect(await checkFile(bigPng(10_000), 'image/png', LIMITS)).toMatchObject({ ok: true });
    expect(
      await checkFile(bigPng(3 * 1024 * 1024), 'image/png', { ...LIMITS, maxBytes: 2 * 1024 * 1024 }),
    ).toMatchObject({
      message: 'the file has 3 MB, more than the largest allowed 2 MB',
    });
  });
});
