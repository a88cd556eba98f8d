import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import { translate } from '../../../packages/core/src/i18n/index.js';
import { encodeRequest } from '../../../packages/core/src/payload/index.js';
import { createFormValidator, type ValidationResult } from '../../../packages/core/src/validate/index.js';
import { type FileRecord, fileRecord, student, trainee } from '../../fixtures/forms/health-insurance.js';

const file = new URL('../../../schemas/health-insurance/health-insurance-booking.form.json', import.meta.url);
const definition = JSON.parse(readFileSync(file, 'utf8'));
const compiled = compileForm(definition);
const form = compiled.form as CompiledForm;
const validator = createFormValidator(form);

const WHOLE_NUMBER = 'Please enter a whole number (no decimals or commas)';
const REQUIRED = 'This field is required!';

const en = (key: string | undefined) => translate(key ?? '', 'en', {}, form.texts);
const de = (key: string | undefined) => translate(key ?? '', 'de', {}, form.texts);
const uiOptions = (name: string) => (form.uiSchema[name] as { 'ui:options': Record<string, unknown> })['ui:options'];
const optionValues = (name: string) => (uiOptions(name).options as Array<{ value: unknown }>).map((o) => o.value);
const messages = (result: ValidationResult, field: string) =>
  result.errors.filter((e) => e.field === field).map((e) => e.message);

const SPEC_FIELDS = [
  'profession',
  'title',
  'firstName',
  'lastName',
  'maidenName',
  'nationality',
  'dateOfBirth',
  'cityOfBirth',
  'countryOfBirth',
  'passportNumber',
  'confirmPassportNumber',
  'address',
  'additionalAddressInfo',
  'postalCode',
  'city',
  'district',
  'country',
  'phoneCountryCode',
  'phoneNumber',
  'email',
  'confirmEmail',
  'startDateOfInsuranceCover',
  'lastHealthInsured',
  'previousHealthInsuranceProvider',
  'exemptedStudentInsuranceObligations',
  'entitledToCoverage',
  'startSemester',
  'startYear',
  'sourceOfIncome',
  'workingHoursPerWeek',
  'monthlyGrossIncome',
  'universityOrCompanyInGermany',
  'universityOrCompanyAddress',
  'universityOrCompanyPostalCode',
  'universityOrCompanyCity',
  'maritalStatus',
  'haveSpouseOrChildren',
  'freeInsuranceForDependants',
  'admissionDocumentType',
  'admissionDocumentUpload',
  'passportPhotoUpload',
  'insurancePaymentMethod',
  'termsAndConditions',
  'dataProtectionAndPrivacyPolicy',
];

