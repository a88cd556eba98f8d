import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import type { Field, FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { addPeriod, todayIso } from '../../../packages/core/src/expr/dates.js';
import { createFormValidator } from '../../../packages/core/src/validate/index.js';

function definition(overrides: Partial<FormDefinition> = {}): FormDefinition {
  return {
    id: 'test-booking',
    title: 'Test booking',
    version: 1,
    options: { faceVerification: { type: 'boolean', default: true } },
    computed: {
      isMinor: {
        type: 'boolean',
        expression: { '<': [{ yearsBetween: [{ var: 'dateOfBirth' }, { var: 'dateOfArrival' }] }, 18] },
      },
    },
    steps: [
      {
        id: 'personal',
        title: 'Sign Up',
        headline: 'Get Started with blocked account application',
        subText: { en: 'Fill in the form below', de: 'Füllen Sie das Formular aus' },
        sections: [
          {
            headline: 'About you',
            layout: 'horizontal',
            fields: [
              {
                name: 'title',
                type: 'select',
                required: true,
                requiredMessage: 'Please select your title',
                options: [
                  { value: 'mr', label: 'Mr.' },
                  { value: 'ms', label: 'Ms.' },
                ],
              },
              {
                name: 'firstName',
                type: 'text',
                label: 'First name',
                required: true,
                rules: [{ letters: true }],
                transform: ['capitalizeFirst'],
              },
              {
                name: 'profession',
                type: 'select',
                required: true,
                display: 'radio',
                options: [
                  { value: 'student', label: 'Student' },
                  { value: 'trainee', label: 'Vocational Trainee' },
                ],
              },
              {
                name: 'startSemester',
                type: 'select',
                required: true,
                visibleIf: { field: 'profession', equals: 'student' },
                options: [
                  { value: '04-01', label: 'Summer' },
                  { value: '10-01', label: 'Winter' },
                ],
              },
              { name: 'maidenName', type: 'text', requiredIf: { field: 'profession', equals: 'trainee' } },
            ],
          },
          {
            fields: [
              { name: 'email', type: 'email', required: true, invalidMessage: 'Please enter a valid email address!' },
              { name: 'confirmEmail', type: 'email', required: true, rules: [{ sameAs: 'email' }] },
              { name: 'country', type: 'country', required: true },
              {
                name: 'zipCode',
                type: 'text',
                required: true,
                rules: [
                  { requires: 'country', message: 'Please select a country first!' },
                  { postalCodeFor: 'country' },
                ],
              },
              { name: 'dateOfBirth', type: 'date', required: true, rules: [{ notAfter: 'today' }] },
              {
                name: 'dateOfArrival',
                type: 'date',
                required: true,
                rules: [{ after: 'today' }, { notAfter: { today: { years: 1 } } }],
              },
              {
                name: 'minorInfo',
                type: 'info',
                content: 'You need a parental consent letter.',
                visibleIf: { field: 'isMinor', equals: true },
              },
            ],
          },
        ],
      },
      {
        id: 'face',
        title: 'Face Verification',
        includeIf: { option: 'faceVerification', equals: true },
        fields: [{ name: 'face', type: 'faceCapture', required: true }],
      },
      {
        id: 'blocking',
        title: 'Blocking Details',
        failureMessage: 'Please complete all required fields.',
        fields: [
          { name: 'blockedAmountPerMonth', type: 'currency', required: true, wholeNumber: true },
          {
            name: 'workingHoursPerWeek',
            type: 'number',
            min: 0,
            rules: [{ wholeNumber: true, message: 'Please enter a whole number (no decimals or commas)' }],
          },
          {
            name: 'passportUpload',
            type: 'upload',
            required: true,
            accept: ['.jpg', '.png', '.pdf'],
            minSize: { value: 100, unit: 'KB' },
            maxSize: { value: 4, unit: 'MB' },
            unitBase: 1024,
            messages: {
              size: 'File size must be between 100KB and 4MB!',
              type: 'You can only upload .jpg, .png, .pdf file.',
            },
          },
        ],
      },
    ],
    ...overrides,
  };
}

function compiled(def: FormDefinition = definition(), options?: Record<string, boolean>): CompiledForm {
  const result = compileForm(def, options ? { options } : {});
  expect(result.diagnostics).toEqual([]);
  return result.form!;
}

const tomorrow = addPeriod(todayIso(), { days: 1 })!;
const valid = {
  title: 'mr',
  firstName: 'Ngọc',
  profession: 'trainee',
  maidenName: 'Lê',
  email: 'ngoc@example.com',
  confirmEmail: 'ngoc@example.com',
  country: { name: 'Germany', iso: 'DE' },
  zipCode: '10115',
  dateOfBirth: '2000-01-01',
  dateOfArrival: tomorrow,
  face: { status: 'accept' },
  blockedAmountPerMonth: 992,
  passportUpload: [{ uid: 'u1', name: 'passport.pdf', type: 'application/pdf', size: 200 * 1024, status: 'done' }],
};

function messagesOf(form: CompiledForm, data: unknown, locale: 'en' | 'de' = 'en'): string[] {
  return createFormValidator(form)
    .validate(data, { locale })
    .errors.map((e) => `${e.path} ${e.message}`);
}

describe('compileForm', () => {
  it('is deterministic: the same input gives byte-identical output', () => {
    const a = JSON.stringify(compileForm(definition()));
    const b = JSON.stringify(compileForm(structuredClone(definition())));
    expect(a).toBe(b);
  });

  it('plans the steps of the default variant with their fields and sections', () => {
    const form = compiled();
    expect(form.steps.map((s) => s.id)).toEqual(['personal', 'face', 'blocking']);
    expect(form.steps[0].fields).toContain('zipCode');
    expect(form.steps[0].fields).not.toContain('minorInfo'); // shows something, holds no data
    expect(form.steps[0].sections.map((s) => s.fields.length)).toEqual([5, 7]);
    expect(form.steps[0].sections[0].layout).toBe('horizontal');
    expect(form.stepSchemas).toHaveLength(3);
    expect(Object.keys(form.stepSchemas[2].properties as object)).toEqual([
      'blockedAmountPerMonth',
      'workingHoursPerWeek',
      'passportUpload',
    ]);
  });

  it('selects a variant by form option: six steps without face verification', () => {
    const form = compiled(definition(), { faceVerification: false });
    expect(form.steps.map((s) => s.id)).toEqual(['personal', 'blocking']);
    expect(form.steps[1].index).toBe(1);
    expect(form.schema.$id).toContain('faceVerification-false');
    expect(messagesOf(form, { ...valid, face: undefined })).toEqual([]);
  });

  it('accepts a complete, valid application', () => {
    expect(messagesOf(compiled(), valid)).toEqual([]);
  });

  it("reports the specs' messages in English and in the chosen language", () => {
    const form = compiled();
    const data = { ...valid, title: undefined, firstName: 'J0hn', zipCode: '1011', email: 'not-an-email' };
    expect(messagesOf(form, data)).toEqual([
      '/title Please select your title',
      '/firstName This field can only include letters from any language',
      '/email Please enter a valid email address!',
      '/confirmEmail The entries do not match',
      '/zipCode Invalid zip code!',
    ]);
    expect(messagesOf(form, data, 'de')[4]).toBe('/zipCode Ungültige Postleitzahl!');
  });

  it('asks for the country before checking the zip code', () => {
    expect(messagesOf(compiled(), { ...valid, country: undefined })).toEqual([
      '/country This field is required!',
      '/zipCode Please select a country first!',
    ]);
  });

  it('checks confirm fields against their first entry', () => {
    expect(messagesOf(compiled(), { ...valid, confirmEmail: 'other@example.com' })).toEqual([
      '/confirmEmail The entries do not match',
    ]);
  });

  it('checks dates relative to today', () => {
    expect(messagesOf(compiled(), { ...valid, dateOfArrival: todayIso(), dateOfBirth: tomorrow })).toEqual([
      '/dateOfBirth The date cannot be in the future',
      '/dateOfArrival Please choose a later date',
    ]);
  });

  it('validates a field shown under a condition only while it is shown', () => {
    const form = compiled();
    const student = { ...valid, profession: 'student', maidenName: undefined };
    expect(messagesOf(form, student)).toEqual(['/startSemester This field is required!']);
    expect(messagesOf(form, { ...student, startSemester: '10-01' })).toEqual([]);
    // hidden for trainees: not required, and whatever it holds is not checked
    expect(messagesOf(form, { ...valid, startSemester: 'nonsense' })).toEqual([]);
  });

  it('requires a field under a condition', () => {
    expect(messagesOf(compiled(), { ...valid, maidenName: undefined })).toEqual([
      '/maidenName This field is required!',
    ]);
    expect(messagesOf(compiled(), { ...valid, maidenName: '' })).toEqual(['/maidenName This field is required!']);
  });

  it('uses whole-number rules with their own messages', () => {
    expect(messagesOf(compiled(), { ...valid, blockedAmountPerMonth: 99.5, workingHoursPerWeek: 1.5 })).toEqual([
      '/blockedAmountPerMonth Please enter a whole number',
      '/workingHoursPerWeek Please enter a whole number (no decimals or commas)',
    ]);
  });

  it('checks uploaded files: type, size in 1024-based units, count and finished status', () => {
    const form = compiled();
    const file = valid.passportUpload[0];
    expect(messagesOf(form, { ...valid, passportUpload: [{ ...file, type: 'image/gif' }] })).toEqual([
      '/passportUpload You can only upload .jpg, .png, .pdf file.',
    ]);
    expect(messagesOf(form, { ...valid, passportUpload: [{ ...file, size: 4 * 1024 * 1024 + 1 }] })).toEqual([
      '/passportUpload File size must be between 100KB and 4MB!',
    ]);
    expect(messagesOf(form, { ...valid, passportUpload: [{ ...file, size: 99 * 1024 }] })).toEqual([
      '/passportUpload File size must be between 100KB and 4MB!',
    ]);
    expect(messagesOf(form, { ...valid, passportUpload: [file, { ...file, uid: 'u2' }] })).toEqual([
      '/passportUpload Only 1 file(s) can be uploaded',
    ]);
    expect(messagesOf(form, { ...valid, passportUpload: [{ ...file, status: 'uploading' }] })).toEqual([
      '/passportUpload Please wait until the upload has finished',
    ]);
    expect(messagesOf(form, { ...valid, passportUpload: [] })).toEqual(['/passportUpload This field is required!']);
  });

  it('computes values on the server side and rejects fields the form does not have', () => {
    const form = compiled();
    const result = createFormValidator(form).validate({
      ...valid,
      dateOfBirth: '2015-01-01',
      isMinor: false,
      admin: true,
    });
    expect(result.data.isMinor).toBe(true);
    expect(result.valid).toBe(false);
    expect(result.errors.map((e) => e.path)).toEqual(['/admin']);
  });

  it('validates one step against the accumulated data', () => {
    const v = createFormValidator(compiled());
    expect(v.validateStep(2, { ...valid, firstName: undefined }).valid).toBe(true);
    expect(v.validateStep(0, { ...valid, firstName: undefined }).errors.map((e) => e.path)).toEqual(['/firstName']);
    expect(() => v.validateStep(7, valid)).toThrow(RangeError);
  });

  it('keys texts: catalogue texts keep their key, own texts get a form key with their translations', () => {
    const form = compiled();
    expect(form.steps[0].headline).toBe('forms.test-booking.steps.personal.headline');
    expect(form.texts[form.steps[0].headline!]).toEqual({ en: 'Get Started with blocked account application' });
    expect(form.texts[form.steps[0].subText!]).toEqual({
      en: 'Fill in the form below',
      de: 'Füllen Sie das Formular aus',
    });
    // 'Please complete all required fields.' is a catalogue text: linked to its key and translations
    expect(form.steps[2].failureMessage).toBe('errors.completeRequired');
    expect(form.steps[0].labels).toEqual({ previous: 'wizard.previous', next: 'wizard.next', done: 'wizard.done' });
    const zip = form.uiSchema.zipCode as { 'ui:widget': string };
    expect(zip['ui:widget']).toBe('text');
  });

  it('builds a UI schema with widgets, fields and options for every field', () => {
    const ui = compiled().uiSchema as Record<string, Record<string, unknown>>;
    expect(ui.profession['ui:widget']).toBe('radio');
    expect(ui.country['ui:field']).toBe('country');
    expect(ui.face['ui:field']).toBe('faceCapture');
    expect(ui.passportUpload['ui:options']).toMatchObject({
      maxFiles: 1,
      minBytes: 102_400,
      maxBytes: 4_194_304,
      unitBase: 1024,
    });
    expect(ui.firstName['ui:options']).toMatchObject({ transform: ['capitalizeFirst'] });
    expect(ui['ui:order']).toEqual(expect.arrayContaining(['title', 'face', '*']));
  });
});

describe('variants, labels and edge values', () => {
  it("hides the label of an agreement without one (its content is the label), not the field's name", () => {
    const form = compiled(
      definition({
        options: undefined,
        computed: undefined,
        steps: [
          {
            id: 'only',
            title: 'Only',
            fields: [
              { name: 'terms', type: 'agreement', required: true, content: 'I accept the [terms](/terms/).' },
              { name: 'privacy', type: 'agreement', label: 'Privacy', content: 'I agree.' },
            ],
          },
        ],
        submit: undefined,
        results: undefined,
      }),
    );
    const options = (name: string) => (form.uiSchema[name] as Record<string, Record<string, unknown>>)['ui:options'];
    expect(options('terms').label).toBe(false);
    expect(options('privacy').label).toBeUndefined();
  });

  it('compiles a mobile title of a result screen as a text (here linked to the catalogue entry)', () => {
    const form = compiled(
      definition({ results: { success: { title: 'Successfully Submitted!', mobileTitle: 'Successfully sent!' } } }),
    );
    expect(form.results.success).toMatchObject({ title: 'contact.submittedTitle', mobileTitle: 'contact.sentTitle' });
  });

  const variantForm = (options?: Record<string, boolean>) =>
    compiled(
      definition({
        options: { faceVerification: { type: 'boolean', default: true }, mobile: { type: 'boolean', default: false } },
        steps: [
          {
            id: 'only',
            title: 'Only',
            sections: [
              {
                visibleIf: { field: 'profession', equals: 'student' },
                fields: [{ name: 'semester', type: 'text', required: true, rules: [{ letters: true }] }],
              },
              {
                fields: [
                  {
                    name: 'profession',
                    type: 'select',
                    options: [
                      { value: 'student', label: 'Student' },
                      { value: 'trainee', label: 'Trainee' },
                    ],
                  },
                  {
                    name: 'organisation',
                    type: 'text',
                    label: 'University or company',
                    labelIf: [
                      { if: { option: 'mobile', equals: true }, label: 'Organisation' },
                      { if: { field: 'profession', equals: 'student' }, label: 'University' },
                    ],
                  },
                  { name: 'phone', type: 'text', requiredIf: { option: 'mobile', equals: true } },
                  { name: 'desktopOnly', type: 'text', visibleIf: { option: 'mobile', equals: false } },
                  {
                    name: 'married',
                    type: 'select',
                    required: true,
                    options: [
                      { value: true, label: 'Yes' },
                      { value: false, label: 'No' },
                    ],
                  },
                ],
              },
            ],
          },
        ],
        computed: {},
      }),
      options,
    );

  it('keeps the rules of a required field shown under a condition', () => {
    const form = variantForm();
    expect(messagesOf(form, { profession: 'student', married: false })).toEqual(['/semester This field is required!']);
    expect(messagesOf(form, { profession: 'student', semester: 'W1nter', married: false })).toEqual([
      '/semester This field can only include letters from any language',
    ]);
    expect(messagesOf(form, { profession: 'trainee', married: false })).toEqual([]);
  });

  it('decides option conditions at compile time: required, shown and labelled per variant', () => {
    const desktop = variantForm();
    const mobile = variantForm({ mobile: true });
    expect(messagesOf(desktop, { married: true })).toEqual([]);
    expect(messagesOf(mobile, { married: true })).toEqual(['/phone This field is required!']);
    expect(desktop.fields.desktopOnly).toBeDefined();
    expect(mobile.fields.desktopOnly).toBeUndefined();
    const labelOf = (form: CompiledForm) => form.uiSchema.organisation as Record<string, Record<string, unknown>>;
    expect(
      desktop.texts[labelOf(desktop)['ui:options'].labelIf ? (labelOf(desktop)['ui:title'] as unknown as string) : ''],
    ).toEqual({
      en: 'University or company',
    });
    expect(labelOf(desktop)['ui:options'].labelIf).toEqual([
      { if: { field: 'profession', equals: 'student' }, label: 'forms.test-booking.fields.organisation.labelIf.1' },
    ]);
    expect(mobile.texts[labelOf(mobile)['ui:title'] as unknown as string]).toEqual({ en: 'Organisation' });
    expect(labelOf(mobile)['ui:options'].labelIf).toBeUndefined();
  });

  it('types a choice of true / false as a boolean', () => {
    const form = variantForm();
    expect((form.schema.properties as Record<string, { type: string }>).married.type).toBe('boolean');
    // the type error comes first; the wizard shows a field's first message
    expect(messagesOf(form, { married: 'yes' })[0]).toBe('/married The data is invalid!');
  });

  it('treats empty and blank text as no answer', () => {
    const form = compiled();
    expect(messagesOf(form, { ...valid, zipCode: '' })).toEqual(['/zipCode This field is required!']);
    expect(messagesOf(form, { ...valid, firstName: '   ' })).toEqual([
      '/firstName This field is required!',
      '/firstName This field can only include letters from any language',
    ]);
  });
});

describe('compileForm diagnostics', () => {
  const withField = (field: Record<string, unknown>) => {
    const def = definition();
    def.steps[2].fields!.push(field as unknown as Field);
    return compileForm(def);
  };

  it("leaves out a field of unknown type with 'Field type X is not implemented!' and compiles the rest", () => {
    const result = withField({ name: 'hologram', type: 'hologram' });
    expect(result.diagnostics).toEqual([
      {
        severity: 'error',
        code: 'unknown-field-type',
        rule: 'unknown-type',
        message: 'Field type hologram is not implemented!',
        hint: expect.stringMatching(/^the field types are: text, email, /),
        pointer: '/steps/2/fields/3',
        place: { property: 'type', part: 'value' },
      },
    ]);
    expect(result.form).toBeDefined();
    expect(result.form!.fields.hologram).toBeUndefined();
  });

  it('names an upload whose document kind comes from a field that does not exist, and passes a known one on', () => {
    const unknown = withField({ name: 'proof', type: 'upload', target: 'lead', docKeyFrom: 'docKind' });
    expect(unknown.diagnostics).toEqual([
      {
        severity: 'error',
        code: 'unknown-field',
        message: "docKeyFrom refers to field 'docKind', which does not exist",
        pointer: '/steps/2/fields/3/docKeyFrom',
      },
    ]);
    const known = withField({ name: 'proof', type: 'upload', target: 'lead', docKeyFrom: 'firstName' });
    expect(known.diagnostics).toEqual([]);
    expect((known.form!.uiSchema.proof as Record<string, unknown>)['ui:options']).toMatchObject({
      target: 'lead',
      docKeyFrom: 'firstName',
    });
  });

  it('points at the right field after leaving out one of unknown type', () => {
    const def = definition();
    def.steps[2].fields!.push({ name: 'hologram', type: 'hologram' } as unknown as Field, {
      name: 'code',
      type: 'text',
      visibleIf: { field: 'nope', equals: 1 },
    });
    expect(compileForm(def).diagnostics.map((d) => `${d.code} ${d.pointer}`)).toEqual([
      'unknown-field-type /steps/2/fields/3',
      'unknown-field /steps/2/fields/4/visibleIf',
    ]);
    const typo = definition();
    typo.steps[2].fields!.push(
      { name: 'hologram', type: 'hologram' } as unknown as Field,
      {
        name: 'code',
        type: 'text',
        requird: true,
      } as unknown as Field,
    );
    expect(compileForm(typo).diagnostics.map((d) => `${d.code} ${d.pointer}`)).toEqual([
      'unknown-field-type /steps/2/fields/3',
      'dsl-shape /steps/2/fields/4',
    ]);
  });

  it('names a regular expression that does not compile, at its place', () => {
    const result = withField({ name: 'code', type: 'text', rules: [{ pattern: '([a-z' }] });
    expect(result.form).toBeUndefined();
    expect(result.diagnostics).toMatchObject([{ code: 'bad-regex', pointer: '/steps/2/fields/3/rules/0/pattern' }]);
    expect(result.diagnostics[0].message).toMatch(/not a valid regular expression/);
  });

  it('names a condition on a field that does not exist', () => {
    const result = withField({ name: 'x', type: 'text', visibleIf: { field: 'nope', equals: 1 } });
    expect(result.diagnostics).toEqual([
      {
        severity: 'error',
        code: 'unknown-field',
        message: "visibleIf refers to field 'nope', which does not exist",
        pointer: '/steps/2/fields/3/visibleIf',
      },
    ]);
  });

  it('names an option condition on an option the form does not have', () => {
    const result = withField({ name: 'x', type: 'text', requiredIf: { option: 'tablet', equals: true } });
    expect(result.diagnostics.map((d) => `${d.code} ${d.pointer}`)).toEqual([
      'unknown-option /steps/2/fields/3/requiredIf',
    ]);
  });

  it('names duplicate fields, unknown text keys, unknown operations and unknown options', () => {
    const def = definition({
      computed: { bad: { type: 'number', expression: { frobnicate: [1] } } },
    });
    def.steps[2].fields!.push(
      { name: 'email', type: 'text' },
      { name: 'y', type: 'text', label: { key: 'no.such.key' } },
    );
    const result = compileForm(def, { options: { colour: true } });
    expect(result.diagnostics.map((d) => `${d.code} ${d.pointer}`).sort()).toEqual(
      [
        'duplicate-field /steps/2/fields/3/name',
        'unknown-field /steps/0/sections/1/fields/6/visibleIf', // isMinor is gone with the computed values
        'unknown-operation /computed/bad/expression',
        'unknown-option /options',
        'unknown-text-key /steps/2/fields/4/label',
      ].sort(),
    );
  });

  it('refuses field names every object already has, which would break the compiled schema', () => {
    const result = compileForm({
      ...definition(),
      steps: [{ id: 'one', title: 'x', fields: [{ name: '__proto__', type: 'text', label: 'x' }] }],
    });
    expect(result.form).toBeUndefined();
    expect(result.diagnostics).toContainEqual(
      expect.objectContaining({
        pointer: '/steps/0/fields/0/name',
        message: 'must not be "__proto__", "constructor", "prototype": every object already has these',
      }),
    );
  });

  it('reports a wrong shape with the JSON pointer of the offending value', () => {
    const result = compileForm({
      ...definition(),
      steps: [{ id: 'Bad Id', title: 'x', fields: [{ name: 'a', type: 'text', requird: true }] }],
    });
    expect(result.form).toBeUndefined();
    const pointers = result.diagnostics.map((d) => d.pointer);
    expect(pointers).toContain('/steps/0/id');
    expect(pointers).toContain('/steps/0/fields/0');
    expect(result.diagnostics.find((d) => d.pointer === '/steps/0/fields/0')!.message).toBe(
      "unknown property 'requird'",
    );
  });
});
