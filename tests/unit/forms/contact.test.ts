import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import { translate } from '../../../packages/core/src/i18n/index.js';
import { encodeRequest, isSuccessfulAnswer } from '../../../packages/core/src/payload/index.js';
import { createFormValidator, type ValidationResult } from '../../../packages/core/src/validate/index.js';

const file = new URL('../../../schemas/contact/contact-enquiry.form.json', import.meta.url);
const definition = JSON.parse(readFileSync(file, 'utf8'));
const compiled = compileForm(definition);
const form = compiled.form as CompiledForm;
const validator = createFormValidator(form);

const REQUIRED = 'This field is required';
const en = (key: string | undefined) => translate(key ?? '', 'en', {}, form.texts);
const uiOptions = (name: string) => (form.uiSchema[name] as { 'ui:options': Record<string, unknown> })['ui:options'];
const optionValues = (name: string) => (uiOptions(name).options as Array<{ value: unknown }>).map((o) => o.value);
const optionLabels = (name: string) => (uiOptions(name).options as Array<{ label: string }>).map((o) => en(o.label));
const messages = (result: ValidationResult, field: string) =>
  result.errors.filter((e) => e.field === field).map((e) => e.message);

function enquiry(): Record<string, unknown> {
  return {
    title: 'Female',
    firstName: 'Linh',
    lastName: 'Nguyen',
    email: 'linh.nguyen@example.com',
    phoneArea: '+84',
    phoneNumber: '912345678',
    preferredLanguage: 'vi',
    inquiry: 'seeking_information',
    location: 'Viet Nam',
    topic: 'Study in Germany',
    message: 'Which documents do I need for a student visa?',
  };
}
const REQUIRED_FIELDS = ['title', 'firstName', 'email', 'preferredLanguage', 'inquiry', 'topic', 'message'];

describe('contact enquiry: definition', () => {
  it('compiles without diagnostics into one step with the fields of the enquiry payload', () => {
    expect(compiled.diagnostics).toEqual([]);
    expect(definition.$schema).toBe('../../packages/core/src/dsl/dsl.schema.json');
    expect(form.steps.map((s) => s.fields)).toEqual([
      [
        'title',
        'firstName',
        'lastName',
        'email',
        'phoneArea',
        'phoneNumber',
        'preferredLanguage',
        'inquiry',
        'location',
        'topic',
        'message',
      ],
    ]);
  });

  it('offers the options of the spec', () => {
    expect(optionValues('title')).toEqual(['Male', 'Female', 'divers']);
    expect(optionLabels('title')).toEqual(['Mr.', 'Mrs.', 'Mx.']);
    expect(optionValues('preferredLanguage')).toEqual(['en', 'ar', 'fr', 'pt', 'es', 'vi', 'zh']);
    expect(optionValues('inquiry')).toEqual(['seeking_information', 'complaint']);
    expect(optionValues('topic')).toEqual(['Study in Germany', 'Visa Support']);
    expect(uiOptions('phoneArea').optionSource).toEqual({ builtin: 'dialCodes' });
    expect(uiOptions('location').valueShape).toBe('name');
  });

  it('makes every select searchable', () => {
    for (const name of ['title', 'phoneArea', 'preferredLanguage', 'inquiry', 'topic']) {
      expect(uiOptions(name).display, name).toBe('searchable');
      expect((form.uiSchema[name] as Record<string, unknown>)['ui:widget'], name).toBe('searchSelect');
    }
  });

  it('sends with a Send button and scrolls to the first error', () => {
    expect(en(form.steps[0].labels.done)).toBe('Send');
    expect(form.wizard.scrollToFirstError).toBe(true);
    expect(form.wizard.mobileBreakpoint).toBe(1024);
  });

  it('replaces the form by a success page, and keeps it with a toast on failure', () => {
    const success = form.results.success!;
    expect(en(success.title as string)).toBe('Successfully Submitted!');
    expect(en(success.subTitle as string)).toBe('Thank you for reaching out to us. We will contact you shortly.');
    expect(success.link?.href).toBe('/');
    expect(en(success.link?.label as string)).toBe('Back');
    expect(form.results.failure).toBeUndefined();
    expect(en(form.submit?.errorMessage as string)).toBe('Oops! Something went wrong, please try again.');
  });
});

