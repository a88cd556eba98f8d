/**
 * DSL options that end or feed a flow: the face capture's `acceptRequired` and `onAccept`, the OTP field's
 * `send`, and a modal section's `storageKey` / `storageFields`.
 */
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import type { Field, FormDefinition, Section, SubmitSettings } from '../../../packages/core/src/dsl/types.js';
import { translate } from '../../../packages/core/src/i18n/index.js';
import { createFormValidator } from '../../../packages/core/src/validate/index.js';

function oneStep(fields: Field[], sections?: Section[]): FormDefinition {
  return {
    id: 'flow-options',
    title: 'Flow options',
    version: 1,
    steps: [{ id: 'only', title: 'Only', ...(sections ? { sections } : { fields }) }],
  };
}

function compiled(definition: FormDefinition): CompiledForm {
  const result = compileForm(definition);
  if (!result.form) throw new Error(`does not compile: ${JSON.stringify(result.diagnostics)}`);
  return result.form;
}

const optionsOf = (form: CompiledForm, name: string) =>
  (form.uiSchema[name] as { 'ui:options': Record<string, unknown> })['ui:options'];
const english = (form: CompiledForm, key: unknown) => translate(String(key), 'en', undefined, form.texts);
const errorsOf = (form: CompiledForm, data: Record<string, unknown>) =>
  createFormValidator(form)
    .validateStep(0, data)
    .errors.map((e) => [e.path, e.message]);

describe('faceCapture', () => {
  it('says a missing outcome at the field with the required message, also for the `{}` RJSF starts with', () => {
    const form = compiled(oneStep([{ name: 'face', type: 'faceCapture', required: true }]));
    expect(errorsOf(form, {})).toEqual([['/face', 'This field is required!']]);
    expect(errorsOf(form, { face: {} })).toEqual([['/face', 'This field is required!']]);
    // any outcome passes without acceptRequired
    expect(errorsOf(form, { face: { status: 'reject' } })).toEqual([]);
    expect(optionsOf(form, 'face').hideError).toBe(true);
  });

  it("uses the field's own requiredMessage", () => {
    const form = compiled(
      oneStep([{ name: 'face', type: 'faceCapture', required: true, requiredMessage: 'Record your face first.' }]),
    );
    expect(errorsOf(form, { face: {} })).toEqual([['/face', 'Record your face first.']]);
  });

  it('an optional face capture without an outcome passes', () => {
    const form = compiled(oneStep([{ name: 'face', type: 'faceCapture' }]));
    expect(errorsOf(form, { face: {} })).toEqual([]);
  });

  it("with acceptRequired only 'accept' passes, with the catalogue's message or the field's own", () => {
    const form = compiled(oneStep([{ name: 'face', type: 'faceCapture', required: true, acceptRequired: true }]));
    const accept = 'Please complete the face verification successfully to continue.';
    expect(errorsOf(form, { face: { status: 'review' } })).toEqual([['/face', accept]]);
    expect(errorsOf(form, { face: { status: 'reject', message: 'No match' } })).toEqual([['/face', accept]]);
    expect(errorsOf(form, { face: { status: 'accept' } })).toEqual([]);
    expect(errorsOf(form, { face: {} })).toEqual([['/face', 'This field is required!']]);
    expect(translate('face.acceptRequired', 'de')).not.toBe(accept);

    const own = compiled(
      oneStep([
        {
          name: 'face',
          type: 'faceCapture',
          acceptRequired: true,
          acceptRequiredMessage: { en: 'Only a match counts.', de: 'Nur eine Übereinstimmung zählt.' },
        },
      ]),
    );
    expect(errorsOf(own, { face: { status: 'review' } })).toEqual([['/face', 'Only a match counts.']]);
    expect(
      createFormValidator(own).validateStep(0, { face: { status: 'review' } }, { locale: 'de' }).errors[0].message,
    ).toBe('Nur eine Übereinstimmung zählt.');
  });

  it('hands onAccept to the widget with its defaults filled in', () => {
    const form = compiled(
      oneStep([
        { name: 'a', type: 'faceCapture', onAccept: { back: 1, finishAfterMs: 2000 } },
        { name: 'b', type: 'faceCapture', onAccept: {} },
        { name: 'c', type: 'faceCapture' },
      ]),
    );
    expect(optionsOf(form, 'a').onAccept).toEqual({ back: 1, finishAfterMs: 2000 });
    expect(optionsOf(form, 'b').onAccept).toEqual({ back: 0, finishAfterMs: 0 });
    expect(optionsOf(form, 'c').onAccept).toBeUndefined();
    expect(optionsOf(form, 'c').acceptRequired).toBeUndefined();
  });
});

