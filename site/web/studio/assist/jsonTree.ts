/**
 * The form document as CodeMirror's JSON syntax tree sees it, which tolerates a half-typed text: the value as far as
 * it can be read, and the place (a property name or a value, by its path) at a position.
 */

import { MAX_JSON_DEPTH, nestingDepth } from '@antrag/core/json';
import { ensureSyntaxTree, syntaxTree } from '@codemirror/language';
import type { EditorState, Text } from '@codemirror/state';
import type { Segment } from './schemaPlaces.js';
import type { Place } from './suggest.js';

// Lezer's node type, without depending on @lezer/common directly
type SyntaxNode = ReturnType<ReturnType<typeof syntaxTree>['resolveInner']>;

const VALUES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);
const isValue = (node: SyntaxNode) => VALUES.has(node.name);

/** A place at a position, with the range of text a completion replaces. */
export interface PlaceAt {
  place: Place;
  /** Start and end of what is typed there: the inside of its quotes, or an empty range where nothing is yet. */
  from: number;
  to: number;
  /** The text at the place has quotes (a completion fills them), or there is none yet (a completion writes them). */
  quoted: boolean;
  /** The string token's closing quote is missing. */
  unclosed: boolean;
  /** The token itself (for a value that is not a string, replaced whole). */
  token?: { from: number; to: number };
  /** A property name is followed by its colon already. */
  hasColon: boolean;
}

const tree = (state: EditorState) => ensureSyntaxTree(state, state.doc.length, 200) ?? syntaxTree(state);

function stringOf(doc: Text, node: SyntaxNode): string {
  const raw = doc.sliceString(node.from, node.to);
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'string') return value;
  } catch {
    // unterminated while typed: what is there so far
  }
  return raw.replace(/^"/, '').replace(/"$/, '');
}

function readValue(doc: Text, node: SyntaxNode): unknown {
  switch (node.name) {
    case 'Object': {
      const out: Record<string, unknown> = {};
      for (const property of node.getChildren('Property')) {
        const name = property.getChild('PropertyName');
        if (!name) continue;
        const value = childValue(property);
        out[stringOf(doc, name)] = value ? readValue(doc, value) : undefined;
      }
      return out;
    }
    case 'Array': {
      const out: unknown[] = [];
      for (let child = node.firstChild; child; child = child.nextSibling)
        if (isValue(child)) out.push(readValue(doc, child));
      return out;
    }
    case 'String':
      return stringOf(doc, node);
    case 'Number':
      return Number(doc.sliceString(node.from, node.to));
    case 'True':
      return true;
    case 'False':
      return false;
    default:
      return null;
  }
}

function childValue(property: SyntaxNode): SyntaxNode | undefined {
  for (let child = property.firstChild; child; child = child.nextSibling) if (isValue(child)) return child;
  return undefined;
}

const documents = new WeakMap<Text, unknown>();

/** The document's value as far as it can be read (missing values are undefined; broken parts left out). */
export function documentValue(state: EditorState): unknown {
  if (documents.has(state.doc)) return documents.get(state.doc);
  let value: unknown;
  // readValue recurses: a text nested deeper than any form has no value here (the check names the problem)
  if (nestingDepth(state.doc.toString()) > MAX_JSON_DEPTH) {
    documents.set(state.doc, value);
    return value;
  }
  const top = tree(state).topNode;
  for (let child = top.firstChild; child; child = child.nextSibling) {
    if (isValue(child)) {
      value = readValue(state.doc, child);
      break;
    }
  }
  documents.set(state.doc, value);
  return value;
}

/** The path of the value a node is (or, for a property, of the object it belongs to). */
function pathOf(doc: Text, node: SyntaxNode): Segment[] {
  const out: Segment[] = [];
  let child = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (parent.name === 'Property' && child.name !== 'PropertyName') {
      const name = parent.getChild('PropertyName');
      if (name) out.unshift(stringOf(doc, name));
    } else if (parent.name === 'Array') {
      let index = 0;
      for (let item = parent.firstChild; item && item.from < child.from; item = item.nextSibling)
        if (isValue(item)) index++;
      out.unshift(index);
    }
  }
  return out;
}

