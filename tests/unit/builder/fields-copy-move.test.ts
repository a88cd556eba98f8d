import { describe, expect, it } from 'vitest';
import { duplicateField, fieldsOfStep, moveFieldToStep } from '../../../packages/core/src/builder/index.js';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { deepFrozen, errorsOf, smallForm } from './helpers.js';

const namesOfStep = (def: FormDefinition, step: number) => fieldsOfStep(def.steps[step]).map((f) => f.name);

describe('duplicateField', () => {
  it('puts a copy with every setting right after the field, under a new name, leaving the input as it was', () => {
    const def = deepFrozen(smallForm());
    const before = namesOfStep(def, 0);
    const { definition, name } = duplicateField(def, 'firstName');
    expect(name).toBe('firstNameCopy');
    const names = namesOfStep(definition, 0);
    expect(names).toEqual([...before.slice(0, 1), 'firstNameCopy', ...before.slice(1)]);
    const [original, copy] = fieldsOfStep(definition.steps[0]);
    expect({ ...copy, name: original?.name }).toEqual(original);
    expect(errorsOf(definition)).toEqual(errorsOf(def));
  });

  it('names a second copy apart from the first', () => {
    const once = duplicateField(smallForm(), 'firstName').definition;
    expect(duplicateField(once, 'firstName').name).toBe('firstNameCopy2');
  });

  it('refuses a field the form does not have', () => {
    expect(() => duplicateField(smallForm(), 'nobody')).toThrow(/no field 'nobody'/);
  });
});

describe('moveFieldToStep', () => {
  it('moves a field to the end of another step and keeps the input as it was', () => {
    const def = deepFrozen(smallForm());
    const moved = moveFieldToStep(def, 'firstName', 1);
    expect(namesOfStep(moved, 0)).not.toContain('firstName');
    expect(namesOfStep(moved, 1).at(-1)).toBe('firstName');
    expect(namesOfStep(def, 0)).toContain('firstName');
  });

  it('leaves the form alone for the field’s own step, and refuses a step that is not there', () => {
    const def = smallForm();
    expect(moveFieldToStep(def, 'firstName', 0)).toBe(def);
    expect(() => moveFieldToStep(def, 'firstName', 9)).toThrow(RangeError);
  });
});
