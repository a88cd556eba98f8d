/**
 * The second line against slow patterns (issue 17): the server's validators run a pattern on at most 5,000 code
 * points; a longer text is left to the field's maxLength, which every field with a pattern has (publish limits), so
 * even a pattern that slipped past the publish check costs little on a long text, and the answer names the length.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLISH_LIMITS } from '../../../packages/core/src/compile/publishLimits.js';
import { boundedRegExp, createAjv } from '../../../packages/core/src/validate/ajv.js';

const LIMIT = PUBLISH_LIMITS.patternInput;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('boundedRegExp', () => {
  it('runs a pattern on text up to the limit, and not on a longer one', () => {
    const digits = boundedRegExp('^[0-9]+$', 'u');
    expect(digits.test('1'.repeat(LIMIT))).toBe(true);
    expect(digits.test('12a')).toBe(false);
    const run = vi.spyOn(RegExp.prototype, 'test');
    expect(digits.test(`${'1'.repeat(LIMIT)}a`)).toBe(true);
    expect(run).not.toHaveBeenCalled();
  });

  it('counts code points as maxLength does: 5,000 emoji are 10,000 code units and still run', () => {
    const letters = boundedRegExp('^[a-z]+$', 'u');
    expect(letters.test('😀'.repeat(LIMIT))).toBe(false);
    expect(letters.test('😀'.repeat(LIMIT + 1))).toBe(true);
  });

  it('keeps a catastrophic pattern from running on a long text', () => {
    const run = vi.spyOn(RegExp.prototype, 'test');
    boundedRegExp('^(a+)+$', 'u').test(`${'a'.repeat(LIMIT + 1000)}!`);
    expect(run).not.toHaveBeenCalled();
  });

  it("is the run-time validators' engine: a long text is refused by its maxLength, named as such", () => {
    const ajv = createAjv();
    const validate = ajv.compile({
      type: 'object',
      properties: {
        zip: { type: 'string', pattern: '^[0-9]{5}$' },
        note: { type: 'string', maxLength: LIMIT, pattern: '\\S' },
      },
    });
    expect(validate({ zip: '12345', note: 'hi' })).toBe(true);
    expect(validate({ zip: 'DE' })).toBe(false);
    expect((validate.errors ?? []).map((e) => e.instancePath)).toEqual(['/zip']);
    expect(validate({ note: ' '.repeat(LIMIT + 1) })).toBe(false);
    expect((validate.errors ?? []).map((e) => e.keyword)).toEqual(['maxLength']);
  });
});
