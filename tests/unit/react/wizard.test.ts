import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import { applyTransforms, transforms } from '../../../packages/core/src/transforms/index.js';
import {
  applyAllTransforms,
  applyDefaults,
  doneAllowed,
  initialState,
  parseDraft,
  stepSchemaFor,
  visibleFields,
  wizardReducer,
} from '../../../packages/core/src/wizard/wizard.js';

function compile(path: string): CompiledForm {
  const form = compileForm(JSON.parse(readFileSync(path, 'utf8'))).form;
  if (!form) throw new Error(`${path} does not compile`);
  return form;
}

const booking = compile('schemas/health-insurance/health-insurance-booking.form.json');
const reduce = wizardReducer(booking);

describe('wizard state machine', () => {
  it('stays on the step with the errors when Next finds invalid fields', () => {
    const errors = [{ path: '/title', field: 'title', messageKey: 'validation.required', message: 'x', params: {} }];
    const s = reduce(initialState(booking), { type: 'next', valid: false, errors, data: {} });
    expect(s.step).toBe(0);
    expect(s.errors).toEqual(errors);
  });

  it("keeps the step's failure message after an invalid Next until the data changes or the step does", () => {
    const start = { ...initialState(booking), serverMessage: { text: 'Server says no' } };
    const invalid = reduce(start, { type: 'next', valid: false, errors: [], data: {}, message: 'errors.fillRequired' });
    expect(invalid.stepMessage).toBe('errors.fillRequired');
    expect(invalid.serverMessage).toBeUndefined();
    // a change event that changes nothing (a blur) keeps it; a real change clears it
    expect(reduce(invalid, { type: 'change', data: invalid.data, changed: [] }).stepMessage).toBe(
      'errors.fillRequired',
    );
    expect(reduce(invalid, { type: 'change', data: { firstName: 'A' }, changed: ['firstName'] }).stepMessage).toBe(
      undefined,
    );
    expect(reduce(invalid, { type: 'patch', values: { firstName: 'A' } }).stepMessage).toBeUndefined();
    expect(reduce(invalid, { type: 'back' }).stepMessage).toBeUndefined();
    expect(reduce(invalid, { type: 'submitting' }).stepMessage).toBeUndefined();
    // a step without a failure message leaves what shows as it is
    expect(reduce(start, { type: 'next', valid: false, errors: [], data: {} }).serverMessage?.text).toBe(
      'Server says no',
    );
  });

  it('merges the step values and advances on a valid Next; Back needs no validation', () => {
    const s1 = reduce(initialState(booking), { type: 'next', valid: true, errors: [], data: { firstName: 'Ann' } });
    expect(s1.step).toBe(1);
    expect(s1.data.firstName).toBe('Ann');
    const s2 = reduce(s1, { type: 'back' });
    expect(s2.step).toBe(0);
    expect(reduce(s2, { type: 'back' }).step).toBe(0);
  });

  it('shows the result after the last step is submitted, and keeps the server message on failure', () => {
    const last = reduce(initialState(booking), { type: 'restore', draft: { currentStep: 8, data: {} } });
    expect(last.step).toBe(8);
    const done = reduce(reduce(last, { type: 'submitting' }), { type: 'submitted', id: 'D-1' });
    expect(done.status).toBe('done');
    expect(done.result?.id).toBe('D-1');
    const failed = reduce(last, { type: 'failed', message: { text: 'nope' } });
    expect(failed.status).toBe('failed');
    expect(failed.serverMessage?.text).toBe('nope');
  });

  it('advances after a successful step submission that is not the last', () => {
    const s = reduce(initialState(booking), { type: 'submitted' });
    expect(s.step).toBe(1);
    expect(s.status).toBe('idle');
  });

  it('counts uploads in flight', () => {
    let s = reduce(initialState(booking), { type: 'uploadStart' });
    s = reduce(s, { type: 'uploadStart' });
    s = reduce(s, { type: 'uploadFinish' });
    expect(s).toMatchObject({ uploadsInFlight: 1, status: 'uploading' });
    expect(reduce(s, { type: 'uploadFinish' })).toMatchObject({ uploadsInFlight: 0, status: 'idle' });
  });

  it('clamps a restored draft step to the form', () => {
    const s = reduce(initialState(booking), { type: 'restore', draft: { currentStep: 99, data: { city: 'Bonn' } } });
    expect(s.step).toBe(8);
    expect(s.data.city).toBe('Bonn');
  });

  it('applies input transforms on change', () => {
    const s = reduce(initialState(booking), {
      type: 'change',
      data: { passportNumber: 'ab12', phoneNumber: '01 23-4' },
    });
    // the phone number is kept as typed (issue 15): its rule refuses other signs with a message
    expect(s.data).toMatchObject({ passportNumber: 'AB12', phoneNumber: '01 23-4' });
  });

  it('lets a widget patch other fields (transforms apply, undefined clears) without touching the rest', () => {
    const start = reduce(initialState(booking), { type: 'change', data: { firstName: 'Ann', city: 'Bonn' } });
    const s = reduce(start, { type: 'patch', values: { passportNumber: 'x1234567', city: undefined } });
    expect(s.data).toMatchObject({ firstName: 'Ann', passportNumber: 'X1234567' });
    expect('city' in s.data).toBe(false);
    expect(s.touched).toEqual(expect.arrayContaining(['passportNumber', 'city']));
  });

  it('goes back several steps at once, never before the first', () => {
    const at4 = reduce(initialState(booking), { type: 'restore', draft: { currentStep: 4, data: {} } });
    expect(reduce(at4, { type: 'back', steps: 2 }).step).toBe(2);
    expect(reduce(at4, { type: 'back', steps: 9 }).step).toBe(0);
    expect(reduce(at4, { type: 'back', steps: 0 }).step).toBe(3); // at least one: it is Back
  });

  it("ends the flow from a widget: 'finishing' steps back, 'complete' shows the result", () => {
    const at2 = reduce(initialState(booking), { type: 'restore', draft: { currentStep: 2, data: { city: 'Bonn' } } });
    const withMessage = reduce(at2, { type: 'failed', message: { text: 'nope' } });
    const finishing = reduce(withMessage, { type: 'finishing', back: 1 });
    expect(finishing).toMatchObject({ step: 1, status: 'finishing', serverMessage: undefined, data: { city: 'Bonn' } });
    expect(reduce(at2, { type: 'finishing' }).step).toBe(2);
    expect(reduce(at2, { type: 'finishing', back: 5 }).step).toBe(0);
    // the face widget leaving the step reports nothing in flight: the flow stays on its way to the result
    expect(reduce(finishing, { type: 'uploadsInFlight', count: 0 }).status).toBe('finishing');
    const done = reduce(finishing, { type: 'complete' });
    expect(done).toMatchObject({ status: 'done', step: 1, result: { ok: true } });
    expect(reduce(done, { type: 'complete' })).toBe(done);
    expect(reduce(done, { type: 'finishing', back: 1 })).toBe(done);
    // complete works without a finishing before it, on any step
    expect(reduce(initialState(booking), { type: 'complete' }).status).toBe('done');
  });

  it('goes back from a failure result to the form, and only from a failure', () => {
    const failed = reduce(initialState(booking), { type: 'failed', message: { text: 'nope' } });
    expect(reduce(failed, { type: 'dismissFailure' }).status).toBe('idle');
    const idle = initialState(booking);
    expect(reduce(idle, { type: 'dismissFailure' })).toBe(idle);
  });
});

