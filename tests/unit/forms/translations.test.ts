import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../packages/core/src/dsl/types.js';
import { translate } from '../../../packages/core/src/i18n/index.js';
import { compileSchemaFile } from '../../fixtures/forms/compile.js';

/** The forms of spec 001 whose own texts (labels, headlines, options, results, …) must exist in every language. */
const FORMS: Array<[string, string, Record<string, boolean>?]> = [
  ['health-insurance-booking', 'health-insurance/health-insurance-booking.form.json'],
  ['pre-subscription', 'health-insurance/pre-subscription.form.json'],
  ['contact-enquiry', 'contact/contact-enquiry.form.json'],
  ['contact-enquiry (mobile)', 'contact/contact-enquiry.form.json', { mobile: true }],
];

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const linkTargets = (text: string) => [...text.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);

describe.each(FORMS)('the own texts of %s', (_name, path, options) => {
  const form = compileSchemaFile(path, options);
  const entries = Object.entries(form.texts);

  it('has own texts to check', () => {
    expect(entries.length).toBeGreaterThan(10);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))(
    'are all written in %s, with the same links (in that language) and placeholders',
    (locale) => {
      const missing = entries.filter(([, text]) => !text[locale]?.trim()).map(([key]) => key);
      expect(missing).toEqual([]);
      for (const [key, text] of entries) {
        const own = translate(key, locale, {}, form.texts);
        expect(own, `${locale} ${key}`).toBe(text[locale]);
        // the same pages, each in the text's language: `/de/terms-conditions/` for `/terms-conditions/`
        const inLanguage = linkTargets(text.en).map((href) => (href.startsWith('/') ? `/${locale}${href}` : href));
        expect(linkTargets(own), `${locale} ${key}`).toEqual(inLanguage);
        expect(placeholders(own), `${locale} ${key}`).toEqual(placeholders(text.en));
      }
    },
  );

  it('are translated, not copied from English, except names and codes', () => {
    // brand names (DAK, AOK) and the neutral salutation stay as they are in every language
    const same = (en: string) => /^(DAK|AOK|Mx\.?)$/.test(en);
    for (const locale of ['zh', 'ru', 'vi'] as const) {
      const copied = entries.filter(([, text]) => !same(text.en) && text[locale] === text.en).map(([key]) => key);
      expect(copied, locale).toEqual([]);
    }
  });
});
