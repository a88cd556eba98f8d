import { describe, expect, it } from 'vitest';
import {
  addStep,
  moveStep,
  removeStep,
  renameStep,
  stepIdFromTitle,
} from '../../../packages/core/src/builder/index.js';
import { deepFrozen, errorsOf, smallForm } from './helpers.js';

describe('addStep', () => {
  it('appends an empty step with an id from its title, and the result compiles', () => {
    const input = deepFrozen(smallForm());
    const { definition, index } = addStep(input, 'Your address');
    expect(index).toBe(2);
    expect(definition.steps[2]).toEqual({ id: 'your-address', title: 'Your address', sections: [{ fields: [] }] });
    expect(input.steps).toHaveLength(2);
    expect(errorsOf(definition)).toEqual([]);
  });

  it('gives a unique id when the title repeats one', () => {
    const once = addStep(smallForm(), 'Documents').definition;
    expect(once.steps[2].id).toBe('documents-2');
    expect(addStep(once, 'Documents').definition.steps[3].id).toBe('documents-3');
  });
});

describe('renameStep', () => {
  it('sets the English title and keeps the others and the id', () => {
    const input = deepFrozen(smallForm());
    const out = renameStep(input, 0, 'Who you are');
    expect(out.steps[0]).toMatchObject({ id: 'about-you', title: { en: 'Who you are', de: 'Über Sie' } });
    expect(input.steps[0].title).toEqual({ en: 'About you', de: 'Über Sie' });
  });

  it('sets another language, turning a plain title into translations', () => {
    expect(renameStep(smallForm(), 1, 'Dokumente', 'de').steps[1].title).toEqual({ en: 'Documents', de: 'Dokumente' });
  });

  it('refuses a step that does not exist', () => {
    expect(() => renameStep(smallForm(), 2, 'x')).toThrow(/no step 2/);
    expect(() => renameStep(smallForm(), -1, 'x')).toThrow(RangeError);
  });
});

describe('removeStep', () => {
  it('removes the step and leaves the input alone', () => {
    const input = deepFrozen(smallForm());
    const out = removeStep(input, 0);
    expect(out.steps.map((s) => s.id)).toEqual(['documents']);
    expect(input.steps).toHaveLength(2);
  });

  it('keeps the last step: the meta-schema wants one', () => {
    const one = removeStep(smallForm(), 1);
    expect(() => removeStep(one, 0)).toThrow(/at least one step/);
  });
});

describe('moveStep', () => {
  it('moves a step to another index', () => {
    const { definition } = addStep(smallForm(), 'Third');
    const input = deepFrozen(definition);
    expect(moveStep(input, 0, 2).steps.map((s) => s.id)).toEqual(['documents', 'third', 'about-you']);
    expect(moveStep(input, 2, 0).steps.map((s) => s.id)).toEqual(['third', 'about-you', 'documents']);
    expect(input.steps.map((s) => s.id)).toEqual(['about-you', 'documents', 'third']);
  });

  it('refuses indexes out of range', () => {
    expect(() => moveStep(smallForm(), 0, 5)).toThrow(RangeError);
  });
});

describe('stepIdFromTitle', () => {
  it.each([
    ['Your address', 'your-address'],
    ['Über uns & Straße', 'ueber-uns-strasse'],
    ['  Étape — 2 ', 'etape-2'],
    ['个人信息', 'step'],
    ['🎉', 'step'],
  ])('%j → %j', (title, id) => {
    expect(stepIdFromTitle(title, [])).toBe(id);
  });

  it('stays within 40 characters and the DSL pattern', () => {
    const id = stepIdFromTitle('word '.repeat(60), []);
    expect(id.length).toBeLessThanOrEqual(40);
    expect(id).toMatch(/^[a-z0-9][a-z0-9-]*$/);
    expect(stepIdFromTitle('x'.repeat(300), [])).toBe('x'.repeat(40));
  });

  it('adds -2, -3 … on a clash', () => {
    expect(stepIdFromTitle('Step', ['step', 'step-2'])).toBe('step-3');
  });
});
