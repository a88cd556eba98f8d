import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import type { Field, FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { createFormValidator } from '../../../packages/core/src/validate/index.js';
import { fittingAnswers, fittingDraft } from '../../../packages/core/src/wizard/fitting.js';

function compile(definition: FormDefinition): CompiledForm {
  const result = compileForm(definition);
  if (!result.form) throw new Error(`does not compile: ${JSON.stringify(result.diagnostics)}`);
  return result.form;
}

/** One form in two versions: three steps; what version 2 changed is named by each test. */
function version(number: number, steps: { about: Field[]; plan: Field[]; end: Field[] }): CompiledForm {
  return compile({
    id: 'versions',
    title: 'Versions',
    version: number,
    steps: [
      { id: 'about', title: 'About', fields: steps.about },
      { id: 'plan', title: 'Plan', fields: steps.plan },
      { id: 'end', title: 'End', fields: steps.end },
    ],
  } as FormDefinition);
}

const firstName: Field = { name: 'firstName', type: 'text', required: true };
const email: Field = { name: 'email', type: 'email', required: true };
const emailConfirm: Field = { name: 'emailConfirm', type: 'text', rules: [{ sameAs: 'email' }] };
const note: Field = { name: 'note', type: 'textarea' };
const plan = (...values: string[]): Field => ({
  name: 'plan',
  type: 'select',
  options: values.map((value) => ({ value, label: value })),
});

const v1 = version(1, {
  about: [firstName, email, emailConfirm, { name: 'age', type: 'number' }],
  plan: [plan('basic', 'plus'), { name: 'nickname', type: 'text' }],
  end: [note],
});

const answers = {
  firstName: 'Ann',
  email: 'ann@example.org',
  emailConfirm: 'ann@example.org',
  age: 150,
  plan: 'plus',
  nickname: 'Annie',
  note: 'Thank you',
};

describe('the answers of a draft that still fit another version of its form', () => {
  it('are all of them on the same version', () => {
    const fitting = fittingAnswers(v1, createFormValidator(v1), answers);
    expect(fitting).toEqual({ data: answers, dropped: [] });
  });

  it('leave out answers of fields the new version no longer has, and those its rules refuse', () => {
    const v2 = version(2, {
      // age now has an upper bound the answer exceeds
      about: [firstName, email, emailConfirm, { name: 'age', type: 'number', max: 120 }],
      // 'plus' is no longer offered; nickname is gone; a new required field comes
      plan: [plan('basic', 'premium'), { name: 'city', type: 'text', required: true }],
      end: [note],
    });
    const fitting = fittingAnswers(v2, createFormValidator(v2), answers);
    expect(fitting.data).toEqual({
      firstName: 'Ann',
      email: 'ann@example.org',
      emailConfirm: 'ann@example.org',
      note: 'Thank you',
    });
    // in the draft's order; the new required field is simply missing, not a failure of anything
    expect(fitting.dropped).toEqual(['age', 'plan', 'nickname']);
  });

  it('leave out an answer whose rule needs an answer that was left out (a confirmation of a refused address)', () => {
    const confirmsGiven: Field = { ...emailConfirm, rules: [{ requires: 'email' }, { sameAs: 'email' }] };
    const v2 = version(2, {
      about: [firstName, { ...email, rules: [{ maxLength: 10 }] }, confirmsGiven, { name: 'age', type: 'number' }],
      plan: [plan('basic', 'plus'), { name: 'nickname', type: 'text' }],
      end: [note],
    });
    const fitting = fittingAnswers(v2, createFormValidator(v2), answers);
    expect(fitting.dropped).toEqual(['email', 'emailConfirm']);
    expect(fitting.data).toEqual({ firstName: 'Ann', age: 150, plan: 'plus', nickname: 'Annie', note: 'Thank you' });
  });

  it('leave out a consent, to be given again to the words of the new version; keep a ticked preference', () => {
    const terms: Field = { name: 'terms', type: 'checkbox', label: 'I accept the 2027 terms', required: true };
    const parking: Field = { name: 'parking', type: 'checkbox', label: 'Parking' };
    const v2 = version(2, {
      about: [firstName, email, emailConfirm],
      plan: [plan('basic', 'plus')],
      end: [terms, parking],
    });
    const fitting = fittingAnswers(v2, createFormValidator(v2), { firstName: 'Ann', terms: true, parking: true });
    expect(fitting.data).toEqual({ firstName: 'Ann', parking: true });
    expect(fitting.dropped).toEqual(['terms']);
  });

  it('leave out a value of another type than the field now takes', () => {
    const v2 = version(2, {
      about: [firstName, email, emailConfirm, { name: 'age', type: 'text' }],
      plan: [plan('basic', 'plus'), { name: 'nickname', type: 'number' }],
      end: [note],
    });
    const fitting = fittingAnswers(v2, createFormValidator(v2), answers);
    expect(fitting.dropped).toEqual(['age', 'nickname']);
  });

  it('are never names the form has only for showing something, or keys that are no field at all', () => {
    const v2 = version(2, {
      about: [firstName, email, emailConfirm, { name: 'age', type: 'info', content: 'Age is no longer asked' }],
      plan: [plan('basic', 'plus'), { name: 'nickname', type: 'text' }],
      end: [note],
    });
    const fitting = fittingAnswers(v2, createFormValidator(v2), { ...answers, unknownKey: 'x', __proto__x: 1 });
    expect(fitting.dropped).toEqual(['age', 'unknownKey', '__proto__x']);
  });
});

describe('a draft moved onto another version', () => {
  it('takes that version, keeps its step when every earlier step is still complete', () => {
    const v2 = version(2, {
      about: [firstName, email, emailConfirm, { name: 'age', type: 'number' }],
      plan: [plan('basic', 'plus'), { name: 'nickname', type: 'text' }],
      end: [note, { name: 'extra', type: 'text' }],
    });
    const now = new Date('2025-05-06T07:08:09.000Z');
    const moved = fittingDraft(v2, createFormValidator(v2), { currentStep: 2, data: answers, version: 1 }, now);
    expect(moved).toEqual({
      draft: { currentStep: 2, data: answers, version: 2, savedAt: '2025-05-06T07:08:09.000Z' },
      dropped: [],
    });
  });

  it('goes back to the first step that now lacks an answer, so that no step is skipped', () => {
    const v2 = version(2, {
      about: [firstName, email, emailConfirm, { name: 'age', type: 'number' }],
      plan: [plan('basic', 'premium'), { name: 'city', type: 'text', required: true }],
      end: [note],
    });
    const moved = fittingDraft(v2, createFormValidator(v2), { currentStep: 2, data: answers, version: 1 });
    expect(moved.draft.currentStep).toBe(1);
    expect(moved.draft.version).toBe(2);
    expect(moved.dropped).toEqual(['plan', 'nickname']);
  });

  it('stays within the steps the version has', () => {
    const moved = fittingDraft(v1, createFormValidator(v1), { currentStep: 9, data: answers, version: 4 });
    expect(moved.draft.currentStep).toBe(2);
  });
});
