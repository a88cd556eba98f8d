import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import type { FormDefinition, SubmitSettings, Text } from '../../../packages/core/src/dsl/types.js';
import { evaluateExpression, withComputedValues } from '../../../packages/core/src/expr/index.js';
import { translate } from '../../../packages/core/src/i18n/index.js';
import {
  dataToStore,
  encodeRequest,
  isSuccessfulAnswer,
  valuesToStore,
} from '../../../packages/core/src/payload/index.js';
import { createFormValidator, type ValidationResult } from '../../../packages/core/src/validate/index.js';
import { application, arrival, file, shift, today } from '../../fixtures/forms/blocked-account.js';

const path = fileURLToPath(new URL('../../../schemas/blocked-account/blocked-account.form.json', import.meta.url));
const definition = JSON.parse(readFileSync(path, 'utf8')) as FormDefinition;

function compile(options?: Record<string, boolean>): CompiledForm {
  const result = compileForm(definition, options ? { options } : {});
  expect(result.diagnostics).toEqual([]);
  expect(result.form).toBeDefined();
  return result.form!;
}

const sevenSteps = compile();
const sixSteps = compile({ faceVerification: false });
const validator = createFormValidator(sevenSteps);
const sixValidator = createFormValidator(sixSteps);

const minorBirthDate = shift({ years: -17 }, arrival);
const minor = (overrides: Record<string, unknown> = {}) =>
  application({ dateOfBirth: minorBirthDate, passportIssueDate: shift({ years: 1 }, minorBirthDate), ...overrides });
const guardian = {
  guardianName: 'Maria Lopez',
  guardianPassportNumber: 'X12345678901',
  parentalConsentUpload: [file('consent.pdf')],
};

function messages(result: ValidationResult, field: string): string[] {
  return result.errors.filter((e) => e.field === field).map((e) => e.message);
}

function stepIndex(form: CompiledForm, id: string): number {
  const i = form.steps.findIndex((s) => s.id === id);
  expect(i).toBeGreaterThanOrEqual(0);
  return i;
}

/** English text of a compiled text key (compiled settings keep the `Text` type but hold keys). */
const english = (form: CompiledForm, key: Text | undefined) =>
  translate(typeof key === 'string' ? key : '', 'en', undefined, form.texts);

