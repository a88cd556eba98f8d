import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addField, FIELD_PALETTE, newField } from '../../../packages/core/src/builder/index.js';
import { FIELD_TYPES, type FormDefinition, LOCALES } from '../../../packages/core/src/dsl/types.js';
import { errorsOf } from './helpers.js';

/** Types a staffer cannot add without code (see the comment on FIELD_PALETTE). */
const LEFT_OUT = ['computed', 'consentPdf', 'otp'];

describe('FIELD_PALETTE', () => {
  it('offers every field type but the three that need code, each entry under its own id', () => {
    const types = new Set(FIELD_PALETTE.map((e) => e.type));
    expect([...types].sort()).toEqual(FIELD_TYPES.filter((t) => !LEFT_OUT.includes(t)).sort());
    const ids = FIELD_PALETTE.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of FIELD_PALETTE) if (!e.preset) expect(e.id).toBe(e.type);
  });

  it('offers radio buttons as a select shown as radio', () => {
    expect(FIELD_PALETTE.find((e) => e.id === 'radio')).toEqual({
      id: 'radio',
      type: 'select',
      group: 'choice',
      preset: { display: 'radio' },
    });
  });

  it('has a name and a one-line description of each entry in all seven studio languages', () => {
    for (const locale of LOCALES) {
      const texts = JSON.parse(
        readFileSync(new URL(`../../../site/web/studio/locales/${locale}.json`, import.meta.url), 'utf8'),
      ) as Record<string, string>;
      for (const { id } of FIELD_PALETTE) {
        expect(texts[`palette.type.${id}`], `${locale} palette.type.${id}`).toMatch(/\S/);
        expect(texts[`palette.type.${id}.description`], `${locale} palette.type.${id}.description`).toMatch(
          /^[^\n]{4,120}$/,
        );
      }
    }
  });
});

describe('newField', () => {
  it.each(FIELD_PALETTE.map((e) => [e.id, e] as const))('%s compiles without errors', (_id, entry) => {
    const field = newField(entry.type, 'My field', ['other'], entry.preset);
    expect(field).toMatchObject({ name: 'myField', type: entry.type, label: 'My field', ...(entry.preset ?? {}) });
    const def: FormDefinition = {
      id: 'palette',
      title: 'Palette',
      version: 1,
      steps: [{ id: 'one', title: 'One', fields: [field] }],
    };
    expect(errorsOf(def)).toEqual([]);
  });

  it('gives the documented defaults', () => {
    const two = [
      { value: 'option1', label: 'Option 1' },
      { value: 'option2', label: 'Option 2' },
    ];
    expect(newField('select', 'Size', [])).toEqual({ name: 'size', type: 'select', label: 'Size', options: two });
    expect(newField('multiselect', 'Sizes', [])).toMatchObject({ options: two });
    expect(newField('upload', 'Document', [])).toMatchObject({
      accept: ['.pdf', '.jpg', '.jpeg', '.png'],
      maxSize: { value: 5, unit: 'MB' },
    });
    expect(newField('agreement', 'I accept the terms', [])).toMatchObject({ content: 'I accept the terms' });
    expect(newField('info', '', [])).toEqual({ name: 'field', type: 'info', content: 'Information' });
  });

  it('does not share its defaults between fields', () => {
    const a = newField('select', 'A', []);
    const b = newField('select', 'B', []);
    expect(a.type === 'select' && b.type === 'select' && a.options !== b.options).toBe(true);
  });

  it('ignores a preset’s name and type', () => {
    expect(newField('text', 'Name', [], { name: 'x', type: 'email' } as never)).toEqual({
      name: 'name',
      type: 'text',
      label: 'Name',
    });
  });

  it('gives a field of every entry in one form without errors', () => {
    let def: FormDefinition = { id: 'all', title: 'All', version: 1, steps: [{ id: 'one', title: 'One' }] };
    for (const e of FIELD_PALETTE) def = addField(def, 0, e.type, `${e.id} field`, e.preset).definition;
    expect(def.steps[0].fields).toHaveLength(FIELD_PALETTE.length);
    expect(errorsOf(def)).toEqual([]);
  });
});
