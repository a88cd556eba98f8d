import { describe, expect, it } from 'vitest';
import type { LocatedDiagnostic } from '../../../packages/core/src/document/document.js';
import { editorDiagnostics, offsetOf, rangeAt, rangeOfPointer } from '../../../site/web/studio/ranges.js';

const TEXT = `{
  "id": "demo",
  "steps": [
    {
      "id": "one",
      "fields": [
        { "name": "a", "type": "bogus" },
        {
          "name": "b",
          "type": "text",
          "visibleIf": { "field": "missing", "equals": 1 },
          "rules": [{ "pattern": "^([0-9]$" }]
        }
      ]
    }
  ]
}
`;

const slice = (r: { from: number; to: number }) => TEXT.slice(r.from, r.to);

describe('pointer → range in the editor text', () => {
  it('marks a value whole, quotes included', () => {
    expect(slice(rangeOfPointer(TEXT, '/steps/0/fields/1/rules/0/pattern'))).toBe('"^([0-9]$"');
    expect(slice(rangeOfPointer(TEXT, '/steps/0/fields/0/type'))).toBe('"bogus"');
    expect(slice(rangeOfPointer(TEXT, '/steps/0/fields/1/visibleIf/equals'))).toBe('1');
  });

  it('marks an object that is a property value by its key and opening brace', () => {
    expect(slice(rangeOfPointer(TEXT, '/steps/0/fields/1/visibleIf'))).toBe('"visibleIf": {');
    expect(slice(rangeOfPointer(TEXT, '/steps/0/fields'))).toBe('"fields": [');
  });

  it('marks a list item by its first line: all of a one-line item, the brace and first property of a long one', () => {
    expect(slice(rangeOfPointer(TEXT, '/steps/0/fields/0'))).toBe('{ "name": "a", "type": "bogus" }');
    expect(slice(rangeOfPointer(TEXT, '/steps/0/fields/1'))).toBe('{\n          "name": "b"');
  });

  it('falls back to the nearest part of a pointer that exists', () => {
    expect(slice(rangeOfPointer(TEXT, '/steps/0/fields/1/rules/0/message'))).toBe('{ "pattern": "^([0-9]$" }');
    expect(slice(rangeOfPointer(TEXT, '/steps/7'))).toBe('"steps": [');
    expect(rangeOfPointer(TEXT, '').from).toBe(0);
  });

  it('unescapes pointer segments (~1 is /, ~0 is ~)', () => {
    const text = '{ "a/b": { "c~d": true } }';
    expect(text.slice(rangeOfPointer(text, '/a~1b/c~0d').from, rangeOfPointer(text, '/a~1b/c~0d').to)).toBe('true');
  });

  it('maps 1-based lines and columns to offsets with \\n, \\r\\n and \\r line ends', () => {
    expect(offsetOf('ab\ncd', 2, 2)).toBe(4);
    expect(offsetOf('ab\r\ncd', 2, 1)).toBe(4);
    expect(offsetOf('ab\rcd', 2, 2)).toBe(4);
    expect(offsetOf('ab', 9, 9)).toBe(2);
  });

  it('marks the value starting at a line and column (a $ref site), else one character', () => {
    const text = '{\n  "fields": { "$ref": "./shared.json#/x" }\n}';
    expect(text.slice(rangeAt(text, 2, 23).from, rangeAt(text, 2, 23).to)).toBe('"./shared.json#/x"');
    expect(rangeAt(text, 99, 1)).toEqual({ from: text.length - 1, to: text.length });
  });
});

describe('diagnostics placed in the editor', () => {
  const d = (over: Partial<LocatedDiagnostic>): LocatedDiagnostic => ({
    severity: 'error',
    code: 'x',
    message: 'm',
    pointer: '',
    file: 'forms/demo.form.json',
    line: 1,
    column: 1,
    ...over,
  });

  it("places the file's own diagnostics at their pointer, with the CLI's line", () => {
    const [placed] = editorDiagnostics(TEXT, 'forms/demo.form.json', [
      d({ pointer: '/steps/0/fields/1/visibleIf', line: 11, column: 24, code: 'unknown-field', message: 'no field' }),
    ]);
    expect(slice(placed)).toBe('"visibleIf": {');
    expect(placed.message).toBe('forms/demo.form.json:11:24 /steps/0/fields/1/visibleIf no field');
    expect(placed).toMatchObject({ line: 11, column: 24, severity: 'error', code: 'unknown-field' });
  });

  it('marks a field of an unknown type (reported at the field, as the CLI does) at its type', () => {
    const [placed] = editorDiagnostics(TEXT, 'forms/demo.form.json', [
      d({
        pointer: '/steps/0/fields/0',
        line: 7,
        column: 9,
        code: 'unknown-field-type',
        message: 'Field type bogus is not implemented!',
      }),
    ]);
    expect(slice(placed)).toBe('"bogus"');
    expect(placed.message).toBe('forms/demo.form.json:7:9 /steps/0/fields/0 Field type bogus is not implemented!');
  });

  it('places a JSON syntax error where the parser stopped', () => {
    const broken = '{\n  "id": "x"\n  "steps": []\n}';
    const [placed] = editorDiagnostics(broken, 'f.json', [
      d({
        file: 'f.json',
        code: 'json-syntax',
        pointer: '/steps',
        line: 3,
        column: 3,
        message: "invalid JSON: expected ','",
      }),
    ]);
    expect(broken.slice(placed.from, placed.to)).toBe('"steps"');
  });

  it('places a diagnostic about a shared file at the $ref that leads there', () => {
    const text = '{\n  "fields": { "$ref": "./shared.json#/x" }\n}';
    const [placed] = editorDiagnostics(text, 'forms/a.form.json', [
      d({
        file: 'forms/shared.json',
        line: 5,
        column: 2,
        pointer: '/x/0',
        message: 'broken',
        severity: 'warning',
        via: [{ file: 'forms/a.form.json', line: 2, column: 23 }],
      }),
    ]);
    expect(text.slice(placed.from, placed.to)).toBe('"./shared.json#/x"');
    expect(placed.message).toBe('forms/shared.json:5:2 /x/0 warning: broken (via $ref at forms/a.form.json:2:23)');
    expect(placed).toMatchObject({ line: 2, column: 23 });
  });
});
