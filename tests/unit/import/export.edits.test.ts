/** Builder-style edits (the builder's own operations) survive export → import for each CMS shape. */
import { describe, expect, it } from 'vitest';
import { addField, renameField, updateField } from '../../../packages/core/src/builder/index.js';
import type { FormDefinition, SelectField } from '../../../packages/core/src/dsl/types.js';
import { exportCms } from '../../../packages/core/src/export/index.js';
import type { CmsKind } from '../../../packages/core/src/import/index.js';
import { imported, shapeErrors } from './exportSupport.js';
import { fieldNamed, fixture } from './support.js';

const CASES: Array<[CmsKind, string, { label: string; select: string; rename: string }]> = [
  ['booking-v1', 'booking-v1.full.json', { label: 'email', select: 'salutation', rename: 'firstName' }],
  ['booking-v2', 'booking-v2.full.json', { label: 'note', select: 'room', rename: 'fullName' }],
  ['review', 'review.full.json', { label: 'experience', select: 'recommend', rename: 'nickname' }],
];

function roundTrip(kind: CmsKind, definition: FormDefinition): FormDefinition {
  const result = exportCms(definition);
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  expect(shapeErrors(kind, result.document)).toEqual([]);
  return imported(kind, result.document);
}

describe.each(CASES)('exportCms after builder edits: %s', (kind, file, names) => {
  const original = imported(kind, fixture(file));

  it('fixture guard: the fields the edits touch exist', () => {
    for (const name of [names.label, names.select, names.rename]) expect(fieldNamed(original, name)).toBeTruthy();
    expect(fieldNamed(original, names.select).type).toMatch(/select$/);
  });

  it('keeps a new text field, a changed label, a new option and a renamed field', () => {
    let edited = addField(original, 0, 'text', 'Favourite colour').definition;
    edited = updateField(edited, names.label, { label: 'Your e-mail address' });
    const select = fieldNamed(edited, names.select) as SelectField;
    const options = Array.isArray(select.options) ? select.options : [];
    edited = updateField(edited, names.select, { options: [...options, { value: 'zz', label: 'Added option' }] });
    edited = renameField(edited, names.rename, 'renamedField');

    const back = roundTrip(kind, edited);
    expect(fieldNamed(back, 'favouriteColour')).toMatchObject({ type: 'text', label: 'Favourite colour' });
    expect(back.steps[0].fields ?? back.steps[0].sections?.flatMap((s) => s.fields)).toContainEqual(
      expect.objectContaining({ name: 'favouriteColour' }),
    );
    expect(fieldNamed(back, names.label).label).toBe('Your e-mail address');
    expect((fieldNamed(back, names.select) as SelectField).options).toContainEqual({
      value: 'zz',
      label: 'Added option',
    });
    expect(fieldNamed(back, 'renamedField').label).toBe(fieldNamed(original, names.rename).label);
    expect(() => fieldNamed(back, names.rename)).toThrow();
    // the step count and the untouched fields are as they were
    expect(back.steps.map((s) => s.id)).toEqual(original.steps.map((s) => s.id));
  });

  it('reports no loss for those edits (the new option value is a string, as every shape stores it)', () => {
    let edited = addField(original, 0, 'text', 'Favourite colour').definition;
    edited = updateField(edited, names.label, { label: 'Your e-mail address' });
    edited = renameField(edited, names.rename, 'renamedField');
    expect(exportCms(edited).diagnostics).toEqual([]);
  });
});
