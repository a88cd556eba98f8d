/**
 * The build's compressed copies (`site/vite/precompress.ts`): the plugin's `writeBundle` on a bundle as vite hands it
 * over, into a temporary folder — each text file of enough size gets `.br` and `.gz` copies that unpack to it, and
 * nothing else does.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Rollup } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES, precompress } from '../../../site/vite/precompress.js';

const script = `export const texts = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `text ${i}`))};`;
const style = `.a{color:red}`.repeat(200);

function bundleOf(files: Record<string, string | Uint8Array>): Rollup.OutputBundle {
  return Object.fromEntries(
    Object.entries(files).map(([fileName, content]) => [
      fileName,
      typeof content === 'string' && fileName.endsWith('.js')
        ? { type: 'chunk', fileName, code: content }
        : { type: 'asset', fileName, source: content },
    ]),
  ) as unknown as Rollup.OutputBundle;
}

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

async function write(files: Record<string, string | Uint8Array>): Promise<string> {
  dir = mkdtempSync(join(tmpdir(), 'antrag-precompress-'));
  // vite has written the files when it calls writeBundle
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  const plugin = precompress();
  const hook = plugin.writeBundle as (options: { dir: string }, bundle: Rollup.OutputBundle) => Promise<void>;
  await hook.call({}, { dir }, bundleOf(files));
  return dir;
}

describe('the build’s compressed copies', () => {
  it('writes .br and .gz beside each script and style sheet, unpacking to the same bytes', async () => {
    const out = await write({ 'assets/main-B6KfALPJ.js': script, 'assets/main-Bt-ticki.css': style });
    for (const [name, text] of [
      ['assets/main-B6KfALPJ.js', script],
      ['assets/main-Bt-ticki.css', style],
    ]) {
      const br = readFileSync(join(out, `${name}.br`));
      const gz = readFileSync(join(out, `${name}.gz`));
      expect(brotliDecompressSync(br).toString()).toBe(text);
      expect(gunzipSync(gz).toString()).toBe(text);
      expect(br.length).toBeLessThan(gz.length);
    }
  });

  it('compresses TrueType fonts (the letter PDF’s), which come uncompressed', async () => {
    const font = new Uint8Array(8192).map((_, i) => (i % 64 === 0 ? i & 0xff : 0));
    const out = await write({ 'assets/NotoSans-B6KfALPJ.ttf': font });
    const br = readFileSync(join(out, 'assets/NotoSans-B6KfALPJ.ttf.br'));
    expect(new Uint8Array(brotliDecompressSync(br))).toEqual(font);
    expect(new Uint8Array(gunzipSync(readFileSync(join(out, 'assets/NotoSans-B6KfALPJ.ttf.gz'))))).toEqual(font);
  });

  it('leaves small files, images, woff2 fonts and the build’s own records alone', async () => {
    const small = 'export {};';
    expect(small.length).toBeLessThan(PRECOMPRESS_MIN_BYTES);
    const out = await write({
      'assets/tiny-B6KfALPJ.js': small,
      'assets/logo-B6KfALPJ.png': new Uint8Array(4096),
      'assets/NotoSans-B6KfALPJ.woff2': new Uint8Array(4096),
      '.vite/manifest.json': JSON.stringify({ big: 'x'.repeat(4096) }),
    });
    for (const name of [
      'assets/tiny-B6KfALPJ.js',
      'assets/logo-B6KfALPJ.png',
      'assets/NotoSans-B6KfALPJ.ttf',
      '.vite/manifest.json',
    ])
      for (const ext of ['.br', '.gz']) expect(existsSync(join(out, name + ext)), name + ext).toBe(false);
  });

  it('applies to the browser’s build only, not to the server’s form renderer', () => {
    const plugin = precompress();
    const applies = plugin.applyToEnvironment as (environment: { name: string }) => boolean;
    expect(applies({ name: 'client' })).toBe(true);
    expect(applies({ name: 'ssr' })).toBe(false);
  });
});
