/**
 * Values the CMS shape can hold but the import's stand-ins used to lose (the requiredness of a field of an unknown
 * type), and steps an export gives without fields: kept, or reported, never dropped silently.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { exportCms } from '../../../packages/core/src/export/index.js';
import type { CmsKind } from '../../../packages/core/src/import/index.js';
import { imported, shapeErrors } from './exportSupport.js';
import { at, fieldNamed, fixture } from './support.js';

const bookingV2 = () =>
  JSON.parse(readFileSync(new URL('../../../schemas/booking-v2/booking-v2.cms.json', import.meta.url), 'utf8')) as {
    flatData: { steps: Array<{ fields: Array<{ internalIdentifier: string; isRequired?: boolean }> }> };
  };

/** The JSON pointer of a v2 field by its identifier. */
function v2FieldAt(doc: ReturnType<typeof bookingV2>, id: string): string {
  for (const [i, step] of doc.flatData.steps.entries()) {
    const j = step.fields.findIndex((f) => f.internalIdentifier === id);
    if (j >= 0) return `/flatData/steps/${i}/fields/${j}`;
  }
  throw new Error(`no field ${id}`);
}

describe('a required field of a type the import stands in for', () => {
  it('booking v2: the floor plan comes back required, with its CMS type, and nothing is reported', () => {
    const doc = bookingV2();
    const place = v2FieldAt(doc, 'floorPlan');
    expect(at(doc, `${place}/isRequired`)).toBe(true); // fixture guard
    const result = exportCms(imported('booking-v2', doc));
    expect(result.diagnostics).toEqual([]);
    expect(at(result.document, place)).toEqual({
      internalIdentifier: 'floorPlan',
      label: 'Floor plan',
      isRequired: true,
      fieldOptions: [{ __typename: 'FloorPlan' }],
    });
  });

  it('review: an item of an unknown type comes back required', () => {
    const doc = fixture('review.full.json') as { steps: Array<{ groups: Array<{ items: object[] }> }> };
    doc.steps[0]?.groups[0]?.items.push({ field: 'clip', label: 'Video', type: 'video', required: true });
    const definition = imported('review', doc);
    expect(fieldNamed(definition, 'clip')).toMatchObject({ type: 'info', required: true });
    const result = exportCms(definition);
    expect(result.diagnostics).toEqual([]);
    const items = at(result.document, '/steps/0/groups/0/items') as object[];
    expect(items.at(-1)).toEqual({ field: 'clip', label: 'Video', type: 'video', required: true });
  });
});

const EMPTY: Array<[CmsKind, () => FormDefinition]> = [
  ['booking-v1', () => imported('booking-v1', fixture('booking-v1.full.json'))],
  ['booking-v2', () => imported('booking-v2', bookingV2())],
  ['review', () => imported('review', fixture('review.full.json'))],
];

describe.each(EMPTY)('a step without fields, %s', (kind, definition) => {
  it('is reported at its pointer and still exported as a valid document', () => {
    const def = definition();
    const n = def.steps.length;
    def.steps.push({ id: `step-${n + 1}`, title: 'Extras', headline: 'Extras', fields: [] });
    const result = exportCms(def);
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({ severity: 'warning', code: 'export-empty-step', pointer: `/steps/${n}` }),
    );
    const warning = result.diagnostics.find((d) => d.code === 'export-empty-step');
    expect(warning?.message).toMatch(/"Extras" has no field/);
    expect(shapeErrors(kind, result.document)).toEqual([]);
  });
});

it('reports a step whose only field the shape cannot hold as empty too', () => {
  const def = imported('booking-v1', fixture('booking-v1.full.json'));
  def.steps.push({ id: 'contact', title: 'Contact', fields: [{ type: 'phone', name: 'mobile', label: 'Mobile' }] });
  const codes = exportCms(def).diagnostics.map((d) => `${d.code} ${d.pointer}`);
  expect(codes).toContain(`export-unsupported-field /steps/${def.steps.length - 1}/fields/0`);
  expect(codes).toContain(`export-empty-step /steps/${def.steps.length - 1}`);
});
