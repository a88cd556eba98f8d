/** Which files the commands work on, and what each one is. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { CMS_SUFFIX, FORM_SUFFIX } from '@antrag/core/document';
import { CONTENT_MANIFEST, content } from './content.js';
import { UsageError } from './errors.js';

export { CMS_SUFFIX, classify, type DocumentKind, FORM_SUFFIX } from '@antrag/core/document';

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

/** Site content to check: a content folder (its manifest), all of it or only some of its files. */
export interface ContentSelection {
  /** Absolute path of `content.manifest.json`. */
  manifest: string;
  /** The files to report on (absolute); absent: the whole folder. */
  only?: Set<string>;
}

export interface Inputs {
  /** Form files (DSL and CMS definitions, and explicit files that are no content). */
  forms: string[];
  content: ContentSelection[];
  /** Whether the content schemas (`schemas/content/`) lie in a folder given, so they are checked too. */
  contentSchemas: boolean;
}

function within(dir: string, path: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

function manifestsIn(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      manifestsIn(join(dir, entry.name), out);
    } else if (entry.isFile() && entry.name === CONTENT_MANIFEST) out.push(join(dir, entry.name));
  }
}

/**
 * Splits the paths into forms and site content. A folder holding `content.manifest.json` (at any depth) is a content
 * folder: its files are content, checked against `schemas/content/`, never mistaken for forms. A file or folder
 * inside a content folder selects those files of it. `*.schema.json` files are never forms or content; when
 * `schemas/content/` lies in a folder given, its schemas are compiled and reported as checked.
 */
export function selectInputs(paths: string[]): Inputs {
  const files = expandPaths(paths);
  const selections = new Map<string, ContentSelection>();
  const whole = (manifest: string) => selections.set(manifest, { manifest });
  const some = (manifest: string, file: string) => {
    const s = selections.get(manifest) ?? { manifest, only: new Set<string>() };
    s.only?.add(file);
    selections.set(manifest, s);
  };
  let contentSchemas = false;
  const explicitFiles = new Set<string>();
  for (const p of paths) {
    const abs = resolve(p);
    if (statSync(abs).isDirectory()) {
      if (content && within(abs, content.CONTENT_SCHEMA_DIR)) contentSchemas = true;
      const found: string[] = [];
      manifestsIn(abs, found);
      for (const m of found) whole(m);
      const outer = findManifest(abs);
      if (found.length === 0 && outer) some(outer, abs);
    } else explicitFiles.add(abs);
  }
  const forms: string[] = [];
  for (const file of files) {
    const manifest = explicitFiles.has(file) ? findManifest(file) : undefined;
    if (basename(file) === CONTENT_MANIFEST) whole(file);
    else if (manifest && existsSync(manifest)) some(manifest, file);
    else forms.push(file);
  }
  return { forms, content: [...selections.values()], contentSchemas };
}

/** Whether `file` is selected by a selection (a file given, or a file under a folder given). */
export function isSelected(selection: ContentSelection, file: string): boolean {
  if (!selection.only) return true;
  return [...selection.only].some((p) => p === file || within(p, file));
}

/** The manifest of the content folder holding `path` (the nearest ancestor folder with one), if any. */
export function findManifest(path: string): string | undefined {
  let dir = resolve(path);
  if (!(existsSync(dir) && statSync(dir).isDirectory())) dir = dirname(dir);
  for (;;) {
    const candidate = join(dir, CONTENT_MANIFEST);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}
