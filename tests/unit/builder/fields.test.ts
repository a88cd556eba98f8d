import { describe, expect, it } from 'vitest';
import {
  addField,
  fieldsOfStep,
  listFields,
  locateField,
  moveField,
  removeField,
  updateField,
} from '../../../packages/core/src/builder/index.js';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { deepFrozen, errorsOf, smallForm } from './helpers.js';

const namesOfStep = (def: FormDefinition, step: number) => fieldsOfStep(def.steps[step]).map((f) => f.name);

describe('fieldsOfStep and locateField', () => {
  it('lists a step’s own fields before its sections’, as the compiler places them', () => {
    const def = smallForm();
    def.steps[0].fields = [{ name: 'intro', type: 'info', content: 'Hello' }];
    expect(namesOfStep(def, 0)).toEqual(['intro', 'firstName', 'lastName', 'profession']);
    expect(namesOfStep(def, 1)).toEqual(['note', 'passport']);
  });

  it('locates fields in sections and in a step’s own fields', () => {
    const def = smallForm();
    expect(locateField(def, 'profession')).toEqual({
      step: 0,
      section: 1,
      index: 0,
      pointer: '/steps/0/sections/1/fields/0',
    });
    expect(locateField(def, 'passport')).toEqual({
      step: 1,
      section: undefined,
      index: 1,
      pointer: '/steps/1/fields/1',
    });
    expect(locateField(def, 'nobody')).toBeUndefined();
  });

  it('does not find a payer’s item fields', () => {
    const def = smallForm();
    def.steps[1].fields?.push({
      name: 'payers',
      type: 'payers',
      itemFields: [{ name: 'payerEmail', type: 'email' }],
    });
    expect(locateField(def, 'payerEmail')).toBeUndefined();
    expect(locateField(def, 'payers')?.pointer).toBe('/steps/1/fields/2');
  });
});

describe('listFields', () => {
  it('gives each field’s type, English label, step and own options', () => {
    expect(listFields(smallForm())).toEqual([
      { name: 'firstName', type: 'text', label: 'First name', step: 0 },
      { name: 'lastName', type: 'text', label: 'Last name', step: 0 },
      {
        name: 'profession',
        type: 'select',
        label: 'Profession',
        step: 0,
        options: [
          { value: 'student', label: 'Student' },
          { value: 'trainee', label: 'Trainee' },
        ],
      },
      { name: 'note', type: 'info', label: '', step: 1 },
      { name: 'passport', type: 'upload', label: '', step: 1 },
    ]);
  });
});

describe('addField', () => {
  it('appends to the step’s last section, named after its label, and compiles', () => {
    const input = deepFrozen(smallForm());
    const { definition, name } = addField(input, 0, 'date', 'Rental start date');
    expect(name).toBe('rentalStartDate');
    expect(definition.steps[0].sections?.[1].fields.at(-1)).toEqual({
      name: 'rentalStartDate',
      type: 'date',
      label: 'Rental start date',
    });
    expect(namesOfStep(input, 0)).toEqual(['firstName', 'lastName', 'profession']);
    expect(errorsOf(definition)).toEqual([]);
  });

  it('appends to a step’s own fields when it has no sections, creating the list if needed', () => {
    const one = addField(smallForm(), 1, 'checkbox', 'I agree').definition;
    expect(namesOfStep(one, 1)).toEqual(['note', 'passport', 'iAgree']);
    const bare: FormDefinition = { id: 'bare', title: 'Bare', version: 1, steps: [{ id: 's', title: 'S' }] };
    expect(addField(bare, 0, 'text', 'Name').definition.steps[0].fields).toEqual([
      { name: 'name', type: 'text', label: 'Name' },
    ]);
  });

  it('takes a name no field of any step has yet, nor a computed value', () => {
    const def = { ...smallForm(), computed: { total: { type: 'number' as const, expression: 1 } } };
    expect(addField(def, 1, 'text', 'First name').name).toBe('firstName2');
    expect(addField(def, 1, 'number', 'Total').name).toBe('total2');
  });

  it('lays a palette preset over the defaults', () => {
    const { definition, name } = addField(smallForm(), 0, 'select', 'Size', { display: 'radio' });
    expect(definition.steps[0].sections?.[1].fields.at(-1)).toMatchObject({ name, type: 'select', display: 'radio' });
  });
});

describe('updateField', () => {
  it('sets and removes properties, copying what it sets', () => {
    const input = deepFrozen(smallForm());
    const rules = [{ minLength: 2 }];
    const out = updateField(input, 'firstName', { required: true, rules, label: undefined });
    expect(out.steps[0].sections?.[0].fields[0]).toEqual({
      name: 'firstName',
      type: 'text',
      required: true,
      rules: [{ minLength: 2 }],
    });
    rules.push({ minLength: 3 });
    expect(out.steps[0].sections?.[0].fields[0].rules).toHaveLength(1);
    expect(input.steps[0].sections?.[0].fields[0]).toEqual({ name: 'firstName', type: 'text', label: 'First name' });
  });

  it('refuses to change the name or the type, and an unknown field', () => {
    expect(() => updateField(smallForm(), 'firstName', { name: 'x' })).toThrow(/renameField/);
    expect(() => updateField(smallForm(), 'firstName', { type: 'email' })).toThrow(/'type'/);
    expect(() => updateField(smallForm(), 'nobody', { required: true })).toThrow(/no field 'nobody'/);
  });
});

describe('removeField', () => {
  it('removes the field only', () => {
    const input = deepFrozen(smallForm());
    const out = removeField(input, 'lastName');
    expect(namesOfStep(out, 0)).toEqual(['firstName', 'profession']);
    expect(namesOfStep(input, 0)).toEqual(['firstName', 'lastName', 'profession']);
    expect(() => removeField(input, 'nobody')).toThrow(/no field/);
  });
});

describe('moveField', () => {
  const sectionsOf = (def: FormDefinition) => def.steps[0].sections?.map((s) => s.fields.map((f) => f.name));

  it('swaps with its neighbour inside a section', () => {
    const input = deepFrozen(smallForm());
    expect(sectionsOf(moveField(input, 'firstName', 1))).toEqual([['lastName', 'firstName'], ['profession']]);
    expect(sectionsOf(moveField(input, 'lastName', -1))).toEqual([['lastName', 'firstName'], ['profession']]);
    expect(sectionsOf(input)).toEqual([['firstName', 'lastName'], ['profession']]);
  });

  it('crosses into the next section as its first field, and back as the last', () => {
    const down = moveField(smallForm(), 'lastName', 1);
    expect(sectionsOf(down)).toEqual([['firstName'], ['lastName', 'profession']]);
    const up = moveField(down, 'lastName', -1);
    expect(sectionsOf(up)).toEqual([['firstName', 'lastName'], ['profession']]);
    expect(sectionsOf(moveField(smallForm(), 'profession', -1))).toEqual([['firstName', 'lastName', 'profession'], []]);
  });

  it('crosses from a step’s own fields into its first section', () => {
    const def = smallForm();
    def.steps[0].fields = [{ name: 'intro', type: 'info', content: 'Hello' }];
    const out = moveField(def, 'intro', 1);
    expect(out.steps[0].fields).toEqual([]);
    expect(sectionsOf(out)?.[0]).toEqual(['intro', 'firstName', 'lastName']);
  });

  it('stays at the first and last place of its step', () => {
    expect(moveField(smallForm(), 'firstName', -1)).toEqual(smallForm());
    expect(moveField(smallForm(), 'profession', 1)).toEqual(smallForm());
    expect(moveField(smallForm(), 'passport', 1)).toEqual(smallForm());
  });
});
