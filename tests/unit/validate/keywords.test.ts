import { describe, expect, it } from 'vitest';
import { addPeriod, todayIso } from '../../../packages/core/src/expr/dates.js';
import { createAjv } from '../../../packages/core/src/validate/ajv.js';
import { isValidPhone, isValidPostalCode } from '../../../packages/core/src/validate/runtime.js';

const ajv = createAjv();

/** Messages of the errors a schema reports for some data (instancePath → message key). */
function messages(schema: object, data: unknown): string[] {
  const validate = ajv.compile(schema);
  validate(data);
  return (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

const zipSchema = {
  type: 'object',
  properties: {
    country: {},
    zipCode: { type: 'string', requiresField: 'country', postalCodeFor: 'country' },
  },
};

describe('postalCodeFor and requiresField', () => {
  it('accepts a postal code valid for the chosen country', () => {
    expect(messages(zipSchema, { country: { name: 'Germany', iso: 'DE' }, zipCode: '10115' })).toEqual([]);
    expect(messages(zipSchema, { country: { name: 'Vietnam', iso: 'VN' }, zipCode: '700000' })).toEqual([]);
  });
  it("reports 'Invalid zip code!' (validation.zipInvalid) for another country's format", () => {
    expect(messages(zipSchema, { country: { iso: 'DE' }, zipCode: '1011' })).toEqual([
      '/zipCode validation.zipInvalid',
    ]);
    expect(messages(zipSchema, { country: { iso: 'GB' }, zipCode: '10115' })).toEqual([
      '/zipCode validation.zipInvalid',
    ]);
  });
  it('asks for the country first when none is chosen', () => {
    expect(messages(zipSchema, { zipCode: '10115' })).toEqual(['/zipCode validation.selectFirst']);
    expect(messages(zipSchema, { country: null, zipCode: '10115' })).toEqual(['/zipCode validation.selectFirst']);
  });
  it('reads the country from a code string too, and accepts any plausible code where no format is known', () => {
    expect(isValidPostalCode('75001', 'FR')).toBe(true);
    expect(isValidPostalCode('ABC', 'FR')).toBe(false);
    expect(isValidPostalCode('12345', 'XK')).toBe(true);
  });
});

describe('phone', () => {
  const schema = { type: 'object', properties: { phoneNumber: { type: 'object', phone: true } } };
  it('accepts a number valid for its country', () => {
    expect(
      messages(schema, { phoneNumber: { countryCode: '+49', phoneNumber: '15123456789', isoCode: 'DE' } }),
    ).toEqual([]);
  });
  it("reports 'Invalid phone number' for a number not valid in the country", () => {
    expect(messages(schema, { phoneNumber: { countryCode: '+49', phoneNumber: '123', isoCode: 'DE' } })).toEqual([
      '/phoneNumber validation.phoneInvalid',
    ]);
    // a valid German mobile is not a valid Vietnamese number
    expect(isValidPhone({ phoneNumber: '15123456789', isoCode: 'VN' })).toBe(false);
  });
  it('uses the dial code when no ISO code is given, and leaves an empty number to the required rule', () => {
    expect(isValidPhone({ countryCode: '+84', phoneNumber: '912345678' })).toBe(true);
    expect(isValidPhone({ countryCode: '+49', phoneNumber: '' })).toBe(true);
  });
  it('phoneFor checks a number string against a sibling country field', () => {
    const s = { type: 'object', properties: { c: {}, n: { type: 'string', phoneFor: 'c' } } };
    expect(messages(s, { c: 'DE', n: '030 1234567' })).toEqual([]);
    expect(messages(s, { c: 'DE', n: '99' })).toEqual(['/n validation.phoneInvalid']);
  });
});

describe('sameAs', () => {
  const schema = {
    type: 'object',
    properties: { email: { type: 'string' }, confirmEmail: { type: 'string', sameAs: 'email' } },
  };
  it('passes when both values are equal', () => {
    expect(messages(schema, { email: 'a@b.de', confirmEmail: 'a@b.de' })).toEqual([]);
  });
  it('fails when they differ, and waits while the first is empty', () => {
    expect(messages(schema, { email: 'a@b.de', confirmEmail: 'x@b.de' })).toEqual(['/confirmEmail validation.sameAs']);
    expect(messages(schema, { confirmEmail: 'x@b.de' })).toEqual([]);
  });
});

describe('dateRule', () => {
  const today = todayIso();
  const tomorrow = addPeriod(today, { days: 1 })!;
  const yesterday = addPeriod(today, { days: -1 })!;
  const arrival = {
    type: 'string',
    allOf: [
      { dateRule: { relation: 'after', ref: 'today' } },
      { dateRule: { relation: 'notAfter', ref: { today: { years: 1 } } } },
    ],
  };
  it('after today and within one year', () => {
    expect(messages(arrival, tomorrow)).toEqual([]);
    expect(messages(arrival, addPeriod(today, { years: 1 }))).toEqual([]);
    expect(messages(arrival, today)).toEqual([' validation.dateOutOfRange']);
    expect(messages(arrival, addPeriod(today, { years: 1, days: 1 }))).toEqual([' validation.dateOutOfRange']);
  });
  it('not in the future', () => {
    const s = { type: 'string', dateRule: { relation: 'notAfter', ref: 'today' } };
    expect(messages(s, today)).toEqual([]);
    expect(messages(s, tomorrow)).toHaveLength(1);
  });
  it('between another field and today', () => {
    const s = {
      type: 'object',
      properties: {
        dateOfBirth: { type: 'string' },
        issued: {
          type: 'string',
          allOf: [
            { dateRule: { relation: 'notBefore', ref: { field: 'dateOfBirth' } } },
            { dateRule: { relation: 'notAfter', ref: 'today' } },
          ],
        },
      },
    };
    expect(messages(s, { dateOfBirth: '2000-05-01', issued: yesterday })).toEqual([]);
    expect(messages(s, { dateOfBirth: '2000-05-01', issued: '1999-12-31' })).toEqual([
      '/issued validation.dateOutOfRange',
    ]);
    // no birth date yet: the reference is missing and the rule waits (a requires rule asks for it)
    expect(messages(s, { issued: '1999-12-31' })).toEqual([]);
  });
  it('rejects a malformed rule at compile time', () => {
    expect(() => ajv.compile({ dateRule: { relation: 'someday', ref: 'today' } })).toThrow(/dateRule/);
  });
});

describe('formats', () => {
  it('date is checked against the calendar', () => {
    expect(messages({ type: 'string', format: 'date' }, '2024-02-29')).toEqual([]);
    expect(messages({ type: 'string', format: 'date' }, '2023-02-29')).toHaveLength(1);
  });
  it('email accepts domain literals and rejects a missing domain', () => {
    const s = { type: 'string', format: 'email' };
    expect(messages(s, 'student@uni-berlin.de')).toEqual([]);
    expect(messages(s, 'student@[192.168.0.1]')).toEqual([]);
    expect(messages(s, 'student@')).toHaveLength(1);
    expect(messages(s, 'student@localhost')).toHaveLength(1);
  });
});

describe('ajv-errors messages replace keyword messages', () => {
  it('uses the rule message key given in errorMessage', () => {
    const s = { type: 'string', allOf: [{ postalCodeFor: 'c', errorMessage: 'validation.zipInvalid' }] };
    const o = { type: 'object', properties: { c: {}, z: s } };
    expect(messages(o, { c: 'DE', z: '1' })).toEqual(['/z validation.zipInvalid']);
  });
});