describe('otp send', () => {
  const send: SubmitSettings = {
    endpoint: '{host}/api/v1/blkacct/send-kyc-otp',
    encoding: 'multipart',
    auth: 'bearer',
    payload: { mode: 'mapped', fields: { lead_id: { query: ['user_key'] } } },
    errorMessage: 'Failed to send OTP',
    messageMap: [{ contains: 'locked', message: { en: 'Too many tries.', de: 'Zu viele Versuche.' } }],
  };

  it('compiles the call into the widget options, its texts as keys', () => {
    const form = compiled(oneStep([{ name: 'otp', type: 'otp', send }]));
    const compiledSend = optionsOf(form, 'otp').send as SubmitSettings;
    expect(compiledSend.endpoint).toBe(send.endpoint);
    expect(compiledSend.payload).toEqual(send.payload);
    expect(compiledSend.errorMessage).toBe('otp.sendFailed'); // the catalogue's entry for the spec's words
    expect(english(form, compiledSend.messageMap?.[0].message)).toBe('Too many tries.');
    expect(optionsOf(form, 'otp')).toMatchObject({ length: 6, resendSeconds: 60 });
  });

  it('names a payload field the form does not have', () => {
    const result = compileForm(
      oneStep([{ name: 'otp', type: 'otp', send: { ...send, payload: { fields: { lead: 'leadNumber' } } } }]),
    );
    expect(result.diagnostics.map((d) => `${d.code} ${d.pointer}`)).toEqual([
      'unknown-field /steps/0/fields/0/send/payload/fields/lead',
    ]);
  });
});

describe('modal section storage', () => {
  const guardian = (extra: Partial<Section>): Section => ({
    display: 'modal',
    fields: [
      { name: 'guardianName', type: 'text' },
      { name: 'note', type: 'info', content: 'Please sign.' },
      { name: 'letter', type: 'upload' },
    ],
    ...extra,
  });

  it('keeps the key and the stored properties in the step plan', () => {
    const form = compiled(
      oneStep(
        [],
        [
          guardian({
            storageKey: 'parentalConsentUpload',
            storageFields: { name: 'guardianName', fileList: 'letter' },
          }),
        ],
      ),
    );
    expect(form.steps[0].sections[0].storage).toEqual({
      key: 'parentalConsentUpload',
      fields: { name: 'guardianName', fileList: 'letter' },
    });
  });

  it('stores each data field under its own name by default', () => {
    const form = compiled(oneStep([], [guardian({ storageKey: 'consent' })]));
    expect(form.steps[0].sections[0].storage).toEqual({
      key: 'consent',
      fields: { guardianName: 'guardianName', letter: 'letter' },
    });
  });

  it('names a stored field outside the section, storage on an inline section and fields without a key', () => {
    const outside = compileForm(
      oneStep(
        [],
        [
          { fields: [{ name: 'email', type: 'email' }] },
          guardian({ storageKey: 'consent', storageFields: { email: 'email' } }),
        ],
      ),
    );
    expect(outside.diagnostics.map((d) => `${d.code} ${d.pointer}`)).toEqual([
      'unknown-field /steps/0/sections/1/storageFields/email',
    ]);
    const inline = compileForm(oneStep([], [{ storageKey: 'x', fields: [{ name: 'a', type: 'text' }] }]));
    expect(inline.diagnostics.map((d) => `${d.code} ${d.pointer}`)).toEqual([
      'storage-on-inline-section /steps/0/sections/0/storageKey',
    ]);
    const keyless = compileForm(oneStep([], [guardian({ storageFields: { name: 'guardianName' } })]));
    expect(keyless.diagnostics.map((d) => `${d.code} ${d.pointer}`)).toEqual([
      'storage-without-key /steps/0/sections/0/storageFields',
    ]);
  });

  it('is set for the guardian of the blocked-account form', async () => {
    const { readFileSync } = await import('node:fs');
    const form = compiled(JSON.parse(readFileSync('schemas/blocked-account/blocked-account.form.json', 'utf8')));
    const section = form.steps.flatMap((s) => s.sections).find((s) => s.fields.includes('guardianName'));
    expect(section?.storage).toEqual({
      key: 'parentalConsentUpload',
      fields: {
        guardianName: 'guardianName',
        guardianPassportNumber: 'guardianPassportNumber',
        fileList: 'parentalConsentUpload',
      },
    });
  });
});
