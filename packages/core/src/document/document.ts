/**
 * Reads a JSON document and resolves its `$ref`s, so forms can share fields:
 * `{ "$ref": "./shared/address-fields.json#/fields" }` is replaced by the value at that JSON pointer of that
 * file (resolved relative to the file holding the `$ref`; `#/…` alone points into the same file). Keys next
 * to a `$ref` that points to an object override the object's keys. References are followed recursively and
 * cycles are reported.
 *
 * Every pointer into the resolved document can be traced back to the file, line and column it came from.
 *
 * Pure: files are read through a `FileAccess`, so the CLI (`load.ts`, the file system) and the studio in the
 * browser (files fetched from the local studio server) give the same diagnostics, word for word.
 */
import type { Diagnostic } from '../compile/types.js';
import { MAX_JSON_DEPTH } from '../json/depth.js';
import { isObject } from '../json/object.js';
import { escapeSegment, pointerSegments } from '../json/pointer.js';
import { JsonText, type PointerPart } from './locate.js';

/** How a document and the files its `$ref`s name are read, and how paths are named in messages. */
export interface FileAccess {
  /** The text of a file; throws an error with a `code` (`ENOENT`, `EISDIR`, …) when it cannot be read. */
  read(file: string): string;
  /** The path of `path` relative to the folder `dir` (absolute paths stay as they are). */
  resolve(dir: string, path: string): string;
  dirname(file: string): string;
  /** A path as messages name it. */
  display(file: string): string;
  /**
   * Why a `$ref` in the document `root` (the file being read) may not read `file` (e.g. it lies outside the
   * project), or undefined when it may. Without it every file `read` reads is allowed.
   */
  refRefused?(file: string, root: string): string | undefined;
}

/** Deeper nesting is refused before parsing: parsers and the compiler recurse, and a stack overflow is no message. */
export { MAX_JSON_DEPTH };

/** The place where `text` first nests deeper than `max`, or undefined (strings are skipped, so brackets in them count not). */
export function tooDeep(text: string, max = MAX_JSON_DEPTH): { line: number; column: number } | undefined {
  let depth = 0;
  let inString = false;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 10) {
      line++;
      lineStart = i + 1;
    } else if (c === 91 || c === 123) {
      if (++depth > max) return { line, column: i - lineStart + 1 };
    } else if (c === 93 || c === 125) depth--;
  }
  return undefined;
}

/** A place in a file. */
export interface FilePosition {
  /** Absolute path. */
  file: string;
  line: number;
  column: number;
}

/** Where a pointer into a resolved document comes from. */
export interface SourceLocation extends FilePosition {
  /** Where the located token (the value, or the key) ends. */
  endLine: number;
  endColumn: number;
  /** The pointer inside `file`. */
  pointer: string;
  /** The `$ref`s that led into `file`, outermost first (empty when the place is in the document itself). */
  via: FilePosition[];
}

/** A diagnostic with the place it was found at. */
export interface LocatedDiagnostic extends Diagnostic {
  file: string;
  line: number;
  column: number;
  /** Where the offending token ends, when known. */
  endLine?: number;
  endColumn?: number;
  via?: FilePosition[];
}

export interface LoadedDocument {
  /** Absolute path. */
  file: string;
  /** The parsed document with references resolved; absent when the file could not be read or parsed. */
  value?: unknown;
  text?: string;
  /** Problems reading, parsing or resolving, each located. The value is incomplete when one is an error. */
  diagnostics: LocatedDiagnostic[];
  /**
   * The source of a pointer into `value`, following references back to the file that holds it: the place of the
   * value, or of its key with `part: 'key'`.
   */
  locate(pointer: string, part?: PointerPart): SourceLocation;
  /** Every file read, the document first. */
  files: string[];
}

export interface LoadOptions {
  /** Resolve `$ref`s (default true). */
  refs?: boolean;
}

interface ReadFile {
  json?: JsonText;
  value?: unknown;
  /** Why the file could not be read or parsed. */
  problem?: { message: string; line: number; column: number; pointer: string };
}

/** A resolved pointer whose value comes from elsewhere. */
interface Mount {
  file: string;
  /** Escaped pointer segments inside `file`. */
  segments: string[];
  /** The `$ref` that led there, or 'back' when the value is a key next to a `$ref`, in the referencing file. */
  via: FilePosition | 'back';
}

function escapedSegments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.replace(/^\//, '').split('/');
}

