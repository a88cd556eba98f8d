import { describe, expect, it } from 'vitest';
import type { ComputedValue } from '../../../packages/core/src/dsl/types.js';
import { addPeriod, formatDate, todayIso, wholeYearsBetween } from '../../../packages/core/src/expr/dates.js';
import { evaluateExpression, variablesOf, withComputedValues } from '../../../packages/core/src/expr/index.js';

describe('dates', () => {
  it('counts whole years as an age at a date', () => {
    expect(wholeYearsBetween('2008-06-15', '2026-06-14')).toBe(17);
    expect(wholeYearsBetween('2008-06-15', '2026-06-15')).toBe(18);
    expect(wholeYearsBetween('2008-02-29', '2026-02-28')).toBe(17);
    expect(wholeYearsBetween('bad', '2026-02-28')).toBeNull();
  });
  it('adds periods, clamping to the end of the month', () => {
    expect(addPeriod('2026-01-31', { months: 1 })).toBe('2026-02-28');
    expect(addPeriod('2024-02-29', { years: 1 })).toBe('2025-02-28');
    expect(addPeriod('2026-12-31', { days: 1 })).toBe('2027-01-01');
    expect(addPeriod('2026-03-01', { days: -1 })).toBe('2026-02-28');
  });
  it('formats ISO dates and months for payloads', () => {
    expect(formatDate('2026-04-01', 'DD.MM.YYYY')).toBe('01.04.2026');
    expect(formatDate('2026-04-01', 'DD/MM/YYYY')).toBe('01/04/2026');
    expect(formatDate('2026-04', 'MM/YYYY')).toBe('04/2026');
    expect(formatDate('not a date', 'DD.MM.YYYY')).toBe('not a date');
  });
  it('today is an ISO date', () => {
    expect(todayIso(new Date(2026, 10, 2))).toBe('2026-11-02');
  });
});

const visaTypes = [
  { id: 1, title: 'Student', amount: 992, setup_fee: 49, monthly_fee: 5, buffer_amount: 80 },
  { id: 4, title: 'Vocational trainee', amount: 1091, setup_fee: 59, monthly_fee: 6, buffer_amount: 100 },
];

describe('computed values', () => {
  const computed: Record<string, ComputedValue> = {
    isMinor: {
      type: 'boolean',
      expression: { '<': [{ yearsBetween: [{ var: 'dateOfBirth' }, { var: 'dateOfArrival' }] }, 18] },
    },
    totalDeposit: {
      type: 'number',
      expression: {
        round: [
          {
            '+': [
              { '*': [{ var: 'blockedAmountPerMonth' }, { var: 'contractDuration' }] },
              { lookup: ['visaTypes', { var: 'visaType' }, 'setup_fee'] },
              { '*': [{ lookup: ['visaTypes', { var: 'visaType' }, 'monthly_fee'] }, { var: 'contractDuration' }] },
              { lookup: ['visaTypes', { var: 'visaType' }, 'buffer_amount'] },
              { if: [{ var: 'isMinor' }, 20, 0] },
            ],
          },
          2,
        ],
      },
    },
  };

  it('computes the minor flag from the age at the date of arrival', () => {
    const minor = withComputedValues({ dateOfBirth: '2009-01-10', dateOfArrival: '2027-01-09' }, computed, {
      visaTypes,
    });
    const adult = withComputedValues({ dateOfBirth: '2009-01-10', dateOfArrival: '2027-01-10' }, computed, {
      visaTypes,
    });
    expect(minor.isMinor).toBe(true);
    expect(adult.isMinor).toBe(false);
  });

  it('computes the total blocking amount, with the minor fee, from reference data', () => {
    const data = {
      visaType: '1',
      blockedAmountPerMonth: 992,
      contractDuration: 12,
      dateOfBirth: '2000-01-01',
      dateOfArrival: '2027-01-01',
    };
    // 992 × 12 + 49 + 5 × 12 + 80
    expect(withComputedValues(data, computed, { visaTypes }).totalDeposit).toBe(12_093);
    const minor = { ...data, dateOfBirth: '2010-01-01' };
    expect(withComputedValues(minor, computed, { visaTypes }).totalDeposit).toBe(12_113);
  });

  it('overwrites a value the browser sent under a computed name', () => {
    expect(
      withComputedValues({ isMinor: false, dateOfBirth: '2015-01-01', dateOfArrival: '2027-01-01' }, computed).isMinor,
    ).toBe(true);
  });

  it('lists the variables an expression reads', () => {
    expect(variablesOf(computed.totalDeposit.expression)).toEqual([
      'blockedAmountPerMonth',
      'contractDuration',
      'isMinor',
      'visaType',
    ]);
  });

  it('a lookup of an unknown record gives null', () => {
    expect(evaluateExpression({ lookup: ['visaTypes', 99, 'amount'] }, {}, { visaTypes })).toBeNull();
    expect(evaluateExpression({ lookup: ['nothing', 1, 'amount'] }, {}, { visaTypes })).toBeNull();
  });
});
