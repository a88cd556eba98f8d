import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../../packages/cli/src/load.js';
import { JsonText } from '../../../packages/core/src/document/locate.js';
import { tempDir } from '../../integration/cli/support.js';

describe('JsonText.locate', () => {
  const text = '{\n  "a": [10, {"b/c": true}],\n  "d~e": { "f": null }\n}\n';
  const json = new JsonText(text);

  it('finds values by pointer, with numeric segments indexing arrays and escaped keys', () => {
    expect(json.locate('')).toEqual({ line: 1, column: 1, endLine: 4, endColumn: 2, found: '' });
    expect(json.locate('/a/0')).toEqual({ line: 2, column: 9, endLine: 2, endColumn: 11, found: '/a/0' });
    expect(json.locate('/a/1/b~1c')).toEqual({ line: 2, column: 21, endLine: 2, endColumn: 25, found: '/a/1/b~1c' });
    expect(json.locate('/d~0e/f')).toEqual({ line: 3, column: 17, endLine: 3, endColumn: 21, found: '/d~0e/f' });
  });

  it("finds a member's key instead of its value with part 'key' (an unknown property is the key's fault)", () => {
    expect(json.locate('/a/1/b~1c', 'key')).toEqual({
      line: 2,
      column: 14,
      endLine: 2,
      endColumn: 19,
      found: '/a/1/b~1c',
    });
    expect(json.locate('/d~0e', 'key')).toEqual({ line: 3, column: 3, endLine: 3, endColumn: 8, found: '/d~0e' });
    // an array item has no key: its value; a pointer to nowhere: the nearest parent's value
    expect(json.locate('/a/0', 'key')).toMatchObject({ line: 2, column: 9 });
    expect(json.locate('/d~0e/g', 'key')).toMatchObject({ line: 3, column: 10, found: '/d~0e' });
  });

  it('falls back to the nearest existing parent', () => {
    expect(json.locate('/a/7/x')).toEqual({ line: 2, column: 8, endLine: 2, endColumn: 27, found: '/a' });
    expect(json.locate('/d~0e/g')).toEqual({ line: 3, column: 10, endLine: 3, endColumn: 23, found: '/d~0e' });
  });

  it("reports the first syntax error with the parser's place and the pointer being read", () => {
    expect(new JsonText('{\n  "a": [1, 2,]\n}').syntaxError()).toEqual({
      line: 2,
      column: 14,
      pointer: '/a/2',
      message: 'invalid JSON: expected a value',
    });
    expect(new JsonText('{ "a": 1 } // note').syntaxError()?.message).toBe(
      'invalid JSON: comments are not allowed in JSON',
    );
    expect(new JsonText('').syntaxError()?.message).toBe('invalid JSON: expected a value');
    expect(new JsonText('{"a": 1}').syntaxError()).toBeUndefined();
  });

  it('counts lines of CRLF files', () => {
    expect(new JsonText('{\r\n  "a": 1\r\n}').locate('/a')).toMatchObject({ line: 2, column: 8 });
  });
});

describe('loadDocument', () => {
  function files(entries: Record<string, string>): string {
    const dir = tempDir('load');
    for (const [name, text] of Object.entries(entries)) writeFileSync(join(dir, name), text);
    return dir;
  }

  it('resolves references recursively, relative to the file that holds each one', () => {
    const dir = files({
      'form.json': '{\n  "fields": { "$ref": "a.json#/list" }\n}\n',
      'a.json': '{\n  "list": [\n    { "$ref": "b.json" },\n    { "name": "x" }\n  ]\n}\n',
      'b.json': '{ "name": "from-b" }\n',
    });
    const doc = loadDocument(join(dir, 'form.json'));
    expect(doc.diagnostics).toEqual([]);
    expect(doc.value).toEqual({ fields: [{ name: 'from-b' }, { name: 'x' }] });
    expect(doc.files.map((f) => f.slice(dir.length + 1))).toEqual(['form.json', 'a.json', 'b.json']);
  });

  it('traces a pointer into the resolved document back to the file, line and column it came from', () => {
    const dir = files({
      'form.json': '{\n  "fields": { "$ref": "a.json#/list" }\n}\n',
      'a.json': '{\n  "list": [\n    { "$ref": "b.json" },\n    { "name": "x" }\n  ]\n}\n',
      'b.json': '{ "name": "from-b" }\n',
    });
    const doc = loadDocument(join(dir, 'form.json'));
    expect(doc.locate('/fields/1/name')).toEqual({
      file: join(dir, 'a.json'),
      line: 4,
      column: 15,
      endLine: 4,
      endColumn: 18,
      pointer: '/list/1/name',
      via: [{ file: join(dir, 'form.json'), line: 2, column: 23 }],
    });
    expect(doc.locate('/fields/0/name')).toMatchObject({
      file: join(dir, 'b.json'),
      pointer: '/name',
      via: [
        { file: join(dir, 'form.json'), line: 2, column: 23 },
        { file: join(dir, 'a.json'), line: 3, column: 15 },
      ],
    });
  });

  it('lets keys next to a $ref override the referenced object, located in the referencing file', () => {
    const dir = files({
      'form.json':
        '{\n  "field": {\n    "$ref": "#/shared",\n    "required": false\n  },\n  "shared": { "name": "n", "required": true }\n}\n',
    });
    const doc = loadDocument(join(dir, 'form.json'));
    expect((doc.value as { field: unknown }).field).toEqual({ name: 'n', required: false });
    expect(doc.locate('/field/required')).toMatchObject({ line: 4, column: 17, pointer: '/field/required', via: [] });
    expect(doc.locate('/field/name')).toMatchObject({ line: 6, column: 23, pointer: '/shared/name' });
  });

  it('reports references to nowhere and cycles at the $ref, and the syntax errors of referenced files where they are', () => {
    const dir = files({
      'form.json':
        '{\n  "a": { "$ref": "#/nope" },\n  "b": { "$ref": "loop.json" },\n  "c": { "$ref": "bad.json" }\n}\n',
      'loop.json': '{ "again": { "$ref": "loop.json" } }',
      'bad.json': '{\n  "x": tru\n}',
    });
    const doc = loadDocument(join(dir, 'form.json'));
    expect(doc.diagnostics.map((d) => [d.code, d.file.slice(dir.length + 1), d.line, d.column])).toEqual([
      ['ref-not-found', 'form.json', 2, 18],
      ['ref-cycle', 'loop.json', 1, 22],
      ['json-syntax', 'bad.json', 2, 8],
    ]);
    expect(doc.diagnostics[1].message).toMatch(/loop\.json# → .*loop\.json#$/);
    expect(doc.diagnostics[2].via).toEqual([{ file: join(dir, 'form.json'), line: 4, column: 18 }]);
  });
});
