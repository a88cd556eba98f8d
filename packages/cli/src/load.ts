/**
 * Reads a JSON document from the file system and resolves its `$ref`s (see `document.ts`, which does the work
 * for any `FileAccess`), naming files in messages relative to the working folder.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { type FileAccess, type LoadedDocument, type LoadOptions, readDocument } from '@antrag/core/document';
import { displayPath } from './paths.js';

export type {
  FileAccess,
  FilePosition,
  LoadedDocument,
  LoadOptions,
  LocatedDiagnostic,
  SourceLocation,
} from '@antrag/core/document';

/** The file system, as the CLI sees it. */
export const nodeFiles: FileAccess = {
  read: (file) => readFileSync(file, 'utf8'),
  resolve: (dir, path) => resolve(dir, path),
  dirname: (file) => dirname(file),
  display: (file) => displayPath(file),
};

/** Reads a JSON file and resolves the `$ref`s in it. Never throws for problems of the input. */
export function loadDocument(path: string, opts: LoadOptions = {}): LoadedDocument {
  return readDocument(resolve(path), nodeFiles, opts);
}