/** Does a string token end with its closing quote (not an escaped one)? */
function closed(text: string): boolean {
  if (text.length < 2 || !text.endsWith('"')) return false;
  let slashes = 0;
  for (let i = text.length - 2; i > 0 && text[i] === '\\'; i--) slashes++;
  return slashes % 2 === 0;
}

function quotedRange(state: EditorState, node: SyntaxNode) {
  const unclosed = !closed(state.doc.sliceString(node.from, node.to));
  return { from: node.from + 1, to: unclosed ? node.to : node.to - 1, unclosed };
}

function followedByColon(state: EditorState, at: number): boolean {
  return /^\s*:/.test(state.doc.sliceString(at, Math.min(state.doc.length, at + 40)));
}

/** The place at a position: in a property name, in a value (a string, or where a value is still to be written). */
export function placeAt(state: EditorState, pos: number): PlaceAt | undefined {
  const doc = state.doc;
  const node = tree(state).resolveInner(pos, -1);
  const inside = (n: SyntaxNode) => pos > n.from && (pos < n.to || !closed(doc.sliceString(n.from, n.to)));

  if (node.name === 'PropertyName' && inside(node)) {
    const object = node.parent?.parent;
    if (!object) return undefined;
    const range = quotedRange(state, node);
    return {
      place: { kind: 'key', path: pathOf(doc, object), key: stringOf(doc, node) },
      ...range,
      quoted: true,
      token: { from: node.from, to: node.to },
      hasColon: followedByColon(state, node.to),
    };
  }
  if (node.name === 'String' && inside(node)) {
    const range = quotedRange(state, node);
    return {
      place: { kind: 'value', path: pathOf(doc, node) },
      ...range,
      quoted: true,
      token: { from: node.from, to: node.to },
      hasColon: false,
    };
  }
  // between tokens: where a value or a property name is still to come
  let container: SyntaxNode | null = node;
  while (container && !['Property', 'Object', 'Array'].includes(container.name)) container = container.parent;
  if (!container) return undefined;
  const empty = { from: pos, to: pos, quoted: false, unclosed: false, hasColon: false };
  if (container.name === 'Property') {
    const colon = container.getChild(':');
    const value = childValue(container);
    const name = container.getChild('PropertyName');
    if (!colon || pos < colon.to || !name || (value && value.to <= pos)) return undefined;
    return { place: { kind: 'value', path: [...pathOf(doc, container), stringOf(doc, name)] }, ...empty };
  }
  if (container.name === 'Object') {
    if (pos <= container.from) return undefined;
    return { place: { kind: 'key', path: pathOf(doc, container) }, ...empty };
  }
  let index = 0;
  for (let item = container.firstChild; item && item.to <= pos; item = item.nextSibling) if (isValue(item)) index++;
  return { place: { kind: 'value', path: [...pathOf(doc, container), index] }, ...empty };
}

/** The property name or literal value under a position, for hover help. */
export function tokenAt(
  state: EditorState,
  pos: number,
  side: -1 | 1,
): { place: Place; from: number; to: number } | undefined {
  const node = tree(state).resolveInner(pos, side);
  const doc = state.doc;
  if (node.name === 'PropertyName') {
    const object = node.parent?.parent;
    if (!object) return undefined;
    return {
      place: { kind: 'key', path: pathOf(doc, object), key: stringOf(doc, node) },
      from: node.from,
      to: node.to,
    };
  }
  if (['String', 'Number', 'True', 'False', 'Null'].includes(node.name)) {
    return { place: { kind: 'value', path: pathOf(doc, node) }, from: node.from, to: node.to };
  }
  return undefined;
}
