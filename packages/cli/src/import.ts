/**
 * `antrag import <booking-v1|booking-v2|review> <file> [--out <file>]`: a CMS definition to a DSL document.
 * The document goes to `--out` or stdout; diagnostics go to stderr (or, with `--format json` and `--out`, to stdout).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { compileForm } from '@antrag/core/compile';
import type { FormDefinition } from '@antrag/core/dsl/types';
import { type CmsKind, detectCmsKind, importCms } from '@antrag/core/import';
import { expandPaths } from './discover.js';
import { hasErrors } from './forms.js';
import { type LocatedDiagnostic, loadDocument } from './load.js';
import { DSL_SCHEMA_FILE, displayPath, relativeSpecifier } from './paths.js';
import {
  byPosition,
  diagnosticLine,
  type Io,
  jsonText,
  type OutputFormat,
  plural,
  toJsonDiagnostic,
} from './report.js';

export interface ImportCommandOptions {
  format: OutputFormat;
  out?: string;
  /** The form id instead of the one derived from the document. */
  id?: string;
}

/** The definition with `$schema` first, naming the meta-schema relative to where the document is written. */
export function withSchemaReference(definition: FormDefinition, outDir: string): FormDefinition {
  const { $schema: _old, ...rest } = definition;
  return { $schema: relativeSpecifier(outDir, DSL_SCHEMA_FILE), ...rest };
}

/** Exit code: 0 when the document imported without errors, 1 otherwise (the document is still written if there is one). */
export function importDocument(kind: CmsKind, file: string, opts: ImportCommandOptions, io: Io): number {
  const [path] = expandPaths([file]);
  const doc = loadDocument(path, { refs: false });
  let diagnostics: LocatedDiagnostic[] = [...doc.diagnostics];
  let definition: FormDefinition | undefined;
  if (!hasErrors(doc.diagnostics)) {
    const looksLike = detectCmsKind(doc.value);
    if (looksLike && looksLike !== kind) {
      const at = doc.locate('');
      diagnostics.push({
        severity: 'error',
        code: 'cms-kind-mismatch',
        message: `the document looks like a ${looksLike} definition, not ${kind} (try: antrag import ${looksLike} ${file})`,
        pointer: '',
        file: at.file,
        line: at.line,
        column: at.column,
      });
    }
    const result = importCms(kind, doc.value, opts.id ? { id: opts.id } : {});
    for (const d of result.diagnostics) {
      const at = doc.locate(d.pointer);
      const { file, line, column, endLine, endColumn, pointer } = at;
      diagnostics.push({ ...d, file, line, column, endLine, endColumn, pointer });
    }
    if (result.definition) {
      const outDir = opts.out ? dirname(resolve(opts.out)) : process.cwd();
      definition = withSchemaReference(result.definition, outDir);
      // the imported document must also compile; its problems are about the output, so they name it
      const compiled = compileForm(definition);
      const outName = opts.out ? resolve(opts.out) : '<stdout>';
      for (const d of compiled.diagnostics) {
        diagnostics.push({
          ...d,
          message: `in the imported definition at ${d.pointer || '/'}: ${d.message}`,
          file: outName,
          line: 1,
          column: 1,
        });
      }
    }
  }

  const ok = !hasErrors(diagnostics) && definition !== undefined;
  diagnostics = byPosition(diagnostics);
  const json = opts.format === 'json';
  if (definition) {
    if (opts.out) {
      const target = resolve(opts.out);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, jsonText(definition));
    } else if (!json) {
      io.stdout(jsonText(definition));
    }
  }
  if (json) {
    io.stdout(
      jsonText({
        command: 'import',
        ok,
        kind,
        file: displayPath(path),
        ...(opts.out ? { out: displayPath(resolve(opts.out)) } : { definition: definition ?? null }),
        diagnostics: diagnostics.map(toJsonDiagnostic),
      }),
    );
  } else {
    for (const d of diagnostics) io.stderr(`${diagnosticLine(d)}\n`);
    const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
    const errors = diagnostics.length - warnings;
    const what = definition ? `imported ${kind} ${displayPath(path)}` : `could not import ${displayPath(path)}`;
    const where = definition && opts.out ? ` to ${displayPath(resolve(opts.out))}` : '';
    io.stderr(`${what}${where}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}\n`);
  }
  return ok ? 0 : 1;
}
