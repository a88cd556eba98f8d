/**
 * How the commands print what they found: one line per diagnostic (`file:line:col pointer message`) and a
 * summary line, or with `--format json` one JSON document on stdout and nothing else; for CI, `--format sarif`
 * (one SARIF log) and `--format github` (workflow commands, see `formats.ts`).
 */
import type { FileReport, LocatedDiagnostic } from '@antrag/core/document';
import { byPosition, diagnosticText, ownMessage } from '@antrag/core/document';
import { githubCommand, sarifLog } from './formats.js';

export type { FileReport };

import { displayPath } from './paths.js';
import { ruleId } from './rules.js';

export { byPosition };

export const OUTPUT_FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Where the commands write; tests and embedders may capture it. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
}

export const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** A diagnostic as `--format json` prints it: paths relative to the working folder. */
export interface JsonDiagnostic {
  file: string;
  line: number;
  column: number;
  /** Where the offending token ends. */
  endLine: number;
  endColumn: number;
  pointer: string;
  severity: 'error' | 'warning';
  code: string;
  /** Stable rule id, e.g. `antrag/unknown-property` (finer than `code`). */
  rule: string;
  message: string;
  /** The `$ref`s through which the place was reached, outermost first. */
  via?: Array<{ file: string; line: number; column: number }>;
  /** For CMS documents: the pointer into the imported DSL definition the compiler reported. */
  definitionPointer?: string;
}

export interface Summary {
  files: number;
  valid: number;
  invalid: number;
  errors: number;
  warnings: number;
}

export function toJsonDiagnostic(d: LocatedDiagnostic & { definitionPointer?: string }): JsonDiagnostic {
  return {
    file: displayPath(d.file),
    line: d.line,
    column: d.column,
    endLine: d.endLine ?? d.line,
    endColumn: d.endColumn ?? d.column,
    pointer: d.pointer || '/',
    severity: d.severity,
    code: d.code,
    rule: ruleId(d),
    message: ownMessage(d),
    ...(d.via?.length
      ? { via: d.via.map((v) => ({ file: displayPath(v.file), line: v.line, column: v.column })) }
      : {}),
    ...(d.definitionPointer ? { definitionPointer: d.definitionPointer } : {}),
  };
}

/** `file:line:col pointer [warning: ]message [(via $ref at …)]`, files relative to the working folder. */
export function diagnosticLine(d: LocatedDiagnostic): string {
  return diagnosticText(d, displayPath);
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function summarize(files: FileReport[]): Summary {
  return {
    files: files.length,
    valid: files.filter((f) => f.valid).length,
    invalid: files.filter((f) => !f.valid).length,
    errors: files.reduce((n, f) => n + f.errors, 0),
    warnings: files.reduce((n, f) => n + f.warnings, 0),
  };
}

/** `3 files checked, 1 invalid, 2 warnings` */
export function summaryLine(summary: Summary, verb: string): string {
  return `${plural(summary.files, 'file')} ${verb}, ${summary.invalid} invalid, ${plural(summary.warnings, 'warning')}`;
}

/** Deterministic JSON text: two-space indentation and a trailing newline. */
export function jsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** `--max-warnings <n>`: more warnings than n fail the run; absent or negative means no limit (as in ESLint). */
export function tooManyWarnings(summary: Summary, maxWarnings: number | undefined): boolean {
  return maxWarnings !== undefined && maxWarnings >= 0 && summary.warnings > maxWarnings;
}

/**
 * Ends a command over many files: the summary line (with `github`, after one workflow command per diagnostic),
 * the JSON document with the per-file reports, the diagnostics and any outputs, or the SARIF log. Returns the
 * exit code: 0 when no file is invalid and the warnings are within `maxWarnings`, else 1.
 */
export function finishCommand(
  io: Io,
  format: OutputFormat,
  command: string,
  verb: string,
  reports: FileReport[],
  diagnostics: LocatedDiagnostic[],
  outputs?: unknown[],
  maxWarnings?: number,
): number {
  const summary = summarize(reports);
  const overLimit = tooManyWarnings(summary, maxWarnings);
  const ok = summary.invalid === 0 && !overLimit;
  const limitLine = `too many warnings: ${summary.warnings} (maximum: ${maxWarnings})`;
  if (format === 'json') {
    io.stdout(
      jsonText({
        command,
        ok,
        summary,
        ...(maxWarnings !== undefined && maxWarnings >= 0 ? { maxWarnings } : {}),
        files: reports.map((r) => ({ ...r, file: displayPath(r.file) })),
        ...(outputs ? { outputs } : {}),
        diagnostics: diagnostics.map(toJsonDiagnostic),
      }),
    );
  } else if (format === 'sarif') {
    io.stdout(jsonText(sarifLog(diagnostics)));
  } else {
    if (format === 'github') for (const d of diagnostics) io.stdout(`${githubCommand(d)}\n`);
    io.stdout(`${summaryLine(summary, verb)}\n`);
    if (overLimit)
      io.stdout(format === 'github' ? `::error title=antrag/max-warnings::${limitLine}\n` : `${limitLine}\n`);
  }
  return ok ? 0 : 1;
}
