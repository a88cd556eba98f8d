/** Helpers for the export tests (not a test file itself): every CMS document of the repository, and a check. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { type CmsKind, detectCmsKind, importCms } from '../../../packages/core/src/import/index.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function* jsonFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* jsonFiles(path);
    else if (name.endsWith('.json')) yield path;
  }
}

export interface CmsDocument {
  file: string;
  kind: CmsKind;
  doc: unknown;
}

/**
 * Every CMS document in the repository that imports to a definition: the forms' `*.cms.json` under schemas/, the
 * fixtures, and the site's content (which holds none today; a document added there is picked up). Documents that
 * fail their CMS schema (the bad-shape fixtures) give no definition and so nothing to export.
 */
export function cmsDocuments(): CmsDocument[] {
  const found: CmsDocument[] = [];
  for (const folder of ['schemas', 'tests/fixtures', 'site/content']) {
    for (const path of jsonFiles(join(ROOT, folder))) {
      if (folder === 'schemas' && !path.endsWith('.cms.json')) continue;
      let doc: unknown;
      try {
        doc = JSON.parse(readFileSync(path, 'utf8'));
      } catch {
        continue; // fixtures of broken JSON are not CMS documents
      }
      const kind = detectCmsKind(doc);
      if (kind && importCms(kind, doc).definition) found.push({ file: relative(ROOT, path), kind, doc });
    }
  }
  return found.sort((a, b) => a.file.localeCompare(b.file));
}

export function imported(kind: CmsKind, doc: unknown): FormDefinition {
  const result = importCms(kind, doc);
  if (!result.definition) throw new Error(JSON.stringify(result.diagnostics));
  return result.definition;
}

// An Ajv of its own on the specification's schemas, independent of the importer's check.
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
const validators = Object.fromEntries(
  (['booking-v1', 'booking-v2', 'review'] as const).map((kind) => [
    kind,
    ajv.compile(
      JSON.parse(readFileSync(join(ROOT, `packages/core/src/import/cms/${kind}.cms.schema.json`), 'utf8')) as object,
    ),
  ]),
) as Record<CmsKind, ReturnType<Ajv2020['compile']>>;

/** The schema errors of a document against its CMS shape (empty when valid). */
export function shapeErrors(kind: CmsKind, doc: unknown): unknown[] {
  const validate = validators[kind];
  return validate(doc) ? [] : (validate.errors ?? []);
}