function valueAt(doc: unknown, pointer: string): { found: boolean; value?: unknown } {
  let node = doc;
  for (const key of pointerSegments(pointer)) {
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(key) && Number(key) < node.length) node = node[Number(key)];
    else if (isObject(node) && Object.hasOwn(node, key)) node = node[key];
    else return { found: false };
  }
  return { found: true, value: node };
}

function readJson(file: string, files: FileAccess): ReadFile {
  let text: string;
  try {
    text = files.read(file);
  } catch (e) {
    const code = (e as { code?: string }).code;
    const why =
      code === 'ENOENT' ? 'file not found' : code === 'EISDIR' ? 'is a folder, not a file' : (e as Error).message;
    return { problem: { message: `cannot read ${files.display(file)}: ${why}`, line: 1, column: 1, pointer: '' } };
  }
  const deep = tooDeep(text);
  if (deep) {
    const message = `nested deeper than ${MAX_JSON_DEPTH} levels; a form needs far fewer`;
    return { problem: { message, ...deep, pointer: '' } };
  }
  const json = new JsonText(text);
  const syntax = json.syntaxError();
  if (syntax) return { json, problem: syntax };
  try {
    return { json, value: JSON.parse(text.replace(/^\uFEFF/, '')) };
  } catch (e) {
    return { json, problem: { message: `invalid JSON: ${(e as Error).message}`, line: 1, column: 1, pointer: '' } };
  }
}

/**
 * Reads the JSON file `root` (a path `files` understands) and resolves the `$ref`s in it. Never throws for
 * problems of the input.
 */