describe('contact enquiry: validation', () => {
  it('accepts a complete enquiry, and one without the optional fields', () => {
    expect(validator.validate(enquiry()).errors).toEqual([]);
    const { lastName: _l, phoneArea: _a, phoneNumber: _p, location: _c, ...minimal } = enquiry();
    expect(validator.validate(minimal).errors).toEqual([]);
    expect(validator.validateStep(0, minimal).valid).toBe(true);
  });

  it("says 'This field is required' (without '!') for each missing required field", () => {
    const result = validator.validate({});
    for (const name of REQUIRED_FIELDS) expect(messages(result, name), name).toEqual([REQUIRED]);
    expect(result.errors.map((e) => e.field).sort()).toEqual([...REQUIRED_FIELDS].sort());
    expect(messages(validator.validate({ ...enquiry(), message: '' }), 'message')).toEqual([REQUIRED]);
  });

  it("says 'The data is invalid!' for an email that does not match", () => {
    for (const email of ['linh.nguyen', 'linh@', 'linh@example', 'linh nguyen@example.com']) {
      expect(messages(validator.validate({ ...enquiry(), email }), 'email'), email).toEqual(['The data is invalid!']);
    }
  });

  it('accepts email addresses with an IP-literal domain', () => {
    expect(validator.validate({ ...enquiry(), email: 'linh@[192.168.0.1]' }).valid).toBe(true);
    expect(messages(validator.validate({ ...enquiry(), email: 'linh@[300.1.1.1]' }), 'email')).toEqual([
      'The data is invalid!',
    ]);
  });

  it('checks no pattern on the phone number (only email has one)', () => {
    expect(validator.validate({ ...enquiry(), phoneNumber: '+84 91-234 5678' }).valid).toBe(true);
  });

  it('takes only the listed options', () => {
    const result = validator.validate({ ...enquiry(), title: 'Mr.', preferredLanguage: 'de', inquiry: 'praise' });
    expect(messages(result, 'title')).toEqual(['Please choose one of the options']);
    expect(messages(result, 'preferredLanguage')).toEqual(['Please choose one of the options']);
    expect(messages(result, 'inquiry')).toEqual(['Please choose one of the options']);
  });

  it('on mobile (the `mobile` variant), phoneNumber is also required', () => {
    const mobile = compileForm(definition, { options: { mobile: true } });
    expect(mobile.diagnostics).toEqual([]);
    const v = createFormValidator(mobile.form as CompiledForm);
    const { phoneNumber: _phone, ...withoutPhone } = enquiry();
    expect(messages(v.validate(withoutPhone), 'phoneNumber')).toEqual([REQUIRED]);
    expect(messages(validator.validate(withoutPhone), 'phoneNumber')).toEqual([]);
    expect(v.validate(enquiry()).valid).toBe(true);
  });
});

describe('contact enquiry: submission', () => {
  it('posts the enquiry as JSON to /api/internal/contact-form', () => {
    const req = encodeRequest(form.submit!, enquiry(), {}, form);
    expect(req.url).toBe('/api/internal/contact-form');
    expect(req.method).toBe('POST');
    expect(req.headers['Content-Type']).toBe('application/json');
    expect(req.payload).toEqual(enquiry());
    expect(JSON.parse(req.body as string)).toEqual(enquiry());
  });

  it('leaves out optional fields that were not filled', () => {
    const { lastName: _l, location: _c, ...data } = enquiry();
    const payload = encodeRequest(form.submit!, data, {}, form).payload as Record<string, unknown>;
    expect(payload).not.toHaveProperty('lastName');
    expect(payload).not.toHaveProperty('location');
  });

  it('treats any successful answer as success without reading the body', () => {
    const rule = form.submit?.success;
    expect(isSuccessfulAnswer(rule, 200, undefined)).toBe(true);
    expect(isSuccessfulAnswer(rule, 201, { ok: false })).toBe(true);
    expect(isSuccessfulAnswer(rule, 500, { ok: true })).toBe(false);
    expect(isSuccessfulAnswer(rule, 404, undefined)).toBe(false);
  });
});
