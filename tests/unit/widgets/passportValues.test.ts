/**
 * How the passport answers become form values (widgets/passport/extracted.ts): the date formats passport
 * readers answer in, ICAO / ISO alpha-3 codes to the country field's shapes, and places in the place field's
 * shapes. Pure functions: no DOM, no network.
 */
import { describe, expect, it } from 'vitest';
import {
  chooseFacts,
  countryOf,
  detailsAsFacts,
  fillValues,
  normalizeDate,
  parseExtractedData,
  placeOf,
} from '../../../packages/react/src/widgets/passport/extracted.js';

const NOW = new Date('2026-06-01T12:00:00Z');

describe('passport dates', () => {
  it.each([
    ['2003-08-12', '2003-08-12'],
    ['2003-08-12T00:00:00Z', '2003-08-12'],
    ['12.08.2003', '2003-08-12'],
    ['12/08/2003', '2003-08-12'],
    ['12-08-2003', '2003-08-12'],
    ['2003/08/12', '2003-08-12'],
    ['12 AUG 2003', '2003-08-12'],
    ['12 AUG/AOÛT 03', '2003-08-12'],
    ['030812', '2003-08-12'],
  ])('reads %s as %s', (text, iso) => {
    expect(normalizeDate(text, 'past', NOW)).toBe(iso);
  });

  it('puts two-digit years of birth in the past and of expiry ahead', () => {
    expect(normalizeDate('650301', 'past', NOW)).toBe('1965-03-01');
    expect(normalizeDate('270301', 'past', NOW)).toBe('1927-03-01');
    expect(normalizeDate('270301', 'future', NOW)).toBe('2027-03-01');
  });

  it('leaves impossible or unreadable dates out', () => {
    for (const text of ['31.02.2003', '2003-13-01', 'unknown', '', '12 XYZ 2003']) {
      expect(normalizeDate(text, 'past', NOW)).toBeUndefined();
    }
  });
});

describe('passport countries', () => {
  it('maps alpha-3, ICAO and alpha-2 codes and English names to { name, iso }', () => {
    expect(countryOf('VNM')).toEqual({ name: 'Vietnam', iso: 'VN' });
    expect(countryOf('D')).toEqual({ name: 'Germany', iso: 'DE' });
    expect(countryOf('GBD')).toEqual({ name: 'United Kingdom', iso: 'GB' });
    expect(countryOf('fr')).toEqual({ name: 'France', iso: 'FR' });
    expect(countryOf('Germany')).toEqual({ name: 'Germany', iso: 'DE' });
    expect(countryOf('UTO')).toBeUndefined();
  });
});

describe('passport places', () => {
  it('fills the place record as the place search does, a trailing country included', () => {
    expect(placeOf('HANOI', 'cityState')).toEqual({
      location: 'Hanoi',
      city: 'Hanoi',
      state: '',
      country: '',
      iso: '',
    });
    expect(placeOf('KOELN, NRW, DEU', 'cityStateCountry')).toEqual({
      location: 'Koeln, NRW, Germany',
      city: 'Koeln',
      state: 'NRW',
      country: 'Germany',
      iso: 'DE',
    });
    expect(placeOf('SAO PAULO, BRA', 'text')).toBe('Sao Paulo, Brazil');
    expect(placeOf(' , ', 'cityState')).toBeUndefined();
  });
});

describe('passport answers', () => {
  it('prefers a non-empty extraction and falls back to the verification details', () => {
    const extraction = parseExtractedData(JSON.stringify({ PassportNumber: 'C01X00T47', PlaceofBirth: '' }));
    const details = detailsAsFacts({ documentNumber: 'ZZ1', dob: '1990-01-01', nationalityIso3: 'FRA' });
    expect(chooseFacts(extraction, details)).toEqual({ source: 'extraction', facts: extraction });
    expect(chooseFacts(parseExtractedData('{"PassportNumber":""}'), details)).toEqual({
      source: 'verification',
      facts: { PassportNumber: 'ZZ1', DateofBirth: '1990-01-01', Nationality: 'FRA' },
    });
    expect(chooseFacts({}, {})).toEqual({ source: 'none', facts: {} });
    expect(parseExtractedData('not json')).toEqual({});
  });

  it('sets only the fields the answer has a fitting value for', () => {
    const values = fillValues(
      { passportNumber: 'PassportNumber', nationality: 'Nationality', dateOfBirth: 'DateofBirth', other: 'Missing' },
      { PassportNumber: ' c01 x00t47 ', Nationality: 'XXX', DateofBirth: '12.08.2003' },
      (field) =>
        field === 'nationality'
          ? { kind: 'country', shape: 'object' }
          : field === 'dateOfBirth'
            ? { kind: 'date' }
            : { kind: 'text' },
      NOW,
    );
    expect(values).toEqual({ passportNumber: 'C01X00T47', dateOfBirth: '2003-08-12' });
  });

  it('gives a country in the shape of the field, and not one the field does not offer', () => {
    const facts = { Nationality: 'DEU' };
    const fills = { nationality: 'Nationality' };
    expect(fillValues(fills, facts, () => ({ kind: 'country', shape: 'code' }))).toEqual({ nationality: 'DE' });
    expect(fillValues(fills, facts, () => ({ kind: 'country', shape: 'name' }))).toEqual({ nationality: 'Germany' });
    expect(fillValues(fills, facts, () => ({ kind: 'country', shape: 'object', allowed: ['FR'] }))).toEqual({});
  });
});
