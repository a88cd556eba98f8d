/**
 * Where a diagnostic goes in the editor's text: the JSON pointer the CLI reports, mapped to a range of
 * characters (jsonc-parser's syntax tree, as `cli/src/locate.ts` maps it to a line and column).
 *
 * A value is marked whole; an object or array is marked by its key and opening bracket (`"visibleIf": {`), or,
 * as an item of a list, by its opening bracket and first property (`{ "name": "semester"`), so a long field
 * definition is not underlined from top to bottom. A field whose type is unknown is marked at its type.
 */

import type { LocatedDiagnostic } from '@antrag/core/document';
import { diagnosticText } from '@antrag/core/document';
import { MAX_JSON_DEPTH, nestingDepth, pointerSegments } from '@antrag/core/json';
import { findNodeAtLocation, type Node, parseTree, type Segment } from 'jsonc-parser';

export interface TextRange {
  from: number;
  to: number;
}

/** A diagnostic as the editor shows it: where, how bad, and the line `antrag validate` prints. */
export interface EditorDiagnostic extends TextRange {
  severity: 'error' | 'warning';
  message: string;
  code: string;
  line: number;
  column: number;
}

/** The syntax tree, or none for a text nested too deeply for jsonc-parser, which recurses (the check says why). */
function tree(text: string): Node | undefined {
  if (nestingDepth(text) > MAX_JSON_DEPTH) return undefined;
  return parseTree(text, [], { disallowComments: true, allowTrailingComma: false, allowEmptyContent: true });
}

/** The deepest node of `pointer` that exists (the root when nothing does). */
function nodeAt(root: Node, pointer: string): Node {
  let node = root;
  for (const raw of pointerSegments(pointer)) {
    const segment: Segment = node.type === 'array' && /^(0|[1-9]\d*)$/.test(raw) ? Number(raw) : raw;
    const next = node.type === 'array' || node.type === 'object' ? findNodeAtLocation(node, [segment]) : undefined;
    if (!next) break;
    node = next;
  }
  return node;
}

function endOfLine(text: string, offset: number): number {
  const newline = text.slice(offset).search(/\r|\n/);
  return newline < 0 ? text.length : offset + newline;
}

function rangeOfNode(text: string, node: Node): TextRange {
  if (node.type !== 'object' && node.type !== 'array') return { from: node.offset, to: node.offset + node.length };
  const parent = node.parent;
  if (parent?.type === 'property' && parent.children?.[0] && parent.children[0] !== node) {
    return { from: parent.children[0].offset, to: node.offset + 1 };
  }
  const lineEnd = endOfLine(text, node.offset);
  if (node.offset + node.length <= lineEnd) return { from: node.offset, to: node.offset + node.length };
  const first = node.children?.[0];
  return { from: node.offset, to: first ? first.offset + first.length : node.offset + 1 };
}

/** The range of the value a JSON pointer names, or of its nearest existing parent. */
export function rangeOfPointer(text: string, pointer: string): TextRange {
  const root = tree(text);
  if (!root) return { from: 0, to: Math.min(text.length, Math.max(1, endOfLine(text, 0))) };
  return rangeOfNode(text, nodeAt(root, pointer));
}

/** 1-based line and column → offset (clamped to the text). Lines end at `\n`, `\r\n` or `\r`, as the CLI counts. */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const rest = text.slice(offset);
    const at = rest.search(/\r\n|\r|\n/);
    if (at < 0) return text.length;
    offset += at + (rest.startsWith('\r\n', at) ? 2 : 1);
  }
  return Math.min(text.length, offset + Math.max(0, column - 1));
}

/** The innermost value starting at a line and column (a `$ref` site), else one character there. */
export function rangeAt(text: string, line: number, column: number): TextRange {
  const offset = offsetOf(text, line, column);
  const root = tree(text);
  let found: Node | undefined;
  const visit = (node: Node) => {
    if (node.offset === offset && node.type !== 'property') found = node;
    if (offset >= node.offset && offset < node.offset + node.length)
      for (const child of node.children ?? []) visit(child);
  };
  if (root) visit(root);
  if (found) return rangeOfNode(text, found);
  return offset >= text.length
    ? { from: Math.max(0, text.length - 1), to: text.length }
    : { from: offset, to: offset + 1 };
}

/**
 * The diagnostics of a check, placed in the text of `file`: those about the file itself at their pointer, JSON
 * syntax errors where the parser stopped, those about a file a `$ref` leads to at that `$ref`. Each carries the
 * line `antrag validate` prints for it.
 */
export function editorDiagnostics(
  text: string,
  file: string,
  diagnostics: readonly LocatedDiagnostic[],
): EditorDiagnostic[] {
  return diagnostics.map((d) => {
    let range: TextRange;
    let at = { line: d.line, column: d.column };
    if (d.file === file) {
      if (d.code === 'json-syntax') range = rangeAt(text, d.line, d.column);
      else if (d.code === 'unknown-field-type') range = rangeOfPointer(text, `${d.pointer}/type`);
      else range = rangeOfPointer(text, d.pointer);
    } else {
      const site = d.via?.find((v) => v.file === file);
      at = site ? { line: site.line, column: site.column } : { line: 1, column: 1 };
      range = site ? rangeAt(text, site.line, site.column) : rangeOfPointer(text, '');
    }
    return {
      ...range,
      severity: d.severity,
      code: d.code,
      message: diagnosticText(d, (f) => f),
      ...at,
    };
  });
}
