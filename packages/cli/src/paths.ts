/** Paths the CLI prints and writes: relative to the working folder, with forward slashes on every system. */

import { createRequire } from 'node:module';
import { isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This package's folder: `src/` (in a checkout) and `dist/` (installed) both sit one level below it. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The DSL meta-schema that `@antrag/core` ships (what imported forms name as their `$schema`). */
export const DSL_SCHEMA_FILE = createRequire(import.meta.url).resolve('@antrag/core/dsl.schema.json');

/** How `validators.js` imports the validation runtime by default: by package, so it loads from any install. */
export const VALIDATION_RUNTIME_SPECIFIER = '@antrag/core/validate/runtime';

export function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/** A path as the user sees it: relative to the working folder when inside it, else absolute. */
export function displayPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, path);
  return toPosix(rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? path : rel);
}

/** An import specifier or `$schema` value for `target`, relative to the folder `fromDir` (always starts with `.`). */
export function relativeSpecifier(fromDir: string, target: string): string {
  const rel = toPosix(relative(fromDir, target));
  return rel.startsWith('.') ? rel : `./${rel}`;
}