describe('blocked-account form: variants and wizard', () => {
  it('has seven steps by default and six without face verification', () => {
    expect(sevenSteps.steps.map((s) => english(sevenSteps, s.title))).toEqual([
      'Sign Up',
      'Upload Documents',
      'Face Verification',
      'Blocking Details',
      'Payers',
      'Review',
      'Confirm',
    ]);
    expect(sixSteps.steps.map((s) => english(sixSteps, s.title))).toEqual([
      'Sign Up',
      'Upload Documents',
      'Blocking Details',
      'Payers',
      'Review',
      'Confirm',
    ]);
    expect(sixSteps.fields.faceVerificationResult).toBeUndefined();
    expect(sevenSteps.fields.faceVerificationResult.type).toBe('faceCapture');
  });

  it('opens with the specified headline and hides the indicator on step 0', () => {
    const first = sevenSteps.steps[0];
    expect(english(sevenSteps, first.headline)).toBe('Get Started with blocked account application');
    expect(english(sevenSteps, first.subText)).toBe(
      'Fill in the form below to obtain your blocked account and confirmation',
    );
    expect(sevenSteps.wizard.hideIndicatorOnFirstStep).toBe(true);
  });

  it('shows the per-step failure messages', () => {
    const upload = sevenSteps.steps[stepIndex(sevenSteps, 'upload-documents')];
    const blocking = sevenSteps.steps[stepIndex(sevenSteps, 'blocking-details')];
    expect(english(sevenSteps, upload.failureMessage)).toBe('Please fill all required fields.');
    expect(english(sevenSteps, blocking.failureMessage)).toBe('Please complete all required fields.');
  });

  it('enables Done only with all seven agreements ticked', () => {
    expect(sevenSteps.wizard.doneRequires).toEqual([
      'termsConditions',
      'termsConditionsForBankingServices',
      'paymentProviderTerms',
      'dataProtectionAndPrivacyPolicy',
      'consentAgreement',
      'releaseAgreement',
      'feesAgreement',
    ]);
    const confirm = sevenSteps.steps[stepIndex(sevenSteps, 'confirm')];
    expect(confirm.fields).toEqual(sevenSteps.wizard.doneRequires);
  });

  it('links the agreements to the terms (with the banking anchor) and the privacy policy, and states the payer fee', () => {
    const content = (name: string) =>
      english(sevenSteps, (sevenSteps.uiSchema[name] as { 'ui:options': { content: string } })['ui:options'].content);
    expect(content('termsConditions')).toContain('](/terms-conditions/)');
    expect(content('termsConditionsForBankingServices')).toMatch(/\]\(\/terms-conditions\/#[a-z-]+\)/);
    expect(content('dataProtectionAndPrivacyPolicy')).toContain('](/privacy-policy/)');
    // the fee is an amount the page writes in its language ('€35.00' in English, '35,00 €' in German)
    expect(content('feesAgreement')).toContain('{{payerFee}}');
    for (const name of ['feesAgreement', 'payerFeeNotice'])
      expect((sevenSteps.uiSchema[name] as { 'ui:options': { amounts?: unknown } })['ui:options'].amounts).toEqual({
        payerFee: 35,
      });
  });

  it('names the payment provider and the product in the release, links the PDF and the pages, in seven languages', () => {
    const key = (name: string) =>
      (sevenSteps.uiSchema[name] as { 'ui:options': { content: string } })['ui:options'].content;
    const inAll = (name: string) =>
      (['en', 'de', 'fr', 'vi', 'es', 'zh', 'ru'] as const).map((locale) =>
        translate(key(name), locale, undefined, sevenSteps.texts),
      );
    const pdf = /\]\(https:\/\/[^)\s]+\.pdf\)/;
    expect(english(sevenSteps, key('paymentProviderTerms'))).toMatch(pdf);
    const release = inAll('releaseAgreement');
    for (const [i, text] of release.entries()) {
      expect(text).toContain('Zahlwerk Payments');
      expect(text).toContain('Antrag');
      expect(text).toMatch(pdf);
      // the site's pages in the text's language: /terms-conditions/, /de/terms-conditions/, …
      const prefix = i === 0 ? '' : `/${['en', 'de', 'fr', 'vi', 'es', 'zh', 'ru'][i]}`;
      expect(text).toContain(`](${prefix}/terms-conditions/)`);
      expect(text).toContain(`](${prefix}/privacy-policy/)`);
    }
    // every agreement has its own text in each language, with the same links as the English one (the site's
    // pages in the text's language)
    const locales = ['en', 'de', 'fr', 'vi', 'es', 'zh', 'ru'];
    for (const name of sevenSteps.wizard.doneRequires ?? []) {
      const texts = inAll(name);
      expect(new Set(texts).size, name).toBe(7);
      const links = (text: string) => [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
      for (const [i, text] of texts.entries()) {
        const expected = links(texts[0]).map((href) =>
          href.startsWith('/') && i > 0 ? `/${locales[i]}${href}` : href,
        );
        expect(links(text), `${name}: ${text}`).toEqual(expected);
      }
    }
  });

  it('saves drafts under BLOCKED_ACCOUNT_BOOKING_V2 with the resume prompt, and ends on a homepage link', () => {
    expect(sevenSteps.draft).toMatchObject({ storageKey: 'BLOCKED_ACCOUNT_BOOKING_V2', resumePrompt: true });
    expect(sevenSteps.results.success?.link).toEqual({ label: 'wizard.goToHomepage', href: '/' });
  });

  it('searches places with a 500 ms debounce, filling city/state (and the country for the issue place)', () => {
    const opts = (name: string) =>
      (sevenSteps.uiSchema[name] as { 'ui:options': Record<string, unknown> })['ui:options'];
    expect(opts('placeOfBirth')).toMatchObject({ valueShape: 'cityState', debounceMs: 500 });
    expect(opts('passportIssuedPlace')).toMatchObject({ valueShape: 'cityStateCountry', debounceMs: 500 });
  });
});

