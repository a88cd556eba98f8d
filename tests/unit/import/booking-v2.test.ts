import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { importBookingV2, importCms } from '../../../packages/core/src/import/index.js';
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

describe('importBookingV2: a booking using every kind and option', () => {
  const doc = fixture('booking-v2.full.json') as {
    flatData: { steps: Array<{ fields: Array<{ fieldOptions: Array<{ __typename: string }> }> }> };
  };
  const result = importBookingV2(doc);
  const definition: FormDefinition = result.definition!;

  it('covers every v2 kind and depiction (fixture guard)', () => {
    const options = doc.flatData.steps.flatMap((s) => s.fields.map((f) => f.fieldOptions[0]));
    expect([...new Set(options.map((o) => o.__typename))].sort()).toEqual(
      ['Address', 'Checkbox', 'Currency', 'DatePicker', 'Numeric', 'Selection', 'Text', 'Upload'].sort(),
    );
    expect(new Set(options.map((o) => (o as { depiction?: string }).depiction).filter(Boolean))).toEqual(
      new Set(['Dropdown', 'Radio', 'Slider']),
    );
  });

  it('imports without diagnostics', () => {
    expect(result.diagnostics).toEqual([]);
  });

  it('takes id, title and provenance from the record', () => {
    expect(definition).toMatchObject({
      id: 'apartment-booking-2026',
      title: 'Apartment booking',
      version: 1,
      source: { kind: 'booking-v2', id: 'apartment-booking-2026' },
    });
  });

  it('numbers the steps and maps headline / subheadline', () => {
    expect(definition.steps.map(({ fields, ...step }) => step)).toEqual([
      { id: 'step-1', title: 'About you', headline: 'About you', subText: 'We need a few details.' },
      { id: 'step-2', title: 'Your stay', headline: 'Your stay' },
      { id: 'step-3', title: 'Payment', headline: 'Payment' },
    ]);
  });

  it('maps every kind with its options', () => {
    expect(fieldsOf(definition)).toEqual([
      {
        type: 'text',
        name: 'fullName',
        label: 'Full name',
        placeholder: 'Jane Doe',
        required: true,
        // Already anchored: kept as given.
        rules: [{ pattern: '^[^0-9]+$', message: 'The data is invalid!' }],
      },
      { type: 'place', name: 'homeAddress', label: 'Home address', required: true, valueShape: 'text' },
      {
        type: 'date',
        name: 'birthDate',
        label: 'Birth date',
        placeholder: 'Select date',
        required: true,
        displayFormat: 'DD/MM/YYYY',
      },
      { type: 'text', name: 'note', label: 'Note' },
      { type: 'number', name: 'guests', label: 'Guests', required: true, min: 1, max: 6 },
      { type: 'number', name: 'nights', label: 'Nights' },
      { type: 'number', name: 'floor', label: 'Floor', min: -1 },
      {
        type: 'select',
        name: 'room',
        label: 'Room',
        placeholder: 'Choose a room',
        required: true,
        options: [
          { value: 'single', label: 'Single' },
          { value: 'double', label: 'Double' },
        ],
        display: 'dropdown',
        sortAlphabetically: true,
        default: 'double',
      },
      {
        type: 'select',
        name: 'view',
        label: 'View',
        options: [
          { value: 'garden', label: 'Garden' },
          { value: 'street', label: 'Street' },
        ],
        display: 'radio',
        sortAlphabetically: false,
      },
      {
        type: 'select',
        name: 'comfort',
        label: 'Comfort',
        options: [
          { value: '1', label: 'Basic' },
          { value: '2', label: 'Plus' },
          { value: '3', label: 'Max' },
        ],
        display: 'slider',
      },
      {
        type: 'currency',
        name: 'deposit',
        label: 'Deposit',
        required: true,
        currency: 'EUR',
        symbolPosition: 'prefix',
        // never below zero (a negative deposit was taken silently, issue 15)
        min: 0,
      },
      { type: 'upload', name: 'idCopy', label: 'ID copy', required: true, ...UPLOAD },
      { type: 'checkbox', name: 'agree', label: 'I agree', required: true },
    ]);
  });

  it('submits the booking with its steps, dates as DD.MM.YYYY and uploads as file names', () => {
    const submit = definition.submit!;
    expect(submit).toMatchObject({
      endpoint: '/api/v2/bookings/create',
      method: 'POST',
      encoding: 'json',
      resultIdField: 'id',
      messageField: 'title',
    });
    const payload = submit.payload!;
    expect(payload.mode).toBe('template');
    expect(payload.template).toEqual({
      id: 'apartment-booking-2026',
      name: 'Apartment booking',
      steps: [
        {
          headline: 'About you',
          fields: ['fullName', 'homeAddress', 'birthDate', 'note'].map((n) => ({ internalIdentifier: n, value: null })),
        },
        {
          headline: 'Your stay',
          fields: ['guests', 'nights', 'floor', 'room', 'view', 'comfort'].map((n) => ({
            internalIdentifier: n,
            value: null,
          })),
        },
        {
          headline: 'Payment',
          fields: ['deposit', 'idCopy', 'agree'].map((n) => ({ internalIdentifier: n, value: null })),
        },
      ],
    });
    expect(payload.set).toHaveLength(13);
    expect(payload.set).toContainEqual({ pointer: '/steps/0/fields/2/value', from: 'birthDate', format: 'DD.MM.YYYY' });
    expect(payload.set).toContainEqual({ pointer: '/steps/2/fields/1/value', from: 'idCopy', as: 'fileNames' });
    expect(payload.set).toContainEqual({ pointer: '/steps/1/fields/3/value', from: 'room' });
    for (const entry of payload.set!) {
      expect(at(payload.template, entry.pointer)).toBeNull();
      const [, , step, , field] = entry.pointer.split('/');
      expect(at(payload.template, `/steps/${step}/fields/${field}/internalIdentifier`)).toBe(entry.from);
    }
    expect(payload.set!.filter((s) => s.format).map((s) => s.from)).toEqual(['birthDate']);
  });

  it('keeps a draft and shows the booking id on success, as v1', () => {
    expect(definition.draft).toEqual({
      storageKey: 'BOOKING_V2_apartment-booking-2026',
      resumePrompt: true,
      clearOnSuccess: true,
    });
    expect(definition.results).toEqual({
      success: { status: 'success', title: 'Thank you!', showId: 'id', link: { label: 'Back to home', href: '/' } },
    });
  });

  it('is what importCms gives for booking-v2, and opts.id overrides the id', () => {
    expect(importCms('booking-v2', doc)).toEqual(result);
    expect(importBookingV2(doc, { id: 'flat' }).definition!.id).toBe('flat');
  });
});

