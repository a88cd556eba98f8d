import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../packages/core/src/dsl/types.js';
import { CATALOGUES, type StudioKey, studioT } from '../../../site/web/studio/i18n.js';

const en = CATALOGUES.en as Record<string, string>;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the studio's texts", () => {
  for (const locale of LOCALES) {
    it(`${locale}: every text, with the same placeholders as English`, () => {
      const own = CATALOGUES[locale] as Record<string, string>;
      for (const [key, text] of Object.entries(en)) {
        const plural = /_(one|other)$/.exec(key);
        const stem = plural ? key.slice(0, plural.index) : key;
        const translated = plural ? own[`${stem}_other`] : own[key];
        expect(translated, `${locale} ${key}`).toBeTypeOf('string');
        expect(placeholders(translated ?? ''), `${locale} ${key}`).toEqual(placeholders(text));
      }
      for (const key of Object.keys(own))
        expect(en[key] ?? en[`${key.replace(/_(few|many)$/, '')}_other`], key).toBeDefined();
    });
  }

  it("counts in each language's plural forms", () => {
    const ru = studioT('ru');
    expect(ru.count('problems.errors', 1)).toBe('1 ошибка');
    expect(ru.count('problems.errors', 3)).toBe('3 ошибки');
    expect(ru.count('problems.errors', 5)).toBe('5 ошибок');
    expect(studioT('en').count('problems.warnings', 0)).toBe('0 warnings');
    expect(studioT('zh').count('problems.errors', 2)).toBe('2 个错误');
  });

  it('fills parameters and falls back to English, then to the key', () => {
    expect(studioT('de')('save.done', { path: 'a.form.json' })).toBe('a.form.json gespeichert');
    expect(studioT('de')('nope' as StudioKey)).toBe('nope');
  });
});