describe('wizard helpers', () => {
  it('shows conditional fields only when their condition holds', () => {
    expect(visibleFields(booking, 4, { profession: 'Student' })).toContain('startSemester');
    expect(visibleFields(booking, 4, { profession: 'Vocational Trainee' })).not.toContain('startSemester');
    expect(visibleFields(booking, 4, { profession: 'Vocational Trainee' })).toContain('companyNotice');
  });

  it('gives each step its own schema and refuses an unknown step', () => {
    expect(stepSchemaFor(booking, 1).$id).toBe(booking.steps[1].schemaId);
    expect(() => stepSchemaFor(booking, 42)).toThrow(/no step 42/);
  });

  it('enables Done only when the required agreements are ticked', () => {
    expect(doneAllowed(booking, { termsAndConditions: true })).toBe(false);
    expect(doneAllowed(booking, { termsAndConditions: true, dataProtectionAndPrivacyPolicy: true })).toBe(true);
  });

  it('takes defaultFrom values for untouched fields only', () => {
    const form: CompiledForm = {
      ...booking,
      fields: { ...booking.fields, city: { ...booking.fields.city, defaultFrom: { var: 'district' } } },
    };
    expect(applyDefaults(form, { district: 'Mitte' }, []).city).toBe('Mitte');
    expect(applyDefaults(form, { district: 'Mitte', city: 'Bonn' }, ['city']).city).toBe('Bonn');
  });

  it('trims only when a step is committed', () => {
    const form: CompiledForm = {
      ...booking,
      fields: { ...booking.fields, city: { ...booking.fields.city, transform: ['trim'] } },
    };
    expect(reducerChange(form, { city: 'Bonn ' }).city).toBe('Bonn ');
    expect(applyAllTransforms(form, { city: ' Bonn ' }).city).toBe('Bonn');
  });

  it('reads drafts and ignores malformed ones', () => {
    expect(parseDraft('{"currentStep":2,"data":{"a":1}}')).toEqual({ currentStep: 2, data: { a: 1 } });
    expect(parseDraft('{oops')).toBeUndefined();
    expect(parseDraft('{"data":{}}')).toBeUndefined();
    expect(parseDraft(null)).toBeUndefined();
  });
});

function reducerChange(form: CompiledForm, data: Record<string, unknown>) {
  return wizardReducer(form)(initialState(form), { type: 'change', data }).data;
}

describe('transforms', () => {
  it('has every named transform', () => {
    expect(Object.keys(transforms).sort()).toEqual(
      ['capitalizeFirst', 'capitalizeWords', 'digitsOnly', 'lowerCase', 'trim', 'upperCase'].sort(),
    );
    expect(applyTransforms('anna maria', ['capitalizeWords'], 'all')).toBe('Anna Maria');
    expect(applyTransforms('émile', ['capitalizeFirst'], 'all')).toBe('Émile');
    expect(applyTransforms('ABC', ['lowerCase'], 'all')).toBe('abc');
    expect(applyTransforms(' x ', ['trim'], 'input')).toBe(' x ');
    expect(applyTransforms(3, ['trim'], 'all')).toBe(3);
  });
});
