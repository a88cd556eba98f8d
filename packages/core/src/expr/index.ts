import jsonLogic from 'json-logic-js';
import type { ComputedValue, JsonValue, ReferenceList } from '../dsl/types.js';
import { escapeSegment } from '../json/pointer.js';
import { addPeriod, todayIso, wholeYearsBetween } from './dates.js';

/**
 * Named operations available to every expression, registered once. They are the only way an
 * expression reaches beyond plain JSON Logic, so a definition never carries code.
 */
export const NAMED_OPERATIONS = ['today', 'yearsBetween', 'addPeriod', 'round', 'lookup'] as const;

let registered = false;
let currentReference: Record<string, ReferenceList> = {};

function register(): void {
  if (registered) return;
  registered = true;
  jsonLogic.add_operation('today', () => todayIso());
  jsonLogic.add_operation('yearsBetween', (from: unknown, to: unknown) =>
    typeof from === 'string' && typeof to === 'string' ? wholeYearsBetween(from, to) : null,
  );
  // { "addPeriod": [date, amount, "years" | "months" | "days"] }: JSON Logic reads an object argument as an operation
  jsonLogic.add_operation('addPeriod', (date: unknown, amount: unknown, unit: unknown) =>
    typeof date === 'string' && typeof amount === 'number' && (unit === 'years' || unit === 'months' || unit === 'days')
      ? addPeriod(date, { [unit]: amount })
      : null,
  );
  jsonLogic.add_operation('round', (value: unknown, decimals: unknown) => {
    const n = Number(value);
    if (!Number.isFinite(n)) return null;
    const f = 10 ** (typeof decimals === 'number' ? decimals : 0);
    return Math.round((n + Number.EPSILON) * f) / f;
  });
  jsonLogic.add_operation('lookup', (list: unknown, key: unknown, property: unknown, keyProperty: unknown) => {
    const records = typeof list === 'string' ? currentReference[list] : undefined;
    if (!records || key === null || key === undefined) return null;
    const by = typeof keyProperty === 'string' ? keyProperty : 'id';
    // option values travel as strings in forms while reference ids may be numbers: compare as text
    const record = records.find((r) => String(r[by]) === String(key));
    return record && typeof property === 'string' ? (record[property] ?? null) : null;
  });
}

/** JSON Logic's own operations (https://jsonlogic.com/operations.html). */
const JSON_LOGIC_OPERATIONS = [
  'var',
  'missing',
  'missing_some',
  'if',
  '?:',
  '==',
  '===',
  '!=',
  '!==',
  '!',
  '!!',
  'or',
  'and',
  '>',
  '>=',
  '<',
  '<=',
  'max',
  'min',
  '+',
  '-',
  '*',
  '/',
  '%',
  'map',
  'reduce',
  'filter',
  'all',
  'none',
  'some',
  'merge',
  'in',
  'cat',
  'substr',
  'log',
];
export const KNOWN_OPERATIONS: ReadonlySet<string> = new Set([...JSON_LOGIC_OPERATIONS, ...NAMED_OPERATIONS]);

/** Operations an expression uses that neither JSON Logic nor Antrag defines, with their JSON pointers. */
export function unknownOperations(expression: JsonValue, pointer = ''): Array<{ operation: string; pointer: string }> {
  if (Array.isArray(expression)) return expression.flatMap((e, i) => unknownOperations(e, `${pointer}/${i}`));
  if (expression === null || typeof expression !== 'object') return [];
  const keys = Object.keys(expression);
  if (keys.length !== 1) return [{ operation: keys.join(', ') || '{}', pointer }];
  const [op] = keys;
  const here = KNOWN_OPERATIONS.has(op) ? [] : [{ operation: op, pointer }];
  if (op === 'var') return here;
  return [...here, ...unknownOperations(expression[op], `${pointer}/${escapeSegment(op)}`)];
}

/** Evaluates an expression; an expression that fails on unexpected data yields null instead of throwing. */
export function evaluateExpression(
  expression: JsonValue,
  data: Record<string, unknown>,
  reference: Record<string, ReferenceList> = {},
): unknown {
  register();
  currentReference = reference;
  try {
    return jsonLogic.apply(expression as jsonLogic.RulesLogic, data);
  } catch {
    return null;
  } finally {
    currentReference = {};
  }
}

function coerce(value: unknown, type: ComputedValue['type']): JsonValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (type === 'number') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  if (type === 'boolean') return Boolean(value);
  return String(value);
}

/**
 * The data with every computed value (re)calculated, in declaration order so that a computed value
 * may use the ones before it. Values sent by a browser under a computed name are overwritten.
 */
export function withComputedValues(
  data: Record<string, unknown>,
  computed: Record<string, ComputedValue>,
  reference: Record<string, ReferenceList> = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...data };
  for (const [name, def] of Object.entries(computed)) {
    const value = coerce(evaluateExpression(def.expression, out, reference), def.type);
    if (value === undefined) delete out[name];
    else out[name] = value;
  }
  return out;
}

/** Top-level names an expression reads through `var` (for checking that they exist). */
export function variablesOf(expression: JsonValue): string[] {
  register();
  return [
    ...new Set(
      jsonLogic
        .uses_data(expression as Record<string, unknown>)
        .map((v: string) => String(v).split('.')[0])
        .filter(Boolean),
    ),
  ].sort();
}
