import { describe, expect, it } from 'vitest';
import { isObject } from '../../../packages/core/src/json/object.js';

describe('isObject', () => {
  it('is true for plain objects, empty or not, and objects without a prototype', () => {
    expect(isObject({})).toBe(true);
    expect(isObject({ a: 1 })).toBe(true);
    expect(isObject(Object.create(null))).toBe(true);
  });

  it('is false for null, arrays and every non-object', () => {
    for (const value of [null, undefined, [], [1], 0, 1, '', 'x', true, false, () => ({})]) {
      expect(isObject(value), String(value)).toBe(false);
    }
  });
});
