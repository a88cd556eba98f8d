import type { ErrorObject } from 'ajv';
import type { CompiledForm, JsonSchema } from '../compile/types.js';
import type { Locale } from '../dsl/types.js';
import { withComputedValues } from '../expr/index.js';
import { hasKey, translate } from '../i18n/catalogue.js';
import { isObject } from '../json/object.js';
import { unescapeSegment } from '../json/pointer.js';

/** One failing field, with its message in the requested language. */
export interface FieldError {
  /** JSON pointer of the failing value (`/zipCode`, `/payers/0/email`). */
  path: string;
  /** The top-level field it belongs to. */
  field: string;
  messageKey: string;
  message: string;
  params: Record<string, unknown>;
}

export interface ValidationResult {
  valid: boolean;
  /** Sorted by field order, then by precedence: a missing value before a wrong one, then rule order. */
  errors: FieldError[];
  /** The data the rules saw: the input with computed values recalculated. */
  data: Record<string, unknown>;
}

export interface ValidateOptions {
  locale?: Locale;
}

/** The schema node at an ajv schema path (`#/properties/x/allOf/1/errorMessage`). */
function schemaAt(root: JsonSchema, schemaPath: string): unknown {
  let node: unknown = root;
  for (const raw of schemaPath.replace(/^#\/?/, '').split('/')) {
    if (!raw) continue;
    const part = unescapeSegment(raw);
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function rankOf(error: ErrorObject, root: JsonSchema): number {
  const inner = (error.params as { errors?: ErrorObject[] }).errors?.[0];
  if ((inner ?? error).keyword === 'required') return 0;
  const owner = schemaAt(root, error.schemaPath.replace(/\/errorMessage$/, ''));
  if (owner && typeof owner === 'object' && (owner as { $comment?: string }).$comment === 'required') return 0;
  const m = /\/allOf\/(\d+)\/errorMessage$/.exec(error.schemaPath);
  return m ? 2 + Number(m[1]) : 1;
}

/** Turns ajv errors (after ajv-errors) into field errors with translated messages. */
export function toFieldErrors(
  errors: readonly ErrorObject[] | null | undefined,
  root: JsonSchema,
  fieldOrder: string[],
  locale: Locale = 'en',
  formTexts: CompiledForm['texts'] = {},
): FieldError[] {
  const out: Array<FieldError & { rank: number }> = [];
  for (const e of errors ?? []) {
    // `if` only says that its `then` failed; the `then` errors themselves are reported
    if (e.keyword === 'if') continue;
    const inner = (e.params as { errors?: ErrorObject[] }).errors?.[0];
    const source = inner ?? e;
    let path = e.instancePath;
    let messageKey = e.message ?? source.keyword;
    if (source.keyword === 'required' && source.instancePath === e.instancePath) {
      path = `${e.instancePath}/${(source.params as { missingProperty: string }).missingProperty}`;
    } else if (source.keyword === 'additionalProperties') {
      path = `${e.instancePath}/${(source.params as { additionalProperty: string }).additionalProperty}`;
      messageKey = 'validation.unknownField';
    }
    const params: Record<string, unknown> = { ...(source.params as Record<string, unknown>) };
    // a message that is no text key is ajv's own English: show the generic message, keep the detail
    if (!formTexts[messageKey] && !hasKey(messageKey)) {
      params.detail = messageKey;
      messageKey = 'validation.invalid';
    }
    const field = path.split('/')[1] ?? '';
    out.push({
      path,
      field,
      messageKey,
      message: translate(messageKey, locale, params, formTexts),
      params,
      rank: rankOf(e, root),
    });
  }
  const order = new Map(fieldOrder.map((f, i) => [f, i]));
  const seen = new Set<string>();
  return out
    .map((e, i) => ({ e, i }))
    .sort(
      (a, b) =>
        (order.get(a.e.field) ?? 1e9) - (order.get(b.e.field) ?? 1e9) ||
        (a.e.path < b.e.path ? -1 : a.e.path > b.e.path ? 1 : 0) ||
        a.e.rank - b.e.rank ||
        a.i - b.i,
    )
    .map(({ e }) => e)
    .filter((e) => {
      const id = `${e.path}\u0000${e.messageKey}`;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .map(({ rank: _rank, ...e }) => e);
}

export interface FormValidator {
  /** A whole application, as the server receives it. */
  validate(data: unknown, opts?: ValidateOptions): ValidationResult;
  /** One step of the wizard, reading the whole accumulated data. */
  validateStep(index: number, data: unknown, opts?: ValidateOptions): ValidationResult;
}

/**
 * Form data as the rules see it: JSON has no undefined, and an empty text is no answer, so both
 * count as absent (a required field then reports only that it is required). So does a structure that
 * holds no answer at all (a country or place not yet chosen arrives as `{}`): it is absent, and a rule
 * that needs it (`requires`) sees it missing. The browser applies the same before calling precompiled
 * validators.
 */
export function normalizeData(data: unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(asObject(data)).filter(([, v]) => !isBlank(v)));
}

/** No answer: undefined, an empty text, or a plain object whose members are all blank. */
function isBlank(value: unknown): boolean {
  if (value === undefined || value === '') return true;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every(isBlank);
}

function asObject(data: unknown): Record<string, unknown> {
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

/** A validate function as ajv compiles it, or as a precompiled module exports it. */
export interface ValidateFn {
  (data: unknown): unknown;
  errors?: ErrorObject[] | null;
}

/** The validate functions of one form: each step's, and (optionally) the whole form's. */
export interface FormValidateFns {
  form?: ValidateFn;
  steps: readonly ValidateFn[];
}

/**
 * A form validator over ready validate functions, compiled at run time (`createFormValidator`) or
 * precompiled (`precompileValidators`, loaded as a module): both report the same field errors.
 */
export function formValidatorFrom(form: CompiledForm, fns: FormValidateFns): FormValidator {
  const order = form.steps.flatMap((s) => s.fields);
  const run = (fn: ValidateFn, schema: JsonSchema, data: unknown, opts?: ValidateOptions): ValidationResult => {
    const withComputed = withComputedValues(normalizeData(data), form.computed, form.reference);
    const valid = fn(isObject(data) ? withComputed : data) === true;
    const errors = valid ? [] : toFieldErrors(fn.errors, schema, order, opts?.locale, form.texts);
    fn.errors = null;
    return { valid, errors, data: withComputed };
  };
  return {
    validate(data, opts) {
      if (!fns.form) throw new Error(`form ${form.id}: the whole-form validator was not included`);
      return run(fns.form, form.schema, data, opts);
    },
    validateStep(index, data, opts) {
      const fn = fns.steps[index];
      if (!fn) throw new RangeError(`form ${form.id} has no step ${index} (it has ${fns.steps.length})`);
      return run(fn, form.stepSchemas[index], data, opts);
    },
  };
}
