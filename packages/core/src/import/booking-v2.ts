/** Booking v2 (a content record whose flatData.steps are the form's steps) → DSL form definition. */
import type { Diagnostic } from '../compile/types.js';
import type { Field, FormDefinition, JsonValue, NumberField, PayloadMap, SelectField, Step } from '../dsl/types.js';
import type { BookingV2Document, BookingV2Field } from './cms-types.js';
import {
  BOOKING_DATE_DISPLAY,
  bookingFieldBase,
  bookingSuccessScreen,
  bookingUploadSettings,
  defined,
  emptyStep,
  FieldNames,
  fieldTypeNotImplemented,
  firstGiven,
  given,
  idFrom,
  ignoredProperty,
  noOptions,
  notImplementedNotice,
  pointer,
} from './common.js';
import { checkCmsDocument } from './shape.js';
import type { ImportOptions, ImportResult } from './types.js';

const V2_TYPES = ['Text', 'Address', 'Numeric', 'Selection', 'DatePicker', 'Currency', 'Checkbox', 'Upload'];

/** Which fieldOption properties each kind reads; a value on any other kind is reported as ignored. */
const V2_PROPERTIES: Record<string, string[]> = {
  validationRegex: ['Text'],
  minValue: ['Numeric'],
  maxValue: ['Numeric'],
  items: ['Selection'],
  depiction: ['Selection'],
  sortAlphabetically: ['Selection'],
  defaultItem: ['Selection'],
};

const DISPLAY = { Dropdown: 'dropdown', Slider: 'slider', Radio: 'radio' } as const;

function v2Field(cms: BookingV2Field, at: string, diagnostics: Diagnostic[]): Field | undefined {
  const option = cms.fieldOptions[0];
  const type = option.__typename;
  if (!V2_TYPES.includes(type)) {
    diagnostics.push(fieldTypeNotImplemented(type, at));
    return undefined;
  }
  const optionAt = `${at}/fieldOptions/0`;
  for (const [property, kinds] of Object.entries(V2_PROPERTIES)) {
    const value = (option as unknown as Record<string, unknown>)[property];
    const meaningful =
      value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && !value.length);
    if (meaningful && !kinds.includes(type))
      diagnostics.push(ignoredProperty(property, type, `${optionAt}/${property}`));
  }

  const base = bookingFieldBase(
    {
      name: cms.internalIdentifier,
      label: cms.label,
      placeholder: cms.placeholder,
      isRequired: cms.isRequired,
      isDate: type === 'DatePicker',
      regex:
        type === 'Text' && given(option.validationRegex)
          ? { source: option.validationRegex, at: `${optionAt}/validationRegex` }
          : undefined,
    },
    diagnostics,
  );

  switch (type) {
    case 'Text':
      return { type: 'text', ...base };
    case 'Address':
      return { type: 'place', ...base, valueShape: 'text' };
    case 'Numeric':
      return defined<NumberField>({ type: 'number', ...base, min: option.minValue, max: option.maxValue });
    case 'Selection': {
      const items = option.items ?? [];
      if (items.length === 0) diagnostics.push(noOptions(type, optionAt));
      const defaultItem = option.defaultItem;
      if (given(defaultItem) && !items.some((item) => item.value === defaultItem)) {
        diagnostics.push({
          severity: 'warning',
          code: 'bad-default',
          message: `${optionAt}/defaultItem: ${JSON.stringify(defaultItem)} is not the value of any item; the field starts with it anyway.`,
          pointer: `${optionAt}/defaultItem`,
        });
      }
      return defined<SelectField>({
        type: 'select',
        ...base,
        options: items.map((item) => ({ value: item.value, label: item.label })),
        display: DISPLAY[option.depiction ?? 'Dropdown'],
        sortAlphabetically: option.sortAlphabetically,
        default: given(defaultItem) ? defaultItem : undefined,
      });
    }
    case 'DatePicker':
      return { type: 'date', ...base, displayFormat: BOOKING_DATE_DISPLAY };
    case 'Currency':
      // an amount of money a booking asks for (a deposit, a budget) is never below zero
      return { type: 'currency', ...base, currency: 'EUR', symbolPosition: 'prefix', min: 0 };
    case 'Checkbox':
      return { type: 'checkbox', ...base };
    default: // 'Upload'
      return { type: 'upload', ...base, ...bookingUploadSettings() };
  }
}

