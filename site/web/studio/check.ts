/**
 * `antrag validate` for the buffer being edited, in the browser: the CLI's own pipeline (`readDocument`, then
 * `formFromDocument`: read, resolve `$ref`s, tell DSL from CMS, import, compile, locate) over files the local
 * studio server hands out, so the studio shows the same messages at the same places as the CLI.
 *
 * The pipeline reads synchronously; files a `$ref` names are fetched between passes: a pass that asks for a file
 * not fetched yet is run again once it is there.
 */
import type { FileAccess, LoadedDocument } from '@antrag/core/document';
import { diagnosticText, type FormSource, formFromDocument, readDocument } from '@antrag/core/document';
import { dirnameOf, resolvePath } from './paths.js';

export interface BufferCheck {
  /** The file's path as the CLI names it (`schemas/contact/contact-enquiry.form.json`). */
  file: string;
  source: FormSource;
  /** `file:line:col pointer message`, one per diagnostic, as `antrag validate` prints them. */
  lines: string[];
  errors: number;
  warnings: number;
}

/** Reads one file of the folder by its path relative to the folder; rejects with an `{ status }` error. */
export type FetchText = (path: string) => Promise<string>;

interface Cached {
  text?: string;
  /** Why it cannot be read: a Node-style code the CLI's messages know, or a message. */
  code?: string;
  message?: string;
}

class NotFetchedYet extends Error {
  readonly code = 'ENOENT';
}

function readError(entry: Cached): Error {
  return Object.assign(new Error(entry.message ?? 'cannot be read'), { code: entry.code });
}

export class BufferChecker {
  private readonly cache = new Map<string, Cached>();
  private readonly prefix: string;

  /**
   * `folder`: the folder as the CLI names it (its files are `<folder>/<path>`); `fetchText` reads a file of it.
   */
  constructor(
    readonly folder: string,
    private readonly fetchText: FetchText,
  ) {
    this.prefix = folder === '.' || folder === '' ? '' : `${folder.replace(/\/+$/, '')}/`;
  }

  /** `contact/contact-enquiry.form.json` → `schemas/contact/contact-enquiry.form.json` */
  fileOf(path: string): string {
    return `${this.prefix}${path}`;
  }

  /** The path inside the folder, or undefined for a file outside it. */
  pathOf(file: string): string | undefined {
    const normal = resolvePath('.', file);
    if (this.prefix === '') return normal.startsWith('../') || normal.startsWith('/') ? undefined : normal;
    return normal.startsWith(this.prefix) ? normal.slice(this.prefix.length) : undefined;
  }

  /** Forgets the files read for `$ref`s (after a save, or when the author comes back to the window). */
  forget(): void {
    this.cache.clear();
  }

  /** Checks the text of the folder's file `path` as `antrag validate <folder>/<path>` would. */
  async check(path: string, text: string): Promise<BufferCheck> {
    const file = this.fileOf(path);
    for (let pass = 0; ; pass++) {
      const wanted = new Set<string>();
      const files: FileAccess = {
        read: (f) => {
          if (f === file) return text;
          const entry = this.cache.get(f);
          if (!entry) {
            wanted.add(f);
            throw new NotFetchedYet('not fetched yet');
          }
          if (entry.text === undefined) throw readError(entry);
          return entry.text;
        },
        resolve: (dir, p) => resolvePath(dir, p),
        dirname: dirnameOf,
        display: (f) => f,
      };
      const document: LoadedDocument = readDocument(file, files);
      if (wanted.size === 0 || pass >= 16) {
        const source = formFromDocument(document);
        const errors = source.diagnostics.filter((d) => d.severity === 'error').length;
        return {
          file,
          source,
          lines: source.diagnostics.map((d) => diagnosticText(d, (f) => f)),
          errors,
          warnings: source.diagnostics.length - errors,
        };
      }
      await Promise.all([...wanted].map((f) => this.fetchInto(f)));
    }
  }

  private async fetchInto(file: string): Promise<void> {
    const path = this.pathOf(file);
    if (path === undefined) {
      this.cache.set(file, { message: "outside the studio's folder" });
      return;
    }
    try {
      this.cache.set(file, { text: await this.fetchText(path) });
    } catch (e) {
      const status = (e as { status?: number }).status;
      if (status === 404) this.cache.set(file, { code: 'ENOENT' });
      else if (status === 403) this.cache.set(file, { message: "outside the studio's folder" });
      else this.cache.set(file, { message: (e as Error).message });
    }
  }
}
