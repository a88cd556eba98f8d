/**
 * Schema errors of content as located diagnostics: `file:line:col pointer message`, like the form errors. Of the
 * errors at one place only the most telling are kept, and an unknown block type is named as such.
 */

import { describeError } from '@antrag/core/compile/check';
import { closest } from '@antrag/core/compile/suggest';
import { pointerSegments } from '@antrag/core/json';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { LoadedDocument, LocatedDiagnostic } from './files.js';

export function unknownBlockTypeMessage(typename: unknown, known: readonly string[]): string {
  if (typeof typename !== 'string') return `a block type (__typename) must be a string, one of ${known.join(', ')}`;
  const best = closest(typename, known);
  const hint = best ? ` (did you mean "${best}"?)` : '';
  return `unknown block type "${typename}"${hint}; the block types are listed in @antrag/content/schemas/block.schema.json`;
}

function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const key of pointerSegments(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function isUnknownBlockType(e: ErrorObject): boolean {
  // only blocks have a `__typename` in content, and only block.schema.json restricts it to an enum
  return e.keyword === 'enum' && e.instancePath.endsWith('/__typename');
}

/** Readable, de-duplicated messages for the errors of one validation, pointers relative to the validated value. */
export function describeErrors(
  errors: readonly ErrorObject[],
  value: unknown,
): Array<{ pointer: string; message: string }> {
  // `if` reports only that a branch failed; the branch's own errors say what is wrong
  const kept = errors.filter((e) => e.keyword !== 'if');
  const deepest = new Set(
    kept.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf').map((e) => e.instancePath),
  );
  const out: Array<{ pointer: string; message: string }> = [];
  const seen = new Set<string>();
  for (const e of kept) {
    if (
      (e.keyword === 'anyOf' || e.keyword === 'oneOf') &&
      [...deepest].some((p) => p === e.instancePath || p.startsWith(`${e.instancePath}/`))
    ) {
      continue;
    }
    const message = isUnknownBlockType(e)
      ? unknownBlockTypeMessage(valueAt(value, e.instancePath), (e.params as { allowedValues: string[] }).allowedValues)
      : describeError(e);
    const id = `${e.instancePath}\u0000${message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ pointer: e.instancePath, message });
  }
  return out;
}

/** Validates the value at `pointer` of a loaded document; diagnostics are located in the document's file. */
export function schemaDiagnostics(
  doc: LoadedDocument,
  validate: ValidateFunction,
  pointer: string,
): LocatedDiagnostic[] {
  const value = valueAt(doc.value, pointer);
  if (validate(value)) return [];
  return describeErrors(validate.errors ?? [], value).map(({ pointer: inner, message }) => {
    const at = doc.locate(pointer + inner);
    return {
      severity: 'error',
      code: 'content-shape',
      message,
      pointer: pointer + inner,
      file: at.file,
      line: at.line,
      column: at.column,
      endLine: at.endLine,
      endColumn: at.endColumn,
    };
  });
}
