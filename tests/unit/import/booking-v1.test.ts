import { describe, expect, it } from 'vitest';
import type { FormDefinition, JsonValue } from '../../../packages/core/src/dsl/types.js';
import { importBookingV1, importCms } from '../../../packages/core/src/import/index.js';
import { at, fieldNamed, fieldsOf, fixture } from './support.js';

const UPLOAD = {
  accept: ['.jpg', '.jpeg', '.png', '.gif', '.pdf'],
  maxSize: { value: 5, unit: 'MB' },
  unitBase: 1000,
  maxFiles: 1,
  messages: {
    type: 'You can only upload .jpg, .png, .gif, .pdf file!',
    size: 'File size must be smaller than 5MB!',
    failed: 'Upload failed.',
  },
};
const INVALID = 'The data is invalid!';

function imported(name: string, opts?: { id?: string }): FormDefinition {
  const result = importBookingV1(fixture(name), opts);
  if (!result.definition) throw new Error(JSON.stringify(result.diagnostics));
  return result.definition;
}

describe('importBookingV1: a booking using every field type and option', () => {
  const doc = fixture('booking-v1.full.json');
  const result = importBookingV1(doc);
  const definition = result.definition!;

  it('covers every v1 field type (fixture guard)', () => {
    const types = new Set(
      (doc as Array<{ customerData: Array<{ fields: Array<{ type: string }> }>; orderData: typeof doc }>).flatMap((b) =>
        [...b.customerData, ...(b.orderData as typeof b.customerData)].flatMap((c) => c.fields.map((f) => f.type)),
      ),
    );
    expect([...types].sort()).toEqual(
      ['Checkbox', 'Currency', 'DatePicker', 'Dropdown', 'Email', 'Radio', 'SwitchSlider', 'Text', 'Upload'].sort(),
    );
  });

  it('imports without diagnostics', () => {
    expect(result.diagnostics).toEqual([]);
  });

  it('takes id, title, version and provenance from the booking', () => {
    expect(definition.id).toBe('student-job-booking');
    expect(definition.title).toBe('Student job booking');
    expect(definition.version).toBe(1);
    expect(definition.source).toEqual({ kind: 'booking-v1', id: 'Student-Job-Booking' });
  });

  it('makes one step per chunk, customerData first, with slugified chunk ids', () => {
    expect(definition.steps.map(({ fields, ...step }) => step)).toEqual([
      {
        id: 'personal-details',
        title: 'Your personal details',
        headline: 'Your personal details',
        subText: 'Tell us who you are.',
      },
      { id: 'situation', title: 'Your situation', headline: 'Your situation' },
      { id: 'order', title: 'Your order', headline: 'Your order', subText: 'Almost done.' },
    ]);
    expect(definition.steps.map((s) => s.fields?.map((f) => f.name))).toEqual([
      ['salutation', 'firstName', 'email', 'dateOfBirth', 'arrivalDate'],
      ['status', 'hasJob'],
      ['budget', 'passport', 'terms'],
    ]);
  });

  it('maps every field type with its options', () => {
    expect(fieldsOf(definition)).toEqual([
      {
        type: 'select',
        name: 'salutation',
        label: 'Salutation',
        placeholder: 'Please choose',
        required: true,
        options: [
          { value: 'mr', label: 'Mr.' },
          { value: 'ms', label: 'Ms.' },
          { value: 'mx', label: 'Mx.' },
        ],
        display: 'dropdown',
      },
      {
        type: 'text',
        name: 'firstName',
        label: 'First name',
        placeholder: 'Jane',
        required: true,
        rules: [{ pattern: '^(?:[A-Za-z ]+)$', message: INVALID }],
      },
      {
        type: 'email',
        name: 'email',
        label: 'E-mail',
        required: true,
        rules: [{ pattern: '^.+@example\\.com$', message: INVALID }],
      },
      {
        type: 'date',
        name: 'dateOfBirth',
        label: 'Date of birth',
        placeholder: 'Select date',
        required: true,
        displayFormat: 'DD/MM/YYYY',
      },
      {
        type: 'date',
        name: 'arrivalDate',
        label: 'Arrival date',
        placeholder: 'When do you arrive?',
        displayFormat: 'DD/MM/YYYY',
      },
      {
        type: 'select',
        name: 'status',
        label: 'Status',
        options: [
          { value: 'student', label: 'Student' },
          { value: 'trainee', label: 'Trainee' },
        ],
        display: 'radio',
      },
      { type: 'switch', name: 'hasJob', label: 'I already have a job' },
      {
        type: 'currency',
        name: 'budget',
        label: 'Monthly budget',
        placeholder: '0.00',
        required: true,
        currency: 'EUR',
        symbolPosition: 'prefix',
        // never below zero (a negative deposit was taken silently, issue 15)
        min: 0,
      },
      { type: 'upload', name: 'passport', label: 'Passport copy', required: true, ...UPLOAD },
      { type: 'checkbox', name: 'terms', label: 'I accept the terms', required: true },
    ]);
  });

  it('uses the generic required message (no requiredMessage on any field)', () => {
    expect(fieldsOf(definition).some((f) => 'requiredMessage' in f)).toBe(false);
  });

  it('submits the original document as a template, each field value set from the form data', () => {
    const submit = definition.submit!;
    expect(submit).toMatchObject({
      endpoint: '/api/bookings/create',
      method: 'POST',
      encoding: 'json',
      resultIdField: 'id',
      messageField: 'title',
    });
    const payload = submit.payload!;
    expect(payload.mode).toBe('template');
    expect(payload.set).toEqual([
      { pointer: '/0/customerData/0/fields/0/value', from: 'salutation' },
      { pointer: '/0/customerData/0/fields/1/value', from: 'firstName' },
      { pointer: '/0/customerData/0/fields/2/value', from: 'email' },
      { pointer: '/0/customerData/0/fields/3/value', from: 'dateOfBirth' },
      { pointer: '/0/customerData/0/fields/4/value', from: 'arrivalDate' },
      { pointer: '/0/customerData/1/fields/0/value', from: 'status' },
      { pointer: '/0/customerData/1/fields/1/value', from: 'hasJob' },
      { pointer: '/0/orderData/0/fields/0/value', from: 'budget' },
      { pointer: '/0/orderData/0/fields/1/value', from: 'passport', as: 'fileNames' },
      { pointer: '/0/orderData/0/fields/2/value', from: 'terms' },
    ]);
    // The template is the document itself with every imported field's value reset to null.
    const expected = JSON.parse(JSON.stringify(doc)) as Array<
      Record<string, Array<{ fields: Array<{ value: JsonValue }> }>>
    >;
    for (const list of ['customerData', 'orderData']) {
      for (const chunk of expected[0][list]) for (const field of chunk.fields) field.value = null;
    }
    expect(payload.template).toEqual(expected);
    for (const entry of payload.set!) expect(at(payload.template, entry.pointer)).toBeNull();
  });

  it('keeps dates ISO in the v1 payload (no send format given by the spec)', () => {
    const dates = definition.submit!.payload!.set!.filter((s) => s.from === 'dateOfBirth' || s.from === 'arrivalDate');
    expect(dates.every((s) => s.format === undefined)).toBe(true);
    expect(definition.submit!.payload!.dateFormat).toBeUndefined();
  });

  it('keeps a resumable draft and shows the booking id on success', () => {
    expect(definition.draft).toEqual({
      storageKey: 'BOOKING_V1_Student-Job-Booking',
      resumePrompt: true,
      clearOnSuccess: true,
    });
    expect(definition.results).toEqual({
      success: { status: 'success', title: 'Thank you!', showId: 'id', link: { label: 'Back to home', href: '/' } },
    });
  });

  it('is what importCms gives for booking-v1', () => {
    expect(importCms('booking-v1', doc)).toEqual(result);
  });
});

