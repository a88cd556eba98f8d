/**
 * Reads a JSON document from the file system and resolves its `$ref`s (see `document.ts`, which does the work
 * for any `FileAccess`), naming files in messages relative to the working folder.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
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
  read: readFormFile,
  resolve: (dir, path) => resolve(dir, path),
  dirname: (file) => dirname(file),
  display: (file) => displayPath(file),
  refRefused: (file, document) => {
    const project = projectRoot(document);
    return within(project, realOrSelf(file)) ? undefined : `it leaves the project (${displayPath(project)})`;
  },
};

/** A form file is at most this big (the largest shipped form is about 100 KB). */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** Reads a regular file of at most MAX_FILE_BYTES: a device, a pipe or a huge file would stall the command. */
function readFormFile(file: string): string {
  const stat = statSync(file);
  if (stat.isDirectory()) throw Object.assign(new Error('is a folder, not a file'), { code: 'EISDIR' });
  if (!stat.isFile()) throw new Error('is no regular file (a device, a pipe or a socket)');
  if (stat.size > MAX_FILE_BYTES) {
    throw new Error(`is ${(stat.size / 1024 / 1024).toFixed(1)} MB; a form file may have at most 16 MB`);
  }
  return readFileSync(file, 'utf8');
}

const roots = new Map<string, string>();

/**
 * Where the `$ref`s of a document may lead: the nearest folder above it with a package.json, .git or
 * antrag.config.json (the project a CI job checks out), else the working folder when the document lies in it, else
 * the document's own folder. A `$ref` to /etc/passwd or ../../secrets.json is refused.
 */
export function projectRoot(document: string): string {
  const start = dirname(realOrSelf(document));
  let found = roots.get(start);
  if (found) return found;
  for (let dir = start; ; dir = dirname(dir)) {
    if (['package.json', '.git', 'antrag.config.json'].some((marker) => existsSync(join(dir, marker)))) {
      found = dir;
      break;
    }
    if (dirname(dir) === dir) {
      const cwd = realOrSelf(process.cwd());
      found = within(cwd, start) ? cwd : start;
      break;
    }
  }
  roots.set(start, found);
  return found;
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function within(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/** Reads a JSON file and resolves the `$ref`s in it. Never throws for problems of the input. */
export function loadDocument(path: string, opts: LoadOptions = {}): LoadedDocument {
  return readDocument(resolve(path), nodeFiles, opts);
}
