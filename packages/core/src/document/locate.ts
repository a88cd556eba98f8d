/**
 * Where a JSON pointer lands in a file's text, as 1-based line and column: the CLI reports every problem
 * as `file:line:col pointer message`, so an editor can jump to it.
 */
import {
  findNodeAtLocation,
  getLocation,
  type Node,
  type ParseError,
  parseTree,
  printParseErrorCode,
  type Segment,
} from 'jsonc-parser';
import { pointerSegments, toPointer } from '../json/pointer.js';

export interface Position {
  line: number;
  column: number;
}

export interface PointerPosition extends Position {
  /** Where the located token ends (just after its last character). */
  endLine: number;
  endColumn: number;
  /** The part of the pointer that exists in the document (the whole pointer unless it points nowhere). */
  found: string;
}

/** What of a member to point at: its value, or its key (an unknown property is the key's fault, not the value's). */
export type PointerPart = 'value' | 'key';

/** The first syntax error of a JSON text, where it is and what was expected. */
export interface JsonSyntaxError extends Position {
  message: string;
  /** Pointer of the value being read when the error occurred. */
  pointer: string;
}

// the pointer helpers live in `json/pointer.ts`; `@antrag/core/document` has always offered them too
export { escapeSegment, pointerSegments, toPointer } from '../json/pointer.js';

// keyed by jsonc-parser's error names (its ParseErrorCode is a const enum, which isolated modules cannot read)
const MESSAGES: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':'",
  CommaExpected: "expected ','",
  CloseBraceExpected: "expected '}'",
  CloseBracketExpected: "expected ']'",
  EndOfFileExpected: 'expected the end of the file',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character in a string (control characters must be escaped)',
};

/** A JSON text with its syntax tree and line index. Strict JSON: no comments, no trailing commas. */
export class JsonText {
  readonly text: string;
  /** The text as parsed (a byte-order mark replaced by a space, so offsets stay aligned). */
  private readonly body: string;
  readonly tree: Node | undefined;
  readonly errors: ParseError[];
  private readonly lineStarts: number[];

  constructor(text: string) {
    this.text = text;
    this.body = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
    const errors: ParseError[] = [];
    this.tree = parseTree(this.body, errors, {
      disallowComments: true,
      allowTrailingComma: false,
      allowEmptyContent: false,
    });
    this.errors = errors;
    this.lineStarts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.lineStarts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.lineStarts.push(i + 1);
      }
    }
  }

  positionAt(offset: number): Position {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo] + 1 };
  }

  /** The first syntax error, or undefined for valid JSON. Later errors are mostly consequences of the first. */
  syntaxError(): JsonSyntaxError | undefined {
    const first = this.errors[0];
    if (!first) return undefined;
    const path = getLocation(this.body, first.offset).path;
    return {
      ...this.positionAt(first.offset),
      message: `invalid JSON: ${MESSAGES[printParseErrorCode(first.error)] ?? printParseErrorCode(first.error)}`,
      pointer: toPointer(path),
    };
  }

  /**
   * Position and end of the value a JSON pointer names, or of its key with `part: 'key'`. When the pointer points
   * nowhere, the nearest existing parent is used (`found` says which). Numeric segments index arrays.
   */
  locate(pointer: string, part: PointerPart = 'value'): PointerPosition {
    if (!this.tree) return { line: 1, column: 1, endLine: 1, endColumn: 1, found: '' };
    let node: Node = this.tree;
    const found: Segment[] = [];
    for (const raw of pointerSegments(pointer)) {
      const segment: Segment = node.type === 'array' && /^(0|[1-9]\d*)$/.test(raw) ? Number(raw) : raw;
      const next = node.type === 'array' || node.type === 'object' ? findNodeAtLocation(node, [segment]) : undefined;
      if (!next) break;
      node = next;
      found.push(segment);
    }
    const whole = found.length === pointerSegments(pointer).length;
    const key = part === 'key' && whole && node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
    const token = key ?? node;
    const end = this.positionAt(token.offset + token.length);
    return { ...this.positionAt(token.offset), endLine: end.line, endColumn: end.column, found: toPointer(found) };
  }
}
