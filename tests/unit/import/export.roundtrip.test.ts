import { describe, expect, it } from 'vitest';
import { exportCms } from '../../../packages/core/src/export/index.js';
import { cmsDocuments, imported, shapeErrors } from './exportSupport.js';

const documents = cmsDocuments();

describe('exportCms: every CMS document of the repository goes back to its shape', () => {
  it('finds the documents (guard: each kind, forms and fixtures)', () => {
    expect(documents.length).toBeGreaterThanOrEqual(15);
    expect(new Set(documents.map((d) => d.kind))).toEqual(new Set(['booking-v1', 'booking-v2', 'review']));
    expect(documents.some((d) => d.file.startsWith('schemas/'))).toBe(true);
  });

  it.each(documents.map((d) => [d.file, d] as const))('%s: import → export is valid and imports the same', (_, d) => {
    const definition = imported(d.kind, d.doc);
    const result = exportCms(definition);
    expect(result.kind).toBe(d.kind);
    // nothing is lost; a step the document has without fields is still one, and said so
    const empty = definition.steps.flatMap((step, i) =>
      [...(step.fields ?? []), ...(step.sections ?? []).flatMap((s) => s.fields)].length === 0 ? [i] : [],
    );
    expect(result.diagnostics.map((x) => `${x.code} ${x.pointer}`)).toEqual(
      empty.map((i) => `export-empty-step /steps/${i}`),
    );
    expect(shapeErrors(d.kind, result.document)).toEqual([]);
    expect(imported(d.kind, result.document)).toEqual(definition);
  });

  it.each(documents.map((d) => [d.file, d] as const))('%s: a second export gives the same document', (_, d) => {
    const first = exportCms(imported(d.kind, d.doc)).document;
    expect(exportCms(imported(d.kind, first)).document).toEqual(first);
  });
});
