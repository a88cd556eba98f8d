/**
 * The Antrag form DSL: a form definition is plain JSON data, checked against
 * `schemas/dsl.schema.json`. These types mirror that meta-schema; the meta-schema is the contract
 * for authors and editors, these types are the contract for code.
 *
 * No definition contains JavaScript: conditions, computed values and payload mappings are data.
 */

export const LOCALES = ['en', 'de', 'fr', 'vi', 'es', 'zh', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };

/** English text given in translations, one entry per locale; `en` is required. */
export type LocalizedText = { en: string } & Partial<Record<Locale, string>>;
/** A reference to a text of the shared catalogue (`renderer/core/i18n/locales/*.json`) or the form's own `texts`. */
export interface TextRef {
  key: string;
}
/**
 * A translatable text. A plain string is English; when it equals an English text of the shared
 * catalogue, the compiler links it to that entry and so to its translations.
 */
export type Text = string | LocalizedText | TextRef;

// ---------------------------------------------------------------------------------------------
// Conditions (compiled into JSON Schema `if`/`then`, so browser and server agree)
// ---------------------------------------------------------------------------------------------

/** A field name, or a dotted path into a structured field (`country.iso`). */
export type FieldPath = string;

export type Condition =
  | { field: FieldPath; equals: JsonValue }
  | { field: FieldPath; notEquals: JsonValue }
  | { field: FieldPath; in: JsonValue[] }
  | { field: FieldPath; filled: boolean }
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition }
  /** A form option (variant), decided when the form is compiled. */
  | OptionCondition;

/** Compile-time selection of a variant by a form option, e.g. `{ "option": "faceVerification", "equals": true }`. */
export interface OptionCondition {
  option: string;
  equals: JsonPrimitive;
}

// ---------------------------------------------------------------------------------------------
// Expressions: JSON Logic with the named operations of `renderer/core/expr`
// ---------------------------------------------------------------------------------------------

/** A JSON Logic expression (https://jsonlogic.com) over the form data, the form's reference data and named operations. */
export type Expression = JsonValue;

export interface ComputedValue {
  /** JSON type of the result; the whole-form JSON Schema types the value with it. */
  type: 'number' | 'boolean' | 'string';
  expression: Expression;
  description?: string;
}

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/** A date relative to the day of validation, another field, or fixed. */
export type DateRef =
  | 'today'
  | { today: { years?: number; months?: number; days?: number } }
  | { field: string }
  | { date: string };

interface RuleBase {
  /** The message shown when this rule fails; defaults to the rule's catalogue message. */
  message?: Text;
}

export type Rule =
  | (RuleBase & { pattern: string })
  | (RuleBase & { minLength: number })
  | (RuleBase & { maxLength: number })
  | (RuleBase & { min: number })
  | (RuleBase & { max: number })
  | (RuleBase & { wholeNumber: true })
  | (RuleBase & { letters: true })
  | (RuleBase & { email: true })
  /**
   * No control characters (NUL, CR, LF, TAB, … in one-line texts; a text area keeps its line breaks and tabs), lone
   * surrogates, bidi embeddings, overrides or isolates, zero-width characters. On by default for every text a person
   * types; `plainText: false` turns the default off for the field.
   */
  | (RuleBase & { plainText: boolean })
  | (RuleBase & { sameAs: string })
  | (RuleBase & { requires: string })
  | (RuleBase & { postalCodeFor: string })
  | (RuleBase & { phoneFor: string })
  | (RuleBase & { after: DateRef })
  | (RuleBase & { before: DateRef })
  | (RuleBase & { notBefore: DateRef })
  | (RuleBase & { notAfter: DateRef });

export const RULE_KINDS = [
  'pattern',
  'minLength',
  'maxLength',
  'min',
  'max',
  'wholeNumber',
  'letters',
  'email',
  'plainText',
  'sameAs',
  'requires',
  'postalCodeFor',
  'phoneFor',
  'after',
  'before',
  'notBefore',
  'notAfter',
] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/** Transforms applied to a value as the user types (and before sending); registered once in code. */
export type TransformName = 'trim' | 'upperCase' | 'lowerCase' | 'capitalizeFirst' | 'capitalizeWords' | 'digitsOnly';

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

export interface Option {
  value: string | number | boolean;
  label: Text;
  description?: Text;
  /** Hide this option unless the condition holds (e.g. a profession offered by one booking only). */
  visibleIf?: Condition;
}

