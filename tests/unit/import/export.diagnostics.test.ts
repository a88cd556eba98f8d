/** What a CMS shape cannot hold is reported, with its pointer into the definition; nothing is dropped silently. */
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { exportCms } from '../../../packages/core/src/export/index.js';
import { imported, shapeErrors } from './exportSupport.js';
import { at, fixture } from './support.js';

const v1 = () => imported('booking-v1', fixture('booking-v1.full.json'));
const v2 = () => imported('booking-v2', fixture('booking-v2.full.json'));
const review = () => imported('review', fixture('review.full.json'));

describe('exportCms diagnostics', () => {
  it('refuses a definition without source.kind with one error naming the kinds that can be exported', () => {
    const { source: _, ...plain } = v1();
    const result = exportCms(plain);
    expect(result.document).toBeUndefined();
    expect(result.kind).toBeUndefined();
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ severity: 'error', code: 'export-no-cms-kind', pointer: '' });
    expect(result.diagnostics[0].message).toMatch(/booking-v1, booking-v2, review/);
  });

  it('refuses a source.kind that is no CMS shape, pointing at it', () => {
    const definition = { ...v1(), source: { kind: 'wordpress' } } as unknown as FormDefinition;
    expect(exportCms(definition).diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', code: 'export-no-cms-kind', pointer: '/source/kind' }),
    ]);
  });

  it('leaves out a field type the shape lacks, with a warning at the field', () => {
    const definition = v1();
    definition.steps[0].fields!.push({ type: 'phone', name: 'mobile', label: 'Mobile' });
    const result = exportCms(definition);
    const pointer = `/steps/0/fields/${definition.steps[0].fields!.length - 1}`;
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'export-unsupported-field', pointer }),
    ]);
    expect(result.diagnostics[0].message).toMatch(/'phone'.*'mobile' is not exported/);
    expect(JSON.stringify(result.document)).not.toContain('mobile');
    expect(shapeErrors('booking-v1', result.document)).toEqual([]);
  });

  it('reports a condition it cannot state', () => {
    const definition = v2();
    const field = definition.steps[0].fields![1];
    field.visibleIf = { field: 'fullName', filled: true };
    const result = exportCms(definition);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'warning',
        code: 'export-condition-dropped',
        pointer: '/steps/0/fields/1/visibleIf',
      }),
    ]);
    expect(result.diagnostics[0].message).toMatch(/cannot state conditions/);
  });

  it('exports the English of a translated text, and its translations beside it in the document', () => {
    const definition = review();
    const step = definition.steps[0];
    const field = step.sections![0].fields[0];
    field.label = { en: 'University', de: 'Hochschule', fr: 'Université' };
    const result = exportCms(definition);
    expect(result.diagnostics).toEqual([]);
    expect(at(result.document, '/steps/0/groups/0/items/0/label')).toBe('University');
    expect(at(result.document, '/translations')).toEqual({ University: { de: 'Hochschule', fr: 'Université' } });
  });

  it('reports a translation the document cannot hold: another text with the same English translated otherwise', () => {
    const definition = review();
    const [first, second] = definition.steps[0].sections![0].fields;
    first.label = { en: 'University', de: 'Hochschule' };
    second.label = { en: 'University', de: 'Universität' };
    const result = exportCms(definition);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: 'export-changed', pointer: '/steps/0/sections/0/fields/1/label' }),
    ]);
    expect(at(result.document, '/translations')).toEqual({ University: { de: 'Hochschule' } });
  });

  it('reports properties and settings the shape has no place for, at their pointers', () => {
    const definition = v1();
    definition.steps[0].tooltip = 'Why we ask';
    definition.steps[0].fields![1].description = 'As in your passport';
    definition.draft = { ...definition.draft!, storage: 'session' };
    const pointers = exportCms(definition).diagnostics.map((d) => [d.code, d.pointer]);
    expect(pointers).toEqual(
      expect.arrayContaining([
        ['export-dropped', '/steps/0/tooltip'],
        ['export-dropped', '/steps/0/fields/1/description'],
        ['export-dropped', '/draft/storage'],
      ]),
    );
    expect(pointers).toHaveLength(3);
  });

  it('reports a value the shape holds differently (a number choice in v2, stored as text)', () => {
    const definition = v2();
    const room = definition.steps.flatMap((s) => s.fields ?? []).find((f) => f.name === 'room');
    if (room?.type !== 'select' || !Array.isArray(room.options)) throw new Error('fixture: room is a select');
    room.options.push({ value: 7, label: 'Seven' });
    const result = exportCms(definition);
    expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', code: 'export-changed' })]);
    expect(result.diagnostics[0].pointer).toMatch(/\/options\/\d+\/value$/);
  });

  it('makes no document and says why when there is no step, or a review form has nowhere to post', () => {
    const empty = exportCms({ ...v2(), steps: [] });
    expect(empty.document).toBeUndefined();
    expect(empty.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', code: 'export-no-steps', pointer: '/steps' }),
    ]);
    const { submit: _, ...noSubmit } = review();
    const result = exportCms(noSubmit);
    expect(result.document).toBeUndefined();
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', code: 'export-no-action', pointer: '/submit/endpoint' }),
    ]);
  });

  it('does not change the definition it exports', () => {
    const definition = v1();
    const copy = structuredClone(definition);
    exportCms(definition);
    expect(definition).toEqual(copy);
  });
});
