import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import type { FormDefinition, SubmitSettings, Text } from '../../../packages/core/src/dsl/types.js';
import { translate } from '../../../packages/core/src/i18n/index.js';
import {
  encodeRequest,
  failureMessage,
  isSuccessfulAnswer,
  valuesToStore,
} from '../../../packages/core/src/payload/index.js';
import { createFormValidator, type ValidationResult } from '../../../packages/core/src/validate/index.js';

const path = fileURLToPath(new URL('../../../schemas/blocked-account/kyc-reverification.form.json', import.meta.url));
const definition = JSON.parse(readFileSync(path, 'utf8')) as FormDefinition;

const compiled = compileForm(definition);
const form = compiled.form as CompiledForm;
const validator = createFormValidator(form);

const english = (key: Text | undefined) => translate(typeof key === 'string' ? key : '', 'en', undefined, form.texts);
const messages = (result: ValidationResult, field: string) =>
  result.errors.filter((e) => e.field === field).map((e) => e.message);

const passport = [{ uid: 'rc-1', name: 'passport.jpg', type: 'image/jpeg', size: 200_000, status: 'done' }];
const complete = {
  otp: '123456',
  passportUpload: passport,
  faceVerificationResult: { status: 'accept', message: 'Face matches with the document' },
};

describe('KYC re-verification form', () => {
  it('compiles without diagnostics into OTP, Upload Documents and Face Verification', () => {
    expect(compiled.diagnostics).toEqual([]);
    expect(form.steps.map((s) => english(s.title))).toEqual(['OTP', 'Upload Documents', 'Face Verification']);
  });

  it('accepts a complete re-verification', () => {
    expect(validator.validate(complete).errors).toEqual([]);
  });

  it('takes exactly six digits as the code', () => {
    for (const bad of ['12345', '1234567', '12a456', ' 123456'])
      expect(messages(validator.validateStep(0, { otp: bad }), 'otp'), bad).toEqual([
        'Please enter a valid verification code',
      ]);
    expect(messages(validator.validateStep(0, {}), 'otp')).toEqual(['Please enter a valid verification code']);
    expect(validator.validateStep(0, { otp: '000000' }).valid).toBe(true);
    const otp = (form.uiSchema.otp as { 'ui:options': Record<string, unknown> })['ui:options'];
    expect(otp).toMatchObject({ length: 6, resendSeconds: 60 });
  });

  it('needs one finished passport upload and a face-verification result', () => {
    expect(messages(validator.validateStep(1, {}), 'passportUpload')).toEqual(['This field is required']);
    expect(validator.validateStep(1, { passportUpload: [...passport, { ...passport[0], uid: 'rc-2' }] }).valid).toBe(
      false,
    );
    expect(validator.validateStep(1, { passportUpload: [{ ...passport[0], status: 'uploading' }] }).valid).toBe(false);
  });

  it('needs an accepted face verification to submit, with one clear message at the field', () => {
    const required = 'This field is required!';
    const accept = 'Please complete the face verification successfully to continue.';
    expect(messages(validator.validateStep(2, {}), 'faceVerificationResult')).toEqual([required]);
    // RJSF starts the object field as `{}`: the same required message, at the field itself
    const empty = validator.validateStep(2, { faceVerificationResult: {} });
    expect(empty.errors.map((e) => [e.path, e.message])).toEqual([['/faceVerificationResult', required]]);
    for (const status of ['review', 'reject'])
      expect(
        messages(validator.validateStep(2, { faceVerificationResult: { status } }), 'faceVerificationResult'),
      ).toEqual([accept]);
    expect(validator.validateStep(2, { faceVerificationResult: { status: 'accept' } }).valid).toBe(true);
    expect(english(form.steps[2].labels.done)).toBe('Submit');
  });

  it("on an 'accept' goes back one step and ends with the success screen 2 seconds later", () => {
    const face = (form.uiSchema.faceVerificationResult as { 'ui:options': Record<string, unknown> })['ui:options'];
    expect(face).toMatchObject({ acceptRequired: true, onAccept: { back: 1, finishAfterMs: 2000 }, hideError: true });
    expect(english(form.results.success?.title)).toBe('Your KYC verification was successful.');
  });

  it('sends the code to the lead named by user_key when the OTP step shows', () => {
    const otp = (form.uiSchema.otp as unknown as { 'ui:options': { send: SubmitSettings } })['ui:options'];
    const request = encodeRequest(
      otp.send,
      {},
      { host: 'https://crm.example.com', query: new URLSearchParams('user_key=L-77') },
      form,
    );
    expect(request.url).toBe('https://crm.example.com/api/v1/blkacct/send-kyc-otp');
    expect(request.method).toBe('POST');
    expect(otp.send.auth).toBe('bearer');
    expect(request.body).toEqual([['lead_id', 'L-77']]);
    expect(isSuccessfulAnswer(otp.send.success, 200, { status: true, account_id: 'DE99' })).toBe(true);
    expect(isSuccessfulAnswer(otp.send.success, 429, { status: false })).toBe(false);
    expect(english(otp.send.errorMessage)).toBe('Failed to send OTP');
  });

  it("tells the applicant of a link that is expired or cut off to ask for a new one, in the page's language", () => {
    const otp = (form.uiSchema.otp as unknown as { 'ui:options': { send: SubmitSettings } })['ui:options'];
    for (const settings of [otp.send, form.steps[0].submit!]) {
      for (const message of [
        'This verification link is not valid or has expired.',
        'This call needs the lead token of its application (X-Lead-Token).',
      ]) {
        const failure = failureMessage(settings, { status: false, message });
        expect(translate(failure.key!, 'de', undefined, form.texts)).toBe(
          'Dieser Bestätigungslink ist ungültig oder abgelaufen. Bitte fordern Sie bei uns einen neuen Link an.',
        );
      }
    }
    // other refusals keep the spec's words
    expect(failureMessage(otp.send, { status: false, message: 'Failed to send OTP' })).toEqual({
      text: 'Failed to send OTP',
    });
  });

  it('verifies the code for the lead named by user_key and keeps the returned ids', () => {
    const settings = form.steps[0].submit!;
    const request = encodeRequest(
      settings,
      { otp: '123456' },
      { host: 'https://crm.example.com/', query: new URLSearchParams('user_key=L-77') },
      form,
    );
    expect(request.url).toBe('https://crm.example.com/api/v1/blkacct/verify-kyc-otp');
    expect(request.method).toBe('POST');
    expect(settings.encoding).toBe('multipart');
    expect(settings.auth).toBe('bearer');
    expect(request.body).toEqual([
      ['lead_id', 'L-77'],
      ['otp', '123456'],
    ]);
    expect(isSuccessfulAnswer(settings.success, 200, { status: true })).toBe(true);
    expect(isSuccessfulAnswer(settings.success, 200, { status: false })).toBe(false);
    expect(valuesToStore(settings.store, { status: true, result: { lead_id: 'L-77', account_id: 'DE99' } })).toEqual([
      ['leadId', 'L-77'],
      ['account_id', 'DE99'],
    ]);
    expect(english(settings.errorMessage)).toBe('Failed to verify OTP');
  });

  it('clears an earlier face verification on a new passport and stores the new outcome', () => {
    const upload = (form.uiSchema.passportUpload as { 'ui:options': Record<string, unknown> })['ui:options'];
    expect(upload).toMatchObject({ maxFiles: 1, clearsStorage: ['customer_face_verification'] });
    const face = (form.uiSchema.faceVerificationResult as { 'ui:options': Record<string, unknown> })['ui:options'];
    expect(face).toMatchObject({ durationSeconds: 5, format: 'mp4', storageKey: 'customer_face_verification' });
  });

  it('ends on a success page with a homepage link', () => {
    expect(form.results.success?.link?.href).toBe('/');
    expect(english(form.results.success?.link?.label)).toBe('Go to homepage');
  });
});