/** Options from a named list of the form's `reference` data, or a built-in list. */
export interface OptionSource {
  reference?: string;
  builtin?: 'countries' | 'dialCodes' | 'languages';
  /** Property of a reference record used as the label / value. */
  label?: string;
  value?: string;
}

export interface ConditionalLabel {
  if: Condition;
  label: Text;
}

export interface FieldBase {
  /** The key of this field in the form data. */
  name: string;
  label?: Text;
  /** Other labels under conditions; the first whose condition holds replaces `label`. */
  labelIf?: ConditionalLabel[];
  placeholder?: Text;
  description?: Text;
  tooltip?: Text;
  /** Icon by name (people, pin, degree, globe, …). */
  icon?: string;
  required?: boolean;
  /** Message when a required value is missing; defaults to 'This field is required!'. */
  requiredMessage?: Text;
  requiredIf?: Condition;
  visibleIf?: Condition;
  disabledIf?: Condition;
  readOnly?: boolean;
  default?: JsonValue;
  /** Value taken from an expression whenever it changes while the field is untouched (e.g. amount from visa type). */
  defaultFrom?: Expression;
  transform?: TransformName[];
  rules?: Rule[];
  /** Column span in a horizontal section, out of 24. */
  span?: number;
}

/**
 * Most characters a typed text may have; the input stops there and the server refuses more. Without it a default by
 * kind applies (`renderer/core/compile/limits.ts`): a name 100, a postal code 20, a phone number 30, another line 200,
 * an e-mail address 254, a text area 5,000.
 */
export interface TextLimit {
  maxLength?: number;
}

export interface TextField extends FieldBase, TextLimit {
  type: 'text';
  inputMode?: 'text' | 'numeric' | 'tel' | 'url';
  autoComplete?: string;
}
export interface EmailField extends FieldBase, TextLimit {
  type: 'email';
  /** Message when the value is not an e-mail address; defaults to 'The data is invalid!'. */
  invalidMessage?: Text;
}
export interface TextareaField extends FieldBase, TextLimit {
  type: 'textarea';
  rows?: number;
}
export interface PhoneField extends FieldBase {
  type: 'phone';
  defaultCountry?: string;
  /** Check the number against the chosen country's numbering plan (libphonenumber-js). Default true. */
  validateForCountry?: boolean;
  invalidMessage?: Text;
}
export interface CountryField extends FieldBase {
  type: 'country';
  /** The stored value: `{ name, iso }` (default), the ISO 3166 alpha-2 code, or the English name. */
  valueShape?: 'object' | 'code' | 'name';
  countries?: string[];
}
export interface SelectField extends FieldBase, TextLimit {
  type: 'select';
  options: Option[] | OptionSource;
  display?: 'dropdown' | 'radio' | 'slider' | 'searchable' | 'buttons';
  sortAlphabetically?: boolean;
  /** A typed value with no matching option is kept as a custom answer. */
  allowCustom?: boolean;
  valueType?: 'string' | 'number';
}
export interface MultiSelectField extends FieldBase {
  type: 'multiselect';
  options: Option[] | OptionSource;
  display?: 'checkboxes' | 'buttons' | 'tags';
  minItems?: number;
  maxItems?: number;
}
export interface CheckboxField extends FieldBase {
  type: 'checkbox';
}
export interface SwitchField extends FieldBase {
  type: 'switch';
}
export interface AgreementField extends FieldBase {
  type: 'agreement';
  /** The agreement text; markdown links open in a new tab. */
  content: Text;
  amounts?: TextAmounts;
}
export interface DateField extends FieldBase {
  type: 'date';
  /** Display and input format, e.g. DD/MM/YYYY. */
  displayFormat?: string;
}
export interface MonthField extends FieldBase {
  type: 'month';
  displayFormat?: string;
}
export interface NumberField extends FieldBase {
  type: 'number';
  min?: number;
  max?: number;
  step?: number;
  wholeNumber?: boolean;
  /** Display as a slider between min and max. */
  slider?: boolean;
}
export interface CurrencyField extends FieldBase {
  type: 'currency';
  currency?: 'EUR';
  symbolPosition?: 'prefix' | 'suffix';
  min?: number;
  max?: number;
  wholeNumber?: boolean;
}
export interface RateField extends FieldBase {
  type: 'rate';
  count?: number;
  allowHalf?: boolean;
  allowClear?: boolean;
}
export interface PlaceField extends FieldBase, TextLimit {
  type: 'place';
  /** Google-style place types passed to the autocomplete call. */
  placeTypes?: string[];
  /** `text`: the chosen description; `cityState` / `cityStateCountry`: a place record `{ location, city, state, country, iso }`. */
  valueShape?: 'text' | 'cityState' | 'cityStateCountry';
  debounceMs?: number;
}

