import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import { importCmsText } from '../../../site/web/studio/importCms.js';

const fixture = (name: string) => readFileSync(`tests/fixtures/cms/${name}`, 'utf8');

describe('a CMS definition imported in the studio', () => {
  it('tells booking v1, booking v2 and review apart by shape and imports each into a form that compiles', () => {
    for (const [file, kind] of [
      ['booking-v1.full.json', 'booking-v1'],
      ['booking-v2.full.json', 'booking-v2'],
      ['review.full.json', 'review'],
    ] as const) {
      const result = importCmsText(fixture(file), 'auto', '../dsl.schema.json');
      expect(result.kind, file).toBe(kind);
      expect(Object.keys(result.definition ?? {})[0], file).toBe('$schema');
      expect(result.definition?.$schema).toBe('../dsl.schema.json');
      expect(
        compileForm(result.definition).diagnostics.filter((d) => d.severity === 'error'),
        file,
      ).toEqual([]);
    }
  });

  it('keeps the importer’s remarks, each at its line and column in the pasted text', () => {
    const result = importCmsText(fixture('booking-v2.unknown-type.json'), 'booking-v2', './dsl.schema.json');
    expect(result.definition).toBeDefined();
    const unknown = result.diagnostics.find((d) => d.code === 'unknown-field-type');
    expect(unknown).toMatchObject({ severity: 'warning', message: expect.stringMatching(/is not implemented!$/) });
    expect(unknown?.line).toBeGreaterThan(1);
  });

  it('refuses a document of another format than the one chosen, and text that is no JSON, saying where', () => {
    const mismatch = importCmsText(fixture('review.full.json'), 'booking-v1', './dsl.schema.json');
    expect(mismatch.diagnostics[0]).toMatchObject({ code: 'cms-kind-mismatch', severity: 'error' });
    const broken = importCmsText('{\n  "flatData": {\n    "steps": [\n  }\n}', 'auto', './dsl.schema.json');
    expect(broken.definition).toBeUndefined();
    expect(broken.diagnostics[0]).toMatchObject({ code: 'json-syntax', line: 4, column: 3 });
    expect(importCmsText('{"hello": 1}', 'auto', './dsl.schema.json').diagnostics[0].code).toBe('unknown-document');
  });
});
