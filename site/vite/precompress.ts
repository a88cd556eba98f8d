/**
 * Each text file the browser's build writes, also as `<file>.br` and `<file>.gz` beside it, which the server sends as
 * they are to a browser that takes them (`server/app.ts`, @fastify/static's `preCompressed`): the server gzipped
 * every script anew for each visitor, ~90 ms of its CPU a form page. Only the environment named (the browser's): the
 * server's own form renderer is never sent. vite-plugin-compression2 could not be kept to one environment.
 *
 * Brotli at quality 10 sends 14 % fewer bytes than the per-request gzip did and costs the build ~4 s on this
 * machine's 2 cores (quality 11: 16 %, ~10 s); gzip at level 9 for browsers without brotli.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * What is worth compressing: text the browser fetches, and TrueType fonts (the letter PDF's, half their size
 * compressed; woff2 fonts and images come compressed).
 */
export const PRECOMPRESSED = /\.(js|mjs|css|svg|json|html|txt|xml|ttf|otf)$/;

/** Files smaller than this go as they are (a request's headers weigh as much). */
export const PRECOMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export function precompress(environment = 'client'): Plugin {
  return {
    name: 'antrag:precompress',
    apply: 'build',
    applyToEnvironment: (env) => env.name === environment,
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.values(bundle).flatMap((item) => {
        const bytes = item.type === 'chunk' ? Buffer.from(item.code) : Buffer.from(item.source);
        // the build's records (`.vite/`) are the server's, not the browser's
        return PRECOMPRESSED.test(item.fileName) &&
          !item.fileName.startsWith('.vite/') &&
          bytes.length >= PRECOMPRESS_MIN_BYTES
          ? [{ name: item.fileName, bytes }]
          : [];
      });
      // zlib's thread pool compresses several files at once
      await Promise.all(
        files.map(async ({ name, bytes }) => {
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 10,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                [constants.BROTLI_PARAM_MODE]: /\.(ttf|otf)$/.test(name)
                  ? constants.BROTLI_MODE_FONT
                  : constants.BROTLI_MODE_TEXT,
              },
            }),
            gzipped(bytes, { level: 9 }),
          ]);
          // a copy no smaller than the file is of no use
          if (br.length < bytes.length) await writeFile(join(dir, `${name}.br`), br);
          if (gz.length < bytes.length) await writeFile(join(dir, `${name}.gz`), gz);
        }),
      );
    },
  };
}
