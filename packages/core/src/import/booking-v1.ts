/** Booking v1 (an array of one booking of customerData and orderData chunks) → DSL form definition. */
import type { Diagnostic } from '../compile/types.js';
import type { Field, FormDefinition, JsonValue, PayloadMap, Step } from '../dsl/types.js';
import type { BookingV1Booking, BookingV1Document, BookingV1Field } from './cms-types.js';
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
  UniqueIds,
} from './common.js';
import { checkCmsDocument } from './shape.js';
import type { ImportOptions, ImportResult } from './types.js';

const CHUNK_LISTS = ['customerData', 'orderData'] as const;

/** The v1 field types and what they become; anything else is left out with a warning. */
const V1_TYPES = ['Dropdown', 'Radio', 'Text', 'Email', 'DatePicker', 'Currency', 'Checkbox', 'Upload', 'SwitchSlider'];

function v1Field(cms: BookingV1Field, at: string, diagnostics: Diagnostic[]): Field | undefined {
  const { type } = cms;
  if (!V1_TYPES.includes(type)) {
    diagnostics.push(fieldTypeNotImplemented(type, at));
    return undefined;
  }

  const takesRegex = type === 'Text' || type === 'Email';
  const takesOptions = type === 'Dropdown' || type === 'Radio';
  if (given(cms.validationRegEx) && !takesRegex)
    diagnostics.push(ignoredProperty('validationRegEx', type, `${at}/validationRegEx`));
  if (cms.typeOptions && cms.typeOptions.length > 0 && !takesOptions) {
    diagnostics.push(ignoredProperty('typeOptions', type, `${at}/typeOptions`));
  }

  const base = bookingFieldBase(
    {
      name: cms.fieldName,
      label: cms.label,
      placeholder: cms.placeholder,
      isRequired: cms.isRequired,
      isDate: type === 'DatePicker',
      regex:
        takesRegex && given(cms.validationRegEx)
          ? { source: cms.validationRegEx, at: `${at}/validationRegEx` }
          : undefined,
    },
    diagnostics,
  );

  switch (type) {
    case 'Dropdown':
    case 'Radio': {
      if (!cms.typeOptions || cms.typeOptions.length === 0) diagnostics.push(noOptions(type, at));
      const options = (cms.typeOptions ?? []).map((o) => ({ value: o.optionId, label: o.displayName }));
      return { type: 'select', ...base, options, display: type === 'Dropdown' ? 'dropdown' : 'radio' };
    }
    case 'Text':
      return { type: 'text', ...base };
    case 'Email':
      return { type: 'email', ...base };
    case 'DatePicker':
      return { type: 'date', ...base, displayFormat: BOOKING_DATE_DISPLAY };
    case 'Currency':
      // an amount of money a booking asks for (a deposit, a budget) is never below zero
      return { type: 'currency', ...base, currency: 'EUR', symbolPosition: 'prefix', min: 0 };
    case 'Checkbox':
      return { type: 'checkbox', ...base };
    case 'Upload':
      return { type: 'upload', ...base, ...bookingUploadSettings() };
    default: // 'SwitchSlider'
      return { type: 'switch', ...base };
  }
}

/**
 * The request body: the v1 document itself, every imported field's `value` reset to null and filled from the
 * form data at send time. Fields left out (unknown types) keep whatever value the CMS gave them.
 */
function v1Payload(doc: BookingV1Document, imported: Array<{ field: Field; at: string }>): PayloadMap {
  // A JSON round trip: the template is plain JSON and shares nothing with the input.
  const template = JSON.parse(JSON.stringify(doc)) as JsonValue;
  const set: NonNullable<PayloadMap['set']> = [];
  for (const { field, at } of imported) {
    const target = `${at}/value`;
    setAt(template, target, null);
    // Dates travel as ISO YYYY-MM-DD (the data convention): the spec gives no v1 send format, so no `format`.
    set.push(
      field.type === 'upload'
        ? { pointer: target, from: field.name, as: 'fileNames' }
        : { pointer: target, from: field.name },
    );
  }
  return { mode: 'template', template, set };
}

function setAt(doc: JsonValue, at: string, value: JsonValue): void {
  const keys = at.slice(1).split('/');
  const last = keys.pop()!;
  let node = doc as Record<string, JsonValue>;
  for (const key of keys) node = node[key] as Record<string, JsonValue>;
  node[last] = value;
}

function importValidBookingV1(doc: BookingV1Document, opts: ImportOptions): ImportResult {
  const booking: BookingV1Booking = doc[0];
  const diagnostics: Diagnostic[] = [];
  const names = new FieldNames(diagnostics);
  const stepIds = new UniqueIds();
  const steps: Step[] = [];
  const imported: Array<{ field: Field; at: string }> = [];

  for (const list of CHUNK_LISTS) {
    booking[list].forEach((chunk, i) => {
      const chunkAt = pointer(0, list, i);
      const fields: Field[] = [];
      chunk.fields.forEach((cms, j) => {
        const at = pointer(0, list, i, 'fields', j);
        const field = v1Field(cms, at, diagnostics);
        // an unknown type: its warning notice stands in its place (no data, not in the payload)
        const placed = field ?? notImplementedNotice(cms.type, cms.fieldName, cms.label);
        names.add(placed.name, at, 'fieldName');
        fields.push(placed);
        if (field) imported.push({ field, at });
      });
      if (!fields.some((f) => f.type !== 'info')) diagnostics.push(emptyStep(chunkAt));
      steps.push(
        defined<Step>({
          id: stepIds.take(idFrom([chunk.chunkId], `step-${steps.length + 1}`)),
          title: chunk.headline,
          headline: chunk.headline,
          subText: given(chunk.subText) ? chunk.subText : undefined,
          fields,
        }),
      );
    });
  }

  if (steps.length === 0) {
    diagnostics.push({
      severity: 'error',
      code: 'no-steps',
      message: '/0: the booking has no chunks in customerData or orderData; a form needs at least one step.',
      pointer: '/0',
    });
  }

  const id = opts.id !== undefined ? idFrom([opts.id], 'booking-v1') : idFrom([booking.id, booking.name], 'booking-v1');
  const definition = defined<FormDefinition>({
    id,
    title: firstGiven(booking.name, booking.id, steps[0]?.headline as string | undefined) ?? 'Booking',
    version: 1,
    // Spec §2: numbered steps; the indicator is hidden on mobile, which shows '(step/total)' instead.
    wizard: { indicator: 'steps', mobileIndicator: 'none', mobileStepCount: true },
    steps,
    submit: {
      endpoint: '/api/bookings/create',
      method: 'POST',
      encoding: 'json',
      payload: v1Payload(doc, imported),
      resultIdField: 'id',
      // Spec §8: a failed booking shows the server's error title.
      messageField: 'title',
    },
    draft: {
      storageKey: `BOOKING_V1_${firstGiven(booking.id, booking.name) ?? id}`,
      resumePrompt: true,
      clearOnSuccess: true,
    },
    results: { success: bookingSuccessScreen() },
    source: defined<NonNullable<FormDefinition['source']>>({ kind: 'booking-v1', id: booking.id }),
  });
  return { definition, diagnostics };
}

/** Imports a booking v1 definition; a document that does not match its CMS schema gives only shape errors. */
export function importBookingV1(doc: unknown, opts: ImportOptions = {}): ImportResult {
  const shape = checkCmsDocument('booking-v1', doc);
  if (shape.length > 0) return { diagnostics: shape };
  return importValidBookingV1(doc as BookingV1Document, opts);
}
