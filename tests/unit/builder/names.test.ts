import { describe, expect, it } from 'vitest';
import { fieldNameFromLabel, fieldNameProblem } from '../../../packages/core/src/builder/index.js';
import { smallForm } from './helpers.js';

const DSL_FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;

describe('fieldNameFromLabel', () => {
  it.each([
    ['Rental start date', 'rentalStartDate'],
    ['First name', 'firstName'],
    ['IBAN number', 'ibanNumber'],
    ['E-mail address', 'eMailAddress'],
    ['Größe in Metern', 'groesseInMetern'],
    ['Straße und Hausnummer', 'strasseUndHausnummer'],
    ['Über uns', 'ueberUns'],
    ['Prénom de l’élève', 'prenomDeLEleve'],
    ['Họ và tên', 'hoVaTen'],
    ['Ærø Łódź', 'aeroLodz'],
    ['姓名', 'field'],
    ['Имя', 'field'],
    ['🎉🎉', 'field'],
    ['Email 邮箱', 'email'],
    ['2nd address', 'field2ndAddress'],
    ['', 'field'],
    ['   ', 'field'],
  ])('%j → %j', (label, name) => {
    expect(fieldNameFromLabel(label, [])).toBe(name);
  });

  it('keeps 300 characters to a name of at most 40 that fits the DSL', () => {
    const words = fieldNameFromLabel('Very long label '.repeat(20), []);
    expect(words.length).toBeLessThanOrEqual(40);
    expect(words).toMatch(/^veryLongLabel(VeryLongLabel)*$/);
    const one = fieldNameFromLabel('a'.repeat(300), []);
    expect(one).toBe('a'.repeat(40));
  });

  it('adds 2, 3 … on a clash', () => {
    expect(fieldNameFromLabel('First name', ['firstName'])).toBe('firstName2');
    expect(fieldNameFromLabel('First name', new Set(['firstName', 'firstName2']))).toBe('firstName3');
    expect(fieldNameFromLabel('姓名', ['field'])).toBe('field2');
  });

  it('never gives a name every object already has', () => {
    expect(fieldNameFromLabel('Constructor', [])).toBe('constructor2');
    expect(fieldNameFromLabel('prototype', [])).toBe('prototype2');
    expect(fieldNameFromLabel('__proto__', [])).toBe('proto');
  });

  it('always fits the DSL’s field-name pattern', () => {
    for (const label of ['#1 choice', '-', '_x_', 'ÅÄÖ', 'İstanbul', '١٢٣', 'ﬁle', 'Ⅻ']) {
      expect(fieldNameFromLabel(label, [])).toMatch(DSL_FIELD_NAME);
    }
  });
});

describe('fieldNameProblem', () => {
  const def = { ...smallForm(), computed: { total: { type: 'number' as const, expression: 1 } } };

  it('accepts a free name that fits the pattern', () => {
    expect(fieldNameProblem(def, 'middleName')).toBeUndefined();
    expect(fieldNameProblem(def, '_private-2')).toBeUndefined();
  });

  it.each([
    ['', 'empty'],
    ['2nd', 'pattern'],
    ['first name', 'pattern'],
    ['country.iso', 'pattern'],
    ['naïve', 'pattern'],
    ['__proto__', 'reserved'],
    ['constructor', 'reserved'],
    ['prototype', 'reserved'],
    ['lastName', 'taken'],
    ['passport', 'taken'],
    ['total', 'taken'],
    ['x'.repeat(81), 'tooLong'],
  ])('%j: %s', (name, problem) => {
    expect(fieldNameProblem(def, name)).toBe(problem);
  });

  it('lets a field keep its own name', () => {
    expect(fieldNameProblem(def, 'lastName', 'lastName')).toBeUndefined();
    expect(fieldNameProblem(def, 'lastName', 'firstName')).toBe('taken');
  });
});