describe('importBookingV1: nulls and missing optional properties', () => {
  const result = importBookingV1(fixture('booking-v1.nulls.json'));
  const definition = result.definition!;

  it('omits null placeholders, sub-texts and regexes', () => {
    expect(definition.steps[0]).toEqual({
      id: 'step-one',
      title: 'First',
      headline: 'First',
      fields: [
        { type: 'text', name: 'plain', label: 'Plain' },
        { type: 'select', name: 'choice', label: 'Choice', options: [], display: 'dropdown' },
        { type: 'date', name: 'when', label: 'When', placeholder: 'Select date', displayFormat: 'DD/MM/YYYY' },
      ],
    });
  });

  it('warns about a Dropdown without choices', () => {
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: 'warning', code: 'no-options', pointer: '/0/customerData/0/fields/1' }),
    ]);
  });

  it('falls back to a fixed id, the first headline as title and a storage key from the id', () => {
    expect(definition.id).toBe('booking-v1');
    expect(definition.title).toBe('First');
    expect(definition.draft!.storageKey).toBe('BOOKING_V1_booking-v1');
    expect(definition.source).toEqual({ kind: 'booking-v1' });
  });

  it('takes opts.id as the form id, slugified', () => {
    expect(imported('booking-v1.nulls.json', { id: 'my-booking' }).id).toBe('my-booking');
    expect(imported('booking-v1.nulls.json', { id: 'My Booking!' }).id).toBe('my-booking');
    expect(imported('booking-v1.full.json', { id: 'override' }).id).toBe('override');
  });
});

