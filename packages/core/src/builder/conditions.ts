import type { Condition, JsonValue } from '../dsl/types.js';

/** The operators of the builder's condition picker. */
export type SimpleOperator = 'is' | 'isNot' | 'isOneOf';

/** A condition as the builder's "field / is, is not, is one of / value" pickers show it. */
export interface SimpleCondition {
  field: string;
  operator: SimpleOperator;
  /** For `isOneOf`, an array of values. */
  value: JsonValue;
}

/**
 * A condition in the pickers' terms; 'complex' when they cannot show it (all / any / not, `filled`, a form option),
 * so the builder offers the JSON view for it instead of losing it.
 */
export function toSimpleCondition(c: Condition | undefined): SimpleCondition | 'complex' | undefined {
  if (c === undefined || c === null) return undefined;
  if (typeof c !== 'object' || !('field' in c) || typeof c.field !== 'string') return 'complex';
  if (Object.keys(c).length !== 2) return 'complex';
  if ('equals' in c) return { field: c.field, operator: 'is', value: c.equals };
  if ('notEquals' in c) return { field: c.field, operator: 'isNot', value: c.notEquals };
  if ('in' in c && Array.isArray(c.in)) return { field: c.field, operator: 'isOneOf', value: c.in };
  return 'complex';
}

/** The DSL condition of the pickers' choice: is → equals, is not → notEquals, is one of → in. */
export function fromSimpleCondition(s: SimpleCondition): Condition {
  switch (s.operator) {
    case 'is':
      return { field: s.field, equals: s.value };
    case 'isNot':
      return { field: s.field, notEquals: s.value };
    case 'isOneOf':
      return { field: s.field, in: Array.isArray(s.value) ? s.value : [s.value] };
    default:
      throw new Error(`unknown operator '${String((s as { operator: unknown }).operator)}'`);
  }
}
