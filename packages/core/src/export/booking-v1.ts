/**
 * DSL → booking v1. The importer keeps the whole v1 document as the request template (`submit.payload.template`),
 * so what the DSL has no place for (field ids, the customerData / orderData split, values of unknown fields, nulls)
 * is taken back from there; new fields and steps get fresh ids.
 */
import type { Field, FormDefinition, Step } from '../dsl/types.js';
import type { BookingV1Booking, BookingV1Chunk, BookingV1Field } from '../import/cms-types.js';
import { BOOKING_DATE_PLACEHOLDER, firstGiven, idFrom, UniqueIds } from '../import/common.js';
import { isObject } from '../json/object.js';
import { parsePointer } from '../json/pointer.js';
import {
  absentLike,
  bookingPattern,
  clone,
  noSteps,
  noticeType,
  type PlacedField,
  patternOf,
  stepFields,
  unsupportedField,
} from './fields.js';
import { english } from './text.js';
import type { Built } from './types.js';

type List = 'customerData' | 'orderData';
const KNOWN = 'Text, Email, DatePicker, Currency, Checkbox, Upload, SwitchSlider, Dropdown and Radio';

/** The v1 type of a DSL field; undefined when v1 has none. */
function v1Type(field: Field): string | undefined {
  switch (field.type) {
    case 'select':
      return field.display === 'radio' ? 'Radio' : 'Dropdown';
    case 'text':
      return 'Text';
    case 'email':
      return 'Email';
    case 'date':
      return 'DatePicker';
    case 'currency':
      return 'Currency';
    case 'checkbox':
      return 'Checkbox';
    case 'upload':
      return 'Upload';
    case 'switch':
      return 'SwitchSlider';
    default:
      return undefined;
  }
}

/** The properties a v1 field of a type takes from the DSL; a template value of one of them is kept only when empty. */
function owned(type: string): string[] {
  const own = ['placeholder', 'isRequired'];
  if (type === 'Text' || type === 'Email') own.push('validationRegEx');
  if (type === 'Dropdown' || type === 'Radio') own.push('typeOptions');
  return own;
}

/** The original v1 document, as the import kept it. */
interface Template {
  booking: BookingV1Booking;
  /** Field name → its fields in the template, in order (from the `set` entries that fill their values). */
  byName: Map<string, BookingV1Field[]>;
  /** Step id the importer gave each chunk → the chunk and its list. */
  chunks: Map<string, { chunk: BookingV1Chunk; list: List }>;
  /** Every template field, for the stand-ins of unknown types. */
  all: BookingV1Field[];
}

function templateOf(definition: FormDefinition): Template | undefined {
  const payload = definition.submit?.payload;
  const doc = payload?.template;
  if (payload?.mode !== 'template' || !Array.isArray(doc) || !isObject(doc[0])) return undefined;
  const booking = doc[0] as unknown as BookingV1Booking;
  if (!Array.isArray(booking.customerData) || !Array.isArray(booking.orderData)) return undefined;
  const byName = new Map<string, BookingV1Field[]>();
  for (const entry of payload.set ?? []) {
    const keys = parsePointer(entry.pointer);
    if (typeof entry.from !== 'string' || keys.length !== 6 || keys[5] !== 'value') continue;
    const field = (booking[keys[1] as List] as BookingV1Chunk[] | undefined)?.[Number(keys[2])]?.fields?.[
      Number(keys[4])
    ];
    if (isObject(field)) byName.set(entry.from, [...(byName.get(entry.from) ?? []), field]);
  }
  // the step ids exactly as the importer made them from the chunks
  const ids = new UniqueIds();
  const chunks = new Map<string, { chunk: BookingV1Chunk; list: List }>();
  let n = 0;
  for (const list of ['customerData', 'orderData'] as const) {
    for (const chunk of booking[list]) {
      n += 1;
      if (isObject(chunk)) chunks.set(ids.take(idFrom([chunk.chunkId], `step-${n}`)), { chunk, list });
    }
  }
  const all = [...booking.customerData, ...booking.orderData].flatMap((chunk) => chunk?.fields ?? []);
  return { booking, byName, chunks, all };
}

/** The importer's name for a field of an unknown type (see `notImplementedNotice`). */
function noticeName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9_-]/g, '_');
  return /^[A-Za-z_]/.test(safe) ? safe : `_${safe}`;
}