describe('importBookingV2: nulls and missing optional properties', () => {
  const result = importBookingV2(fixture('booking-v2.nulls.json'));
  const definition = result.definition!;

  it('omits nulls and defaults a Selection to a dropdown', () => {
    expect(definition.steps).toEqual([
      {
        id: 'step-1',
        title: 'Only step',
        headline: 'Only step',
        fields: [
          { type: 'text', name: 'a', label: 'A' },
          { type: 'number', name: 'b', label: 'B' },
          { type: 'select', name: 'c', label: 'C', options: [], display: 'dropdown' },
        ],
      },
    ]);
  });

  it('falls back to a fixed id and leaves id and name out of the body', () => {
    expect(definition.id).toBe('booking-v2');
    expect(definition.title).toBe('Only step');
    expect(definition.source).toEqual({ kind: 'booking-v2' });
    expect(definition.submit!.payload!.template).toEqual({
      steps: [{ headline: 'Only step', fields: ['a', 'b', 'c'].map((n) => ({ internalIdentifier: n, value: null })) }],
    });
  });

  it('warns only about the Selection without items', () => {
    expect(result.diagnostics.map((d) => [d.code, d.pointer])).toEqual([
      ['no-options', '/flatData/steps/0/fields/2/fieldOptions/0'],
    ]);
  });
});

describe('importBookingV2: unknown kinds', () => {
  const result = importBookingV2(fixture('booking-v2.unknown-type.json'));
  const definition = result.definition!;

  it('puts a warning notice in their place and reports each at the field', () => {
    expect(fieldsOf(definition).map((f) => [f.name, f.type])).toEqual([
      ['known', 'text'],
      ['sig', 'info'],
      ['when', 'date'],
      ['rich', 'info'],
    ]);
    expect(fieldNamed(definition, 'sig')).toMatchObject({
      variant: 'warning',
      content: 'Field type Signature is not implemented!',
    });
    expect(result.diagnostics).toEqual([
      {
        severity: 'warning',
        code: 'unknown-field-type',
        message: 'Field type Signature is not implemented!',
        pointer: '/flatData/steps/0/fields/1',
      },
      {
        severity: 'warning',
        code: 'unknown-field-type',
        message: 'Field type RichText is not implemented!',
        pointer: '/flatData/steps/1/fields/0',
      },
      expect.objectContaining({ severity: 'warning', code: 'empty-step', pointer: '/flatData/steps/1' }),
    ]);
  });

  it('keeps the emptied step and still lists the left-out fields in the body, unset', () => {
    expect(definition.steps.map((s) => s.fields!.filter((f) => f.type !== 'info').length)).toEqual([2, 0]);
    const payload = definition.submit!.payload!;
    expect(at(payload.template, '/steps/0/fields/1')).toEqual({ internalIdentifier: 'sig', value: null });
    expect(payload.set!.map((s) => s.pointer)).toEqual(['/steps/0/fields/0/value', '/steps/0/fields/2/value']);
  });
});

describe('importBookingV2: edge cases', () => {
  const result = importBookingV2(fixture('booking-v2.edge.json'));
  const definition = result.definition!;

  it('lists exactly these diagnostics, still giving a definition', () => {
    expect(result.diagnostics.map((d) => [d.severity, d.code, d.pointer])).toEqual([
      ['error', 'bad-regex', '/flatData/steps/0/fields/0/fieldOptions/0/validationRegex'],
      ['warning', 'ignored-property', '/flatData/steps/0/fields/1/fieldOptions/0/validationRegex'],
      ['error', 'duplicate-field', '/flatData/steps/0/fields/1'],
      ['warning', 'bad-default', '/flatData/steps/0/fields/2/fieldOptions/0/defaultItem'],
      ['error', 'bad-field-name', '/flatData/steps/0/fields/3/internalIdentifier'],
    ]);
    expect(definition.id).toBe('edge');
  });

  it('keeps the bad regex rule unchanged for the compiler', () => {
    expect(fieldsOf(definition)[0]).toMatchObject({
      name: 'code',
      rules: [{ pattern: '(unclosed', message: 'The data is invalid!' }],
    });
  });

  it('names both places of a duplicate field', () => {
    const message = result.diagnostics.find((d) => d.code === 'duplicate-field')!.message;
    expect(message).toContain('/flatData/steps/0/fields/0');
    expect(message).toContain('/flatData/steps/0/fields/1');
  });

  it('does not put a regex on a Numeric field', () => {
    expect(fieldsOf(definition)[1]).toEqual({ type: 'number', name: 'code', label: 'Code twice' });
  });

  it('keeps a default that matches no item, as the CMS says', () => {
    expect(fieldNamed(definition, 'pick')).toMatchObject({ default: 'zzz' });
  });
});
