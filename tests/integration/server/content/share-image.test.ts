/**
 * The share picture of a content asset (`GET /content-assets/{id}/share.png`): social networks show no SVG, so the
 * server draws the SVG pictures of the file source onto a 1200 × 630 PNG, the page's og:image.
 */
import { loadImage } from '@napi-rs/canvas';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../site/server/config.js';
import { createContentSource } from '../../../../site/server/content/index.js';
import { drawShareImage } from '../../../../site/server/content/shareImage.js';
import type { ServerContext } from '../../../../site/server/context.js';
import { registerContentRoutes } from '../../../../site/server/routes/content.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  const config = loadConfig({ ANTRAG_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://example.test' });
  registerContentRoutes(app, { config } as ServerContext, { source: createContentSource() });
  await app.ready();
});
afterAll(() => app.close());

/** The colour of a pixel of a PNG, as [r, g, b, a]. */
async function pixels(png: Buffer) {
  const { createCanvas } = await import('@napi-rs/canvas');
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  return {
    width: image.width,
    height: image.height,
    at: (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data],
  };
}

describe('the share picture of a content asset', () => {
  it('is the SVG drawn onto a 1200 × 630 PNG, filling the frame', async () => {
    const response = await app.inject('/content-assets/asset-hero-city/share.png');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toContain('max-age=');
    const png = response.rawPayload;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const drawn = await pixels(png);
    expect([drawn.width, drawn.height]).toEqual([1200, 630]);
    // the picture's own colours reach the frame's corners: drawn to fill it, not letterboxed on white
    const corners = [drawn.at(2, 2), drawn.at(1197, 627)];
    expect(corners.some(([r, g, b]) => r + g + b < 3 * 250)).toBe(true);
    // drawn once: the second answer is the same picture
    expect((await app.inject('/content-assets/asset-hero-city/share.png')).rawPayload.equals(png)).toBe(true);
  });

  it('shows a banner (the home hero, 8:3) whole, over a blurred copy filling the frame', async () => {
    const drawn = await pixels((await app.inject('/content-assets/asset-hero-home/share.png')).rawPayload);
    // the hero's sun (circle at 1300, 160, r 90 of 1600 × 600) drawn at 3/4 from y 90: whole, its centre and both
    // sides yellow (filling the frame cut it at the right edge)
    const yellow = ([r, g, b]: number[]) => r > 230 && g > 180 && b < 140;
    for (const [x, y] of [
      [975, 210],
      [915, 210],
      [1035, 210],
    ]) {
      expect(yellow(drawn.at(x, y)), `${x}, ${y}`).toBe(true);
    }
    // the bands above and below are the picture's colours, not white
    const [r, g, b] = drawn.at(600, 20);
    expect(r + g + b).toBeLessThan(3 * 200);
  });

  it('shows a picture of another shape (the logo, 4:1) whole, on white', async () => {
    const drawn = await pixels((await app.inject('/content-assets/asset-logo/share.png')).rawPayload);
    expect([drawn.width, drawn.height]).toEqual([1200, 630]);
    // white around it; the icon's yellow letter shows (filling the frame, the icon was cut off) beside the blue name
    for (const [x, y] of [
      [5, 5],
      [1195, 625],
      [600, 40],
    ]) {
      expect(drawn.at(x, y).slice(0, 3)).toEqual([255, 255, 255]);
    }
    const found = (match: (rgb: number[]) => boolean, x0: number, x1: number) => {
      for (let x = x0; x < x1; x += 3) for (let y = 150; y < 480; y += 3) if (match(drawn.at(x, y))) return true;
      return false;
    };
    const yellow = ([r, g, b]: number[]) => r > 200 && g > 160 && b < 150;
    const blue = ([r, , b]: number[]) => b > 100 && r < 80;
    expect(found(yellow, 0, 1200)).toBe(true);
    expect(found(blue, 600, 1200)).toBe(true);
  });

  it('is not found for an unknown asset or one that is no SVG picture', async () => {
    expect((await app.inject('/content-assets/no-such-asset/share.png')).statusCode).toBe(404);
    const pdf = await app.inject('/content-assets/asset-checklist-pdf/share.png');
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json().message).toMatch(/only SVG/);
  });

  it('refuses an SVG it cannot draw with a clear error', async () => {
    await expect(drawShareImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"'))).rejects.toThrow();
  });
});
