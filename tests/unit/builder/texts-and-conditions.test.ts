import { describe, expect, it } from 'vitest';
import { fromSimpleCondition, textIn, toSimpleCondition, withText } from '../../../packages/core/src/builder/index.js';
import type { Condition } from '../../../packages/core/src/dsl/types.js';

describe('textIn', () => {
  it('reads one language with no fallback', () => {
    expect(textIn('Hello', 'en')).toBe('Hello');
    expect(textIn('Hello', 'de')).toBe('');
    expect(textIn({ en: 'Hello', de: 'Hallo' }, 'de')).toBe('Hallo');
    expect(textIn({ en: 'Hello', de: 'Hallo' }, 'fr')).toBe('');
    expect(textIn({ key: 'fields.name' }, 'en')).toBe('');
    expect(textIn(undefined, 'en')).toBe('');
  });
});

describe('withText', () => {
  it('keeps a plain string while only English is set', () => {
    expect(withText('Hello', 'en', 'Hi')).toBe('Hi');
    expect(withText(undefined, 'en', 'Hi')).toBe('Hi');
  });

  it('turns a plain string into translations when another language is set', () => {
    expect(withText('Hello', 'de', 'Hallo')).toEqual({ en: 'Hello', de: 'Hallo' });
    expect(withText(undefined, 'zh', '你好')).toEqual({ en: '', zh: '你好' });
  });

  it('removes a language given an empty value, but keeps English as ""', () => {
    expect(withText({ en: 'Hello', de: 'Hallo', fr: 'Bonjour' }, 'de', '')).toEqual({ en: 'Hello', fr: 'Bonjour' });
    expect(withText({ en: 'Hello', de: 'Hallo' }, 'en', '')).toEqual({ en: '', de: 'Hallo' });
    expect(withText('Hello', 'ru', '')).toBe('Hello');
  });

  it('sets a language of translations without touching the input', () => {
    const input = Object.freeze({ en: 'Hello', de: 'Hallo' });
    expect(withText(input, 'es', 'Hola')).toEqual({ en: 'Hello', de: 'Hallo', es: 'Hola' });
    expect(withText(input, 'de', 'Servus')).toEqual({ en: 'Hello', de: 'Servus' });
    expect(input).toEqual({ en: 'Hello', de: 'Hallo' });
  });

  it('replaces a catalogue reference by the form’s own text', () => {
    expect(withText({ key: 'fields.name' }, 'en', 'Name')).toBe('Name');
    expect(withText({ key: 'fields.name' }, 'de', 'Name')).toEqual({ en: '', de: 'Name' });
  });
});

describe('simple conditions', () => {
  it.each<[Condition, ReturnType<typeof toSimpleCondition>]>([
    [
      { field: 'profession', equals: 'student' },
      { field: 'profession', operator: 'is', value: 'student' },
    ],
    [
      { field: 'country.iso', notEquals: 'DE' },
      { field: 'country.iso', operator: 'isNot', value: 'DE' },
    ],
    [
      { field: 'size', in: ['s', 'm'] },
      { field: 'size', operator: 'isOneOf', value: ['s', 'm'] },
    ],
  ])('%j ⇄ pickers', (condition, simple) => {
    expect(toSimpleCondition(condition)).toEqual(simple);
    expect(fromSimpleCondition(simple as Exclude<typeof simple, 'complex' | undefined>)).toEqual(condition);
  });

  it.each<Condition>([
    { field: 'x', filled: true },
    { all: [{ field: 'x', equals: 1 }] },
    { any: [{ field: 'x', equals: 1 }] },
    { not: { field: 'x', equals: 1 } },
    { option: 'faceVerification', equals: true },
  ])('%j is complex', (condition) => {
    expect(toSimpleCondition(condition)).toBe('complex');
  });

  it('gives undefined for no condition, and a list for one value of isOneOf', () => {
    expect(toSimpleCondition(undefined)).toBeUndefined();
    expect(fromSimpleCondition({ field: 'x', operator: 'isOneOf', value: 'a' })).toEqual({ field: 'x', in: ['a'] });
  });
});
