/**
 * Image sizes read from headers alone (files/check.ts): the guard that refuses decompression bombs
 * before the OCR decodes anything. Real images come from @napi-rs/canvas; the bombs from
 * tests/fixtures/server/image-bombs.ts.
 */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { checkImagePixels, readImageSize } from '../../../../site/server/files/check.js';
import { gifFrames, jpegHeader, pngBomb } from '../../../fixtures/server/image-bombs.js';
import { GIF, JPEG, PDF, PNG } from './samples.js';

function drawn(width: number, height: number) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#000';
  ctx.fillText('P<DEU', 5, 15);
  return canvas;
}

describe('readImageSize', () => {
  it('reads PNG, JPEG and WebP files as a browser or phone makes them', () => {
    const canvas = drawn(321, 123);
    expect(readImageSize(canvas.toBuffer('image/png'))).toEqual({
      format: 'png',
      width: 321,
      height: 123,
      pixels: 39483,
    });
    expect(readImageSize(canvas.toBuffer('image/jpeg', 90))).toEqual({
      format: 'jpeg',
      width: 321,
      height: 123,
      pixels: 39483,
    });
    expect(readImageSize(canvas.toBuffer('image/webp', 80))).toMatchObject({ format: 'webp', width: 321, height: 123 });
    expect(readImageSize(canvas.toBuffer('image/webp', 100))).toMatchObject({
      format: 'webp',
      width: 321,
      height: 123,
    });
    expect(readImageSize(PNG)).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect(readImageSize(GIF)).toEqual({ format: 'gif', width: 1, height: 1, pixels: 1 });
  });

  it('reads the size a 169 KB PNG bomb announces without inflating it', async () => {
    const bomb = await pngBomb(12_000, 12_000);
    expect(bomb.length).toBeLessThan(200_000);
    const started = performance.now();
    expect(readImageSize(bomb)).toEqual({ format: 'png', width: 12_000, height: 12_000, pixels: 144_000_000 });
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('reads a JPEG frame header after bytes a decoder skips, and is not fooled by a frame hidden in a segment', () => {
    expect(readImageSize(jpegHeader(9000, 8000))).toMatchObject({ width: 9000, height: 8000, pixels: 72_000_000 });
    // padding before a marker and a restart marker (no length) are skipped as libjpeg skips them
    const padded = jpegHeader(9000, 8000, { beforeFrame: Buffer.from([0x00, 0x12, 0xff, 0xff, 0xff, 0xd0]) });
    expect(readImageSize(padded)).toMatchObject({ width: 9000, height: 8000 });
    // a small frame header inside a comment segment is the comment's data, not the frame
    const fake = Buffer.from([0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x10, 0x00, 0x10, 0x01, 0x01, 0x11, 0x00]);
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 2 + fake.length]), fake]);
    expect(readImageSize(jpegHeader(9000, 8000, { beforeFrame: comment }))).toMatchObject({ width: 9000 });
  });

  it('counts every frame of a GIF, whose frames can be far larger than its logical screen', () => {
    expect(readImageSize(gifFrames(10, 10))).toMatchObject({ width: 10, height: 10, pixels: 100 });
    expect(readImageSize(gifFrames(10, 6000, 3))).toEqual({
      format: 'gif',
      width: 10,
      height: 10,
      pixels: 3 * 6000 * 6000,
    });
  });

  it('answers null for other formats, broken headers and images without pixels', () => {
    expect(readImageSize(PDF)).toBeNull();
    expect(readImageSize(JPEG)).toBeNull(); // JFIF and end of image: no frame
    expect(readImageSize(new Uint8Array())).toBeNull();
    expect(readImageSize(PNG.subarray(0, 20))).toBeNull();
    expect(readImageSize(jpegHeader(0, 100))).toBeNull();
    const twelveComponents = jpegHeader(100, 100);
    twelveComponents[2 + 18 + 9] = 12;
    expect(readImageSize(twelveComponents)).toBeNull();
    // IHDR must be the first chunk
    const renamed = Buffer.from(PNG);
    renamed.write('IHDX', 12, 'latin1');
    expect(readImageSize(renamed)).toBeNull();
  });
});

describe('checkImagePixels', () => {
  it('passes an image up to the limit and refuses one above it, naming both sizes', async () => {
    const page = drawn(1000, 700).toBuffer('image/png');
    expect(checkImagePixels(page, 700_000)).toMatchObject({ ok: true, size: { pixels: 700_000 } });
    expect(checkImagePixels(page, 699_999)).toMatchObject({ ok: false, reason: 'too-many-pixels' });
    expect(checkImagePixels(await pngBomb(12_000, 12_000), 25_000_000)).toEqual({
      ok: false,
      reason: 'too-many-pixels',
      size: { format: 'png', width: 12_000, height: 12_000, pixels: 144_000_000 },
      message:
        'the image has 12000 × 12000 pixels (144 megapixels), more than the 25 megapixels that can be read; please upload a smaller photo',
    });
    expect(checkImagePixels(gifFrames(10, 6000, 3), 25_000_000)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^the image has 10 × 10 pixels \(108 megapixels in its frames\)/),
    });
  });

  it('refuses an image whose size its header does not tell', () => {
    expect(checkImagePixels(JPEG, 25_000_000)).toEqual({
      ok: false,
      reason: 'unknown-size',
      message: "the image's width and height could not be read from its header (PNG, JPEG, GIF or WebP expected)",
    });
  });
});
