import type { Field, FieldType } from '../dsl/types.js';
import { fieldNameFromLabel } from './names.js';

/** A group of the builder's "Add field" palette. */
export type PaletteGroup = 'basic' | 'choice' | 'date' | 'document' | 'content' | 'advanced';

/** Settings a palette entry adds to a new field of its type (e.g. a select shown as radio buttons). */
export type FieldPreset = Partial<Omit<Field, 'name' | 'type'>> & Record<string, unknown>;

/** One entry of the palette. */
export interface PaletteEntry {
  /** Unique in the palette: the field type, or the preset's own name (`radio`); the studio's texts use it (`palette.type.<id>`). */
  id: string;
  type: FieldType;
  group: PaletteGroup;
  preset?: FieldPreset;
}

/**
 * Every field a staffer can add without code. Left out, as they cannot work from data the builder can give:
 * - `computed` shows a computed value of the form, an expression the builder has no editor for (the JSON view has);
 * - `consentPdf` fills a PDF template that is registered in code;
 * - `otp` works only with the calls of a verification service (send and check), whose endpoints are a form's own.
 */
export const FIELD_PALETTE: readonly PaletteEntry[] = Object.freeze([
  { id: 'text', type: 'text', group: 'basic' },
  { id: 'textarea', type: 'textarea', group: 'basic' },
  { id: 'email', type: 'email', group: 'basic' },
  { id: 'phone', type: 'phone', group: 'basic' },
  { id: 'number', type: 'number', group: 'basic' },
  { id: 'currency', type: 'currency', group: 'basic' },
  { id: 'select', type: 'select', group: 'choice' },
  { id: 'radio', type: 'select', group: 'choice', preset: { display: 'radio' } },
  { id: 'multiselect', type: 'multiselect', group: 'choice' },
  { id: 'checkbox', type: 'checkbox', group: 'choice' },
  { id: 'switch', type: 'switch', group: 'choice' },
  { id: 'country', type: 'country', group: 'choice' },
  { id: 'rate', type: 'rate', group: 'choice' },
  { id: 'date', type: 'date', group: 'date' },
  { id: 'month', type: 'month', group: 'date' },
  { id: 'upload', type: 'upload', group: 'document' },
  { id: 'passportUpload', type: 'passportUpload', group: 'document' },
  { id: 'faceCapture', type: 'faceCapture', group: 'document' },
  { id: 'info', type: 'info', group: 'content' },
  { id: 'agreement', type: 'agreement', group: 'content' },
  { id: 'place', type: 'place', group: 'advanced' },
  { id: 'universitySelect', type: 'universitySelect', group: 'advanced' },
  { id: 'programSelect', type: 'programSelect', group: 'advanced' },
  { id: 'locationSelect', type: 'locationSelect', group: 'advanced' },
  { id: 'payers', type: 'payers', group: 'advanced' },
] satisfies PaletteEntry[]);

const TWO_OPTIONS = () => [
  { value: 'option1', label: 'Option 1' },
  { value: 'option2', label: 'Option 2' },
];

/** What the booking forms accept (`schemas/`): documents and photos, 5 MB each. */
const UPLOAD_DEFAULTS = () => ({
  accept: ['.pdf', '.jpg', '.jpeg', '.png'],
  maxSize: { value: 5, unit: 'MB' as const },
});

/** What a new field of a type needs besides its name and label to compile without errors. */
function defaultsOf(type: FieldType, label: string): Record<string, unknown> {
  switch (type) {
    case 'select':
    case 'multiselect':
      return { options: TWO_OPTIONS() };
    case 'agreement':
      return { content: label || 'I agree.' };
    case 'info':
      return { content: label || 'Information' };
    case 'upload':
    case 'passportUpload':
      return UPLOAD_DEFAULTS();
    case 'payers':
      return {
        itemFields: [
          { name: 'firstName', type: 'text', label: 'First name', required: true },
          { name: 'lastName', type: 'text', label: 'Last name', required: true },
          { name: 'email', type: 'email', label: 'Email' },
        ],
      };
    case 'consentPdf':
      return { template: '' };
    case 'computed':
      return { value: '' };
    default:
      return {};
  }
}

/**
 * A new field of a type, named after its label (unique among `taken`), with what it needs to compile without
 * errors: two options for a select, a text for an agreement or info, the booking forms' file limits for an upload.
 * `preset` (a palette entry's) is laid over the defaults; its `name` and `type`, if any, are ignored.
 */
export function newField(type: FieldType, label: string, taken: Iterable<string>, preset?: FieldPreset): Field {
  const { name: _n, type: _t, ...settings } = (preset ?? {}) as Record<string, unknown>;
  const field: Record<string, unknown> = {
    name: fieldNameFromLabel(label, taken),
    type,
    ...(label ? { label } : {}),
    ...defaultsOf(type, label),
    ...structuredClone(settings),
  };
  return field as unknown as Field;
}
