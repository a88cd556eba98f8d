/**
 * The second line against slow patterns (issue 17): the server's validators run a pattern on at most 5,000 code
 * points, so even a pattern that slipped past the publish check costs little on a long text; nothing valid fails.
 */
import { describe, expect, it } from 'vitest';
import { PUBLISH_LIMITS } from '../../../packages/core/src/compile/publishLimits.js';
import { boundedRegExp, createAjv } from '../../../packages/core/src/validate/ajv.js';

const LIMIT = PUBLISH_LIMITS.patternInput;

describe('boundedRegExp', () => {
  it('runs a pattern on text up to the limit and fails a longer one without running it', () => {
    const digits = boundedRegExp('^[0-9]+$', 'u');
    expect(digits.test('1'.repeat(LIMIT))).toBe(true);
    expect(digits.test('1'.repeat(LIMIT + 1))).toBe(false);
    expect(digits.test('12a')).toBe(false);
  });

  it('counts code points as maxLength does: 5,000 emoji are 10,000 code units and still within', () => {
    const any = boundedRegExp('^.+$', 'u');
    expect(any.test('😀'.repeat(LIMIT))).toBe(true);
    expect(any.test('😀'.repeat(LIMIT + 1))).toBe(false);
  });

  it('keeps a catastrophic pattern from running on a long text: the server answers at once', () => {
    const started = performance.now();
    // `^(a+)+$` on 31 a's and a '!' takes seconds; on 6,000 it would never end
    expect(boundedRegExp('^(a+)+$', 'u').test(`${'a'.repeat(LIMIT + 1000)}!`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it("is the run-time validators' engine, one expression a pattern (ajv keys them by their text)", () => {
    const ajv = createAjv();
    const validate = ajv.compile({
      type: 'object',
      properties: { zip: { type: 'string', pattern: '^[0-9]{5}$' }, code: { type: 'string', pattern: '^[A-Z]{2}$' } },
    });
    expect(validate({ zip: '12345', code: 'DE' })).toBe(true);
    expect(validate({ zip: 'DE', code: '12345' })).toBe(false);
    expect((validate.errors ?? []).map((e) => e.instancePath).sort()).toEqual(['/code', '/zip']);
    expect(validate({ zip: '1'.repeat(LIMIT + 1) })).toBe(false);
  });
});
