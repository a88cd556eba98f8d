/**
 * An RJSF validator for one wizard step: RJSF's ajv8 validator (with Antrag's keywords) resolves
 * schemas, while the step's errors and their translated messages come from `createFormValidator`.
 */
import type { ErrorSchema, RJSFSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { Ajv } from 'ajv';
import ajvErrors from 'ajv-errors';
import type { CompiledForm } from '../core/compile/types.js';
import type { Locale } from '../core/dsl/types.js';
import { AJV_OPTIONS } from '../core/validate/ajv.js';
import { keywords } from '../core/validate/keywords.js';
import { formats } from '../core/validate/runtime.js';
import { createFormValidator, type FieldError, type FormValidator } from '../core/validate/validator.js';
import { applyAllTransforms, type FormData, visibleFields } from './wizard.js';

type Data = FormData;

/** `/payers/0/email` → `.payers.0.email`, RJSF's property notation (used to focus the field). */
export function propertyOf(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((p) => `.${p.replace(/~1/g, '/').replace(/~0/g, '~')}`)
    .join('');
}

/** Field errors as RJSF's error list and error schema (messages nested where the value is). */
export function toRjsfErrors(errors: readonly FieldError[]): ValidationData<Data> {
  const errorSchema: Record<string, unknown> = {};
  const list: RJSFValidationError[] = [];
  for (const e of errors) {
    const parts = e.path.split('/').slice(1);
    let node = errorSchema;
    for (const part of parts) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    const messages = (node.__errors as string[] | undefined) ?? [];
    messages.push(e.message);
    node.__errors = messages;
    list.push({ property: propertyOf(e.path), message: e.message, name: e.messageKey, stack: e.message });
  }
  return { errors: list, errorSchema: errorSchema as ErrorSchema<Data> };
}

/**
 * Antrag's keywords and formats on RJSF's ajv. Unlike `extendAjv`, ajv-formats is left out: RJSF
 * already added it (with its keywords), and adding it again throws.
 */
function extendRjsfAjv(ajv: Ajv): Ajv {
  ajv.addFormat('email', formats.email);
  ajv.addFormat('date', formats.date);
  for (const keyword of keywords) if (!ajv.getKeyword(keyword.keyword as string)) ajv.addKeyword(keyword);
  if (!ajv.getKeyword('errorMessage')) ajvErrors.default(ajv, { singleError: false, keepErrors: false });
  return ajv;
}

let shared: ValidatorType<Data> | undefined;
/** One RJSF validator for schema resolution, shared by every step (ajv caches compiled schemas by $id). */
function baseValidator(): ValidatorType<Data> {
  shared ??= customizeValidator<Data>({
    ajvOptionsOverrides: { ...AJV_OPTIONS, strict: false },
    extenderFn: (ajv) => extendRjsfAjv(ajv as unknown as Ajv) as never,
  });
  return shared;
}

const formValidators = new WeakMap<CompiledForm, FormValidator>();
export function formValidatorFor(form: CompiledForm): FormValidator {
  let v = formValidators.get(form);
  if (!v) {
    v = createFormValidator(form);
    formValidators.set(form, v);
  }
  return v;
}

/** The step's errors for the data, only for fields that currently show. */
export function validateStepData(form: CompiledForm, index: number, data: Data, locale: Locale): FieldError[] {
  const committed = applyAllTransforms(form, data);
  const result = formValidatorFor(form).validateStep(index, committed, { locale });
  const shown = new Set(visibleFields(form, index, committed));
  return result.errors.filter((e) => shown.has(e.field) || !form.fields[e.field]);
}

export function createStepValidator(form: CompiledForm, index: number, locale: Locale): ValidatorType<Data> {
  const base = baseValidator();
  return {
    validateFormData: (formData) => toRjsfErrors(validateStepData(form, index, formData ?? {}, locale)),
    isValid: (schema: RJSFSchema, formData: Data | undefined, rootSchema: RJSFSchema) =>
      base.isValid(schema, formData, rootSchema),
    rawValidation: (schema, formData) => base.rawValidation(schema, formData),
    reset: () => base.reset?.(),
  };
}
