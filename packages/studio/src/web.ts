/**
 * What `antrag studio` serves besides its API: a build of the site's web app (its `/studio` route; default
 * `dist/site`, the build `npm start` makes) and the studio's own bundle (default `dist/studio`, from
 * `site/web/studio/vite.config.ts`), each built with vite when it is missing or asked for with `--build`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This package's folder (`src/` and `dist/` both sit one level below it). */
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
/** What `npm pack` ships: the built web app and studio bundle (`npm run ship` copies them in). */
const SHIPPED = join(PACKAGE_DIR, 'web');
/** The repository around this package, when it runs from a checkout (the web app's sources and builds). */
const REPO_ROOT = resolve(PACKAGE_DIR, '../..');

/** The studio route's entry among the web app's sources (a key of vite's build manifest). */
export const STUDIO_ROUTE_ENTRY = 'studio/StudioPage.tsx';
/** The studio bundle's entry file, as `StudioPage` imports it from `/studio-app/`. */
export const STUDIO_APP_FILE = 'studio-app.js';

const shipped = existsSync(join(SHIPPED, 'site', 'index.html'));
export const DEFAULT_WEB_ROOT = shipped ? join(SHIPPED, 'site') : resolve(REPO_ROOT, 'dist/site');
export const DEFAULT_STUDIO_ROOT = shipped ? join(SHIPPED, 'studio') : resolve(REPO_ROOT, 'dist/studio');

const SITE_CONFIG = resolve(REPO_ROOT, 'site/vite.config.ts');
const STUDIO_CONFIG = resolve(REPO_ROOT, 'site/web/studio/vite.config.ts');

/** Why a folder is no usable build of the web app with the studio route, or undefined when it is one. */
export function webRootProblem(webRoot: string): string | undefined {
  if (!existsSync(join(webRoot, 'index.html'))) return 'it has no index.html';
  const manifest = join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifest)) return 'it has no .vite/manifest.json';
  try {
    const entries = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, unknown>;
    return STUDIO_ROUTE_ENTRY in entries ? undefined : 'it was built without the /studio route';
  } catch {
    return 'its .vite/manifest.json is not JSON';
  }
}

/** Why a folder is no build of the studio's bundle, or undefined when it is one. */
export function studioRootProblem(studioRoot: string): string | undefined {
  return existsSync(join(studioRoot, STUDIO_APP_FILE)) ? undefined : `it has no ${STUDIO_APP_FILE}`;
}

async function viteBuild(configFile: string, outDir: string): Promise<void> {
  if (!existsSync(configFile)) throw new Error('this install holds no sources to build from; reinstall @antrag/studio');
  // vite is there only in a checkout of the repository: an installed studio ships its builds
  const vite = 'vite';
  const { build } = (await import(vite)) as typeof import('vite');
  await build({ configFile, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
}

/** Builds the site's web app (with the `/studio` route) into `outDir`. */
export const buildWebApp = (outDir = DEFAULT_WEB_ROOT) => viteBuild(SITE_CONFIG, outDir);

/** Builds the studio's own bundle into `outDir`. */
export const buildStudioApp = (outDir = DEFAULT_STUDIO_ROOT) => viteBuild(STUDIO_CONFIG, outDir);
