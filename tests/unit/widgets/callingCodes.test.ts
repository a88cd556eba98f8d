import { describe, expect, it } from 'vitest';
import { optionList } from '../../../packages/core/src/compile/fields/choices.js';
import type { FieldBuild } from '../../../packages/core/src/compile/fields/types.js';
import { callingCodeOf, callingCodes } from '../../../packages/react/src/widgets/phone/callingCodes.js';

// the compiler's calling codes come from libphonenumber's metadata: the phone field's table must say the same
const dialCodes = optionList({ builtin: 'dialCodes' }, {} as FieldBuild) as Array<{ value: string; country: string }>;

describe('calling codes without libphonenumber', () => {
  it('are libphonenumber’s, for every country it knows and no other', () => {
    expect(dialCodes.length).toBeGreaterThan(200);
    const expected = Object.fromEntries(dialCodes.map((o) => [o.country, o.value.slice(1)]));
    expect(Object.fromEntries(callingCodes())).toEqual(expected);
  });

  it('are given with their plus sign, and none for no country', () => {
    expect(callingCodeOf('DE')).toBe('+49');
    expect(callingCodeOf('CA')).toBe('+1');
    expect(callingCodeOf(undefined)).toBeUndefined();
    expect(callingCodeOf('ZZ')).toBeUndefined();
  });
});
