/**
 * `antrag compile <paths…> --out <dir>`: per valid form a folder `<out>/<form-id>/` with
 * `form.json` (the whole compiled form), `schema.json`, `ui-schema.json`, `steps/step-<n>.schema.json` and
 * `validators.js` (precompiled, eval-free validators). Same input, same bytes.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CompiledForm, JsonSchema } from '@antrag/core/compile/types';
import { precompileValidators } from '@antrag/core/validate';
import { expandPaths } from './discover.js';
import { artefactName, type FormOptions, type FormSource, fileReport, loadForm } from './forms.js';
import type { LocatedDiagnostic } from './load.js';
import { displayPath, VALIDATION_RUNTIME_SPECIFIER } from './paths.js';
import { diagnosticLine, type FileReport, finishCommand, type Io, jsonText, type OutputFormat } from './report.js';

export interface CompileCommandOptions {
  format: OutputFormat;
  options: FormOptions;
  out: string;
  /** Import specifier of the validation runtime in `validators.js`; default `@antrag/core/validate/runtime`. */
  runtimeImport?: string;
  /** Also precompile the whole-form validator (the browser needs only the steps). */
  wholeForm?: boolean;
  /** The schemas a renderer checks while it draws a form (RJSF's: `@antrag/react`'s `renderChecksOf`). */
  renderChecks?: RenderChecks;
}

/** A renderer's render checks of a form, keyed as it looks them up. */
export type RenderChecks = (form: CompiledForm) => ReadonlyMap<string, JsonSchema>;

/**
 * `@antrag/react`'s render checks when it is installed (an optional peer: the validators then serve the React
 * engine without `eval`), else none: the step validators work with any renderer.
 */
export async function installedRenderChecks(): Promise<RenderChecks | undefined> {
  try {
    return (await import('@antrag/react/render-checks')).renderChecksOf;
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw e;
  }
}

/** The artefacts of one form, file name (relative to its folder) → content. */
export function artefacts(
  source: FormSource,
  runtimeImport: string,
  wholeForm = false,
  renderChecks?: RenderChecks,
): Map<string, string> {
  const form = source.form!;
  const files = new Map<string, string>();
  files.set('form.json', jsonText(form));
  files.set('schema.json', jsonText(form.schema));
  files.set('ui-schema.json', jsonText(form.uiSchema));
  for (const [i, schema] of form.stepSchemas.entries()) files.set(`steps/step-${i}.schema.json`, jsonText(schema));
  const include = wholeForm ? 'all' : 'steps';
  const checks = renderChecks?.(form);
  files.set('validators.js', precompileValidators(form, { runtimeImport, include, checks }).replace(/\n*$/, '\n'));
  return files;
}

export function compileForms(paths: string[], opts: CompileCommandOptions, io: Io): number {
  const files = expandPaths(paths);
  const outRoot = resolve(opts.out);
  const reports: FileReport[] = [];
  const diagnostics: LocatedDiagnostic[] = [];
  const written: Array<{ file: string; form: string; dir: string; files: string[] }> = [];
  const claimed = new Map<string, string>();
  const text = opts.format === 'text';

  for (const file of files) {
    const source = loadForm(file, opts.options);
    const problems = [...source.diagnostics];
    if (source.form) {
      const name = artefactName(source.form.id, opts.options);
      const dir = join(outRoot, name);
      const owner = claimed.get(dir);
      if (owner) {
        problems.push({
          severity: 'error',
          code: 'duplicate-form-id',
          message: `form id '${source.form.id}' is also the id of ${displayPath(owner)}; not written`,
          ...source.document.locate(source.kind === 'dsl' ? '/id' : ''),
        });
      } else {
        claimed.set(dir, file);
        try {
          const runtimeImport = opts.runtimeImport ?? VALIDATION_RUNTIME_SPECIFIER;
          const contents = artefacts(source, runtimeImport, opts.wholeForm, opts.renderChecks);
          // step schemas of an earlier compile with more steps must not linger
          rmSync(join(dir, 'steps'), { recursive: true, force: true });
          for (const [rel, content] of contents) {
            const target = join(dir, rel);
            mkdirSync(join(target, '..'), { recursive: true });
            writeFileSync(target, content);
          }
          written.push({ file, form: source.form.id, dir, files: [...contents.keys()] });
          if (text) io.stdout(`wrote ${displayPath(dir)}/ (${contents.size} files)\n`);
        } catch (e) {
          problems.push({
            severity: 'error',
            code: 'write-failure',
            message: `could not build or write the artefacts: ${(e as Error).message}`,
            ...source.document.locate(''),
          });
        }
      }
    }
    reports.push(fileReport(source, problems));
    diagnostics.push(...problems);
    if (text) for (const d of problems) io.stdout(`${diagnosticLine(d)}\n`);
  }

  const outputs = written.map((w) => ({ ...w, file: displayPath(w.file), dir: displayPath(w.dir) }));
  return finishCommand(io, opts.format, 'compile', 'compiled', reports, diagnostics, outputs);
}