describe('blocked-account form: a complete application', () => {
  it('passes in the seven-step variant', () => {
    const result = validator.validate(application());
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('passes in the six-step variant without a face-verification result', () => {
    const { faceVerificationResult: _face, ...data } = application();
    expect(sixValidator.validate(data).errors).toEqual([]);
    // the six-step variant has no such field
    expect(sixValidator.validate(application()).valid).toBe(false);
  });

  it('passes every step on its own', () => {
    for (let i = 0; i < sevenSteps.steps.length; i++) {
      expect(validator.validateStep(i, application()).errors, sevenSteps.steps[i].id).toEqual([]);
    }
  });

  it('passes for a minor with guardian details and a consent letter', () => {
    expect(validator.validate(minor(guardian)).errors).toEqual([]);
  });
});

describe('blocked-account form: step 0 rules', () => {
  const step0 = (overrides: Record<string, unknown>) => validator.validateStep(0, application(overrides));

  it('asks for the title, the gender and the other required fields', () => {
    const result = step0({
      title: undefined,
      gender: undefined,
      street: '',
      city: '',
      district: '',
      visaType: undefined,
    });
    expect(messages(result, 'title')).toEqual(['Please select your title']);
    expect(messages(result, 'gender')).toEqual(['This field is required!']);
    for (const f of ['street', 'city', 'district', 'visaType'])
      expect(messages(result, f), f).toEqual(['This field is required!']);
    expect(step0({ additionalAddress: undefined }).valid).toBe(true);
  });

  it('counts a country or phone not yet chosen ({} as the widgets hold it) as missing, with its message', () => {
    // before issue 15 an empty structure was "there": no required message, and the zip code's rule passed
    const result = step0({ country: {}, phoneNumber: {}, zipCode: '50667' });
    expect(messages(result, 'country')).toEqual(['This field is required!']);
    expect(messages(result, 'phoneNumber')).toEqual(['Phone number is required']);
    expect(messages(result, 'zipCode')).toEqual(['Please select a country first!']);
    const partial = step0({ phoneNumber: { countryCode: '+49', isoCode: 'DE', phoneNumber: '' } });
    expect(messages(partial, 'phoneNumber')).toEqual(['Phone number is required']);
  });

  it('says only that a number is invalid when no country code was chosen', () => {
    const result = step0({ phoneNumber: { phoneNumber: '0151 123' } });
    expect(messages(result, 'phoneNumber')).toEqual(['Invalid phone number']);
  });

  it('refuses a phone number with signs other than digits instead of taking them out', () => {
    const result = step0({ phoneNumber: { countryCode: '+49', isoCode: 'DE', phoneNumber: '+49 151-234' } });
    expect(messages(result, 'phoneNumber').sort()).toEqual(['Invalid phone number', 'Please enter digits only']);
  });

  it('accepts letters of any language only in names', () => {
    expect(messages(step0({ firstName: 'J0hn' }), 'firstName')).toEqual([
      'This field can only include letters from any language',
    ]);
    expect(messages(step0({ lastName: 'Smith!' }), 'lastName')).toEqual([
      'This field can only include letters from any language',
    ]);
    expect(step0({ firstName: 'Zoë', lastName: '王' }).valid).toBe(true);
  });

  it('capitalises the first letter of names', () => {
    expect(sevenSteps.fields.firstName.transform).toEqual(['capitalizeFirst']);
    expect(sevenSteps.fields.lastName.transform).toEqual(['capitalizeFirst']);
  });

  it('checks the zip code against the chosen country, which must come first', () => {
    expect(messages(step0({ zipCode: '1011' }), 'zipCode')).toEqual(['Invalid zip code!']);
    expect(step0({ zipCode: '1011', country: { name: 'Netherlands', iso: 'NL' } }).valid).toBe(false);
    expect(step0({ zipCode: '1011 AB', country: { name: 'Netherlands', iso: 'NL' } }).valid).toBe(true);
    expect(messages(step0({ country: undefined }), 'zipCode')).toEqual(['Please select a country first!']);
    expect(messages(step0({ zipCode: undefined }), 'zipCode')).toEqual(['This field is required!']);
    // an empty text also fails the format rule; the required message comes first
    expect(messages(step0({ zipCode: '' }), 'zipCode')[0]).toBe('This field is required!');
  });

  it('checks the e-mail address', () => {
    expect(messages(step0({ email: 'anna@' }), 'email')).toEqual(['Please enter a valid email address!']);
    expect(messages(step0({ email: undefined }), 'email')).toEqual(['This field is required!']);
    expect(messages(step0({ email: '' }), 'email')[0]).toBe('This field is required!');
  });

  it('asks for a phone number valid for its country', () => {
    expect(messages(step0({ phoneNumber: undefined }), 'phoneNumber')).toEqual(['Phone number is required']);
    expect(
      messages(step0({ phoneNumber: { countryCode: '+49', phoneNumber: '', isoCode: 'DE' } }), 'phoneNumber'),
    ).toEqual(['Phone number is required']);
    expect(
      messages(step0({ phoneNumber: { countryCode: '+49', phoneNumber: '123', isoCode: 'DE' } }), 'phoneNumber'),
    ).toEqual(['Invalid phone number']);
  });

  it('takes an arrival date after today and at most one year ahead', () => {
    expect(messages(step0({ dateOfArrival: today }), 'dateOfArrival')).toEqual(['Please choose a later date']);
    expect(messages(step0({ dateOfArrival: shift({ years: 1, days: 1 }) }), 'dateOfArrival')).toEqual([
      'Please choose an earlier date',
    ]);
    expect(step0({ dateOfArrival: shift({ days: 1 }) }).valid).toBe(true);
    expect(step0({ dateOfArrival: shift({ years: 1 }) }).valid).toBe(true);
    expect(messages(step0({ dateOfArrival: undefined }), 'dateOfArrival')).toEqual(['This field is required!']);
  });

  it('needs the terms agreed', () => {
    expect(messages(step0({ terms: false }), 'terms')).toEqual(['You must agree to the Terms & Conditions']);
    expect(messages(step0({ terms: undefined }), 'terms')).toEqual(['You must agree to the Terms & Conditions']);
  });
});

describe('blocked-account form: passport step rules', () => {
  const index = stepIndex(sevenSteps, 'upload-documents');
  const step1 = (overrides: Record<string, unknown>) => validator.validateStep(index, application(overrides));

  it('asks for every passport field with the plain required message; the maiden name is optional', () => {
    const required = [
      'passportIssuedPlace',
      'passportIssuedCountry',
      'passportUpload',
      'passportNumber',
      'dateOfBirth',
      'passportIssueDate',
      'countryOfBirth',
      'placeOfBirth',
      'nationality',
      'passportExpiryDate',
    ];
    const empty = Object.fromEntries(required.map((f) => [f, undefined]));
    const result = step1(empty);
    for (const f of required) expect(messages(result, f), f).toContain('This field is required');
    expect(result.errors.every((e) => e.message === 'This field is required')).toBe(true);
    expect(step1({ maidenName: undefined }).valid).toBe(true);
    expect(step1({ passportNumber: '' }).errors[0]?.message).toBe('This field is required');
  });

  it('takes 6 to 10 upper-cased letters or digits as the passport number', () => {
    for (const bad of ['AB123', 'AB12345678X', 'AB-12345', 'ab123456'])
      expect(messages(step1({ passportNumber: bad }), 'passportNumber'), bad).toEqual([
        'Please enter a valid passport number',
      ]);
    for (const good of ['AB1234', 'AB12345678']) expect(step1({ passportNumber: good }).valid, good).toBe(true);
    expect(sevenSteps.fields.passportNumber.transform).toEqual(['upperCase']);
  });

  it('keeps the birth date out of the future', () => {
    expect(messages(step1({ dateOfBirth: shift({ days: 1 }) }), 'dateOfBirth')).toEqual([
      'The date cannot be in the future',
    ]);
  });

  it('keeps the birth date after 1900', () => {
    expect(messages(step1({ dateOfBirth: '1899-12-31', passportIssueDate: '1950-01-01' }), 'dateOfBirth')).toEqual([
      'Please choose a later date',
    ]);
    expect(messages(step1({ dateOfBirth: '1900-01-01', passportIssueDate: '1950-01-01' }), 'dateOfBirth')).toEqual([]);
  });

  it('needs the birth date before the issue date, which lies between birth and today', () => {
    expect(messages(step1({ dateOfBirth: undefined }), 'passportIssueDate')).toEqual([
      'Please select date of birth first',
    ]);
    const birth = shift({ years: -20 });
    expect(
      messages(step1({ dateOfBirth: birth, passportIssueDate: shift({ days: -1 }, birth) }), 'passportIssueDate'),
    ).toEqual(['Please choose a later date']);
    expect(messages(step1({ passportIssueDate: shift({ days: 1 }) }), 'passportIssueDate')).toEqual([
      'The date cannot be in the future',
    ]);
    expect(step1({ passportIssueDate: today }).valid).toBe(true);
  });

  it('needs an expiry date after today', () => {
    expect(messages(step1({ passportExpiryDate: today }), 'passportExpiryDate')).toEqual([
      'Please choose a later date',
    ]);
  });

  it('refuses a passport upload before the issued country is chosen, and more than one file', () => {
    expect(messages(step1({ passportIssuedCountry: undefined }), 'passportUpload')).toEqual([
      'This field is required!',
    ]);
    expect(step1({ passportUpload: [file('a.pdf'), file('b.pdf')] }).valid).toBe(false);
    expect(step1({ passportUpload: [{ ...file('a.pdf'), status: 'uploading' }] }).valid).toBe(false);
  });

  it('clears the stored face verification on a new passport upload', () => {
    const opts = (sevenSteps.uiSchema.passportUpload as { 'ui:options': Record<string, unknown> })['ui:options'];
    expect(opts.clearsStorage).toEqual(['customer_face_verification']);
    expect(opts.maxFiles).toBe(1);
  });
});

describe('blocked-account form: blocking step rules', () => {
  const index = stepIndex(sevenSteps, 'blocking-details');
  const blocking = (data: Record<string, unknown>) => validator.validateStep(index, data);

  it('says only that an empty eligibility upload is required, even before a document type is chosen', () => {
    // an empty file list gives nothing, so the rule 'Please select a Visa Eligibility Document' does not fire
    // beside the required message (found by a user after issue 15's fixes)
    const empty = blocking(application({ visaEligibilityDocument: undefined, visaEligibilityUpload: [] }));
    expect(messages(empty, 'visaEligibilityUpload')).toEqual(['This field is required!']);
    const upload = [file('admission.pdf', 'application/pdf')];
    const chosen = blocking(application({ visaEligibilityDocument: undefined, visaEligibilityUpload: upload }));
    expect(messages(chosen, 'visaEligibilityUpload')).toEqual(['Please select a Visa Eligibility Document']);
  });

  it('takes a contract duration of 1 to 12 months', () => {
    expect(blocking(application({ contractDuration: 1 })).valid).toBe(true);
    expect(blocking(application({ contractDuration: 13 })).valid).toBe(false);
    expect(blocking(application({ contractDuration: 0 })).valid).toBe(false);
    expect(messages(blocking(application({ contractDuration: undefined })), 'contractDuration')).toEqual([
      'This field is required!',
    ]);
  });

  it('takes whole monthly amounts only', () => {
    expect(messages(blocking(application({ blockedAmountPerMonth: 992.5 })), 'blockedAmountPerMonth')).toEqual([
      'Please enter a whole number',
    ]);
    expect(messages(blocking(application({ blockedAmountPerMonth: undefined })), 'blockedAmountPerMonth')).toEqual([
      'This field is required!',
    ]);
  });

  it('takes a monthly amount from 1 to 100,000 euro, never 0, a negative or an absurd one', () => {
    for (const amount of [1, 992, 100_000])
      expect(blocking(application({ blockedAmountPerMonth: amount })).valid).toBe(true);
    for (const amount of [-1000, -5, 0]) {
      expect(messages(blocking(application({ blockedAmountPerMonth: amount })), 'blockedAmountPerMonth')).toEqual([
        'Please enter a value of at least 1',
      ]);
    }
    for (const amount of [100_001, 1e20]) {
      expect(messages(blocking(application({ blockedAmountPerMonth: amount })), 'blockedAmountPerMonth')).toEqual([
        'Please enter a value of at most 100000',
      ]);
    }
    // the whole application (what the server checks) too
    expect(validator.validate(application({ blockedAmountPerMonth: -1000 })).valid).toBe(false);
  });

  it('refuses the eligibility upload before a document type is chosen', () => {
    const result = blocking(application({ visaEligibilityDocument: undefined }));
    expect(messages(result, 'visaEligibilityUpload')).toEqual(['Please select a Visa Eligibility Document']);
    expect(messages(result, 'visaEligibilityDocument')).toEqual(['This field is required!']);
    expect(messages(blocking(application({ visaEligibilityUpload: [] })), 'visaEligibilityUpload')).toEqual([
      'This field is required!',
    ]);
  });

  it('asks a minor for guardian details and the signed consent letter, an adult not', () => {
    const result = blocking(minor());
    expect(messages(result, 'guardianName')).toEqual(['This field is required!']);
    expect(messages(result, 'guardianPassportNumber')).toEqual(['This field is required!']);
    expect(messages(result, 'parentalConsentUpload')).toEqual(['This field is required!']);
    expect(blocking(minor(guardian)).valid).toBe(true);
    expect(blocking(application()).valid).toBe(true);
  });

  it('checks the guardian name and passport or ID number', () => {
    expect(messages(blocking(minor({ ...guardian, guardianName: 'M4ria' })), 'guardianName')).toEqual([
      'This field can only include letters from any language',
    ]);
    for (const bad of ['X1234', 'X'.repeat(21), 'X12-3456'])
      expect(messages(blocking(minor({ ...guardian, guardianPassportNumber: bad })), 'guardianPassportNumber')).toEqual(
        ['Please enter a valid passport number'],
      );
    expect(blocking(minor({ ...guardian, guardianPassportNumber: 'X'.repeat(20) })).valid).toBe(true);
    expect(sevenSteps.fields.guardianName.transform).toEqual(['capitalizeWords']);
    expect(sevenSteps.fields.guardianPassportNumber.transform).toEqual(['upperCase']);
  });
});

describe('blocked-account form: payers', () => {
  const payer = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    transferedAmount: 5000,
    dateOfBirth: '1970-05-01',
    ...overrides,
  });
  const payerErrors = (p: Record<string, unknown>) =>
    validator.validate(application({ payers: [p] })).errors.map((e) => `${e.path} ${e.message}`);

  it('takes at most 10 payers', () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => payer({ email: `p${i}@example.com` }));
    expect(validator.validate(application({ payers: list(10) })).errors).toEqual([]);
    expect(validator.validate(application({ payers: list(25) })).errors.map((e) => `${e.path} ${e.message}`)).toEqual([
      '/payers Please add no more than 10 entries',
    ]);
  });

  it('takes a transferred amount from 1 to 1,500,000 euro', () => {
    expect(payerErrors(payer())).toEqual([]);
    expect(payerErrors(payer({ transferedAmount: -5000 }))).toEqual([
      '/payers/0/transferedAmount Please enter a value of at least 1',
    ]);
    expect(payerErrors(payer({ transferedAmount: 0 }))).toEqual([
      '/payers/0/transferedAmount Please enter a value of at least 1',
    ]);
    expect(payerErrors(payer({ transferedAmount: 1e20 }))).toEqual([
      '/payers/0/transferedAmount Please enter a value of at most 1500000',
    ]);
  });

  it("takes an adult payer's date of birth, not before 1900", () => {
    expect(payerErrors(payer({ dateOfBirth: shift({ years: -18 }) }))).toEqual([]);
    for (const dateOfBirth of [shift({ days: 1 }), today, '2020-01-01', shift({ years: -18, days: 1 })]) {
      expect(payerErrors(payer({ dateOfBirth }))).toEqual([
        '/payers/0/dateOfBirth A payer must be at least 18 years old',
      ]);
    }
    expect(payerErrors(payer({ dateOfBirth: '1800-01-01' }))).toEqual([
      '/payers/0/dateOfBirth Please choose a later date',
    ]);
  });
});