describe('health-insurance booking: definition', () => {
  it('compiles without diagnostics and names the meta-schema', () => {
    expect(compiled.diagnostics).toEqual([]);
    expect(form).toBeDefined();
    expect(definition.$schema).toBe('../../packages/core/src/dsl/dsl.schema.json');
  });

  it('holds exactly the fields of the spec, in the spec order, over the 9 steps of the spec', () => {
    expect(form.steps.flatMap((s) => s.fields)).toEqual(SPEC_FIELDS);
    expect(form.steps.map((s) => [s.id, s.fields])).toEqual([
      [
        'personal-details',
        [
          'profession',
          'title',
          'firstName',
          'lastName',
          'maidenName',
          'nationality',
          'dateOfBirth',
          'cityOfBirth',
          'countryOfBirth',
          'passportNumber',
          'confirmPassportNumber',
        ],
      ],
      ['german-address', ['address', 'additionalAddressInfo', 'postalCode', 'city', 'district', 'country']],
      ['contact', ['phoneCountryCode', 'phoneNumber', 'email', 'confirmEmail']],
      [
        'insurance-start',
        [
          'startDateOfInsuranceCover',
          'lastHealthInsured',
          'previousHealthInsuranceProvider',
          'exemptedStudentInsuranceObligations',
          'entitledToCoverage',
        ],
      ],
      [
        'employment-or-university',
        [
          'startSemester',
          'startYear',
          'sourceOfIncome',
          'workingHoursPerWeek',
          'monthlyGrossIncome',
          'universityOrCompanyInGermany',
          'universityOrCompanyAddress',
          'universityOrCompanyPostalCode',
          'universityOrCompanyCity',
        ],
      ],
      ['family-status', ['maritalStatus', 'haveSpouseOrChildren', 'freeInsuranceForDependants']],
      ['admission-document', ['admissionDocumentType', 'admissionDocumentUpload']],
      ['passport-photo', ['passportPhotoUpload']],
      ['payment', ['insurancePaymentMethod', 'termsAndConditions', 'dataProtectionAndPrivacyPolicy']],
    ]);
  });

  it('offers the options the spec lists', () => {
    expect(optionValues('profession')).toEqual(['Student', 'Vocational Trainee']);
    expect(optionValues('title')).toEqual(['Mr.', 'Ms.', 'Mx.']);
    expect(optionValues('maritalStatus')).toEqual(['Single', 'Married', 'Widowed', 'Divorced']);
    expect(optionValues('lastHealthInsured')).toEqual(['Abroad', 'Germany']);
    expect(optionValues('sourceOfIncome')).toEqual(['Employment', 'Freelance', 'Internship', 'none']);
    expect(optionValues('insurancePaymentMethod')).toEqual(['sepa_monthly_direct_debit', 'semester_in_advance']);
    expect(optionValues('startSemester')).toEqual(['summer', 'winter']);
    expect(optionValues('admissionDocumentType')).toEqual([
      'Admission Certificate',
      'Training agreement (Berufsausbildungsvertrag)',
      'Visa Application',
    ]);
    const semesterLabels = (uiOptions('startSemester').options as Array<{ label: string }>).map((o) => en(o.label));
    expect(semesterLabels).toEqual(['Summer semester (01.04)', 'Winter semester (01.10)']);
    const paymentLabels = (uiOptions('insurancePaymentMethod').options as Array<{ label: string }>).map((o) =>
      en(o.label),
    );
    expect(paymentLabels).toEqual(['SEPA monthly direct debit', 'Semester in advance']);
  });

  it('asks for dates as DD/MM/YYYY with the placeholder Select date', () => {
    for (const name of ['dateOfBirth', 'startDateOfInsuranceCover']) {
      expect(uiOptions(name).displayFormat).toBe('DD/MM/YYYY');
      expect(en((form.uiSchema[name] as Record<string, string>)['ui:placeholder'])).toBe('Select date');
    }
  });

  it('labels every step and field in English and German', () => {
    for (const step of form.steps) {
      expect(de(step.title)).not.toBe(en(step.title));
      expect(de(step.headline)).not.toBe(en(step.headline));
    }
    for (const name of SPEC_FIELDS.filter(
      (n) => !['termsAndConditions', 'dataProtectionAndPrivacyPolicy'].includes(n),
    )) {
      const label = form.fields[name].label;
      expect(label, name).toBeDefined();
      expect(form.texts[label as string]?.de, name).toBeTruthy();
    }
    expect(de(form.fields.confirmEmail.label)).toBe('E-Mail bestätigen');
  });

  it("links the agreements to /terms-conditions/ and /privacy-policy/, in the text's language", () => {
    expect(en(uiOptions('termsAndConditions').content as string)).toContain('](/terms-conditions/)');
    expect(de(uiOptions('termsAndConditions').content as string)).toContain('](/de/terms-conditions/)');
    expect(en(uiOptions('dataProtectionAndPrivacyPolicy').content as string)).toContain('](/privacy-policy/)');
    expect(de(uiOptions('dataProtectionAndPrivacyPolicy').content as string)).toContain('](/de/privacy-policy/)');
  });

  it('sets up the wizard: numbered steps, (step/total) on mobile, Done only after both agreements', () => {
    expect(form.wizard).toMatchObject({
      indicator: 'steps',
      mobileIndicator: 'none',
      mobileStepCount: true,
      doneRequires: ['termsAndConditions', 'dataProtectionAndPrivacyPolicy'],
    });
    expect(form.steps.map((s) => s.labels)).toEqual(
      Array(9).fill({ previous: 'wizard.previous', next: 'wizard.next', done: 'wizard.done' }),
    );
  });

  it('keeps a draft under a booking key with the resume prompt, cleared on success', () => {
    expect(form.draft).toEqual({
      storageKey: 'HEALTH_INSURANCE_BOOKING',
      storage: 'local',
      resumePrompt: true,
      clearOnSuccess: true,
    });
  });

  it('thanks with the deal id and a Go to homepage link; fails with booking form submit failed', () => {
    expect(form.submit?.resultIdField).toBe('dealID');
    expect(en(form.submit?.errorMessage as string)).toBe('booking form submit failed');
    const success = form.results.success!;
    expect(success.showId).toBe('dealID');
    expect(en(success.title as string)).toBe('Thank you!');
    expect(success.link?.href).toBe('/');
    expect(en(success.link?.label as string)).toBe('Go to homepage');
    expect(en(form.results.failure?.title as string)).toBe('booking form submit failed');
  });

  it('shows a profession-specific hint above the university-or-company fields', () => {
    const plans = form.steps[4].sections.find((s) => s.fields.includes('universityOrCompanyInGermany'));
    expect(plans?.fields.slice(0, 2)).toEqual(['universityNotice', 'companyNotice']);
    expect(form.fields.universityNotice.visibleIf).toEqual({ field: 'profession', equals: 'Student' });
    expect(form.fields.companyNotice.visibleIf).toEqual({ field: 'profession', equals: 'Vocational Trainee' });
    expect(form.fields.startSemester.visibleIf).toEqual({ field: 'profession', equals: 'Student' });
    expect(form.fields.startYear.visibleIf).toEqual({ field: 'profession', equals: 'Student' });
  });
});

