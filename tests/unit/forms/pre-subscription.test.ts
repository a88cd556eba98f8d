import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import { translate } from '../../../packages/core/src/i18n/index.js';
import { encodeRequest, isSuccessfulAnswer } from '../../../packages/core/src/payload/index.js';
import { createFormValidator, type ValidationResult } from '../../../packages/core/src/validate/index.js';

const file = new URL('../../../schemas/health-insurance/pre-subscription.form.json', import.meta.url);
const definition = JSON.parse(readFileSync(file, 'utf8'));
const compiled = compileForm(definition);
const form = compiled.form as CompiledForm;
const validator = createFormValidator(form);

const REQUIRED = 'This field is required!';
const en = (key: string | undefined) => translate(key ?? '', 'en', {}, form.texts);
const de = (key: string | undefined) => translate(key ?? '', 'de', {}, form.texts);
const uiOptions = (name: string) => (form.uiSchema[name] as { 'ui:options': Record<string, unknown> })['ui:options'];
const messages = (result: ValidationResult, field: string) =>
  result.errors.filter((e) => e.field === field).map((e) => e.message);

function request(): Record<string, unknown> {
  return {
    title: 'Mr.',
    firstName: ' Kwame ',
    lastName: 'Mensah ',
    phoneArea: '+233',
    phoneNumber: '241234567',
    plan: 'AOK',
    passportNumber: ' G1234567 ',
    confirmPassportNumber: ' G1234567 ',
    termsAndConditions: true,
  };
}

describe('pre-subscription: definition', () => {
  it('compiles without diagnostics into one step with the spec fields', () => {
    expect(compiled.diagnostics).toEqual([]);
    expect(definition.$schema).toBe('../../packages/core/src/dsl/dsl.schema.json');
    expect(form.steps).toHaveLength(1);
    expect(form.steps[0].fields).toEqual([
      'title',
      'firstName',
      'lastName',
      'phoneArea',
      'phoneNumber',
      'plan',
      'passportNumber',
      'confirmPassportNumber',
      'termsAndConditions',
    ]);
  });

  it('offers DAK and AOK, DAK first and by default', () => {
    expect((uiOptions('plan').options as Array<{ value: string }>).map((o) => o.value)).toEqual(['DAK', 'AOK']);
    expect((form.schema.properties as Record<string, { default?: unknown }>).plan.default).toBe('DAK');
  });

  it("links the terms to /terms-conditions/ and /privacy-policy/, in the text's language", () => {
    const content = uiOptions('termsAndConditions').content as string;
    for (const [text, prefix] of [
      [en(content), ''],
      [de(content), '/de'],
    ]) {
      expect(text).toContain(`](${prefix}/terms-conditions/)`);
      expect(text).toContain(`](${prefix}/privacy-policy/)`);
    }
  });

  it('labels the fields in English and German', () => {
    for (const name of form.steps[0].fields.filter((n) => n !== 'termsAndConditions')) {
      expect(form.fields[name].label, name).toBeDefined();
      if (name !== 'plan') expect(de(form.fields[name].label), name).not.toBe(en(form.fields[name].label));
    }
  });

  it('shows a success screen and the booking-form-failed message', () => {
    expect(form.results.success?.status).toBe('success');
    expect(en(form.results.success?.title as string)).toBe('Thank you!');
    expect(en(form.submit?.errorMessage as string)).toBe('booking form submit failed');
    expect(en(form.results.failure?.title as string)).toBe('booking form submit failed');
  });
});

describe('pre-subscription: validation', () => {
  it('accepts a complete request, with or without a phone number', () => {
    expect(validator.validate(request()).errors).toEqual([]);
    const { phoneArea: _a, phoneNumber: _n, ...withoutPhone } = request();
    expect(validator.validate(withoutPhone).errors).toEqual([]);
    expect(validator.validate({ ...request(), phoneNumber: '' }).errors).toEqual([]);
    expect(validator.validateStep(0, request()).valid).toBe(true);
  });

  it('requires title, names, plan, passport number and its confirmation, and the terms', () => {
    const result = validator.validate({});
    for (const name of [
      'title',
      'firstName',
      'lastName',
      'plan',
      'passportNumber',
      'confirmPassportNumber',
      'termsAndConditions',
    ])
      expect(messages(result, name), name).toEqual([REQUIRED]);
    expect(messages(result, 'phoneArea')).toEqual([]);
    expect(messages(result, 'phoneNumber')).toEqual([]);
    expect(messages(validator.validate({ ...request(), termsAndConditions: false }), 'termsAndConditions')).toEqual([
      REQUIRED,
    ]);
  });

  it('requires the confirmation to equal the passport number', () => {
    const result = validator.validate({ ...request(), confirmPassportNumber: 'G7654321' });
    expect(result.errors.map((e) => [e.field, e.message])).toEqual([
      ['confirmPassportNumber', 'The entries do not match'],
    ]);
  });

  it('takes the phone number, when given, as digits only', () => {
    for (const phoneNumber of ['24 123 4567', '+233241234567', '0241-234567']) {
      expect(messages(validator.validate({ ...request(), phoneNumber }), 'phoneNumber'), phoneNumber).toEqual([
        'Please enter digits only',
      ]);
    }
  });

  it('takes only DAK or AOK as plan', () => {
    expect(messages(validator.validate({ ...request(), plan: 'TK' }), 'plan')).toEqual([
      'Please choose one of the options',
    ]);
  });
});

describe('pre-subscription: submission', () => {
  it('posts trimmed texts to /api/internal/contact-form without the confirmation and the terms', () => {
    const req = encodeRequest(form.submit!, request(), {}, form);
    expect(req.url).toBe('/api/internal/contact-form');
    expect(req.method).toBe('POST');
    expect(req.headers['Content-Type']).toBe('application/json');
    expect(req.payload).toEqual({
      title: 'Mr.',
      firstName: 'Kwame',
      lastName: 'Mensah',
      phoneArea: '+233',
      phoneNumber: '241234567',
      plan: 'AOK',
      passportNumber: 'G1234567',
    });
    expect(JSON.parse(req.body as string)).toEqual(req.payload);
  });

  it('counts an answer as success only with HTTP 200 and ok true', () => {
    const rule = form.submit?.success;
    expect(isSuccessfulAnswer(rule, 200, { ok: true })).toBe(true);
    expect(isSuccessfulAnswer(rule, 201, { ok: true })).toBe(false);
    expect(isSuccessfulAnswer(rule, 200, { ok: false })).toBe(false);
    expect(isSuccessfulAnswer(rule, 200, {})).toBe(false);
    expect(isSuccessfulAnswer(rule, 200, { ok: 'true' })).toBe(false);
    expect(isSuccessfulAnswer(rule, 500, { ok: true })).toBe(false);
  });
});
