import type {
  ComputedValue,
  Condition,
  DraftSettings,
  FieldType,
  JsonPrimitive,
  JsonValue,
  LocalizedText,
  ReferenceList,
  ResultScreen,
  SubmitSettings,
  WizardSettings,
} from '../dsl/types.js';

/** A problem found in a definition, a CMS document or a data document. */
export interface Diagnostic {
  severity: 'error' | 'warning';
  /** Stable machine-readable code, e.g. `dsl-shape`, `unknown-field-type`, `bad-regex`, `unknown-field`. */
  code: string;
  /** English text, naming what is wrong and what was expected. */
  message: string;
  /** JSON pointer into the document the diagnostic is about ('' for the root). */
  pointer: string;
  /** A suggestion for the author, e.g. "did you mean 'text'?" (tools print it after the message). */
  hint?: string;
  /** Finer than `code` where it is coarse (`unknown-property`, `missing-property` for `dsl-shape`): tools key rules on it. */
  rule?: string;
  /**
   * The exact place inside the value at `pointer`: a property's name (an unknown property) or its value (an
   * unknown field type), so editors can mark the offending token rather than the whole object.
   */
  place?: { property: string; part: 'key' | 'value' };
  /** Filled in by callers that read files (the CLI). */
  file?: string;
  line?: number;
  column?: number;
}

/** A JSON Schema object as the compiler emits it (draft-07 plus Antrag keywords). */
export type JsonSchema = { [key: string]: JsonValue | undefined };

/** An RJSF UI schema. Every text in it is a text key, resolved by `localizeUiSchema`. */
export type UiSchema = { [key: string]: JsonValue | undefined };

export interface FieldPlan {
  name: string;
  type: FieldType;
  step: number;
  /** Text keys. */
  label?: string;
  visibleIf?: Condition;
  requiredIf?: Condition;
  disabledIf?: Condition;
  defaultFrom?: JsonValue;
  transform?: string[];
  /** Field names this field's rules read (sameAs, requires, postal code country, …). */
  dependsOn: string[];
  /** False for fields that only show something (info, computed). */
  hasData: boolean;
  /** JSON pointer of the field in the definition. */
  pointer: string;
}

export interface SectionPlan {
  headline?: string;
  description?: string;
  layout: 'vertical' | 'horizontal';
  visibleIf?: Condition;
  /** `modal`: shown in a dialog the user cannot close (see the DSL's section `display`). */
  display?: 'modal';
  modal?: { width: string; fullWidthBelow: number };
  /** Text key shown in a modal section's dialog when its Next finds failing fields. */
  failureMessage?: string;
  /**
   * Where a modal section's values are kept when its Next succeeds: the browser-storage key and the stored
   * object's properties (property → field).
   */
  storage?: { key: string; fields: Record<string, string> };
  /** Field names in order, including fields without data (info, computed). */
  fields: string[];
}

export interface StepPlan {
  id: string;
  index: number;
  /** Text keys. */
  title: string;
  headline?: string;
  subText?: string;
  tooltip?: string;
  failureMessage?: string;
  labels: { previous: string; next: string; done: string };
  /** `false`: no Back button on this step (absent: Back on every step but the first). */
  backButton?: false;
  /** Top-level field names of this step, in order. */
  fields: string[];
  sections: SectionPlan[];
  /** `$id` of this step's JSON Schema. */
  schemaId: string;
  submit?: SubmitSettings;
}

export interface CompiledForm {
  id: string;
  version: number;
  /** Text key of the title. */
  title: string;
  /** The option values this variant was compiled with. */
  options: Record<string, JsonPrimitive>;
  /** Validates one whole application (what the server receives). */
  schema: JsonSchema;
  /** One schema per step, each constraining only that step's fields (but reading the whole data). */
  stepSchemas: JsonSchema[];
  uiSchema: UiSchema;
  steps: StepPlan[];
  fields: Record<string, FieldPlan>;
  computed: Record<string, ComputedValue>;
  reference: Record<string, ReferenceList>;
  submit?: SubmitSettings;
  /**
   * What the server checks: for the form's submission (`form`) and each step's (by step id), the schema
   * of the fields its payload carries, read back from the payload with `decodePayload`.
   */
  submitSchemas?: { form?: JsonSchema; steps: Record<string, JsonSchema> };
  draft?: DraftSettings;
  results: { success?: ResultScreen; failure?: ResultScreen };
  wizard: Required<
    Pick<WizardSettings, 'indicator' | 'hideIndicatorOnFirstStep' | 'mobileStepCount' | 'scrollToFirstError'>
  > &
    WizardSettings;
  /** The form's own texts by key (labels, headlines, messages not in the shared catalogue). */
  texts: Record<string, LocalizedText>;
}

export interface CompileOptions {
  /** Values of the form's options; missing ones take their defaults. */
  options?: Record<string, JsonPrimitive>;
}

export interface CompileResult {
  /** Absent when the definition has errors that prevent compiling. */
  form?: CompiledForm;
  diagnostics: Diagnostic[];
}
