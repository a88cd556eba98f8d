import type { CompiledForm, JsonSchema } from './types.js';

/**
 * The schema the engine hands RJSF for one step: the step schema, plus a `null` placeholder property for
 * each field without data (info, computed) so RJSF renders it through its `ui:field`. A distinct `$id`
 * keeps it apart from the step schema in any validator cache. The precompiler derives the sub-schemas
 * RJSF checks (`if` conditions and the like) from this same schema, so both must agree.
 */
export function renderSchemaFor(form: CompiledForm, index: number): JsonSchema {
  const schema = form.stepSchemas[index];
  if (!schema) throw new RangeError(`form ${form.id} has no step ${index} (it has ${form.stepSchemas.length})`);
  const properties = { ...((schema.properties as Record<string, JsonSchema> | undefined) ?? {}) };
  for (const name of form.steps[index].sections.flatMap((s) => s.fields)) {
    if (!properties[name] && form.fields[name] && !form.fields[name].hasData) properties[name] = { type: 'null' };
  }
  const id = typeof schema.$id === 'string' ? schema.$id.replace(/(\.json)?$/, '.render.json') : undefined;
  return { ...schema, ...(id ? { $id: id } : {}), properties } as JsonSchema;
}
