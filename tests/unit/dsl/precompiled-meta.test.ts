/**
 * The build's precompiled meta-schema validator (packages/core/scripts/precompile-meta.mjs), which an installed core
 * uses instead of compiling the 150 KB meta-schema on every cold `antrag validate`, reports exactly the errors the
 * run-time compiled one does, on every shipped form and every invalid fixture.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations
import { EXPORT_NAME, precompiledMetaSchemaModule } from '../../../packages/core/scripts/precompile-meta.mjs';

const ROOT = join(import.meta.dirname, '../../..');
const SCHEMA = JSON.parse(readFileSync(join(ROOT, 'packages/core/src/dsl/dsl.schema.json'), 'utf8'));
let dir: string;
let precompiled: ValidateFunction;
let atRunTime: ValidateFunction;

function formsUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.form.json'))
    .map((e) => join(e.parentPath, e.name));
}

beforeAll(async () => {
  // under node_modules/.cache so that the module's `ajv/…` and `ajv-formats/…` imports resolve, as in an install
  const cache = join(ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  dir = mkdtempSync(join(cache, 'antrag-meta-'));
  const file = join(dir, 'dslValidator.mjs');
  writeFileSync(file, precompiledMetaSchemaModule());
  precompiled = (await import(pathToFileURL(file).href))[EXPORT_NAME];
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
  ajvFormats.default(ajv);
  atRunTime = ajv.compile(SCHEMA);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the precompiled DSL meta-schema validator', () => {
  const files = [...formsUnder(join(ROOT, 'schemas')), ...formsUnder(join(ROOT, 'tests/fixtures/dsl'))];

  it('is checked against real forms and broken ones', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files.some((f) => f.includes('/invalid/'))).toBe(true);
  });

  it.each(files.map((f) => [f.slice(ROOT.length + 1), f]))('reports what the run-time one reports: %s', (_n, file) => {
    const definition = JSON.parse(readFileSync(file, 'utf8'));
    const valid = atRunTime(definition);
    expect(precompiled(definition)).toBe(valid);
    expect(precompiled.errors ?? null).toEqual(atRunTime.errors ?? null);
    if (file.includes('/invalid/')) expect(valid).toBe(false);
  });
});
