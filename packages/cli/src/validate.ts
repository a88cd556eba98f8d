/**
 * `antrag validate <paths…>`: checks forms (DSL files and CMS definitions) against their schemas and compiles them.
 * `antrag validate <form> --data <file.json>`: checks one data document against one form.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locale } from '@antrag/core/dsl/types';
import { CONTENT_MISSING, content } from './content.js';
import { type ContentSelection, expandPaths, isSelected, selectInputs } from './discover.js';
import { UsageError } from './errors.js';
import { type FormOptions, fileReport, hasErrors, loadForm } from './forms.js';
import { type LocatedDiagnostic, loadDocument } from './load.js';
import { displayPath } from './paths.js';
import {
  byPosition,
  diagnosticLine,
  type FileReport,
  finishCommand,
  type Io,
  jsonText,
  type OutputFormat,
  plural,
  toJsonDiagnostic,
} from './report.js';

export interface ValidateOptions {
  format: OutputFormat;
  options: FormOptions;
  /** More warnings than this make the run fail (exit 1); absent or negative: no limit. */
  maxWarnings?: number;
}

/**
 * Exit code: 0 when every file is valid (warnings allowed, up to `maxWarnings`), 1 when any is invalid. Forms are
 * compiled; site content (folders with `content.manifest.json`) is checked against `schemas/content/`; the content
 * schemas themselves are compiled when their folder is among the paths.
 */
export function validateForms(paths: string[], opts: ValidateOptions, io: Io): number {
  return runValidation(paths, opts, io).code;
}

/** One validation run: its exit code and every form file it read (the forms and the files their `$ref`s name). */
export function runValidation(paths: string[], opts: ValidateOptions, io: Io): { code: number; files: string[] } {
  const inputs = selectInputs(paths);
  const reports: FileReport[] = [];
  const diagnostics: LocatedDiagnostic[] = [];
  const read = new Set<string>();
  const print = (found: readonly LocatedDiagnostic[]) => {
    if (opts.format === 'text') for (const d of found) io.stdout(`${diagnosticLine(d)}\n`);
  };
  for (const file of inputs.forms) {
    const source = loadForm(file, opts.options);
    for (const f of source.document.files) read.add(f);
    reports.push(fileReport(source));
    diagnostics.push(...source.diagnostics);
    print(source.diagnostics);
  }
  if (inputs.contentSchemas) {
    const checked = checkContentSchemas();
    reports.push(...checked.reports);
    diagnostics.push(...checked.diagnostics);
    print(checked.diagnostics);
  }
  for (const selection of inputs.content) {
    const checked = validateContent(selection);
    reports.push(...checked.reports);
    diagnostics.push(...checked.diagnostics);
    print(checked.diagnostics);
  }
  const code = finishCommand(io, opts.format, 'validate', 'checked', reports, diagnostics, undefined, opts.maxWarnings);
  return { code, files: [...read] };
}

function report(file: string, kind: string, found: readonly LocatedDiagnostic[]): FileReport {
  const errors = found.filter((d) => d.severity === 'error').length;
  return { file, kind, valid: errors === 0, errors, warnings: found.length - errors };
}

/** The content schemas compile (strict ajv, every `$ref` resolved): one report per schema file. */
function checkContentSchemas(): { reports: FileReport[]; diagnostics: LocatedDiagnostic[] } {
  if (!content) return { reports: [], diagnostics: [] };
  const { CONTENT_SCHEMA_DIR, ContentSchemaError, loadContentSchemas, schemaProblem } = content;
  const list = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? list(join(dir, e.name)) : e.name.endsWith('.json') ? [join(dir, e.name)] : []))
      .sort();
  try {
    loadContentSchemas(CONTENT_SCHEMA_DIR);
    return { reports: list(CONTENT_SCHEMA_DIR).map((f) => report(f, 'content-schema', [])), diagnostics: [] };
  } catch (e) {
    if (!(e instanceof ContentSchemaError)) throw e;
    const d = schemaProblem(e);
    return { reports: [report(e.file, 'content-schema', [d])], diagnostics: [d] };
  }
}

