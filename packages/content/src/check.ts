/**
 * Checks site content: every file named by `content.manifest.json` against the schema of its record kind, then the
 * set as a whole (unique ids, paths and slugs; references and assets that exist; asset files on disk). Every problem
 * is a located diagnostic. Used by `antrag validate` and by the server's file content source.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { toPointer } from '@antrag/core/json';
import { schemaDiagnostics } from './diagnostics.js';
import type { LoadedDocument, LocatedDiagnostic } from './files.js';
import { loadDocument } from './files.js';
import { type ContentFile, type ContentManifest, manifestFiles, readManifest } from './manifest.js';
import { ContentSchemaError, type ContentSchemas, loadContentSchemas, type RecordKind } from './schemas.js';
import { contentShapes, type Shape, walkShape } from './shape.js';
import { checkTranslations } from './translations.js';

/** A content record as stored: `{ id, flatData }` (assets: `{ id, fileName, mimeType, … }`). */
export interface StoredRecord {
  id: string;
  lastModified?: string;
  flatData: Record<string, unknown>;
  [key: string]: unknown;
}

export interface LoadedRecord {
  kind: RecordKind;
  record: StoredRecord;
  /** Absolute path of the file holding it. */
  file: string;
  /** Pointer of the record in its file ('' for a file holding one record). */
  pointer: string;
}

export interface CheckedFile {
  file: string;
  kind: RecordKind | 'manifest';
  document?: LoadedDocument;
  diagnostics: LocatedDiagnostic[];
}

export interface CheckedContent {
  manifest?: ContentManifest;
  /** The manifest first, then the files it names. */
  files: CheckedFile[];
  /** Records of the files without errors, by kind, in file order. */
  records: Record<RecordKind, LoadedRecord[]>;
  /** Every diagnostic, of the files and of the set. */
  diagnostics: LocatedDiagnostic[];
}

export const UNIQUE_FIELDS: Partial<Record<RecordKind, string[]>> = {
  page: ['path'],
  article: ['slug'],
  category: ['index'],
  university: ['slug'],
  program: ['slug'],
};

function emptyRecords(): Record<RecordKind, LoadedRecord[]> {
  return {
    page: [],
    navigation: [],
    footer: [],
    article: [],
    category: [],
    subcategory: [],
    university: [],
    program: [],
    product: [],
    suggestedBlog: [],
    asset: [],
  };
}

/** A content schema that does not compile, as a diagnostic of its file. */
export function schemaProblem(e: ContentSchemaError): LocatedDiagnostic {
  return {
    severity: 'error',
    code: 'content-schema',
    message: e.message.slice(e.message.indexOf(': ') + 2),
    pointer: '',
    file: e.file,
    line: 1,
    column: 1,
  };
}

function checkFile(entry: ContentFile, schemas: ContentSchemas): { checked: CheckedFile; records: LoadedRecord[] } {
  const doc = loadDocument(entry.file, { refs: false });
  const checked: CheckedFile = { file: entry.file, kind: entry.kind, document: doc, diagnostics: [...doc.diagnostics] };
  if (doc.diagnostics.length) return { checked, records: [] };
  const validate = schemas.validator(entry.kind);
  const pointers = Array.isArray(doc.value) ? doc.value.map((_, i) => `/${i}`) : [''];
  const records: LoadedRecord[] = [];
  for (const pointer of pointers) {
    const found = schemaDiagnostics(doc, validate, pointer);
    checked.diagnostics.push(...found);
    const record = (pointer === '' ? doc.value : (doc.value as unknown[])[Number(pointer.slice(1))]) as StoredRecord;
    if (found.length === 0) records.push({ kind: entry.kind, record, file: entry.file, pointer });
  }
  return { checked, records };
}

/**
 * Reads and checks the content folder of a manifest. Never throws for problems of the content; a broken schema
 * is reported at its file.
 */
export function checkContent(manifestFile: string, schemaDir?: string): CheckedContent {
  const records = emptyRecords();
  let schemas: ContentSchemas;
  try {
    schemas = loadContentSchemas(schemaDir);
  } catch (e) {
    if (!(e instanceof ContentSchemaError)) throw e;
    const problem = schemaProblem(e);
    return {
      files: [{ file: manifestFile, kind: 'manifest', diagnostics: [problem] }],
      records,
      diagnostics: [problem],
    };
  }
  const { manifest, diagnostics: manifestProblems } = readManifest(manifestFile, schemas);
  const manifestEntry: CheckedFile = { file: manifestFile, kind: 'manifest', diagnostics: [...manifestProblems] };
  const files: CheckedFile[] = [manifestEntry];
  if (!manifest) return { files, records, diagnostics: [...manifestProblems] };

  const listed = manifestFiles(manifest);
  manifestEntry.diagnostics.push(...listed.diagnostics);
  for (const entry of listed.files) {
    const result = checkFile(entry, schemas);
    files.push(result.checked);
    for (const r of result.records) records[r.kind].push(r);
  }
  const documents = new Map(files.filter((f) => f.document).map((f) => [f.file, f.document as LoadedDocument]));
  const setProblems = checkSet(manifest, records, schemas, documents);
  for (const d of setProblems) (files.find((f) => f.file === d.file) ?? manifestEntry).diagnostics.push(d);
  return { manifest, files, records, diagnostics: files.flatMap((f) => f.diagnostics) };
}