describe('importBookingV1: unknown field types', () => {
  const doc = fixture('booking-v1.unknown-type.json');
  const result = importBookingV1(doc);
  const definition = result.definition!;

  it('puts a warning notice in place of unknown fields and reports each with its pointer', () => {
    expect(fieldsOf(definition).map((f) => [f.name, f.type])).toEqual([
      ['known', 'text'],
      ['phone', 'info'],
      ['email', 'email'],
      ['map', 'info'],
    ]);
    expect(fieldNamed(definition, 'phone')).toMatchObject({
      variant: 'warning',
      content: 'Field type PhoneInput is not implemented!',
    });
    expect(result.diagnostics.filter((d) => d.code === 'unknown-field-type')).toEqual([
      {
        severity: 'warning',
        code: 'unknown-field-type',
        message: 'Field type PhoneInput is not implemented!',
        pointer: '/0/customerData/0/fields/1',
      },
      {
        severity: 'warning',
        code: 'unknown-field-type',
        message: 'Field type MapPicker is not implemented!',
        pointer: '/0/orderData/0/fields/0',
      },
    ]);
    expect(result.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
  });

  it('keeps steps left without fields, with an empty-step warning', () => {
    expect(definition.steps.map((s) => [s.id, s.fields?.filter((f) => f.type !== 'info').length])).toEqual([
      ['mixed', 2],
      ['only-unknown', 0],
      ['empty', 0],
    ]);
    expect(result.diagnostics.filter((d) => d.code === 'empty-step').map((d) => d.pointer)).toEqual([
      '/0/orderData/0',
      '/0/orderData/1',
    ]);
  });

  it('sends unknown fields with the value the CMS gave them, and sets only imported ones', () => {
    const payload = definition.submit!.payload!;
    expect(payload.set!.map((s) => s.from)).toEqual(['known', 'email']);
    expect(at(payload.template, '/0/orderData/0/fields/0/value')).toBe('kept as given');
    expect(at(payload.template, '/0/customerData/0/fields/1')).not.toHaveProperty('value');
  });
});

describe('importBookingV1: edge cases', () => {
  const result = importBookingV1(fixture('booking-v1.edge.json'));
  const definition = result.definition!;
  const codes = result.diagnostics.map((d) => [d.severity, d.code, d.pointer]);

  it('still gives a definition alongside error diagnostics', () => {
    expect(definition).toBeDefined();
    expect(result.diagnostics.some((d) => d.severity === 'error')).toBe(true);
  });

  it('slugifies the name into the form id, and makes step ids unique', () => {
    expect(definition.id).toBe('edition-speciale-2026');
    expect(definition.title).toBe('Édition spéciale — 2026!');
    expect(definition.steps.map((s) => s.id)).toEqual(['same', 'same-2', 'step-3']);
    expect(definition.draft!.storageKey).toBe('BOOKING_V1_Édition spéciale — 2026!');
  });

  it('reports a bad regex at its property and keeps the rule for the compiler', () => {
    expect(result.diagnostics).toContainEqual({
      severity: 'error',
      code: 'bad-regex',
      message: expect.stringContaining('"[a-z" is not a valid ECMAScript regular expression'),
      pointer: '/0/customerData/0/fields/0/validationRegEx',
    });
    expect(fieldNamed(definition, 'city')).toMatchObject({ rules: [{ pattern: '[a-z', message: INVALID }] });
  });

  it('anchors regexes so the whole value must match, keeping already anchored ones as they are', () => {
    const pattern = (name: string) => (fieldNamed(definition, name).rules![0] as { pattern: string }).pattern;
    expect(pattern('zip')).toBe('^\\d{5}$');
    expect(pattern('code')).toBe('^(?:^a|b$)$');
    expect(pattern('literal')).toBe('^(?:^price\\$)$');
    const code = new RegExp(pattern('code'));
    expect(code.test('a')).toBe(true);
    expect(code.test('ab')).toBe(false);
    expect(new RegExp(pattern('literal')).test('price$')).toBe(true);
  });

  it('reports a regex that is valid ECMAScript but not under the u flag the compiler uses', () => {
    expect(codes).toContainEqual(['error', 'regex-not-unicode', '/0/customerData/2/fields/0/validationRegEx']);
  });

  it('reports a name the DSL does not accept at its property, keeping the name', () => {
    const diagnostic = result.diagnostics.find((d) => d.code === 'bad-field-name')!;
    expect(diagnostic).toMatchObject({ severity: 'error', pointer: '/0/customerData/2/fields/1/fieldName' });
    expect(diagnostic.message).toContain('"first name"');
    expect(fieldNamed(definition, 'first name').type).toBe('text');
  });

  it('reports a duplicate field name with both pointers', () => {
    const duplicate = result.diagnostics.find((d) => d.code === 'duplicate-field')!;
    expect(duplicate).toMatchObject({ severity: 'error', pointer: '/0/customerData/1/fields/0' });
    expect(duplicate.message).toContain('/0/customerData/0/fields/0');
    expect(duplicate.message).toContain('/0/customerData/1/fields/0');
    expect(duplicate.message).toContain("'city'");
  });

  it('reports options and regexes on types that do not read them', () => {
    expect(codes).toContainEqual(['warning', 'ignored-property', '/0/customerData/1/fields/1/validationRegEx']);
    expect(codes).toContainEqual(['warning', 'ignored-property', '/0/customerData/1/fields/1/typeOptions']);
    expect(fieldNamed(definition, 'pick')).toEqual({ type: 'checkbox', name: 'pick', label: 'Pick' });
  });

  it('lists exactly these diagnostics', () => {
    expect(codes).toEqual([
      ['error', 'bad-regex', '/0/customerData/0/fields/0/validationRegEx'],
      ['error', 'duplicate-field', '/0/customerData/1/fields/0'],
      ['warning', 'ignored-property', '/0/customerData/1/fields/1/validationRegEx'],
      ['warning', 'ignored-property', '/0/customerData/1/fields/1/typeOptions'],
      ['error', 'regex-not-unicode', '/0/customerData/2/fields/0/validationRegEx'],
      ['error', 'bad-field-name', '/0/customerData/2/fields/1/fieldName'],
    ]);
  });
});

describe('importBookingV1: a booking without chunks', () => {
  it('reports that a form needs a step, still giving the (stepless) definition', () => {
    const result = importBookingV1([{ id: 'empty', customerData: [], orderData: [] }]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: 'error', code: 'no-steps', pointer: '/0' }),
    ]);
    expect(result.definition!.steps).toEqual([]);
    expect(result.definition!.submit!.payload!.set).toEqual([]);
  });
});
