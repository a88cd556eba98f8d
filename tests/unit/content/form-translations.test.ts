/** collectTranslations: a CMS record read in English and in another language gives that language's texts. */

import type { CmsTranslations } from '@antrag/core/import';
import { describe, expect, it } from 'vitest';
import { collectTranslations } from '../../../site/server/content/formDocuments.js';

describe('collectTranslations', () => {
  it('pairs texts at the same keys and list positions, and keeps what reads the same out', () => {
    const texts: CmsTranslations = {};
    collectTranslations(
      { name: 'Booking', steps: [{ headline: 'Your data', fields: [{ label: 'E-mail', id: 'email' }] }], count: 2 },
      { name: 'Buchung', steps: [{ headline: 'Deine Daten', fields: [{ label: 'E-Mail', id: 'email' }] }], count: 2 },
      'de',
      texts,
    );
    expect(texts).toEqual({
      Booking: { de: 'Buchung' },
      'Your data': { de: 'Deine Daten' },
      'E-mail': { de: 'E-Mail' },
    });
  });

  it('keeps the first translation of a text, adds other languages to it, and skips blank or mismatched places', () => {
    const texts: CmsTranslations = {};
    collectTranslations(
      ['Yes', 'Yes', ' ', 'No', { a: 'Name' }],
      ['Ja', 'Jawohl', 'Leer', ['Nein'], 'Name?'],
      'de',
      texts,
    );
    collectTranslations(['Yes'], ['Oui'], 'fr', texts);
    expect(texts).toEqual({ Yes: { de: 'Ja', fr: 'Oui' } });
  });

  it('takes a text such as "__proto__" as a text, without touching any prototype', () => {
    const texts: CmsTranslations = {};
    collectTranslations({ label: '__proto__' }, { label: 'Prototyp' }, 'de', texts);
    expect(Object.getPrototypeOf(texts)).toBe(Object.prototype);
    expect(Object.hasOwn(texts, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(texts, '__proto__')?.value).toEqual({ de: 'Prototyp' });
    expect(({} as Record<string, unknown>).de).toBeUndefined();
  });
});
