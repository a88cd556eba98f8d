import type { Field, FieldType, JsonValue, RuleKind, Text } from '../../dsl/types.js';
import type { FieldContext } from '../fields.js';
import type { JsonSchema, UiSchema } from '../types.js';

/** The field of one type (or of several types one module compiles). */
export type FieldOf<T extends FieldType> = Field & { type: T };

/** What a field type's module gets besides its field: the shared pieces of the field being compiled. */
export interface FieldBuild {
  ctx: FieldContext;
  pointer: string;
  /** Text key of the field's required message. */
  required: string;
  /** What `required` adds to a text: not blank (only spaces count as empty). */
  nonEmptyText: JsonSchema;
  /** Whether strings inside structures (a place record, a country's name, typed tags) check their characters. */
  plain: boolean;
  /** The key of one of the field's own texts; `hint` is its place under the field (`invalidMessage`, `messages.type`). */
  text(text: Text, hint: string, pointer?: string): string;
  /** Another field this one reads: a dependency, and an error when the form has no such name. */
  dependOn(name: string, what: string, pointer: string): void;
  /** A name this field refers to without reading it: an error when the form has no such name. */
  checkName(name: string, what: string, pointer: string): void;
  /** The object of a payer-like item (its own fields, compiled as the form's are). */
  itemObject(fields: Field[], pointer: string): { schema: JsonSchema; ui: UiSchema; order: string[] };
}

/** One field type's part of a compiled field; the shared tail (rules, text bounds, labels, UI entry) adds the rest. */
export interface FieldParts {
  /** The property schema before rules, bounds and titles. */
  schema: JsonSchema;
  /** What `required` adds beyond presence. */
  whenRequired?: JsonSchema;
  /** `allOf` entries of the type itself (each with its `errorMessage`), placed before the rules' entries. */
  checks?: JsonSchema[];
  /** Message of a wrong type (and format or pattern); default `validation.invalid`. */
  typeMessage?: string;
  /** The RJSF widget, or the RJSF field for values that are structures. */
  widget?: string;
  uiField?: string;
  /** Type-specific `ui:options`, in the order they appear. */
  options?: Record<string, JsonValue | undefined>;
  /** The field holds text a person types: one line or several; it gets length and character bounds. */
  typedText?: 'line' | 'text';
  /** Message for bad characters when no rule gives one (an e-mail field's message for a wrong address). */
  charactersMessage?: string;
}

/** The compiler of one field type (or of several closely related ones). */
export interface FieldCompiler<T extends FieldType> {
  compile: (field: FieldOf<T>, build: FieldBuild) => FieldParts;
  /** The type shows something but holds no data of its own (info, computed): no property schema, no value. */
  hasData?: false;
  /** Rule kinds the type applies itself (a number's `wholeNumber` makes it an integer): no `allOf` entry of their own. */
  ownRules?: readonly RuleKind[];
}

/** One compiler per DSL field type: a type without an entry does not type-check. */
export type FieldCompilers = { [T in FieldType]: FieldCompiler<T> };
