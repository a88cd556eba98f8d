/**
 * A diagnostic as one line, `file:line:col pointer message`, and diagnostics in reading order. Pure: the CLI
 * (`report.ts`) and the studio in the browser print the same lines; each names files its own way.
 */
import type { FilePosition, LocatedDiagnostic } from './document.js';

/** How a line names a file (the CLI: relative to the working folder). */
export type NameFile = (file: string) => string;

/**
 * The message with its hint ("did you mean …?") after it. The importer starts some messages with their pointer;
 * the line already shows it.
 */
export function ownMessage(d: LocatedDiagnostic): string {
  const prefix = `${d.pointer}: `;
  const message = d.pointer && d.message.startsWith(prefix) ? d.message.slice(prefix.length) : d.message;
  if (!d.hint) return message;
  // after a whole sentence the hint is one too; else it continues the message
  return /[.!?]$/.test(message)
    ? `${message} ${d.hint[0].toUpperCase()}${d.hint.slice(1)}${/[.!?]$/.test(d.hint) ? '' : '.'}`
    : `${message}; ${d.hint}`;
}

/** Diagnostics in reading order: by file, then line and column (stable otherwise). */
export function byPosition<T extends LocatedDiagnostic>(diagnostics: readonly T[]): T[] {
  return diagnostics
    .map((d, i) => ({ d, i }))
    .sort(
      (a, b) =>
        (a.d.file < b.d.file ? -1 : a.d.file > b.d.file ? 1 : 0) ||
        a.d.line - b.d.line ||
        a.d.column - b.d.column ||
        a.i - b.i,
    )
    .map(({ d }) => d);
}

export function positionText(p: FilePosition, name: NameFile): string {
  return `${name(p.file)}:${p.line}:${p.column}`;
}

/** `file:line:col pointer [warning: ]message [(via $ref at …)]` */
export function diagnosticText(d: LocatedDiagnostic, name: NameFile): string {
  const via = d.via?.length ? ` (via $ref at ${d.via.map((v) => positionText(v, name)).join(', ')})` : '';
  const severity = d.severity === 'warning' ? 'warning: ' : '';
  return `${positionText(d, name)} ${d.pointer || '/'} ${severity}${ownMessage(d)}${via}`;
}
