import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestingDepth, valueDepth } from '../../../packages/core/src/json/depth.js';

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

describe('nestingDepth', () => {
  it('counts brackets and braces outside strings', () => {
    expect(nestingDepth('')).toBe(0);
    expect(nestingDepth('"text"')).toBe(0);
    expect(nestingDepth('{}')).toBe(1);
    expect(nestingDepth('{ "a": [1, { "b": [] }] }')).toBe(4);
    expect(nestingDepth('[[1], [[2]]]')).toBe(3);
  });

  it('skips brackets in strings, escaped quotes and backslashes included', () => {
    expect(nestingDepth('{ "a": "[[[{{{" }')).toBe(1);
    expect(nestingDepth('{ "a": "\\"[[[" }')).toBe(1);
    expect(nestingDepth('{ "a": "\\\\", "b": [[]] }')).toBe(3);
  });

  it('takes broken JSON as it comes (a draft need not parse)', () => {
    expect(nestingDepth('{ "a": [[')).toBe(3);
    expect(nestingDepth(']]]{')).toBe(1);
  });

  it('stops past the limit, on texts far too deep for any recursive reader', () => {
    expect(nestingDepth(deep(MAX_JSON_DEPTH))).toBe(MAX_JSON_DEPTH);
    expect(nestingDepth(deep(MAX_JSON_DEPTH + 1))).toBe(MAX_JSON_DEPTH + 1);
    expect(nestingDepth(deep(1_000_000))).toBe(MAX_JSON_DEPTH + 1);
    expect(nestingDepth(deep(50), 10)).toBe(11);
  });
});

describe('valueDepth', () => {
  it('counts arrays and objects of a parsed value, without recursion', () => {
    expect(valueDepth('x')).toBe(0);
    expect(valueDepth({})).toBe(1);
    expect(valueDepth({ a: [1, { b: [] }] })).toBe(4);
    expect(valueDepth(JSON.parse(deep(100_000)))).toBe(MAX_JSON_DEPTH + 1);
    expect(valueDepth(JSON.parse(deep(MAX_JSON_DEPTH)))).toBe(MAX_JSON_DEPTH);
  });
});
