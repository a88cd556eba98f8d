/**
 * Validators compiled at run time with ajv (server, CLI, tests, the studio's preview). Kept apart from
 * validator.ts so the browser's form bundles, which run precompiled modules, never load ajv's compiler.
 */
import type { Ajv, ValidateFunction } from 'ajv';
import type { CompiledForm, JsonSchema } from '../compile/types.js';
import { createAjv } from './ajv.js';
import { type FormValidator, formValidatorFrom } from './validator.js';

/** Validators compiled at run time (server, CLI); the browser uses the precompiled modules instead. */
export function createFormValidator(form: CompiledForm, ajv: Ajv = createAjv()): FormValidator {
  const compileOnce = (schema: JsonSchema): ValidateFunction =>
    (schema.$id && ajv.getSchema(schema.$id as string)) || ajv.compile(schema);
  return formValidatorFrom(form, { form: compileOnce(form.schema), steps: form.stepSchemas.map(compileOnce) });
}