function v1Field(
  placed: PlacedField,
  definition: FormDefinition,
  template: Template | undefined,
  built: Built & { seen: Map<string, number> },
): BookingV1Field | undefined {
  const { field } = placed;
  const label = english(field.label, definition.texts) ?? '';
  const unknown = noticeType(field);
  if (unknown !== undefined) {
    // a field the importer could not implement goes back as it came (its type, id and value)
    const original = template?.all.find((f) => f.type === unknown && noticeName(f.fieldName) === field.name);
    if (original) return { ...clone(original), label };
    return { fieldId: field.name, fieldName: field.name, label, type: unknown, value: null };
  }
  const type = v1Type(field);
  if (type === undefined) {
    built.diagnostics.push(unsupportedField('booking-v1', placed, KNOWN));
    built.reported.add(placed.at);
    return undefined;
  }
  const placeholder = english(field.placeholder, definition.texts);
  const pattern = type === 'Text' || type === 'Email' ? patternOf(field.rules) : undefined;
  const fresh: Partial<BookingV1Field> = {
    fieldName: field.name,
    label,
    type,
    // a date picker without a placeholder shows 'Select date' anyway
    placeholder:
      placeholder !== undefined && !(type === 'DatePicker' && placeholder === BOOKING_DATE_PLACEHOLDER)
        ? placeholder
        : undefined,
    isRequired: field.required === true ? true : undefined,
    validationRegEx: pattern !== undefined ? bookingPattern(pattern) : undefined,
    typeOptions:
      field.type === 'select' && Array.isArray(field.options)
        ? field.options.map((o) => ({
            optionId: String(o.value),
            displayName: english(o.label, definition.texts) ?? '',
          }))
        : undefined,
  };
  // a name used twice (the import reports it) is matched by its occurrence
  const seen = built.seen.get(field.name) ?? 0;
  built.seen.set(field.name, seen + 1);
  const original = template?.byName.get(field.name)?.[seen];
  const out: Record<string, unknown> = {};
  if (original && original.type === type) {
    // properties the DSL has no place for stay as the CMS had them; those it does are kept only when empty
    const own = owned(type);
    for (const [key, value] of Object.entries(clone(original))) {
      if (!own.includes(key) || absentLike(value)) out[key] = value;
    }
  } else {
    out.fieldId = original?.fieldId ?? field.name;
    out.value = null;
  }
  for (const [key, value] of Object.entries(fresh)) {
    // an empty value the CMS wrote its own way (null for []) stays as written
    if (value !== undefined && !(absentLike(value) && key in out && absentLike(out[key]))) out[key] = value;
  }
  return out as unknown as BookingV1Field;
}

function v1Chunk(
  step: Step,
  i: number,
  definition: FormDefinition,
  template: Template | undefined,
  built: Built & { seen: Map<string, number> },
): BookingV1Chunk {
  const original = template?.chunks.get(step.id)?.chunk;
  const out = (original ? clone(original) : {}) as unknown as Record<string, unknown>;
  out.chunkId = original?.chunkId ?? step.id;
  out.headline = english(step.headline ?? step.title, definition.texts) ?? '';
  const subText = english(step.subText, definition.texts);
  if (subText !== undefined) out.subText = subText;
  else if (!absentLike(out.subText)) delete out.subText;
  out.fields = stepFields(step, i).flatMap((placed) => v1Field(placed, definition, template, built) ?? []);
  return out as unknown as BookingV1Chunk;
}

export function exportBookingV1(definition: FormDefinition): Built {
  const built: Built = { diagnostics: [], reported: new Set() };
  const empty = noSteps('booking-v1', definition);
  if (empty) return { ...built, diagnostics: [empty] };
  const template = templateOf(definition);
  const state = { ...built, seen: new Map<string, number>() };

  // Chunks up to the first that came from orderData are customerData, the rest orderData (v1 lists them so).
  const lists: Record<List, BookingV1Chunk[]> = { customerData: [], orderData: [] };
  let list: List = 'customerData';
  definition.steps.forEach((step, i) => {
    if (template?.chunks.get(step.id)?.list === 'orderData') list = 'orderData';
    lists[list].push(v1Chunk(step, i, definition, template, state));
  });

  const booking = (template ? clone(template.booking) : {}) as unknown as Record<string, unknown>;
  const id = definition.source?.id;
  if (id !== undefined) booking.id = id;
  else delete booking.id;
  const title = english(definition.title, definition.texts) ?? '';
  const firstHeadline = lists.customerData[0]?.headline ?? lists.orderData[0]?.headline;
  // the importer titles the form by the name, else the id, else the first headline: a name only when needed
  if (typeof template?.booking.name === 'string' || title !== firstGiven(id, firstHeadline)) booking.name = title;
  else delete booking.name;
  booking.customerData = lists.customerData;
  booking.orderData = lists.orderData;
  return { ...built, document: [booking] };
}
