/**
 * The PNG data check of the OCR (issue 14): compressed image data and text chunks out of proportion to the
 * image's pixels are refused before a worker decodes them. Real PNGs, made with zlib here.
 */
import { describe, expect, it } from 'vitest';
import { checkPngData, idatLimit, rawImageBytes } from '../../../../site/server/documents/png-limits.js';
import { pngBomb, pngWithTrailingZeros, zTxtChunk } from '../../../fixtures/server/image-bombs.js';
import { renderPassportPage, SAMPLE, td3Lines } from '../../../fixtures/server/passport-image.js';

describe('rawImageBytes', () => {
  it('counts a filter byte per row and the pixels at their bit depth, also for Adam7 interlacing', () => {
    expect(rawImageBytes(100, 100, 8, 0, false)).toBe(100 * 101);
    expect(rawImageBytes(100, 10, 16, 6, false)).toBe(10 * (1 + 800));
    expect(rawImageBytes(9, 3, 1, 0, false)).toBe(3 * 3);
    // 8 × 8, one byte a pixel: the seven passes have 1, 1, 2, 4, 8, 16 and 32 pixels in 1, 1, 1, 2, 2, 4, 4 rows
    expect(rawImageBytes(8, 8, 8, 0, true)).toBe(64 + 1 + 1 + 1 + 2 + 2 + 4 + 4);
    expect(idatLimit(10_100)).toBe(11_363 + 65_536);
  });
});

describe('checkPngData', () => {
  it('passes honest PNGs: a rendered passport page and a large but ordinary image', async () => {
    expect(await checkPngData(renderPassportPage({ mrz: td3Lines(SAMPLE) }))).toEqual({ ok: true });
    expect(await checkPngData(await pngBomb(2000, 2000))).toEqual({ ok: true });
    expect(await checkPngData(await pngWithTrailingZeros(100, 100, 0))).toEqual({ ok: true });
  });

  it('refuses image data larger than the rows could need, and data that inflates past them', async () => {
    const tooMuch = await pngWithTrailingZeros(100, 100, 256_000_000);
    expect(await checkPngData(tooMuch)).toEqual({
      ok: false,
      message:
        "the PNG's image data is 248,876 bytes, more than a 100 × 100 image can need (76,899); please upload an ordinary photo of the passport page",
    });
    const started = performance.now();
    const inflating = await checkPngData(await pngWithTrailingZeros(100, 100, 50_000_000));
    expect(inflating).toMatchObject({
      ok: false,
      message: expect.stringMatching(/inflates to more than the 10,100 bytes/),
    });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('refuses compressed text over 1 MB compressed or 8 MB inflated, and passes a small one', async () => {
    expect(await checkPngData(await pngWithTrailingZeros(10, 10, 0, [zTxtChunk(100_000)]))).toEqual({ ok: true });
    expect(await checkPngData(await pngWithTrailingZeros(10, 10, 0, [zTxtChunk(20_000_000)]))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/compressed text or colour profile inflates to more than 8,388,608 bytes/),
    });
    const chunks = [zTxtChunk(600_000, { random: true }), zTxtChunk(600_000, { random: true })];
    expect(await checkPngData(await pngWithTrailingZeros(10, 10, 0, chunks))).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /carries [\d,]+ bytes of compressed text or colour profile, more than the 1,048,576/,
      ),
    });
  });

  it('leaves other formats and unreadable headers to the other checks', async () => {
    expect(await checkPngData(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ ok: true });
    expect(await checkPngData(new Uint8Array(8))).toEqual({ ok: true });
  });
});