export interface SizeLimit {
  value: number;
  unit: 'B' | 'KB' | 'MB';
}
export interface UploadMessages {
  type?: Text;
  size?: Text;
  count?: Text;
  failed?: Text;
}
export interface UploadSettings {
  /** Extensions (`.pdf`) or MIME types (`application/pdf`). */
  accept?: string[];
  minSize?: SizeLimit;
  maxSize?: SizeLimit;
  /** 1000 (kB, MB) or 1024 (KiB, MiB) bytes per unit step. */
  unitBase?: 1000 | 1024;
  maxFiles?: number;
  /** Document kind for the lead-level upload (`passport_eu`, `parent_consent`, …). */
  docKey?: string;
  /** A field whose value is the document kind (the chosen eligibility document); instead of `docKey`. */
  docKeyFrom?: string;
  /** Where the file goes: the signed storage upload, or the lead's document upload. */
  target?: 'signed' | 'lead' | 'both';
  /** Stored file names start with this (e.g. 'Passport'). */
  fileNamePrefix?: string;
  hint?: Text;
  messages?: UploadMessages;
}
export interface UploadField extends FieldBase, UploadSettings {
  type: 'upload';
}
export interface PassportUploadField extends FieldBase, UploadSettings {
  type: 'passportUpload';
  /** Fields filled from the extraction / verification answer: form field → extracted property. */
  fills?: Record<string, string>;
  /** Form fields cleared or browser-storage keys removed when a new passport is uploaded. */
  clearsStorage?: string[];
}
export interface FaceCaptureField extends FieldBase {
  type: 'faceCapture';
  durationSeconds?: number;
  width?: number;
  height?: number;
  format?: 'mp4';
  /** Browser-storage key of the outcome. */
  storageKey?: string;
  /**
   * Only an 'accept' outcome passes (the step's button in submit mode needs 'accept'); a 'review' or
   * 'reject' outcome fails with `acceptRequiredMessage`.
   */
  acceptRequired?: boolean;
  /** Message when the outcome is not 'accept' under `acceptRequired`; default 'Please complete the face verification successfully to continue.'. */
  acceptRequiredMessage?: Text;
  /** What a new 'accept' outcome does besides stopping camera and microphone: e.g. end the flow (the KYC flow). */
  onAccept?: FaceAcceptAction;
}
/** A new 'accept' outcome goes back `back` steps and, `finishAfterMs` later, ends the flow with the success result. */
export interface FaceAcceptAction {
  /** Steps to go back at once (default 0). */
  back?: number;
  /** Milliseconds until the success result shows (default 0: at once). */
  finishAfterMs?: number;
}
export interface OtpField extends FieldBase {
  type: 'otp';
  length?: number;
  resendSeconds?: number;
  /**
   * The call that sends the code (e.g. POST {host}/api/v1/blkacct/send-kyc-otp): made when the field first
   * shows and on Resend, which waits `resendSeconds` after each send.
   */
  send?: SubmitSettings;
}
export interface ConsentPdfField extends FieldBase {
  type: 'consentPdf';
  /** A PDF template registered in code. */
  template: string;
  fileName?: string;
  /** Template slot → form field or computed value. */
  fills?: Record<string, string>;
}
export interface PayersField extends FieldBase {
  type: 'payers';
  /** The fields of one payer, edited in a dialog. */
  itemFields: Field[];
  /** Show the list de-duplicated by this item field. */
  uniqueBy?: string;
  maxItems?: number;
}
export interface ComputedField extends FieldBase {
  type: 'computed';
  /** Name of a computed value of the form. */
  value: string;
  format?: 'text' | 'number' | 'currency' | 'date';
}
/** Amounts in euro the text names as `{{name}}`, each written as the page's language writes money. */
export type TextAmounts = Record<string, number>;
export interface InfoField extends FieldBase {
  type: 'info';
  content: Text;
  amounts?: TextAmounts;
  variant?: 'info' | 'warning' | 'plain';
}
export interface UniversitySelectField extends FieldBase, TextLimit {
  type: 'universitySelect' | 'programSelect' | 'locationSelect';
  /** Static choices offered before searching (e.g. university records from the content service). */
  options?: Option[];
  /** Field this one is fed from; it stays disabled until that field has a value. */
  dependsOn?: string;
  allowCustom?: boolean;
}

