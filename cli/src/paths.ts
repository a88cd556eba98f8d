/** Paths the CLI prints and writes: relative to the working folder, with forward slashes on every system. */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository (or installed package) root: the CLI lives in `<root>/cli/src`. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const DSL_SCHEMA_FILE = resolve(PACKAGE_ROOT, 'schemas/dsl.schema.json');
export const VALIDATION_RUNTIME_FILE = resolve(PACKAGE_ROOT, 'renderer/core/validate/runtime.ts');

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