describe('blocked-account form: confirm step', () => {
  const index = stepIndex(sevenSteps, 'confirm');

  it('needs every agreement ticked, the first with its own message', () => {
    expect(messages(validator.validateStep(index, application({ termsConditions: false })), 'termsConditions')).toEqual(
      ['Please confirm our terms & conditions.'],
    );
    for (const name of sevenSteps.wizard.doneRequires!.slice(1)) {
      const result = validator.validateStep(index, application({ [name]: undefined }));
      expect(messages(result, name), name).toEqual(['This field is required!']);
    }
  });
});

describe('blocked-account form: computed values', () => {
  const computed = (data: Record<string, unknown>) =>
    withComputedValues(data, sevenSteps.computed, sevenSteps.reference);

  it('flags a minor by whole years between birth and arrival', () => {
    expect(computed(application()).isMinor).toBe(false);
    expect(computed(minor()).isMinor).toBe(true);
    // the 18th birthday on the day of arrival is no longer a minor; the day before it still is
    expect(computed(application({ dateOfBirth: shift({ years: -18 }, arrival) })).isMinor).toBe(false);
    expect(computed(application({ dateOfBirth: shift({ years: -18, days: 1 }, arrival) })).isMinor).toBe(true);
    // unknown dates are no minor
    expect(computed(application({ dateOfBirth: undefined })).isMinor).toBe(false);
  });

  it('totals monthly amount × months + setup fee + monthly fee × months + buffer (+ 20 for a minor)', () => {
    // student: 992 × 12 + 89 + 4.9 × 12 + 80
    expect(computed(application()).totalDeposit).toBe(12131.8);
    expect(computed(minor()).totalDeposit).toBe(12151.8);
    // vocational trainee: 1000 × 7 + 69 + 4.9 × 7 + 80 = 7183.3
    expect(computed(application({ visaType: 4, blockedAmountPerMonth: 1000, contractDuration: 7 })).totalDeposit).toBe(
      7183.3,
    );
    expect(computed(application({ contractDuration: 3, blockedAmountPerMonth: 1001 })).totalDeposit).toBe(3186.7);
    expect(computed(application({ blockedAmountPerMonth: undefined })).totalDeposit).toBeUndefined();
  });

  it('defaults the monthly amount from the visa type', () => {
    const expression = sevenSteps.fields.blockedAmountPerMonth.defaultFrom!;
    expect(evaluateExpression(expression, { visaType: 1 }, sevenSteps.reference)).toBe(992);
    expect(evaluateExpression(expression, { visaType: 2 }, sevenSteps.reference)).toBe(1091);
    expect(evaluateExpression(expression, {}, sevenSteps.reference)).toBeNull();
  });

  it('knows the visa types student, employee, vocational trainee and another', () => {
    expect(sevenSteps.reference.visaTypes.map((v) => v.id)).toEqual(expect.arrayContaining([1, 2, 4]));
    expect(sevenSteps.reference.visaTypes.length).toBe(4);
    expect(sevenSteps.reference.visaTypes.find((v) => v.id === 1)?.amount).toBe(992);
  });
});