/** One content folder: every file against its kind's schema, then references and uniqueness over the folder. */
function validateContent(selection: ContentSelection): { reports: FileReport[]; diagnostics: LocatedDiagnostic[] } {
  if (!content) {
    const missing: LocatedDiagnostic = {
      file: selection.manifest,
      line: 1,
      column: 1,
      pointer: '',
      severity: 'error',
      code: 'content-unchecked',
      message: CONTENT_MISSING,
    };
    return { reports: [report(selection.manifest, 'content', [missing])], diagnostics: [missing] };
  }
  const checked = content.checkContent(selection.manifest);
  const reports: FileReport[] = [];
  const diagnostics: LocatedDiagnostic[] = [];
  for (const f of checked.files) {
    if (!isSelected(selection, f.file)) continue;
    const found = byPosition(f.diagnostics);
    reports.push(report(f.file, `content:${f.kind}`, found));
    diagnostics.push(...found);
  }
  return { reports, diagnostics };
}

export interface ValidateDataOptions extends ValidateOptions {
  locale: Locale;
}

/** Exit code: 0 when the data is valid for the form, 1 when it is not (or the form or the data file is broken). */
export async function validateData(
  formPath: string,
  dataPath: string,
  opts: ValidateDataOptions,
  io: Io,
): Promise<number> {
  const files = expandPaths([formPath]);
  if (files.length !== 1) {
    throw new UsageError(`--data needs exactly one form, but ${formPath} holds ${plural(files.length, 'form')}`);
  }
  expandPaths([dataPath]);
  const source = loadForm(files[0], opts.options);
  const formWarnings = source.diagnostics.filter((d) => d.severity === 'warning');
  const json = opts.format === 'json';

  if (!source.form) {
    if (json) {
      io.stdout(
        jsonText({
          command: 'validate-data',
          ok: false,
          valid: false,
          form: displayPath(source.file),
          data: displayPath(dataPath),
          errors: [],
          diagnostics: source.diagnostics.map(toJsonDiagnostic),
        }),
      );
    } else {
      for (const d of source.diagnostics) io.stdout(`${diagnosticLine(d)}\n`);
      io.stdout(`${displayPath(source.file)} has errors; the data was not checked\n`);
    }
    return 1;
  }

  const data = loadDocument(dataPath, { refs: false });
  if (hasErrors(data.diagnostics)) {
    if (json) {
      io.stdout(
        jsonText({
          command: 'validate-data',
          ok: false,
          valid: false,
          form: source.form.id,
          data: displayPath(data.file),
          errors: [],
          diagnostics: [...formWarnings, ...data.diagnostics].map(toJsonDiagnostic),
        }),
      );
    } else {
      for (const d of data.diagnostics) io.stdout(`${diagnosticLine(d)}\n`);
      io.stdout(`${displayPath(data.file)} could not be read; the data was not checked\n`);
    }
    return 1;
  }

  // loaded here: checking forms alone does not need the validation runtime (phone and postal-code data)
  const { createFormValidator } = await import('@antrag/core/validate');
  const result = createFormValidator(source.form).validate(data.value, { locale: opts.locale });
  const errors = result.errors.map((e) => ({
    pointer: e.path || '/',
    field: e.field,
    messageKey: e.messageKey,
    message: e.message,
    params: e.params,
  }));
  if (json) {
    io.stdout(
      jsonText({
        command: 'validate-data',
        ok: result.valid,
        valid: result.valid,
        form: source.form.id,
        data: displayPath(data.file),
        locale: opts.locale,
        errors,
        diagnostics: formWarnings.map(toJsonDiagnostic),
      }),
    );
  } else {
    for (const d of formWarnings) io.stderr(`${diagnosticLine(d)}\n`);
    for (const e of errors) io.stdout(`${e.pointer} ${e.message}\n`);
    io.stdout(
      result.valid
        ? `${displayPath(data.file)} is valid for form ${source.form.id}\n`
        : `${displayPath(data.file)} is invalid for form ${source.form.id}: ${plural(errors.length, 'error')}\n`,
    );
  }
  return result.valid ? 0 : 1;
}