export type Field =
  | TextField
  | EmailField
  | TextareaField
  | PhoneField
  | CountryField
  | SelectField
  | MultiSelectField
  | CheckboxField
  | SwitchField
  | AgreementField
  | DateField
  | MonthField
  | NumberField
  | CurrencyField
  | RateField
  | PlaceField
  | UploadField
  | PassportUploadField
  | FaceCaptureField
  | OtpField
  | ConsentPdfField
  | PayersField
  | ComputedField
  | InfoField
  | UniversitySelectField;

export type FieldType = Field['type'];

export const FIELD_TYPES: readonly FieldType[] = [
  'text',
  'email',
  'textarea',
  'phone',
  'country',
  'select',
  'multiselect',
  'checkbox',
  'switch',
  'agreement',
  'date',
  'month',
  'number',
  'currency',
  'rate',
  'place',
  'upload',
  'passportUpload',
  'faceCapture',
  'otp',
  'consentPdf',
  'payers',
  'computed',
  'info',
  'universitySelect',
  'programSelect',
  'locationSelect',
];

// ---------------------------------------------------------------------------------------------
// Structure
// ---------------------------------------------------------------------------------------------

export interface Section {
  id?: string;
  headline?: Text;
  description?: Text;
  layout?: 'vertical' | 'horizontal';
  visibleIf?: Condition;
  /** `modal`: the fields live in a dialog the user cannot close, opened when Next finds one of them failing. */
  display?: 'inline' | 'modal';
  modal?: { width?: string; fullWidthBelow?: number };
  /** Shown in a modal section's dialog when its Next finds failing fields. */
  failureMessage?: Text;
  /**
   * A modal section's values kept in browser storage under this key (JSON) when its Next succeeds, e.g. the
   * saved parental consent `parentalConsentUpload`.
   */
  storageKey?: string;
  /** The stored object's properties: property → field of the section. Default: each data field under its own name. */
  storageFields?: Record<string, string>;
  fields: Field[];
}

export interface Step {
  id: string;
  /** Short name in the step indicator ('Sign Up'). */
  title: Text;
  headline?: Text;
  subText?: Text;
  tooltip?: Text;
  /** Include this step only in the variant the form options select. */
  includeIf?: OptionCondition;
  sections?: Section[];
  /** Shorthand for one untitled vertical section. */
  fields?: Field[];
  /** Sent when Next is pressed on this step; the wizard advances only on success. */
  submit?: SubmitSettings;
  /** Shown when Next finds invalid fields ('Please fill all required fields.'). */
  failureMessage?: Text;
  labels?: ButtonLabels;
  /** `false`: no Back (Previous) button on this step (the KYC face step, whose only wizard button is Submit). */
  backButton?: boolean;
}

export interface ButtonLabels {
  previous?: Text;
  next?: Text;
  done?: Text;
}

// ---------------------------------------------------------------------------------------------
// Submission
// ---------------------------------------------------------------------------------------------

export type DateFormat = 'YYYY-MM-DD' | 'DD.MM.YYYY' | 'DD/MM/YYYY' | 'YYYY-MM' | 'MM/YYYY';

/** Where one payload value comes from. */
export interface ValueSource {
  /** A form field or computed value (dotted path into structures). */
  from?: FieldPath;
  const?: JsonValue;
  /** A browser-storage key (leadId, account_id, passport_id, …). */
  storage?: string;
  /** Page-address query parameters, first present wins (partnerCode, PartnerCode). */
  query?: string[];
  /** The active locale. */
  locale?: true;
  /** Output format of a date value. */
  format?: DateFormat;
  /** Convert the value: to text, number, the names of uploaded files, JSON text, or an amount as text with two decimals. */
  as?: 'string' | 'number' | 'boolean' | 'fileNames' | 'json' | 'amount';
  /** Replace the value by the entry with its key; `otherwise` when none matches. */
  map?: Record<string, JsonValue>;
  otherwise?: JsonValue;
  trim?: boolean;
  /** Leave the key out when the value is empty. */
  omitIfEmpty?: boolean;
}

