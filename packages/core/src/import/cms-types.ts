/**
 * The CMS definition formats as TypeScript types. They mirror `schemas/cms/*.cms.schema.json`; a document is
 * only read through these types after it has passed that schema (see `checkCmsDocument`).
 */

export type CmsKind = 'booking-v1' | 'booking-v2' | 'review';

export const CMS_KINDS: readonly CmsKind[] = ['booking-v1', 'booking-v2', 'review'];

// Booking v1 ----------------------------------------------------------------------------------

export interface BookingV1Field {
  fieldId: string;
  fieldName: string;
  label: string;
  type: string;
  placeholder?: string | null;
  isRequired?: boolean;
  validationRegEx?: string | null;
  typeOptions?: Array<{ displayName: string; optionId: string }> | null;
  value?: unknown;
}

export interface BookingV1Chunk {
  chunkId: string;
  headline: string;
  subText?: string | null;
  fields: BookingV1Field[];
}

export interface BookingV1Booking {
  id?: string;
  name?: string;
  customerData: BookingV1Chunk[];
  orderData: BookingV1Chunk[];
}

/** Exactly one booking. */
export type BookingV1Document = [BookingV1Booking];

// Booking v2 ----------------------------------------------------------------------------------

export interface BookingV2FieldOption {
  __typename: string;
  validationRegex?: string | null;
  minValue?: number | null;
  maxValue?: number | null;
  items?: Array<{ label: string; value: string }>;
  depiction?: 'Dropdown' | 'Slider' | 'Radio';
  sortAlphabetically?: boolean;
  defaultItem?: string | null;
}

export interface BookingV2Field {
  internalIdentifier: string;
  label: string;
  isRequired?: boolean;
  placeholder?: string | null;
  /** Exactly one component. */
  fieldOptions: [BookingV2FieldOption];
}

export interface BookingV2Step {
  headline: string;
  subheadline?: string | null;
  fields: BookingV2Field[];
}

export interface BookingV2Document {
  id?: string;
  flatData: { name?: string; steps: BookingV2Step[] };
}

// Review form ---------------------------------------------------------------------------------

export interface ReviewField {
  field: string;
  label: string;
  type: string;
  required?: boolean;
  placeholder?: string | null;
  description?: string | null;
  icon?: string | null;
  options?: Array<{ label: string; value: string | number }> | null;
  referenceOptions?: Array<{ id: string; flatData: { universityName: string; slug?: string } }> | null;
  validationRegex?: string | null;
  inputLength?: number | null;
  dependencies?: string[] | null;
}

export interface ReviewGroup {
  headline?: string | null;
  description?: string | null;
  style?: 'horizontal' | 'vertical' | null;
  items: ReviewField[];
}

export interface ReviewStep {
  name: string;
  headline?: string | null;
  tooltip?: string | null;
  groups: ReviewGroup[];
}

export interface ReviewDocument {
  headline: string;
  description?: string | null;
  action: string;
  successMsg?: string | null;
  errorMsg?: string | null;
  steps: ReviewStep[];
}
