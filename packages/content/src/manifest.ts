/**
 * `content.manifest.json` marks a folder as site content and says which file holds which record kind:
 * `"records": { "page": "pages/*.json", "university": "universities.json", … }`. A file holds one record (an
 * object) or a list of records (an array); `folder/*.json` means every `.json` file of that folder.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Locale } from '@antrag/core/dsl/types';
import { schemaDiagnostics } from './diagnostics.js';
import type { LocatedDiagnostic } from './files.js';
import { loadDocument } from './files.js';
import { type ContentSchemas, isRecordKind, type RecordKind } from './schemas.js';

export const CONTENT_MANIFEST = 'content.manifest.json';

export interface ContentManifest {
  /** Absolute path of the manifest. */
  file: string;
  /** The content folder (the manifest's folder). */
  dir: string;
  defaultLocale: Locale;
  /** The languages every text must be written in (`"locales"`); absent: English only, as the schemas say. */
  locales?: Locale[];
  notFoundPage?: string;
  /** Absolute folder of the asset files. */
  assetsDir: string;
  /** Kind → pattern, as written. */
  records: Partial<Record<RecordKind, string>>;
}

export interface ContentFile {
  /** Absolute path. */
  file: string;
  kind: RecordKind;
  /** Pointer of the manifest entry that names the file. */
  entry: string;
}

/** Reads and checks a manifest; the manifest is absent when it has errors. */
export function readManifest(
  file: string,
  schemas: ContentSchemas,
): { manifest?: ContentManifest; diagnostics: LocatedDiagnostic[] } {
  const doc = loadDocument(file, { refs: false });
  if (doc.diagnostics.length) return { diagnostics: doc.diagnostics };
  const diagnostics = schemaDiagnostics(doc, schemas.validator('manifest'), '');
  if (diagnostics.length) return { diagnostics };
  const value = doc.value as {
    defaultLocale?: Locale;
    locales?: Locale[];
    notFoundPage?: string;
    assetsDir?: string;
    records: Partial<Record<RecordKind, string>>;
  };
  const dir = dirname(resolve(file));
  return {
    manifest: {
      file: resolve(file),
      dir,
      defaultLocale: value.defaultLocale ?? 'en',
      ...(value.locales ? { locales: value.locales } : {}),
      notFoundPage: value.notFoundPage,
      assetsDir: resolve(dir, value.assetsDir ?? 'assets'),
      records: value.records,
    },
    diagnostics: [],
  };
}

/** The files the manifest names, with their kinds; a pattern matching nothing is reported at its entry. */
export function manifestFiles(manifest: ContentManifest): { files: ContentFile[]; diagnostics: LocatedDiagnostic[] } {
  const files: ContentFile[] = [];
  const diagnostics: LocatedDiagnostic[] = [];
  const doc = loadDocument(manifest.file, { refs: false });
  for (const [kind, pattern] of Object.entries(manifest.records)) {
    if (!isRecordKind(kind) || pattern === undefined) continue;
    const entry = `/records/${kind}`;
    const found: string[] = [];
    if (basename(pattern) === '*.json') {
      const folder = resolve(manifest.dir, dirname(pattern));
      if (existsSync(folder) && statSync(folder).isDirectory()) {
        for (const name of readdirSync(folder).sort()) if (name.endsWith('.json')) found.push(join(folder, name));
      }
    } else if (!pattern.includes('*')) {
      const path = resolve(manifest.dir, pattern);
      if (existsSync(path)) found.push(path);
    }
    if (found.length === 0) {
      const at = doc.locate(entry);
      diagnostics.push({
        severity: 'error',
        code: 'content-missing-file',
        message: `no ${kind} file: ${JSON.stringify(pattern)} matches nothing (a file, or folder/*.json)`,
        pointer: entry,
        file: at.file,
        line: at.line,
        column: at.column,
      });
    }
    for (const path of found) files.push({ file: path, kind, entry });
  }
  return { files, diagnostics };
}
