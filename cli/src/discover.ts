/** Which files the commands work on, and what each one is. */
import { readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { type CmsKind, detectCmsKind } from '../../renderer/core/import/index.js';
import { UsageError } from './errors.js';

export const FORM_SUFFIX = '.form.json';
export const CMS_SUFFIX = '.cms.json';

function isCandidate(name: string): boolean {
  return (name.endsWith(FORM_SUFFIX) || name.endsWith(CMS_SUFFIX)) && !name.endsWith('.schema.json');
}

function walk(dir: string, out: string[]): void {
  const entries = readdirSync(dir, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      walk(join(dir, entry.name), out);
    } else if (entry.isFile() && isCandidate(entry.name)) {
      out.push(join(dir, entry.name));
    }
  }
}

/**
 * The files to process, as absolute paths: files given explicitly (whatever their name), and in folders,
 * recursively, `*.form.json` and `*.cms.json` (not `node_modules`, hidden folders or `*.schema.json`).
 * Files found in one folder come sorted; the order of the arguments is kept. Throws a UsageError naming
 * every path that does not exist.
 */
export function expandPaths(paths: string[]): string[] {
  const missing: string[] = [];
  const files: string[] = [];
  for (const p of paths) {
    const abs = resolve(p);
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(abs);
    } catch {
      missing.push(p);
      continue;
    }
    if (stats.isDirectory()) {
      const found: string[] = [];
      walk(abs, found);
      files.push(...found.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    } else files.push(abs);
  }
  if (missing.length) {
    throw new UsageError(`no such file or folder: ${missing.join(', ')}`);
  }
  return [...new Set(files)];
}

export type DocumentKind = 'dsl' | CmsKind;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A document's kind by its shape: a DSL definition names the meta-schema in `$schema` or has `id` and `steps`;
 * a CMS definition is recognised by `detectCmsKind`. The file name decides only when the shape does not:
 * a `*.form.json` is checked as DSL (so its shape errors are reported in detail).
 */
export function classify(value: unknown, file: string): DocumentKind | null {
  if (isObject(value) && typeof value.$schema === 'string' && value.$schema.endsWith('dsl.schema.json')) return 'dsl';
  const cms = detectCmsKind(value);
  if (cms) return cms;
  if (isObject(value) && 'id' in value && 'steps' in value) return 'dsl';
  if (basename(file).endsWith(FORM_SUFFIX)) return 'dsl';
  return null;
}