export function readDocument(root: string, files: FileAccess, opts: LoadOptions = {}): LoadedDocument {
  const displayPath = (file: string) => files.display(file);
  const cache = new Map<string, ReadFile>();
  const mounts = new Map<string, Mount>();
  const diagnostics: LocatedDiagnostic[] = [];
  const reported = new Set<string>();

  const read = (file: string): ReadFile => {
    let entry = cache.get(file);
    if (!entry) {
      entry = readJson(file, files);
      cache.set(file, entry);
    }
    return entry;
  };
  const position = (file: string, pointer: string): FilePosition => {
    const json = cache.get(file)?.json;
    const at = json ? json.locate(pointer) : { line: 1, column: 1 };
    return { file, line: at.line, column: at.column };
  };

  const first = read(root);
  const doc: LoadedDocument = {
    file: root,
    text: first.json?.text,
    diagnostics,
    files: [root],
    locate(pointer, part = 'value') {
      let file = root;
      let inFile: string[] = [];
      const via: FilePosition[] = [];
      const enter = (m: Mount) => {
        if (m.via === 'back') via.pop();
        else via.push(m.via);
        file = m.file;
        inFile = [...m.segments];
      };
      let at = '';
      const top = mounts.get('');
      if (top) enter(top);
      for (const segment of escapedSegments(pointer)) {
        at += `/${segment}`;
        const m = mounts.get(at);
        if (m) enter(m);
        else inFile.push(segment);
      }
      const inFilePointer = inFile.map((s) => `/${s}`).join('');
      const json = cache.get(file)?.json;
      const p = json ? json.locate(inFilePointer, part) : { line: 1, column: 1, endLine: 1, endColumn: 1 };
      const span = { line: p.line, column: p.column, endLine: p.endLine, endColumn: p.endColumn };
      return { file, ...span, pointer: inFilePointer, via };
    },
  };
  if (first.problem) {
    diagnostics.push({ severity: 'error', code: 'json-syntax', file: root, ...first.problem });
    return doc;
  }

  const fail = (code: string, message: string, site: FilePosition, pointer: string, via: FilePosition[]) => {
    const at = cache.get(site.file)?.json?.locate(pointer);
    const end = at ? { endLine: at.endLine, endColumn: at.endColumn } : {};
    diagnostics.push({ severity: 'error', code, message, pointer, ...site, ...end, ...(via.length ? { via } : {}) });
  };

  /**
   * `here`: the file and escaped pointer of `value` in it; `at`: its pointer in the resolved document;
   * `stack`: the reference targets being resolved (`file#pointer`), to detect cycles; `via`: the ref sites.
   */
  const resolve = (
    value: unknown,
    here: { file: string; segments: string[] },
    at: string,
    stack: string[],
    via: FilePosition[],
  ): unknown => {
    if (Array.isArray(value)) {
      return value.map((item, i) =>
        resolve(item, { file: here.file, segments: [...here.segments, String(i)] }, `${at}/${i}`, stack, via),
      );
    }
    if (!isObject(value)) return value;
    const ref = value.$ref;
    if (typeof ref !== 'string') {
      const out: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(value)) {
        const s = escapeSegment(key);
        out[key] = resolve(entry, { file: here.file, segments: [...here.segments, s] }, `${at}/${s}`, stack, via);
      }
      return out;
    }

    const refPointer = [...here.segments, '$ref'].map((s) => `/${s}`).join('');
    const site = position(here.file, refPointer);
    const hash = ref.indexOf('#');
    const filePart = hash < 0 ? ref : ref.slice(0, hash);
    let fragment = hash < 0 ? '' : ref.slice(hash + 1);
    try {
      fragment = decodeURIComponent(fragment);
    } catch {
      // keep the fragment as written; a malformed escape simply points nowhere
    }
    if (fragment !== '' && !fragment.startsWith('/')) {
      fail(
        'bad-ref',
        `$ref ${JSON.stringify(ref)}: the part after '#' must be a JSON pointer (like #/fields)`,
        site,
        refPointer,
        via,
      );
      return value;
    }
    let target = here.file;
    if (filePart !== '') {
      if (/^[a-z][a-z0-9+.-]*:/i.test(filePart)) {
        fail(
          'bad-ref',
          `$ref ${JSON.stringify(ref)}: only relative file paths are supported, not URLs`,
          site,
          refPointer,
          via,
        );
        return value;
      }
      target = files.resolve(files.dirname(here.file), filePart);
    }
    const refused = target === here.file ? undefined : files.refRefused?.(target, root);
    if (refused) {
      fail('bad-ref', `$ref ${JSON.stringify(ref)} is refused: ${refused}`, site, refPointer, via);
      return value;
    }
    const targetFile = read(target);
    if (targetFile.problem) {
      if (!targetFile.json) {
        fail(
          'ref-not-found',
          `$ref ${JSON.stringify(ref)} points nowhere: ${targetFile.problem.message}`,
          site,
          refPointer,
          via,
        );
      } else if (!reported.has(target)) {
        // the referenced file is broken: report its own syntax error where it is
        reported.add(target);
        diagnostics.push({
          severity: 'error',
          code: 'json-syntax',
          file: target,
          ...targetFile.problem,
          via: [...via, site],
        });
      }
      return value;
    }
    if (!doc.files.includes(target)) doc.files.push(target);
    const found = valueAt(targetFile.value, fragment);
    if (!found.found) {
      const nearest = targetFile.json!.locate(fragment).found || '/';
      fail(
        'ref-not-found',
        `$ref ${JSON.stringify(ref)} points nowhere: ${displayPath(target)} has no value at ${fragment} (the nearest existing is ${nearest})`,
        site,
        refPointer,
        via,
      );
      return value;
    }
    const key = `${target}#${fragment}`;
    if (stack.includes(key)) {
      const cycle = [...stack.slice(stack.indexOf(key)), key].map((k) => {
        const [f, p] = [k.slice(0, k.lastIndexOf('#')), k.slice(k.lastIndexOf('#') + 1)];
        return `${displayPath(f)}#${p}`;
      });
      fail('ref-cycle', `$ref ${JSON.stringify(ref)} makes a cycle: ${cycle.join(' → ')}`, site, refPointer, via);
      return value;
    }
    const segments = pointerSegments(fragment).map(escapeSegment);
    mounts.set(at, { file: target, segments, via: site });
    const inner = [...via, site];
    const resolved = resolve(found.value, { file: target, segments }, at, [...stack, key], inner);

    const siblings = Object.keys(value).filter((k) => k !== '$ref');
    if (siblings.length === 0) return resolved;
    if (!isObject(resolved)) {
      fail(
        'bad-ref',
        `$ref ${JSON.stringify(ref)}: keys next to a $ref (${siblings.join(', ')}) need it to point to an object`,
        site,
        refPointer,
        via,
      );
      return value;
    }
    const merged: Record<string, unknown> = { ...resolved };
    for (const k of siblings) {
      const s = escapeSegment(k);
      mounts.set(`${at}/${s}`, { file: here.file, segments: [...here.segments, s], via: 'back' });
      merged[k] = resolve(value[k], { file: here.file, segments: [...here.segments, s] }, `${at}/${s}`, stack, via);
    }
    return merged;
  };

  doc.value =
    opts.refs === false ? first.value : resolve(first.value, { file: root, segments: [] }, '', [`${root}#`], []);
  return doc;
}