export interface PayloadMap {
  /**
   * `mapped`: only the keys of `fields`; `all`: every visible field under its own name, then `fields`
   * on top; `template`: the JSON `template` with values set at `set` pointers.
   */
  mode?: 'mapped' | 'all' | 'template';
  fields?: Record<string, FieldPath | ValueSource>;
  /** Field names left out in `all` mode (e.g. confirm fields, consent flags). */
  omit?: string[];
  template?: JsonValue;
  set?: Array<ValueSource & { pointer: string }>;
  /** Default date output format for every date field. */
  dateFormat?: DateFormat;
  trimStrings?: boolean;
}

export interface SuccessRule {
  /** Success needs an HTTP 2xx status (default true). */
  httpOk?: boolean;
  /** Exact HTTP statuses meaning success (e.g. [200]); replaces the 2xx test. */
  httpStatus?: number[];
  /** A body property and the values meaning success, e.g. status ∈ [true, 'success'] or ok ∈ [true]. */
  field?: string;
  values?: JsonValue[];
}

export interface SubmitSettings {
  /** Path or URL; `{host}` is the customer-relationship service base. */
  endpoint: string;
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  encoding?: 'json' | 'form-urlencoded' | 'multipart';
  /** How nested objects travel in form encodings: JSON text or bracketed keys `name[key]`. */
  nested?: 'json' | 'brackets';
  auth?: 'none' | 'bearer';
  headers?: Record<string, string | ValueSource>;
  payload?: PayloadMap;
  success?: SuccessRule;
  /** Answer properties kept in browser storage: storage key → answer property path. */
  store?: Record<string, string>;
  /** Form values kept in browser storage after success: storage key → field, computed value or other source. */
  storeData?: Record<string, FieldPath | ValueSource>;
  /** Answer property with the server's message, shown on failure. */
  messageField?: string;
  /** Shown when the answer is a failure without a message. */
  errorMessage?: Text;
  /** Own texts for server messages: the first entry whose `contains` occurs in the server message wins. */
  messageMap?: Array<{ contains: string; message: Text }>;
  /** Answer property shown as the booking / deal id on the success screen. */
  resultIdField?: string;
  /** Browser-storage keys that must be present before this call; else the message and no call. */
  requiresStorage?: Array<{ key: string; message: Text }>;
}

export interface DraftSettings {
  storageKey: string;
  storage?: 'local' | 'session';
  resumePrompt?: boolean;
  clearOnSuccess?: boolean;
}

export interface ResultScreen {
  status?: 'success' | 'warning' | 'error' | 'info';
  title: Text;
  /** Title on mobile (under `wizard.mobileBreakpoint`); default `title`. */
  mobileTitle?: Text;
  subTitle?: Text;
  /** Answer property shown with the title (booking id, deal id). */
  showId?: string;
  link?: { label: Text; href: string };
}

export interface WizardSettings {
  indicator?: 'steps' | 'progress' | 'dots' | 'none';
  /** A second indicator on mobile (the review form: progress bar on mobile, dots on desktop). */
  mobileIndicator?: 'steps' | 'progress' | 'dots' | 'none';
  hideIndicatorOnFirstStep?: boolean;
  /** Viewport width in px under which the mobile layout applies. */
  mobileBreakpoint?: number;
  /** Show '(step/total)' after the headline on mobile. */
  mobileStepCount?: boolean;
  labels?: ButtonLabels;
  scrollToFirstError?: boolean;
  /** Fields that must all be true before Done is enabled. */
  doneRequires?: string[];
}

export interface FormOption {
  type: 'boolean' | 'string';
  default: JsonPrimitive;
  description?: string;
  enum?: JsonPrimitive[];
}

/** A list of records used as options, in computed values and lookups. */
export type ReferenceList = Array<Record<string, JsonPrimitive>>;

export interface FormDefinition {
  $schema?: string;
  id: string;
  title: Text;
  version: number;
  description?: Text;
  /** Options that select variants at compile time (e.g. `faceVerification`). */
  options?: Record<string, FormOption>;
  /** The form's own translations, key → text per locale. */
  texts?: Record<string, LocalizedText>;
  reference?: Record<string, ReferenceList>;
  computed?: Record<string, ComputedValue>;
  wizard?: WizardSettings;
  steps: Step[];
  submit?: SubmitSettings;
  draft?: DraftSettings;
  results?: { success?: ResultScreen; failure?: ResultScreen };
  /** Provenance of an imported definition (booking v1/v2, review). */
  source?: { kind: 'booking-v1' | 'booking-v2' | 'review'; id?: string };
}
