import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SITE_LOCALES, siteCatalogues, siteKeys, siteText } from '../../../site/web/content/locales/index.js';
import { RATING_LABELS_EN } from '../../../site/web/content/logic/index.js';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the content site UI strings', () => {
  const english = siteKeys(siteCatalogues.en);

  it.each(SITE_LOCALES.filter((l) => l !== 'en'))(
    '%s has every English key, none empty, with the same placeholders',
    (locale) => {
      const catalogue = siteCatalogues[locale];
      expect(siteKeys(catalogue).sort()).toEqual([...english].sort());
      for (const key of english) {
        const text = siteText(locale, key);
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(siteText('en', key)));
      }
    },
  );

  it('has Ukrainian for the upsell and suggested-blog boxes, English for the rest', () => {
    expect(siteText('uk', 'studyGuide.suggestedBlogs')).toBe('Можливо, вас зацікавить');
    expect(siteText('uk', 'upsell.title')).toBe('Наші продукти');
    expect(siteText('uk', 'studyGuide.lastUpdated')).toBe('Last updated');
    for (const key of siteKeys(siteCatalogues.uk)) expect(english).toContain(key);
  });

  it("keeps the spec's English wording", () => {
    expect(siteText('en', 'studyGuide.lastUpdated')).toBe('Last updated');
    expect(siteText('en', 'studyGuide.suggestedBlogs')).toBe('You may be interested');
    expect(siteText('en', 'studyGuide.relatedArticles')).toBe('Related Articles');
    expect(siteText('en', 'common.backHome')).toBe('Back Home');
    for (const [key, text] of Object.entries(RATING_LABELS_EN)) expect(siteText('en', `ratings.${key}`)).toBe(text);
  });

  it('addresses German readers of the contact page formally, in German', () => {
    const informal = /\b(du|dich|dir|dein\w*|chatte|folge|ruf|schreib)\b/i;
    const page = JSON.parse(readFileSync(new URL('../../../site/content/pages/contact.json', import.meta.url), 'utf8'));
    const pageTexts: string[] = [];
    JSON.stringify(page, (key, value) => {
      if (key === 'de' && typeof value === 'string') pageTexts.push(value);
      return value;
    });
    const panelTexts = siteKeys(siteCatalogues.de)
      .filter((key) => key.startsWith('contact.'))
      .map((key) => siteText('de', key));
    expect(pageTexts.length).toBeGreaterThan(2);
    for (const text of [...pageTexts, ...panelTexts]) {
      expect(text).not.toMatch(informal);
      expect(text).not.toMatch(/Assistance/);
    }
    for (const key of ['contact.chat', 'contact.social', 'contact.emergency'])
      expect(siteText('de', key)).toMatch(/\bSie\b/);
  });

  it('fills placeholders and falls back to the key when unknown', () => {
    expect(siteText('de', 'blocks.notImplemented', { type: 'Foo' })).toBe('Blocktyp Foo ist nicht implementiert!');
    expect(siteText('fr', 'search.results', { count: 3 })).toBe('3 résultats');
    expect(siteText('de', 'no.such.key')).toBe('no.such.key');
  });
});
