/**
 * A content picture as social networks take it. Open Graph and Twitter cards show no SVG, and every picture of the
 * shipped content is one: `GET /content-assets/{id}/share.png` draws it onto a 1200 × 630 PNG (the size Facebook,
 * LinkedIn and X ask for): nothing of the picture is cut but a sliver (see `drawShareImage`). The drawing is
 * kept per asset and file version, at most `SHARE_IMAGE_CACHE` of them; an SVG over `SHARE_IMAGE_MAX_BYTES` is not
 * drawn.
 */
import { readFile, stat } from 'node:fs/promises';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '../head/tags.js';
/** The largest SVG drawn (the shipped pictures are a few KB). */
export const SHARE_IMAGE_MAX_BYTES = 1024 * 1024;
/** Drawings kept in memory (a content set has a few dozen pictures). */
const SHARE_IMAGE_CACHE = 64;

export type ShareImageResult = { ok: true; png: Buffer } | { ok: false; status: 404 | 413 | 422; message: string };

/** Draws an SVG picture onto the share frame. */
export async function drawShareImage(svg: Buffer): Promise<Buffer> {
  const image = await loadImage(svg);
  if (!image.width || !image.height) throw new Error('the picture has no size');
  const canvas = createCanvas(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT);
  const cover = Math.max(SHARE_IMAGE_WIDTH / image.width, SHARE_IMAGE_HEIGHT / image.height);
  const contain = Math.min(SHARE_IMAGE_WIDTH / image.width, SHARE_IMAGE_HEIGHT / image.height);
  const draw = (scale: number) => {
    const [width, height] = [image.width * scale, image.height * scale];
    context.drawImage(image, (SHARE_IMAGE_WIDTH - width) / 2, (SHARE_IMAGE_HEIGHT - height) / 2, width, height);
  };
  // the frame's shape within a tenth: filled, a sliver cut; a banner or a portrait: shown whole, over a blurred
  // copy of itself that fills the frame; a logo (over twice as wide or tall as the frame's shape): whole, on white
  const shape = SHARE_IMAGE_WIDTH / SHARE_IMAGE_HEIGHT / (image.width / image.height);
  if (shape > 0.9 && shape < 1.1) draw(cover);
  else if (shape > 0.5 && shape < 2) {
    context.filter = 'blur(24px)';
    draw(cover * 1.1);
    context.filter = 'none';
    draw(contain);
  } else draw(0.8 * contain);
  return canvas.encode('png');
}

/** The share pictures of one content source's files, drawn once per file version. */
export function shareImages() {
  const kept = new Map<string, Promise<ShareImageResult>>();
  return async (file: { path: string; mimeType: string }): Promise<ShareImageResult> => {
    if (file.mimeType !== 'image/svg+xml') {
      return { ok: false, status: 404, message: 'only SVG pictures have a share rendition' };
    }
    const info = await stat(file.path);
    if (info.size > SHARE_IMAGE_MAX_BYTES) {
      return { ok: false, status: 413, message: `the picture is over ${SHARE_IMAGE_MAX_BYTES} bytes` };
    }
    const key = `${file.path}|${info.mtimeMs}|${info.size}`;
    let drawing = kept.get(key);
    if (!drawing) {
      drawing = readFile(file.path)
        .then(drawShareImage)
        .then(
          (png): ShareImageResult => ({ ok: true, png }),
          (error: Error): ShareImageResult => ({ ok: false, status: 422, message: `cannot draw it: ${error.message}` }),
        );
      if (kept.size >= SHARE_IMAGE_CACHE) kept.delete(kept.keys().next().value as string);
      kept.set(key, drawing);
    }
    return drawing;
  };
}
