import { describe, expect, it } from 'vitest';
import { formatNumberText, parseNumberText } from '../../../packages/react/src/widgets/choice/numberText.js';

const num = (value: number) => ({ kind: 'number', value });
const INVALID = { kind: 'invalid' };

describe('parseNumberText', () => {
  it('takes only digits and a leading minus in a whole-number field', () => {
    expect(parseNumberText(' 1200 ', 'en', true)).toEqual(num(1200));
    expect(parseNumberText('−2', 'en', true)).toEqual(num(-2));
    for (const text of ['900,50', '12.5', '1,000', '1.000', '12a', '+3', '--1', '1 000'])
      expect(parseNumberText(text, 'de', true), text).toEqual(INVALID);
    expect(parseNumberText('   ', 'en', true)).toEqual({ kind: 'empty' });
  });

  it("reads the page language's decimal comma and groups, and '1.5' everywhere", () => {
    expect(parseNumberText('1,5', 'de', false)).toEqual(num(1.5));
    expect(parseNumberText('1.5', 'de', false)).toEqual(num(1.5));
    expect(parseNumberText('900,50', 'de', false)).toEqual(num(900.5));
    expect(parseNumberText('1.500', 'de', false)).toEqual(num(1500));
    expect(parseNumberText('1.234.567,89', 'de', false)).toEqual(num(1234567.89));
    expect(parseNumberText('1 234,5', 'fr', false)).toEqual(num(1234.5));
    expect(parseNumberText('1\u202f234,5', 'fr', false)).toEqual(num(1234.5));
    expect(parseNumberText('1\u00a0234,5', 'ru', false)).toEqual(num(1234.5));
    expect(parseNumberText('1,5', 'vi', false)).toEqual(num(1.5));
    expect(parseNumberText('1,5', 'es', false)).toEqual(num(1.5));
    expect(parseNumberText('1,234.5', 'zh', false)).toEqual(num(1234.5));
    expect(parseNumberText('1,500', 'en', false)).toEqual(num(1500));
    expect(parseNumberText('.5', 'en', false)).toEqual(num(0.5));
    expect(parseNumberText('-0,25', 'de', false)).toEqual(num(-0.25));
  });

  it('guesses nothing: a comma that is not the decimal mark nor a group, stray signs and letters are invalid', () => {
    for (const text of ['1,5', '900,50', '1.5.5', '1.', '€5', '5€', '1e3', '1,50.5', '1 000', '+5', '12-'])
      expect(parseNumberText(text, 'en', false), text).toEqual(INVALID);
    for (const text of ['1,5,5', '1.500.5', '1,5.5']) expect(parseNumberText(text, 'de', false), text).toEqual(INVALID);
  });

  it('refuses more digits than a number keeps exactly', () => {
    expect(parseNumberText('12345678901234567890', 'en', true)).toEqual(INVALID);
    expect(parseNumberText('123456789012345', 'en', true)).toEqual(num(123456789012345));
    expect(parseNumberText('0.1234567890123456', 'en', false)).toEqual(INVALID);
  });
});

describe('formatNumberText', () => {
  it('writes the page language’s decimal mark without groups, so the text reads back as the same number', () => {
    expect(formatNumberText(1234.5, 'de')).toBe('1234,5');
    expect(formatNumberText(1234.5, 'en')).toBe('1234.5');
    for (const locale of ['en', 'de', 'fr', 'vi', 'es', 'zh', 'ru'])
      expect(parseNumberText(formatNumberText(-1234.56, locale), locale, false)).toEqual(num(-1234.56));
  });
});
