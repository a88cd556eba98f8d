import type { Field, JsonValue, ReferenceList, Text } from '../dsl/types.js';
import { clean } from './clean.js';
import { compilerFor } from './fields/table.js';
import type { FieldBuild, FieldParts } from './fields/types.js';
import { checksCharacters, textBounds } from './limits.js';
import { type CompiledRules, compileRules } from './rules.js';
import type { TextTable } from './texts.js';
import type { Diagnostic, JsonSchema, UiSchema } from './types.js';

export { clean } from './clean.js';
export { LETTERS_PATTERN } from './rules.js';

/** Names of everything a rule or condition may refer to, collected before fields compile. */
export interface FieldScope {
  /** Sibling names: the form's fields and computed values, or a payer's item fields. */
  names: Set<string>;
}

export interface FieldContext {
  formId: string;
  texts: TextTable;
  diagnostics: Diagnostic[];
  reference: Record<string, ReferenceList>;
  scope: FieldScope;
  /** Text-key prefix of this field (`fields.firstName`, `fields.payers.items.email`). */
  hint: string;
}

export interface CompiledField {
  /** False for info and computed fields, which show something but hold no data of their own. */
  hasData: boolean;
  /** The property schema, without requiredness. */
  schema: JsonSchema;
  /** What `required` adds beyond presence (a non-empty text, a ticked box, at least one file). */
  whenRequired?: JsonSchema;
  requiredMessage: string;
  ui: UiSchema;
  /** Other fields this one's rules read. */
  dependsOn: string[];
}

type UiOptions = Record<string, JsonValue | undefined>;

/** A type's schema with the bounds of its typed text, and their messages. */
interface TypedSchema {
  schema: JsonSchema;
  boundMessages: Record<string, string>;
}

/**
 * Compiles one field into its property schema and UI schema entry: the part of its type (`fields/table.ts`), then
 * what every field shares: rules, text bounds, title and messages, labels and the UI entry.
 */
export function compileField(field: Field, ctx: FieldContext, pointer: string): CompiledField {
  const deps: string[] = [];
  const build = fieldBuild(field, ctx, pointer, deps);
  const compiler = compilerFor(field.type);
  const parts = compiler.compile(field, build);
  const rules = compileRules(field, build, compiler.ownRules);
  const options: UiOptions = {
    fieldType: field.type,
    icon: field.icon,
    span: field.span,
    transform: field.transform as JsonValue,
    ...parts.options,
  };
  const hasData = compiler.hasData ?? true;
  const typed = typedText(field, parts, rules, options);
  const schema = hasData ? propertySchema(field, parts, rules, typed) : typed.schema;
  const ui = uiEntry(field, parts, options, build);
  const dependsOn = [...new Set(deps)].sort();
  return { hasData, schema, whenRequired: parts.whenRequired, requiredMessage: build.required, ui, dependsOn };
}

/** What a field type's module gets: the field's place, its required message and helpers for texts and names. */
function fieldBuild(field: Field, ctx: FieldContext, pointer: string, deps: string[]): FieldBuild {
  const text = (value: Text, hint: string, at = hint.replace(/\./g, '/')) =>
    ctx.texts.key(value, `${ctx.hint}.${hint}`, `${pointer}/${at}`);
  const required = field.requiredMessage ? text(field.requiredMessage, 'requiredMessage') : 'validation.required';
  const checkName = (name: string, what: string, at: string) => {
    if (ctx.scope.names.has(name)) return;
    ctx.diagnostics.push({
      severity: 'error',
      code: 'unknown-field',
      message: `${what} refers to field '${name}', which does not exist`,
      pointer: at,
    });
  };
  return {
    ctx,
    pointer,
    required,
    // blank text (only spaces) counts as empty
    nonEmptyText: { minLength: 1, pattern: '\\S', errorMessage: required },
    // strings inside structures (a place record, a country's name, typed tags) follow the field's plainText rule
    plain: checksCharacters(field),
    text,
    checkName,
    dependOn: (name, what, at) => {
      deps.push(name);
      checkName(name, what, at);
    },
    itemObject: (fields, at) => compileItemObject(fields, { ...ctx, hint: `${ctx.hint}.items` }, at),
  };
}

/**
 * The type's schema, and a typed text bounded in length (the field's own maximum, a maxLength rule, else the default
 * of its kind) and in characters (the plainText rule, on unless turned off). A rule's message for what the field may
 * hold (letters, a pattern, an e-mail address) is kept for bad characters too, so one message shows, not two. Sets
 * the input's `maxLength` in `options`.
 */
