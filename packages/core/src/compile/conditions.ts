import type { Condition, JsonPrimitive, JsonValue } from '../dsl/types.js';
import type { JsonSchema } from './types.js';

/** A value counts as filled unless it is missing, null, an empty string or an empty list. */
export function isFilled(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

const EMPTY_VALUES: JsonValue[] = ['', null, []];

/** The value at a dotted path (`country.iso`); undefined when a step of the path is missing. */
export function readPath(data: unknown, path: string): unknown {
  let node = data;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** Evaluates a condition on form data; agrees with `conditionToSchema` (tested together). */
export function evaluateCondition(condition: Condition, data: Record<string, unknown>): boolean {
  if ('option' in condition)
    throw new Error(`option condition '${condition.option}' must be decided when the form is compiled`);
  if ('all' in condition) return condition.all.every((c) => evaluateCondition(c, data));
  if ('any' in condition) return condition.any.some((c) => evaluateCondition(c, data));
  if ('not' in condition) return !evaluateCondition(condition.not, data);
  const value = readPath(data, condition.field);
  if ('equals' in condition) return value !== undefined && deepEqual(value, condition.equals);
  if ('notEquals' in condition) return !(value !== undefined && deepEqual(value, condition.notEquals));
  if ('in' in condition) return value !== undefined && condition.in.some((v) => deepEqual(value, v));
  return isFilled(value) === condition.filled;
}

/** Wraps a schema for the value at a dotted path, requiring every step of the path to be present. */
function atPath(path: string, leaf: JsonSchema): JsonSchema {
  const parts = path.split('.');
  let schema = leaf;
  for (let i = parts.length - 1; i >= 0; i--) {
    // a structure on the way must be an object: `properties` alone would let null through
    const inner = i < parts.length - 1 ? { type: 'object', ...schema } : schema;
    schema = { properties: { [parts[i]]: inner as JsonValue }, required: [parts[i]] };
  }
  return schema;
}

/** The JSON Schema that data satisfies exactly when the condition holds (used in `if`). */
export function conditionToSchema(condition: Condition): JsonSchema {
  if ('option' in condition)
    throw new Error(`option condition '${condition.option}' must be decided when the form is compiled`);
  if ('all' in condition) return { allOf: condition.all.map(conditionToSchema) as JsonValue[] };
  if ('any' in condition) return { anyOf: condition.any.map(conditionToSchema) as JsonValue[] };
  if ('not' in condition) return { not: conditionToSchema(condition.not) as JsonValue };
  if ('equals' in condition) return atPath(condition.field, { const: condition.equals });
  if ('notEquals' in condition) return { not: atPath(condition.field, { const: condition.notEquals }) as JsonValue };
  if ('in' in condition) return atPath(condition.field, { enum: condition.in });
  const filled = atPath(condition.field, { not: { enum: EMPTY_VALUES } });
  return condition.filled ? filled : { not: filled as JsonValue };
}

/** Every field path a condition reads. */
export function conditionFields(condition: Condition): string[] {
  if ('option' in condition) return [];
  if ('all' in condition) return condition.all.flatMap(conditionFields);
  if ('any' in condition) return condition.any.flatMap(conditionFields);
  if ('not' in condition) return conditionFields(condition.not);
  return [condition.field];
}

export function allOfConditions(conditions: Array<Condition | undefined>): Condition | undefined {
  const present = conditions.filter((c): c is Condition => c !== undefined);
  if (present.length === 0) return undefined;
  return present.length === 1 ? present[0] : { all: present };
}

/** Every form option a condition tests. */
export function conditionOptions(condition: Condition): string[] {
  if ('option' in condition) return [condition.option];
  if ('all' in condition) return condition.all.flatMap(conditionOptions);
  if ('any' in condition) return condition.any.flatMap(conditionOptions);
  if ('not' in condition) return conditionOptions(condition.not);
  return [];
}

/**
 * Decides the option tests of a condition for one variant: `true` or `false` when nothing else is
 * left to test at run time, otherwise the condition without its option tests.
 */
export function decideOptions(condition: Condition, options: Record<string, JsonPrimitive>): Condition | boolean {
  if ('option' in condition) return options[condition.option] === condition.equals;
  if ('not' in condition) {
    const inner = decideOptions(condition.not, options);
    return typeof inner === 'boolean' ? !inner : { not: inner };
  }
  if ('all' in condition || 'any' in condition) {
    const isAll = 'all' in condition;
    const parts = (isAll ? condition.all : condition.any).map((c) => decideOptions(c, options));
    if (parts.includes(!isAll)) return !isAll;
    const rest = parts.filter((p): p is Condition => typeof p !== 'boolean');
    if (rest.length === 0) return isAll;
    if (rest.length === 1) return rest[0];
    return isAll ? { all: rest } : { any: rest };
  }
  return condition;
}