describe('health-insurance booking: validation', () => {
  it('accepts a complete student application, as a whole and step by step', () => {
    const data = student();
    expect(validator.validate(data).errors).toEqual([]);
    form.steps.forEach((_, i) => {
      expect(validator.validateStep(i, data).errors, `step ${i}`).toEqual([]);
    });
  });

  it('accepts a complete vocational-trainee application without semester and year', () => {
    const data = trainee();
    expect(validator.validate(data).errors).toEqual([]);
    expect(validator.validateStep(4, data).valid).toBe(true);
  });

  it('requires semester and year only from students', () => {
    const data = { ...trainee(), profession: 'Student' };
    const whole = validator.validate(data);
    expect(messages(whole, 'startSemester')).toEqual([REQUIRED]);
    expect(messages(whole, 'startYear')).toEqual([REQUIRED]);
    expect(messages(validator.validateStep(4, data), 'startYear')).toEqual([REQUIRED]);
    // the same data is complete for a trainee
    expect(validator.validateStep(4, { ...data, profession: 'Vocational Trainee' }).valid).toBe(true);
    expect(messages(validator.validate({ ...student(), startSemester: 'spring' }), 'startSemester')).toEqual([
      'Please choose one of the options',
    ]);
  });

  it('requires the fields a booking needs, with the default message', () => {
    const data = student();
    for (const name of [
      'profession',
      'title',
      'firstName',
      'passportNumber',
      'postalCode',
      'phoneNumber',
      'email',
      'startDateOfInsuranceCover',
      'universityOrCompanyInGermany',
      'maritalStatus',
      'admissionDocumentType',
      'insurancePaymentMethod',
    ]) {
      const { [name]: _dropped, ...rest } = data;
      expect(messages(validator.validate(rest), name), name).toEqual([REQUIRED]);
    }
    for (const name of ['maidenName', 'additionalAddressInfo', 'district', 'previousHealthInsuranceProvider']) {
      const { [name]: _dropped, ...rest } = data;
      expect(validator.validate(rest).valid, name).toBe(true);
    }
  });

  it('asks for the previous provider when the applicant was last insured in Germany', () => {
    const data = { ...student(), lastHealthInsured: 'Germany' };
    expect(messages(validator.validate(data), 'previousHealthInsuranceProvider')).toEqual([REQUIRED]);
    expect(validator.validate({ ...data, previousHealthInsuranceProvider: 'TK' }).valid).toBe(true);
  });

  it('asks about free insurance for dependants only when there is a spouse or children', () => {
    const data = { ...student(), haveSpouseOrChildren: 'yes' };
    expect(messages(validator.validateStep(5, data), 'freeInsuranceForDependants')).toEqual([REQUIRED]);
    expect(validator.validate({ ...data, freeInsuranceForDependants: 'yes' }).valid).toBe(true);
    expect(
      messages(validator.validate({ ...data, freeInsuranceForDependants: 'maybe' }), 'freeInsuranceForDependants'),
    ).toEqual(['Please choose one of the options']);
    expect(validator.validate({ ...student(), haveSpouseOrChildren: 'no' }).valid).toBe(true);
  });

  it('requires the confirmations to equal the email and the passport number', () => {
    const result = validator.validate({
      ...student(),
      confirmEmail: 'anna.schmidt@example.org',
      confirmPassportNumber: 'Z1234568',
    });
    expect(messages(result, 'confirmEmail')).toEqual(['The entries do not match']);
    expect(messages(result, 'confirmPassportNumber')).toEqual(['The entries do not match']);
    expect(result.errors.map((e) => e.field).sort()).toEqual(['confirmEmail', 'confirmPassportNumber']);
    expect(
      messages(validator.validateStep(2, { ...student(), confirmEmail: 'x@example.com' }), 'confirmEmail'),
    ).toEqual(['The entries do not match']);
  });

  it('rejects an email address that is no address', () => {
    const result = validator.validate({ ...student(), email: 'anna.example.com', confirmEmail: 'anna.example.com' });
    expect(messages(result, 'email')).toEqual(['The data is invalid!']);
  });

  it('takes the phone number as digits only', () => {
    for (const phoneNumber of ['0151 2345678', '+4915123456789', '0151-2345678', '01512345a']) {
      expect(messages(validator.validate({ ...student(), phoneNumber }), 'phoneNumber'), phoneNumber).toEqual([
        'Please enter digits only',
      ]);
    }
    // refused with the message, never rewritten: what was typed is what is checked (issue 15)
    expect(form.fields.phoneNumber.transform).toBeUndefined();
  });

  it('takes working hours and gross income as whole non-negative numbers', () => {
    for (const bad of [37.5, -1, '38,5', '38']) {
      const result = validator.validate({ ...trainee(), workingHoursPerWeek: bad, monthlyGrossIncome: bad });
      expect(messages(result, 'workingHoursPerWeek'), String(bad)).toEqual([WHOLE_NUMBER]);
      expect(messages(result, 'monthlyGrossIncome'), String(bad)).toEqual([WHOLE_NUMBER]);
    }
    expect(validator.validate({ ...trainee(), workingHoursPerWeek: 0, monthlyGrossIncome: 0 }).valid).toBe(true);
  });

  it('asks for hours and income when there is an income source', () => {
    const { workingHoursPerWeek: _h, monthlyGrossIncome: _m, ...data } = trainee();
    const result = validator.validate(data);
    expect(messages(result, 'workingHoursPerWeek')).toEqual([REQUIRED]);
    expect(messages(result, 'monthlyGrossIncome')).toEqual([REQUIRED]);
    expect(validator.validate({ ...data, sourceOfIncome: 'none' }).valid).toBe(true);
  });

  it('requires both agreements to be ticked', () => {
    const unticked = validator.validate({
      ...student(),
      termsAndConditions: false,
      dataProtectionAndPrivacyPolicy: false,
    });
    expect(messages(unticked, 'termsAndConditions')).toEqual([REQUIRED]);
    expect(messages(unticked, 'dataProtectionAndPrivacyPolicy')).toEqual([REQUIRED]);
    const { termsAndConditions: _t, ...missing } = student();
    expect(messages(validator.validateStep(8, missing), 'termsAndConditions')).toEqual([REQUIRED]);
  });

  it('rejects a date of birth in the future', () => {
    expect(messages(validator.validate({ ...student(), dateOfBirth: '2999-01-01' }), 'dateOfBirth')).toEqual([
      'The date cannot be in the future',
    ]);
  });

  it('rejects a postal code that is not German', () => {
    const result = validator.validate({ ...student(), postalCode: '1011', universityOrCompanyPostalCode: 'AB 12' });
    expect(messages(result, 'postalCode')).toEqual(['Invalid zip code!']);
    expect(messages(result, 'universityOrCompanyPostalCode')).toEqual(['Invalid zip code!']);
  });

  describe.each(['admissionDocumentUpload', 'passportPhotoUpload'])('upload %s', (name) => {
    const step = name === 'admissionDocumentUpload' ? 6 : 7;
    const check = (files: FileRecord[]) =>
      messages(validator.validateStep(step, { ...student(), [name]: files }), name);

    it('takes jpg, jpeg, png, gif and pdf files', () => {
      expect(check([fileRecord('scan.png', 'image/png')])).toEqual([]);
      expect(check([fileRecord('scan.gif', 'image/gif')])).toEqual([]);
      expect(check([fileRecord('scan.jpeg', 'image/jpeg')])).toEqual([]);
      expect(check([fileRecord('scan.jpg', 'image/jpg')])).toEqual([]);
      expect(check([fileRecord('scan.pdf', 'application/pdf')])).toEqual([]);
    });

    it('rejects other file types with the spec message', () => {
      expect(check([fileRecord('scan.bmp', 'image/bmp')])).toEqual([
        'You can only upload .jpg, .png, .gif, .pdf file!',
      ]);
      expect(check([fileRecord('scan.docx', 'application/msword')])).toEqual([
        'You can only upload .jpg, .png, .gif, .pdf file!',
      ]);
    });

    it('rejects files of 5MB and more with the spec message', () => {
      expect(check([fileRecord('big.pdf', 'application/pdf', 5 * 1024 * 1024 - 1)])).toEqual([]);
      expect(check([fileRecord('big.pdf', 'application/pdf', 6 * 1024 * 1024)])).toEqual([
        'File size must be smaller than 5MB!',
      ]);
    });

    it('holds one file, finished uploading, and is required', () => {
      expect(check([fileRecord('a.pdf', 'application/pdf'), fileRecord('b.pdf', 'application/pdf')])).toEqual([
        'Only 1 file(s) can be uploaded',
      ]);
      expect(check([fileRecord('a.pdf', 'application/pdf', 1000, 'uploading')])).toEqual([
        'Please wait until the upload has finished',
      ]);
      expect(check([])).toEqual([REQUIRED]);
    });
  });
});