/**
 * The request body of POST /api/v2/bookings/create (spec §7 call 6: "booking with steps"), designed as
 * `{ id, name, steps: [{ headline, fields: [{ internalIdentifier, value }] }] }`. Every CMS field is listed,
 * also those left out of the form (their value stays null); dates are sent as DD.MM.YYYY.
 */
function v2Payload(doc: BookingV2Document, imported: Map<string, Field>): PayloadMap {
  const set: NonNullable<PayloadMap['set']> = [];
  const steps = doc.flatData.steps.map((step, i) => ({
    headline: step.headline,
    fields: step.fields.map((cms, j) => {
      const field = imported.get(pointer('flatData', 'steps', i, 'fields', j));
      if (field) {
        const target = pointer('steps', i, 'fields', j, 'value');
        if (field.type === 'date') set.push({ pointer: target, from: field.name, format: 'DD.MM.YYYY' });
        else if (field.type === 'upload') set.push({ pointer: target, from: field.name, as: 'fileNames' });
        else set.push({ pointer: target, from: field.name });
      }
      return { internalIdentifier: cms.internalIdentifier, value: null };
    }),
  }));
  const template = defined<{ [key: string]: JsonValue }>({ id: doc.id, name: doc.flatData.name, steps });
  return { mode: 'template', template, set };
}

function importValidBookingV2(doc: BookingV2Document, opts: ImportOptions): ImportResult {
  const diagnostics: Diagnostic[] = [];
  const names = new FieldNames(diagnostics);
  const imported = new Map<string, Field>();

  const steps: Step[] = doc.flatData.steps.map((cmsStep, i) => {
    const fields: Field[] = [];
    cmsStep.fields.forEach((cms, j) => {
      const at = pointer('flatData', 'steps', i, 'fields', j);
      const field = v2Field(cms, at, diagnostics);
      // an unknown kind: its warning notice stands in its place (no data; the payload sends null)
      const placed =
        field ??
        notImplementedNotice(cms.fieldOptions[0].__typename, cms.internalIdentifier, cms.label, cms.isRequired);
      names.add(placed.name, at, 'internalIdentifier');
      fields.push(placed);
      if (field) imported.set(at, field);
    });
    if (!fields.some((f) => f.type !== 'info')) diagnostics.push(emptyStep(pointer('flatData', 'steps', i)));
    return defined<Step>({
      id: `step-${i + 1}`,
      title: cmsStep.headline,
      headline: cmsStep.headline,
      subText: given(cmsStep.subheadline) ? cmsStep.subheadline : undefined,
      fields,
    });
  });

  const name = doc.flatData.name;
  const id = opts.id !== undefined ? idFrom([opts.id], 'booking-v2') : idFrom([doc.id, name], 'booking-v2');
  const definition = defined<FormDefinition>({
    id,
    title: firstGiven(name, doc.id, doc.flatData.steps[0].headline) ?? 'Booking',
    version: 1,
    wizard: { indicator: 'steps', mobileIndicator: 'none', mobileStepCount: true },
    steps,
    submit: {
      endpoint: '/api/v2/bookings/create',
      method: 'POST',
      encoding: 'json',
      payload: v2Payload(doc, imported),
      resultIdField: 'id',
      // Spec §8: a failed booking shows the server's error title.
      messageField: 'title',
    },
    draft: { storageKey: `BOOKING_V2_${firstGiven(doc.id, name) ?? id}`, resumePrompt: true, clearOnSuccess: true },
    results: { success: bookingSuccessScreen() },
    source: defined<NonNullable<FormDefinition['source']>>({ kind: 'booking-v2', id: doc.id }),
  });
  return { definition, diagnostics };
}

/** Imports a booking v2 definition; a document that does not match its CMS schema gives only shape errors. */
export function importBookingV2(doc: unknown, opts: ImportOptions = {}): ImportResult {
  const shape = checkCmsDocument('booking-v2', doc);
  if (shape.length > 0) return { diagnostics: shape };
  return importValidBookingV2(doc as BookingV2Document, opts);
}
