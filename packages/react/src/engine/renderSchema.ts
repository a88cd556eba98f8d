import type { CompiledForm, JsonSchema } from '@antrag/core/compile/types';

const BRANCHES = ['then', 'else'] as const;
const LISTS = ['allOf', 'anyOf', 'oneOf'] as const;

/**
 * A copy of `schema` where every field schema whose choices sit in an `allOf` entry (where the compiler
 * puts them, with their own message) carries that `enum` itself instead. RJSF reads a field's options from
 * the field schema without merging `allOf` when it checks the data against them, and drops a chosen value
 * it cannot find there (so a picked radio or select option never reached the form data). Validation does
 * not use this schema (the step schema with the messages does), so the constraint may move.
 */
export function withChoicesOnTop(schema: JsonSchema): JsonSchema {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  let out: Record<string, unknown> = schema as Record<string, unknown>;
  const set = (key: string, value: unknown) => {
    if (out === schema) out = { ...(schema as Record<string, unknown>) };
    out[key] = value;
  };
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties && typeof properties === 'object') {
    let changed = false;
    const next: Record<string, JsonSchema> = {};
    for (const [name, property] of Object.entries(properties)) {
      next[name] = withChoicesOnTop(property);
      changed ||= next[name] !== property;
    }
    if (changed) set('properties', next);
  }
  for (const key of BRANCHES) {
    const branch = schema[key] as JsonSchema | undefined;
    const next = branch ? withChoicesOnTop(branch) : branch;
    if (next !== branch) set(key, next);
  }
  for (const key of LISTS) {
    const list = schema[key] as JsonSchema[] | undefined;
    if (!Array.isArray(list)) continue;
    const next = list.map(withChoicesOnTop);
    if (next.some((entry, i) => entry !== list[i])) set(key, next);
  }
  const list = out.allOf as JsonSchema[] | undefined;
  const at = !('enum' in schema) && Array.isArray(list) ? list.findIndex((e) => e && Array.isArray(e.enum)) : -1;
  if (at >= 0 && list) {
    // moved, not copied: RJSF merges allOf, and two enums merge into a sorted list that no longer matches the
    // option labels (`ui:enumNames`) by position
    const { enum: choices, errorMessage: _message, ...rest } = list[at];
    set('enum', choices);
    const others = list.filter((_e, i) => i !== at);
    const next = Object.keys(rest).length > 0 ? [...others.slice(0, at), rest, ...others.slice(at)] : others;
    if (next.length > 0) set('allOf', next);
    else delete out.allOf;
  }
  return out as JsonSchema;
}

/**
 * The schema the engine hands RJSF for one step: the step schema, plus a `null` placeholder property for
 * each field without data (info, computed) so RJSF renders it through its `ui:field`, and the choices of
 * select fields where RJSF looks for them (`withChoicesOnTop`). A distinct `$id`
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
  return withChoicesOnTop({ ...schema, ...(id ? { $id: id } : {}), properties } as JsonSchema);
}
