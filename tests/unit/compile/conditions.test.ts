import { describe, expect, it } from 'vitest';
import { conditionToSchema, evaluateCondition } from '../../../packages/core/src/compile/conditions.js';
import type { Condition } from '../../../packages/core/src/dsl/types.js';
import { createAjv } from '../../../packages/core/src/validate/ajv.js';

const ajv = createAjv();

const conditions: Condition[] = [
  { field: 'profession', equals: 'student' },
  { field: 'profession', notEquals: 'student' },
  { field: 'profession', in: ['student', 'trainee'] },
  { field: 'semester', filled: true },
  { field: 'semester', filled: false },
  { field: 'country.iso', equals: 'DE' },
  {
    all: [
      { field: 'profession', equals: 'student' },
      { field: 'isMinor', equals: true },
    ],
  },
  {
    any: [
      { field: 'profession', equals: 'student' },
      { field: 'isMinor', equals: true },
    ],
  },
  { not: { field: 'docs', filled: true } },
];

const samples: Array<Record<string, unknown>> = [
  {},
  { profession: 'student' },
  { profession: 'trainee', isMinor: true },
  { profession: 'employee', semester: '' },
  { semester: 'winter', country: { iso: 'DE', name: 'Germany' } },
  { country: { iso: 'FR' }, docs: [] },
  { country: null, docs: [{ uid: '1' }], profession: null },
  { profession: 'student', isMinor: false, semester: null },
];

describe('conditions', () => {
  it('evaluate the same in TypeScript and as compiled JSON Schema, for every shape and sample', () => {
    for (const condition of conditions) {
      const validate = ajv.compile(conditionToSchema(condition));
      for (const data of samples) {
        expect({ condition, data, holds: validate(data) }).toEqual({
          condition,
          data,
          holds: evaluateCondition(condition, data),
        });
      }
    }
  });

  it('treat missing, null, empty text and empty lists as not filled', () => {
    for (const value of [undefined, null, '', []])
      expect(evaluateCondition({ field: 'x', filled: true }, { x: value })).toBe(false);
    for (const value of [0, false, 'a', ['a']])
      expect(evaluateCondition({ field: 'x', filled: true }, { x: value })).toBe(true);
  });

  it('compare structured values deeply', () => {
    expect(evaluateCondition({ field: 'c', equals: { iso: 'DE' } }, { c: { iso: 'DE' } })).toBe(true);
    expect(evaluateCondition({ field: 'c', equals: { iso: 'DE' } }, { c: { iso: 'DE', name: 'x' } })).toBe(false);
  });
});