function checkSet(
  manifest: ContentManifest,
  records: Record<RecordKind, LoadedRecord[]>,
  schemas: ContentSchemas,
  documents: Map<string, LoadedDocument>,
): LocatedDiagnostic[] {
  const out: LocatedDiagnostic[] = [];
  const report = (r: LoadedRecord, path: Array<string | number>, code: string, message: string) => {
    const pointer = r.pointer + toPointer(path);
    const at = documents.get(r.file)?.locate(pointer) ?? { file: r.file, line: 1, column: 1 };
    out.push({ severity: 'error', code, message, pointer, file: at.file, line: at.line, column: at.column });
  };
  const shapes = contentShapes(schemas);

  const ids = new Map<RecordKind, Set<string>>();
  for (const [kind, list] of Object.entries(records) as Array<[RecordKind, LoadedRecord[]]>) {
    const seen = new Set<string>();
    const values = new Map<string, Set<string>>();
    for (const r of list) {
      if (seen.has(r.record.id)) report(r, ['id'], 'content-duplicate', `duplicate ${kind} id '${r.record.id}'`);
      seen.add(r.record.id);
      for (const field of UNIQUE_FIELDS[kind] ?? []) {
        const value = r.record.flatData?.[field];
        if (value === undefined) continue;
        const key = JSON.stringify(value);
        const taken = values.get(field) ?? new Set<string>();
        if (taken.has(key)) {
          report(r, ['flatData', field], 'content-duplicate', `another ${kind} has the ${field} ${key} already`);
        }
        taken.add(key);
        values.set(field, taken);
      }
    }
    ids.set(kind, seen);
  }

  for (const [kind, list] of Object.entries(records) as Array<[RecordKind, LoadedRecord[]]>) {
    if (kind === 'asset') continue;
    for (const r of list) {
      walkShape(r.record.flatData, shapes.records[kind], shapes, ({ path, value, shape }) => {
        checkReferences(value, shape, ids, (i, message) =>
          report(r, ['flatData', ...path, ...i], 'content-reference', message),
        );
        if (shape.type === 'blocks' && Array.isArray(value)) {
          checkBlockIds(value, (i, message) => report(r, ['flatData', ...path, ...i], 'content-duplicate', message));
        }
      });
      if (kind === 'page') checkBindings(r, report);
    }
  }

  if (manifest.locales) {
    const all = Object.values(records).flat();
    checkTranslations(
      manifest.locales,
      all.map((r) => ({
        kind: r.kind,
        // an asset is its own record (alt text, title); the others keep their texts in flatData
        flatData: r.kind === 'asset' ? r.record : r.record.flatData,
        report: (path, code, message) => report(r, r.kind === 'asset' ? path : ['flatData', ...path], code, message),
      })),
      shapes,
    );
  }

  for (const r of records.asset) {
    const fileName = r.record.fileName;
    if (typeof fileName === 'string' && !existsSync(join(manifest.assetsDir, fileName))) {
      report(r, ['fileName'], 'content-asset-file', `no file ${fileName} in the assets folder ${manifest.assetsDir}`);
    }
  }

  for (const kind of ['navigation'] as const) {
    if (records[kind].length > 1) {
      const second = records[kind][1];
      report(second, [], 'content-duplicate', `there is one ${kind} record; this is a second one`);
    }
  }
  if (manifest.notFoundPage && !records.page.some((p) => p.record.flatData.path === manifest.notFoundPage)) {
    const doc = documents.get(manifest.file) ?? undefined;
    const at = doc?.locate('/notFoundPage') ?? { file: manifest.file, line: 1, column: 1 };
    out.push({
      severity: 'error',
      code: 'content-reference',
      message: `notFoundPage ${manifest.notFoundPage}: no page has this path`,
      pointer: '/notFoundPage',
      file: manifest.file,
      line: at.line,
      column: at.column,
    });
  }
  return out;
}

const KIND_FILES: Record<RecordKind, string> = {
  page: 'page',
  navigation: 'navigation',
  footer: 'footer',
  article: 'article',
  category: 'category',
  subcategory: 'sub-category',
  university: 'university',
  program: 'program',
  product: 'product',
  suggestedBlog: 'suggested blog',
  asset: 'asset',
};

function checkReferences(
  value: unknown,
  shape: Shape,
  ids: Map<RecordKind, Set<string>>,
  report: (path: Array<string | number>, message: string) => void,
): void {
  if (!Array.isArray(value)) return;
  if (shape.type === 'reference') {
    value.forEach((id, i) => {
      if (typeof id === 'string' && !ids.get(shape.kind)?.has(id)) {
        report([i], `unknown ${KIND_FILES[shape.kind]} '${id}': no ${shape.kind} record has this id`);
      }
    });
  } else if (shape.type === 'asset') {
    value.forEach((ref, i) => {
      const id = (ref as { id?: unknown } | null)?.id;
      if (typeof id === 'string' && !ids.get('asset')?.has(id)) {
        report([i, 'id'], `unknown asset '${id}': no asset record has this id`);
      }
    });
  }
}

/** Block ids are unique within a block list (the section ids of a page). */
function checkBlockIds(blocks: unknown[], report: (path: Array<string | number>, message: string) => void): void {
  const seen = new Set<string>();
  blocks.forEach((block, i) => {
    const id = (block as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') return;
    if (seen.has(id)) report([i, 'id'], `duplicate block id '${id}' in this list`);
    seen.add(id);
  });
}

function checkBindings(
  page: LoadedRecord,
  report: (r: LoadedRecord, path: Array<string | number>, code: string, message: string) => void,
): void {
  const path = String(page.record.flatData.path ?? '');
  const params = new Set([...path.matchAll(/\{([a-zA-Z][a-zA-Z0-9]*)\}/g)].map((m) => m[1]));
  const bindings = (page.record.flatData.bindings as Array<{ param?: string }> | undefined) ?? [];
  bindings.forEach((b, i) => {
    if (b.param && !params.has(b.param)) {
      report(page, ['flatData', 'bindings', i, 'param'], 'content-reference', `the path ${path} has no {${b.param}}`);
    }
  });
}