describe('blocked-account form: requests', () => {
  const host = 'https://crm.example.com';
  const storage =
    (values: Record<string, string>) =>
    (key: string): string | undefined =>
      values[key];
  const step = (id: string): SubmitSettings => sevenSteps.steps[stepIndex(sevenSteps, id)].submit!;
  const form = (body: string | unknown) => new URLSearchParams(body as string);

  it('sends step 0 form-urlencoded with the country as JSON text', () => {
    const request = encodeRequest(
      step('sign-up'),
      application(),
      { host, query: new URLSearchParams('PartnerCode=X'), storage: storage({}) },
      sevenSteps,
    );
    expect(request.url).toBe(`${host}/api/v1/lead/submit-application`);
    expect(request.method).toBe('POST');
    expect(request.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(step('sign-up').auth).toBe('bearer');
    const body = form(request.body);
    expect(JSON.parse(body.get('country')!)).toEqual({ name: 'Germany', iso: 'DE' });
    expect(Object.fromEntries(body)).toMatchObject({
      title: 'Mr.',
      first_name: 'Nguyễn',
      last_name: "O'Brien-Müller",
      gender: 'male',
      street_num: 'Hauptstraße 1',
      additional_address: 'c/o Lee',
      postal_code: '10115',
      city: 'Berlin',
      state: 'Berlin',
      phone_code: '+49',
      mobile_no: '15123456789',
      email_id: 'anna@example.com',
      expected_date_arrival: arrival,
      referral_code: 'X',
    });
    expect(body.has('app_type')).toBe(true);
    expect(body.has('lead_id')).toBe(false);
    expect(body.has('step')).toBe(false);
  });

  it('sends the stored lead id and prefers partnerCode over PartnerCode', () => {
    const request = encodeRequest(
      step('sign-up'),
      application(),
      { host, query: new URLSearchParams('partnerCode=A&PartnerCode=B'), storage: storage({ leadId: '42' }) },
      sevenSteps,
    );
    const body = form(request.body);
    expect(body.get('lead_id')).toBe('42');
    expect(body.get('referral_code')).toBe('A');
    const without = form(encodeRequest(step('sign-up'), application(), { host }, sevenSteps).body);
    expect(without.has('referral_code')).toBe(false);
  });

  it('counts status true or "success" as success and stores the lead and account ids', () => {
    const settings = step('sign-up');
    expect(isSuccessfulAnswer(settings.success, 200, { status: true })).toBe(true);
    expect(isSuccessfulAnswer(settings.success, 200, { status: 'success' })).toBe(true);
    expect(isSuccessfulAnswer(settings.success, 200, { status: false, message: 'x' })).toBe(false);
    expect(isSuccessfulAnswer(settings.success, 500, { status: true })).toBe(false);
    expect(valuesToStore(settings.store, { status: true, id: 7, account_id: 'DE123' })).toEqual([
      ['leadId', '7'],
      ['account_id', 'DE123'],
    ]);
    expect(english(sevenSteps, settings.errorMessage)).toBe('An error occurred while submitting your application.');
    // with gender, customerName and customerEmail (spec §3: the lead kept locally)
    const data = application({ email: ' anna@example.com ' });
    const full = withComputedValues(data, sevenSteps.computed, sevenSteps.reference);
    expect(Object.fromEntries(dataToStore(settings, full))).toEqual({
      gender: data.gender,
      customerName: `${data.firstName} ${data.lastName}`,
      customerEmail: 'anna@example.com',
    });
  });

  it('keeps the total blocking amount as totalDeposit with two decimals after the blocking step', () => {
    const data = application({ contractDuration: 6, blockedAmountPerMonth: 992, visaType: 1 });
    const full = withComputedValues(data, sevenSteps.computed, sevenSteps.reference);
    // 992 × 6 + 89 + 4.90 × 6 + 80 for an adult student
    expect(full.isMinor).toBe(false);
    expect(dataToStore(step('blocking-details'), full)).toEqual([['totalDeposit', '6150.40']]);
  });

  it('sends the passport step as step 2 with bracketed keys', () => {
    const settings = step('upload-documents');
    expect(settings.requiresStorage).toEqual([{ key: 'leadId', message: expect.any(String) }]);
    expect(english(sevenSteps, settings.requiresStorage![0].message)).toBe(
      'Missing lead identifier. Please complete Step 1 first.',
    );
    const data = application({ maidenName: 'Sharma' });
    const body = form(encodeRequest(settings, data, { host, storage: storage({ leadId: '42' }) }, sevenSteps).body);
    expect(Object.fromEntries(body)).toEqual({
      step: '2',
      lead_id: '42',
      diff_maiden_name: 'Sharma',
      'nationality[name]': 'India',
      'nationality[iso]': 'IN',
      date_of_birth: data.dateOfBirth,
      'place_country_birth[location]': 'Pune, Maharashtra',
      'place_country_birth[city]': 'Pune',
      'place_country_birth[state]': 'Maharashtra',
      'place_country_birth[country]': 'India',
      'place_country_birth[iso]': 'IN',
      passport_num: 'K1234567',
      passport_issued_date: data.passportIssueDate,
      passport_valid_upto: data.passportExpiryDate,
      'passport_issue_place[location]': 'Mumbai, Maharashtra, India',
      'passport_issue_place[city]': 'Mumbai',
      'passport_issue_place[state]': 'Maharashtra',
      'passport_issue_place[country]': 'India',
      'passport_issue_place[iso]': 'IN',
    });
  });

  it('sends the blocking step as step 3 with the amount as text and the document type code', () => {
    const settings = step('blocking-details');
    expect(settings.requiresStorage?.map((r) => r.key)).toEqual(['leadId']);
    const send = (doc: string) =>
      Object.fromEntries(
        form(
          encodeRequest(
            settings,
            application({ visaEligibilityDocument: doc }),
            { host, storage: storage({ leadId: '42' }) },
            sevenSteps,
          ).body,
        ),
      );
    expect(send('admission_certificate')).toEqual({
      step: '3',
      lead_id: '42',
      blocked_acc_amt: '992',
      blocked_acc_duration: '12',
      visa_eligibility_doc_type: '8',
    });
    expect(send('vocational_trainee_agreement').visa_eligibility_doc_type).toBe('9');
    expect(send('visa_application_for_chance_card').visa_eligibility_doc_type).toBe('19');
    expect(send('employment_contract').visa_eligibility_doc_type).toBe('0');
  });

  it('submits the application with the profession of the visa type, document names and the partner code', () => {
    const settings = sevenSteps.submit!;
    expect(settings.endpoint).toBe('/api/internal/services/blocked-account');
    const payload = (data: Record<string, unknown>, query = '') =>
      encodeRequest(
        settings,
        withComputedValues(data, sevenSteps.computed, sevenSteps.reference),
        {
          query: new URLSearchParams(query),
        },
        sevenSteps,
      ).payload as Record<string, unknown>;
    const sent = payload(application(), 'PartnerCode=P1');
    expect(sent).toMatchObject({
      profession: 'student',
      title: 'Mr.',
      firstName: 'Nguyễn',
      lastName: "O'Brien-Müller",
      passportNumber: 'K1234567',
      dateOfBirth: application().dateOfBirth,
      blockedAmountPerMonth: 992,
      contractDuration: 12,
      totalDeposit: 12131.8,
      passportDocuments: ['passport.pdf'],
      visaEligibilityDocuments: ['admission.pdf'],
      payers: [{ firstName: 'Ben', lastName: 'Smith', email: 'ben@example.com' }],
      partnerCode: 'P1',
    });
    expect(sent.parentalConsentDocuments).toBeUndefined();
    expect(payload(application({ visaType: 2 })).profession).toBe('employee');
    expect(payload(application({ visaType: 4 })).profession).toBe('vocational_trainee');
    expect(payload(application({ visaType: 3 })).profession).toBe('other');
    expect(payload(application()).partnerCode).toBeUndefined();
    expect(isSuccessfulAnswer(settings.success, 200, { status: 'success' })).toBe(true);
    expect(isSuccessfulAnswer(settings.success, 200, { status: false })).toBe(false);
  });
});