function typedText(field: Field, parts: FieldParts, rules: CompiledRules, options: UiOptions): TypedSchema {
  if (!parts.typedText) return { schema: parts.schema, boundMessages: {} };
  const characters = rules.plainTextMessage ?? rules.shapeMessage ?? parts.charactersMessage ?? 'validation.plainText';
  const bounds = textBounds(field, parts.typedText, rules.maxLength, characters);
  options.maxLength = bounds.inputMaxLength;
  return { schema: { ...parts.schema, ...bounds.keywords }, boundMessages: bounds.messages };
}

/** The property schema of a data field: its type's schema and checks, its rules, title, default and messages. */
function propertySchema(field: Field, parts: FieldParts, rules: CompiledRules, typed: TypedSchema): JsonSchema {
  const { schema, boundMessages } = typed;
  const typeMessage = parts.typeMessage ?? 'validation.invalid';
  const allOf = [...(parts.checks ?? []), ...rules.entries];
  const englishLabel =
    typeof field.label === 'string' ? field.label : field.label && 'en' in field.label ? field.label.en : undefined;
  return clean({
    ...schema,
    title: englishLabel,
    default: field.default,
    readOnly: field.readOnly || undefined,
    errorMessage: {
      type: typeMessage,
      ...(schema.format ? { format: typeMessage } : {}),
      ...(schema.pattern ? { pattern: typeMessage } : {}),
      ...boundMessages,
    },
    allOf: allOf.length > 0 ? (allOf as JsonValue[]) : undefined,
  });
}

/** The UI schema entry: widget or field, label (and labels under conditions), texts and `ui:options`. */
function uiEntry(field: Field, parts: FieldParts, options: UiOptions, b: FieldBuild): UiSchema {
  const label = field.label === undefined ? undefined : b.text(field.label, 'label');
  if (field.labelIf) {
    options.labelIf = field.labelIf.flatMap((l, i) =>
      l ? [{ if: l.if as JsonValue, label: b.text(l.label, `labelIf.${i}`, `labelIf/${i}/label`) }] : [],
    );
  }
  const optional = (value: Text | undefined, hint: string) => (value === undefined ? undefined : b.text(value, hint));
  return clean({
    'ui:widget': parts.widget,
    'ui:field': parts.uiField,
    'ui:title': label,
    'ui:placeholder': optional(field.placeholder, 'placeholder'),
    'ui:description': optional(field.description, 'description'),
    'ui:help': optional(field.tooltip, 'tooltip'),
    'ui:readonly': field.readOnly || undefined,
    'ui:options': clean(options) as JsonValue,
  });
}

/** A payer-like item: an object of fields (no steps, no conditions across the form). */
function compileItemObject(
  fields: Field[],
  ctx: FieldContext,
  pointer: string,
): { schema: JsonSchema; ui: UiSchema; order: string[] } {
  const scope = { names: new Set(fields.map((f) => f.name)) };
  const properties: Record<string, JsonValue> = {};
  const required: string[] = [];
  const requiredMessages: Record<string, string> = {};
  const ui: UiSchema = {};
  const order: string[] = [];
  fields.forEach((f, i) => {
    const out = compileField(f, { ...ctx, scope, hint: `${ctx.hint}.${f.name}` }, `${pointer}/${i}`);
    ui[f.name] = out.ui as JsonValue;
    order.push(f.name);
    if (!out.hasData) return;
    properties[f.name] = (
      f.required && out.whenRequired ? withEntry(out.schema, { ...out.whenRequired, $comment: 'required' }) : out.schema
    ) as JsonValue;
    if (f.required) {
      required.push(f.name);
      requiredMessages[f.name] = out.requiredMessage;
    }
  });
  return {
    schema: clean({
      type: 'object',
      properties,
      required: required.length ? required : undefined,
      errorMessage: required.length ? { required: requiredMessages } : undefined,
    }),
    ui,
    order,
  };
}

/** Adds one more `allOf` entry to a property schema. */
export function withEntry(schema: JsonSchema, entry: JsonSchema): JsonSchema {
  const allOf = Array.isArray(schema.allOf) ? schema.allOf : [];
  return { ...schema, allOf: [...allOf, entry as JsonValue] };
}

/** Whether a field holds data (info and computed fields show something only), as its type's compiler says. */
export function isDataField(field: Field): boolean {
  return compilerFor(field.type).hasData !== false;
}
