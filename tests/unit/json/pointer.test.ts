import { describe, expect, it } from 'vitest';
import {
  escapeSegment,
  parsePointer,
  pointerSegments,
  toPointer,
  unescapeSegment,
} from '../../../packages/core/src/json/pointer.js';

describe('JSON Pointer segments (RFC 6901)', () => {
  it('escapes ~ as ~0 and / as ~1, and reads them back', () => {
    expect(escapeSegment('a/b~c')).toBe('a~1b~0c');
    expect(escapeSegment(3)).toBe('3');
    expect(unescapeSegment('a~1b~0c')).toBe('a/b~c');
  });

  it('reads ~01 as ~1, not as /: ~1 is unescaped before ~0', () => {
    expect(escapeSegment('~1')).toBe('~01');
    expect(unescapeSegment('~01')).toBe('~1');
  });

  it('round-trips segments with ~, / and empty keys', () => {
    const segments = ['a/b', '~', '', 'c~1d', '/', '~0', 'plain', ''];
    const pointer = toPointer(segments);
    expect(pointer).toBe('/a~1b/~0//c~01d/~1/~00/plain/');
    expect(parsePointer(pointer)).toEqual(segments);
    expect(pointerSegments(pointer)).toEqual(segments);
  });

  it('numbers become index segments; no segments is the whole document', () => {
    expect(toPointer(['items', 0, 'name'])).toBe('/items/0/name');
    expect(toPointer([])).toBe('');
    expect(parsePointer('')).toEqual([]);
  });

  it('parsePointer reads / as the key "" and ignores what precedes the first /', () => {
    expect(parsePointer('/')).toEqual(['']);
    expect(parsePointer('//')).toEqual(['', '']);
    expect(parsePointer('a/b')).toEqual(['b']);
  });

  it('pointerSegments, as authors type pointers, reads / as the whole document and a missing leading /', () => {
    expect(pointerSegments('')).toEqual([]);
    expect(pointerSegments('/')).toEqual([]);
    expect(pointerSegments('a~1b/c')).toEqual(['a/b', 'c']);
    expect(pointerSegments('/a~1b/c')).toEqual(['a/b', 'c']);
  });
});
