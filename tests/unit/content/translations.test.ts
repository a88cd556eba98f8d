import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../../packages/content/src/check.js';
import { displayPath } from '../../../packages/content/src/files.js';
import { isLanguageNeutral, vocabularyOf, wordsOf } from '../../../packages/content/src/translations.js';
import { LOCALES } from '../../../packages/core/src/dsl/types.js';

const FIXTURE = 'tests/fixtures/content/translations';

/** `file:line:col pointer code` of each diagnostic, as `antrag validate` places them. */
function places(manifest: string): string[] {
  return checkContent(manifest).diagnostics.map(
    (d) => `${displayPath(d.file)}:${d.line}:${d.column} ${d.pointer} ${d.code}`,
  );
}

describe('the languages of a content folder (content.manifest.json "locales")', () => {
  it('holds the site content to all seven languages, and it has them all, translated', () => {
    const manifest = JSON.parse(readFileSync('site/content/content.manifest.json', 'utf8'));
    expect(manifest.locales).toEqual([...LOCALES]);
    const problems = checkContent('site/content/content.manifest.json').diagnostics.filter((d) =>
      d.code.startsWith('content-translation'),
    );
    expect(problems).toEqual([]);
  });

  it('reports a missing, an empty and a copied translation and an English plain string, each at its place', () => {
    expect(places(`${FIXTURE}/content.manifest.json`)).toEqual([
      `${FIXTURE}/pages/home.json:9:13 /flatData/title/fr content-translation-copied`,
      `${FIXTURE}/pages/home.json:15:13 /flatData/description/fr content-translation-missing`,
      `${FIXTURE}/pages/home.json:36:87 /flatData/blocks/1/flatData/headline/zh content-translation-copied`,
      `${FIXTURE}/navigation.json:6:18 /flatData/menuItems/1/label content-translation-missing`,
      `${FIXTURE}/navigation.json:7:18 /flatData/menuItems/2/label content-translation-missing`,
      `${FIXTURE}/assets.json:10:13 /0/alt/zh content-translation-copied`,
    ]);
  });

  it('says which language is missing or copied, and what to do', () => {
    const messages = checkContent(`${FIXTURE}/content.manifest.json`).diagnostics.map((d) => d.message);
    expect(messages).toEqual([
      'the French text is a copy of the English "Study in Berlin": translate it (only names, numbers and addresses may stay as they are)',
      'the French text of "Rooms, visas and money." is empty',
      'the Chinese text is a copy of the English "Partners": translate it (only names, numbers and addresses may stay as they are)',
      'no Chinese (zh) text: "Our team" is to be written in every language of content.manifest.json (en, de, fr, zh)',
      '"Read our blog" is one text for every language, but it needs translating into German (de), French (fr), Chinese (zh): write it as { "en": …, "de": …, "fr": …, "zh": … }',
      'the Chinese text is a copy of the English "The logo of the example bank": translate it (only names, numbers and addresses may stay as they are)',
    ]);
    expect(checkContent(`${FIXTURE}/content.manifest.json`).diagnostics.every((d) => d.severity === 'error')).toBe(
      true,
    );
  });

  it('asks for English only where the manifest names no languages (records a content service sends in part)', () => {
    const manifest = 'tests/fixtures/content/broken/content.manifest.json';
    expect(checkContent(manifest).diagnostics.filter((d) => d.code.startsWith('content-translation'))).toEqual([]);
  });
});

describe('a text that may read the same as the English one', () => {
  const vocabulary = vocabularyOf([
    { en: 'Study in Germany with our partners', de: 'Studieren in Deutschland mit unseren Partnern', zh: '在德国学习' },
    { en: 'Download the checklist', de: 'Die Checkliste herunterladen', zh: '下载清单' },
    { en: 'Visit Berlin and TH Köln', de: 'Besuche Berlin und die TH Köln', zh: '参观柏林和TH Köln' },
  ]);

  it('has no words: numbers, prices, placeholders, addresses', () => {
    for (const text of ['€49', '12 × 30', '{university.location}', 'https://example.org/a-b', 'info@example.org'])
      expect(isLanguageNeutral(text, 'zh', vocabulary), text).toBe(true);
    expect(wordsOf('Call {{name}} at /contact or https://x.org, 2 times')).toEqual(['Call', 'at', 'or', 'times']);
  });

  it('is made of names: words the English texts never write in lower case', () => {
    expect(isLanguageNeutral('TH Köln', 'zh', vocabulary)).toBe(true);
    expect(isLanguageNeutral('Berlin, Köln (1388)', 'ru', vocabulary)).toBe(true);
    // "of" is an English function word whatever the texts hold; "checklist" and "partners" are written in lower case
    expect(isLanguageNeutral('University of Berlin', 'zh', vocabulary)).toBe(false);
    expect(isLanguageNeutral('Checklist Berlin', 'ru', vocabulary)).toBe(false);
  });

  it('is one word both languages have, in a language written in Latin letters', () => {
    expect(isLanguageNeutral('Partners', 'fr', vocabulary)).toBe(true);
    expect(isLanguageNeutral('Partners', 'zh', vocabulary)).toBe(false);
    expect(isLanguageNeutral('Partners', 'ru', vocabulary)).toBe(false);
  });

  it("uses only words of the translation's own language besides names", () => {
    // German texts use "in" (and "die"), so "In Berlin" is German too; French texts here have no "in"
    expect(isLanguageNeutral('In Berlin', 'de', vocabulary)).toBe(true);
    expect(isLanguageNeutral('In Berlin', 'fr', vocabulary)).toBe(false);
    expect(isLanguageNeutral('Download the checklist', 'de', vocabulary)).toBe(false);
  });
});