describe('health-insurance booking: submission', () => {
  const request = (data: Record<string, unknown>) => encodeRequest(form.submit!, data, {}, form);

  it('posts JSON to /api/internal/services/aok', () => {
    const req = request(student());
    expect(req.url).toBe('/api/internal/services/aok');
    expect(req.method).toBe('POST');
    expect(req.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(req.body as string)).toEqual(req.payload);
  });

  it('sends trimmed texts, YYYY-MM-DD dates and upload file names, without confirmations and consents', () => {
    const data = student();
    data.passportPhotoUpload = [{ ...fileRecord('photo.jpg', 'image/jpeg'), storedName: 'Passport_3f2a9c.jpg' }];
    const payload = request(data).payload as Record<string, unknown>;
    for (const name of [
      'confirmEmail',
      'confirmPassportNumber',
      'termsAndConditions',
      'dataProtectionAndPrivacyPolicy',
    ])
      expect(payload, name).not.toHaveProperty(name);
    expect(payload).toMatchObject({
      profession: 'Student',
      firstName: 'Anna',
      lastName: 'Schmidt',
      address: 'Unter den Linden 6',
      dateOfBirth: '2001-02-03',
      startDateOfInsuranceCover: '2026-10-01',
      startSemester: 'winter',
      startYear: 2026,
      passportNumber: 'Z1234567',
      email: 'anna.schmidt@example.com',
      admissionDocumentUpload: ['admission-letter.pdf'],
      passportPhotoUpload: ['Passport_3f2a9c.jpg'],
    });
    expect(form.submit?.payload?.dateFormat).toBe('YYYY-MM-DD');
    expect(Object.keys(payload)).not.toContain('universityNotice');
  });

  it('leaves the student-only fields out of a trainee booking', () => {
    const payload = request({ ...trainee(), startSemester: 'summer', startYear: 2025 }).payload as Record<
      string,
      unknown
    >;
    expect(payload).not.toHaveProperty('startSemester');
    expect(payload).not.toHaveProperty('startYear');
    expect(payload).toMatchObject({
      workingHoursPerWeek: 38,
      monthlyGrossIncome: 1150,
      profession: 'Vocational Trainee',
    });
  });
});
