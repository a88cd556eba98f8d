/**
 * The studio's readers of a form text refuse one nested deeper than 256 levels before they recurse (issue 18: a
 * draft of `[` × 20,000 overflowed the stack and left the studio blank): the builder's parse and the ranges the
 * problems are marked at (jsonc-parser recurses).
 */
import { describe, expect, it } from 'vitest';
import { parseDefinition } from '../../../site/web/studio/builder/selection.js';
import { rangeAt, rangeOfPointer } from '../../../site/web/studio/ranges.js';

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const form = (rules: string) =>
  `{ "id": "deep", "title": "Deep", "version": 1, "steps": [{ "id": "a", "title": "A", "fields": [{ "name": "x", "type": "text", "label": "X", "rules": ${rules} }] }] }`;

describe('a text nested too deeply', () => {
  it('is no definition for the builder: the reason names the limit', () => {
    for (const text of [deep(20_000), form(deep(20_000)), form(deep(300))]) {
      expect(parseDefinition(text)).toEqual({ error: 'nested deeper than 256 levels; a form needs far fewer' });
    }
    expect('definition' in parseDefinition(form(deep(200)))).toBe(true);
  });

  it('has its problems placed without a syntax tree', () => {
    expect(rangeAt(deep(20_000), 1, 258)).toEqual({ from: 257, to: 258 });
    // no tree: the first line is marked
    expect(rangeOfPointer(deep(20_000), '/0/0')).toEqual({ from: 0, to: 40_000 });
  });
});
