/** Content files as this package reads them: from disk, `$ref`s left alone, named relative to the working folder. */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { type FileAccess, type LoadedDocument, type LoadOptions, readDocument } from '@antrag/core/document';

export type { LoadedDocument, LocatedDiagnostic } from '@antrag/core/document';

export function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/** A path as the user sees it: relative to the working folder when inside it, else absolute. */
export function displayPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, path);
  return toPosix(rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? path : rel);
}

const nodeFiles: FileAccess = {
  read: (file) => readFileSync(file, 'utf8'),
  resolve: (dir, path) => resolve(dir, path),
  dirname: (file) => dirname(file),
  display: (file) => displayPath(file),
};

/** Reads a JSON file (never throws for problems of the input). */
export function loadDocument(path: string, opts: LoadOptions = {}): LoadedDocument {
  return readDocument(resolve(path), nodeFiles, opts);
}
