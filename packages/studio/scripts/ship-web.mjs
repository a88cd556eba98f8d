#!/usr/bin/env node
/**
 * Before `npm pack`: copies the web app's build (`dist/site`, with its `/studio` route) and the studio's bundle
 * (`dist/studio`) of the repository into `web/`, building each with vite when it is missing, so an installed
 * studio serves them without sources or vite.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = resolve(fileURLToPath(import.meta.url), '../..');
const repo = resolve(pkg, '../..');
const vite = join(repo, 'node_modules/vite/bin/vite.js');
const builds = [
  { from: join(repo, 'dist/site'), config: join(repo, 'site/vite.config.ts'), to: join(pkg, 'web/site') },
  {
    from: join(repo, 'dist/studio'),
    config: join(repo, 'site/web/studio/vite.config.ts'),
    to: join(pkg, 'web/studio'),
  },
];
for (const { from, config, to } of builds) {
  if (!existsSync(from)) {
    console.error(`@antrag/studio: building ${from} (vite)…`);
    execFileSync(process.execPath, [vite, 'build', '--config', config, '--logLevel', 'warn'], { stdio: 'inherit' });
  }
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}
