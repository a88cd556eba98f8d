/**
 * The sub-schemas RJSF checks data against while it renders a form (the `if` of a condition, the options of a
 * choice), for `precompileValidators`' `checks`: a browser without `eval` finds a precompiled validator for each.
 */
import type { CompiledForm, JsonSchema } from '@antrag/core/compile/types';
import { type RJSFSchema, schemaParser } from '@rjsf/utils';
import { renderSchemaFor } from './renderSchema.js';

/** The render checks of every step, or only of step `step`, keyed as RJSF looks them up: by `$id`, else by hash. */
export function renderChecksOf(form: CompiledForm, step?: number): Map<string, JsonSchema> {
  const checks = new Map<string, JsonSchema>();
  const steps = step === undefined ? form.stepSchemas.map((_s, i) => i) : [step];
  for (const i of steps) {
    const root = renderSchemaFor(form, i);
    for (const [key, schema] of Object.entries(schemaParser(root as RJSFSchema))) {
      if (key !== root.$id) checks.set(key, schema as JsonSchema);
    }
  }
  return checks;
}
