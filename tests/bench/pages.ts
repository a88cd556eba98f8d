/**
 * What the benchmarks that build pages of their own share (latency.ts, bundle.ts): the module resolution of the web
 * app's build and a small static server for the built pages.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import type { UserConfig } from 'vite';
import siteConfig from '../../site/vite.config.js';

/**
 * The web app's module resolution (site/vite.config.ts: the workspace packages from their sources, its aliases), so
 * that a bench page gets the engine as the app ships it.
 */
export const appResolve: UserConfig['resolve'] = (siteConfig as UserConfig).resolve;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** Serves the files of `dir` on a free port of 127.0.0.1, uncompressed (the benches compress what they count). */
export function serveStatic(dir: string): Promise<{ server: Server; base: string }> {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    try {
      const body = await readFile(join(dir, path));
      response.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    });
  });
}
