/** Country names for the country and calling-code fields: in the page's language, sorted as that language sorts. */
import { describe, expect, it } from 'vitest';
import { byMatch, countryOptions, loadCountryNames } from '../../../packages/react/src/i18n/countryNames.js';

describe('countryOptions', () => {
  it('sorts by the names in the page language as that language orders them, keeping the English name', async () => {
    await loadCountryNames('de');
    const list = countryOptions('de');
    expect(list.length).toBeGreaterThan(240);
    const labels = list.map((c) => c.label);
    // German puts Ä with A (Ägypten before Albanien) and Ö with O (Österreich before Pakistan)
    expect(labels.indexOf('Ägypten')).toBeLessThan(labels.indexOf('Albanien'));
    expect(labels.indexOf('Österreich')).toBeLessThan(labels.indexOf('Pakistan'));
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'de')));
    expect(list.find((c) => c.iso === 'AT')).toEqual({ iso: 'AT', name: 'Austria', label: 'Österreich' });
  });

  it('keeps to the listed codes, sorted likewise', () => {
    expect(countryOptions('en', ['VN', 'DE', 'AT']).map((c) => c.iso)).toEqual(['AT', 'DE', 'VN']);
  });
});

describe('byMatch', () => {
  it('puts the name that starts with what was typed first, then a word that does, keeping the order within', () => {
    const names = ['British Indian Ocean Territory', 'India', 'Indonesia', 'Saint Kitts and Nevis'].map((label) => ({
      label,
    }));
    const sorted = (typed: string) =>
      [...names].sort((a, b) => byMatch(a, b, { searchValue: typed })).map((n) => n.label);
    expect(sorted('India')).toEqual(['India', 'British Indian Ocean Territory', 'Indonesia', 'Saint Kitts and Nevis']);
    expect(sorted(' ind')).toEqual(['India', 'Indonesia', 'British Indian Ocean Territory', 'Saint Kitts and Nevis']);
    expect(sorted('nevis')[0]).toBe('Saint Kitts and Nevis');
  });
});
