/**
 * The content schemas of `schemas/content/` (JSON Schema draft-07, one file per record kind and per block type),
 * loaded into one ajv instance. The files carry no `$id`: each is registered under its file URL, so the relative
 * `$ref`s between them resolve exactly as an editor resolves them.
 *
 * Annotations the schemas carry for the code that reads content (ajv only accepts them as known keywords):
 * `x-localized` (a text, a string or an object keyed by language), `x-asset` (an asset reference),
 * `x-reference` (a list of record ids of the named kind), `x-blocks` (a list of page blocks), `x-block` (the block
 * dispatcher, `block.schema.json`), `x-name` (a text that is a name, which may read the same in every language).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import { toPosix } from './files.js';

/** The content schemas shipped in this package (`schemas/`). */
export const CONTENT_SCHEMA_DIR = fileURLToPath(new URL('../schemas', import.meta.url));

/** The kinds of content record, each with a schema `<kind>.schema.json` (suggestedBlog: suggested-blog). */
export const RECORD_KINDS = [
  'page',
  'navigation',
  'footer',
  'article',
  'category',
  'subcategory',
  'university',
  'program',
  'product',
  'suggestedBlog',
  'asset',
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export function isRecordKind(value: unknown): value is RecordKind {
  return typeof value === 'string' && (RECORD_KINDS as readonly string[]).includes(value);
}

export const ANNOTATIONS = ['x-localized', 'x-asset', 'x-reference', 'x-blocks', 'x-block', 'x-name'] as const;

/** A JSON Schema as read from a file. */
export type JsonSchema = { [key: string]: unknown };

/** A schema file that could not be read, parsed or compiled. */
export class ContentSchemaError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${toPosix(relative(process.cwd(), file))}: ${message}`);
  }
}

export interface ContentSchemas {
  dir: string;
  /** Schema files by file URL. */
  files: Map<string, JsonSchema>;
  /** The validator of one record of a kind (the manifest: kind `manifest`). */
  validator(kind: RecordKind | 'manifest'): ValidateFunction;
  /** The file URL of a kind's schema. */
  urlOf(kind: RecordKind | 'manifest'): string;
  /** Block type (`__typename`) → file URL of its flatData schema, in the order of `block.schema.json`. */
  blockTypes: Map<string, string>;
}

export function schemaFileName(kind: RecordKind | 'manifest'): string {
  return `${kind.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.schema.json`;
}

function schemaFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) schemaFiles(path, out);
    else if (entry.name.endsWith('.schema.json')) out.push(path);
  }
  return out.sort();
}

const cache = new Map<string, ContentSchemas>();

/** Loads and compiles every schema of `dir` (default `schemas/content/`), once per folder. Throws ContentSchemaError. */
export function loadContentSchemas(dir: string = CONTENT_SCHEMA_DIR): ContentSchemas {
  const key = resolve(dir);
  const cached = cache.get(key);
  if (cached) return cached;

  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false, strictTuples: false });
  ajvFormats.default(ajv);
  ajv.addVocabulary([...ANNOTATIONS]);
  const files = new Map<string, JsonSchema>();
  for (const file of schemaFiles(key)) {
    let schema: JsonSchema;
    try {
      schema = JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;
    } catch (e) {
      throw new ContentSchemaError(file, `cannot read the schema: ${(e as Error).message}`);
    }
    const url = pathToFileURL(file).href;
    files.set(url, schema);
    try {
      ajv.addSchema(schema, url);
    } catch (e) {
      throw new ContentSchemaError(file, (e as Error).message);
    }
  }

  const urlOf = (kind: RecordKind | 'manifest') => pathToFileURL(join(key, schemaFileName(kind))).href;
  const validators = new Map<string, ValidateFunction>();
  const validator = (kind: RecordKind | 'manifest') => {
    let v = validators.get(kind);
    if (!v) {
      const url = urlOf(kind);
      try {
        v = ajv.getSchema(url);
      } catch (e) {
        throw new ContentSchemaError(new URL(url).pathname, (e as Error).message);
      }
      if (!v) throw new ContentSchemaError(join(key, schemaFileName(kind)), 'schema file missing');
      validators.set(kind, v);
    }
    return v;
  };

  const blockUrl = pathToFileURL(join(key, 'block.schema.json')).href;
  const blockSchema = files.get(blockUrl);
  if (!blockSchema) throw new ContentSchemaError(join(key, 'block.schema.json'), 'schema file missing');
  const blockTypes = new Map<string, string>();
  for (const branch of (blockSchema.allOf as JsonSchema[] | undefined) ?? []) {
    const typename = (branch.if as { properties?: { __typename?: { const?: string } } } | undefined)?.properties
      ?.__typename?.const;
    const ref = (branch.then as { properties?: { flatData?: { $ref?: string } } } | undefined)?.properties?.flatData
      ?.$ref;
    if (typename && ref) blockTypes.set(typename, new URL(ref, blockUrl).href);
  }

  const schemas: ContentSchemas = { dir: key, files, validator, urlOf, blockTypes };
  // compile every record kind now, so a broken schema shows at once and not on the first record of its kind
  for (const kind of [...RECORD_KINDS, 'manifest'] as const) validator(kind);
  cache.set(key, schemas);
  return schemas;
}

/** `AppHero` → `app-hero`: the schema name a block's section carries. */
export function dashedName(typename: string): string {
  return typename.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}
