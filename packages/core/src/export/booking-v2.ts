/** DSL → booking v2 (a content record whose flatData.steps are the form's steps). */
import type { Field, FormDefinition, JsonValue } from '../dsl/types.js';
import type { BookingV2Field, BookingV2FieldOption, BookingV2Step } from '../import/cms-types.js';
import { BOOKING_DATE_PLACEHOLDER, firstGiven } from '../import/common.js';
import { isObject } from '../json/object.js';
import {
  bookingPattern,
  noSteps,
  noticeType,
  type PlacedField,
  patternOf,
  stepFields,
  unsupportedField,
} from './fields.js';
import { english } from './text.js';
import type { Built } from './types.js';

const KNOWN = 'Text, Address, Numeric, Selection, DatePicker, Currency, Checkbox and Upload';
const DEPICTION = { dropdown: 'Dropdown', slider: 'Slider', radio: 'Radio' } as const;

/** The v2 component of a DSL field; undefined when v2 has none. */
function v2Option(field: Field, texts: FormDefinition['texts']): BookingV2FieldOption | undefined {
  switch (field.type) {
    case 'text': {
      const pattern = patternOf(field.rules);
      return pattern === undefined
        ? { __typename: 'Text' }
        : { __typename: 'Text', validationRegex: bookingPattern(pattern) };
    }
    case 'place':
      return { __typename: 'Address' };
    case 'number': {
      const option: BookingV2FieldOption = { __typename: 'Numeric' };
      if (field.min !== undefined) option.minValue = field.min;
      if (field.max !== undefined) option.maxValue = field.max;
      return option;
    }
    case 'select': {
      const option: BookingV2FieldOption = {
        __typename: 'Selection',
        items: Array.isArray(field.options)
          ? field.options.map((o) => ({ label: english(o.label, texts) ?? '', value: String(o.value) }))
          : [],
        // other displays (searchable, buttons) have no v2 depiction: a dropdown is the nearest
        depiction:
          field.display === 'slider' || field.display === 'radio' ? DEPICTION[field.display] : DEPICTION.dropdown,
      };
      if (field.sortAlphabetically !== undefined) option.sortAlphabetically = field.sortAlphabetically;
      if (typeof field.default === 'string') option.defaultItem = field.default;
      return option;
    }
    case 'date':
      return { __typename: 'DatePicker' };
    case 'currency':
      return { __typename: 'Currency' };
    case 'checkbox':
      return { __typename: 'Checkbox' };
    case 'upload':
      return { __typename: 'Upload' };
    default:
      return undefined;
  }
}

function v2Field(placed: PlacedField, definition: FormDefinition, built: Built): BookingV2Field | undefined {
  const { field } = placed;
  const label = english(field.label, definition.texts) ?? '';
  const unknown = noticeType(field);
  // a field the importer could not implement goes back with its CMS kind
  if (unknown !== undefined) {
    const back: BookingV2Field = { internalIdentifier: field.name, label, fieldOptions: [{ __typename: unknown }] };
    if (field.required === true) back.isRequired = true;
    return back;
  }
  const option = v2Option(field, definition.texts);
  if (option === undefined) {
    built.diagnostics.push(unsupportedField('booking-v2', placed, KNOWN));
    built.reported.add(placed.at);
    return undefined;
  }
  const out: BookingV2Field = { internalIdentifier: field.name, label, fieldOptions: [option] };
  if (field.required === true) out.isRequired = true;
  const placeholder = english(field.placeholder, definition.texts);
  // a date picker without a placeholder shows 'Select date' anyway
  if (placeholder !== undefined && !(field.type === 'date' && placeholder === BOOKING_DATE_PLACEHOLDER)) {
    out.placeholder = placeholder;
  }
  return out;
}

/** Whether the imported request template names the booking (the importer copies `flatData.name` there). */
function templateHasName(definition: FormDefinition): boolean {
  const template: JsonValue | undefined = definition.submit?.payload?.template;
  return isObject(template) && typeof template.name === 'string';
}

export function exportBookingV2(definition: FormDefinition): Built {
  const built: Built = { diagnostics: [], reported: new Set() };
  const empty = noSteps('booking-v2', definition);
  if (empty) return { ...built, diagnostics: [empty] };
  const steps: BookingV2Step[] = definition.steps.map((step, i) => {
    const out: BookingV2Step = {
      headline: english(step.headline ?? step.title, definition.texts) ?? '',
      fields: stepFields(step, i).flatMap((placed) => v2Field(placed, definition, built) ?? []),
    };
    const subheadline = english(step.subText, definition.texts);
    if (subheadline !== undefined) out.subheadline = subheadline;
    return out;
  });
  const id = definition.source?.id;
  const title = english(definition.title, definition.texts) ?? '';
  const flatData: { name?: string; steps: BookingV2Step[] } = { steps };
  // the importer titles the form by the name, else the id, else the first headline: a name only when needed
  if (templateHasName(definition) || title !== firstGiven(id, steps[0]?.headline)) flatData.name = title;
  return { ...built, document: id === undefined ? { flatData } : { id, flatData } };
}
