/**
 * The content site in its seven languages (issue 20): every page and every article of the content source, drawn in
 * each language, shows no English prose where another language is asked for; and a form embedded in a page speaks
 * the page's language.
 *
 * What counts as English: a phrase of the English page's main landmark — three words in a row, written in lower case
 * (the first may open a sentence), one of them an English function word ("the", "your", "of", …) — that the other
 * language's page shows as well. Names and brands are capitalised ("Technical University of Munich", "Data Science",
 * "TH Köln") and so never make such a phrase; numbers, addresses and placeholders hold no words. No string of this
 * content is listed here: the pages are listed from the content folder the server reads.
 */
import type { Page } from '@playwright/test';
import { checkContent, type LoadedRecord } from '../../packages/content/src/check.js';
import { field } from './filling.js';
import { expect, test } from './fixtures.js';

const LOCALES = ['en', 'de', 'fr', 'vi', 'es', 'zh', 'ru'] as const;
const CONTENT_DIR = process.env.CONTENT_DIR ?? 'site/content';

/** English function words: a run of lower-case words with one of them is prose, not a name. */
const FUNCTION_WORDS = new Set(
  (
    'a about after all also an and any are as at be before but by can do for from get has have how if in into is it ' +
    'its more my no not now of on or our out over so than that the their then there these this to up us was we what ' +
    'when where which who why will with you your'
  ).split(' '),
);

type Bound = { param: string; kind: string; field: string };

/** The address of a template page (`/studyportal/university/{slug}`) for the first record that fills all its parameters. */
function instanceOf(path: string, bindings: Bound[], records: Record<string, LoadedRecord[]>): string | undefined {
  const byId = (kind: string, id: unknown) => records[kind]?.find((r) => r.record.id === id)?.record;
  // one binding's record names the others' (a programme names its university): try each as the one that names
  for (const primary of bindings) {
    for (const { record } of records[primary.kind] ?? []) {
      const values: Record<string, unknown> = { [primary.param]: record.flatData[primary.field] };
      for (const other of bindings.filter((b) => b !== primary)) {
        const reference = record.flatData[other.kind];
        values[other.param] = byId(other.kind, Array.isArray(reference) ? reference[0] : undefined)?.flatData[
          other.field
        ];
      }
      if (Object.values(values).every((v) => typeof v === 'string' || typeof v === 'number')) {
        return path.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
      }
    }
  }
  return undefined;
}

/** Every page of the content folder (a template page once, for its first record) and every article. */
function contentPaths(): string[] {
  const checked = checkContent(`${CONTENT_DIR}/content.manifest.json`);
  const records = checked.records as unknown as Record<string, LoadedRecord[]>;
  const pages = checked.records.page.map(({ record }) => {
    const path = String(record.flatData.path);
    const bindings = (record.flatData.bindings as Bound[] | undefined) ?? [];
    return path.includes('{') ? instanceOf(path, bindings, records) : path;
  });
  const articles = checked.records.article.map(({ record }) => `/blog/${String(record.flatData.slug)}/`);
  return [...pages, ...articles].filter((p): p is string => p !== undefined);
}

const localized = (locale: string, path: string) => (locale === 'en' ? path : `/${locale}${path === '/' ? '' : path}`);

/**
 * The English prose phrases of a text: within a line, words are split into runs at anything but a space; each three
 * words of a run that are in lower case (the first may be capitalised where it opens the run) and hold a function
 * word make a phrase.
 */
function prosePhrases(text: string): Set<string> {
  const phrases = new Set<string>();
  for (const line of text.split('\n')) {
    for (const run of line.split(/[^\p{L}\p{M}'’ -]+/u)) {
      const words = run.split(/[\s-]+/).filter((w) => w !== '');
      for (let i = 0; i + 3 <= words.length; i++) {
        const three = words.slice(i, i + 3);
        const lower = three.every((w, k) => /^[a-z'’]+$/.test(k === 0 && i === 0 ? w.toLowerCase() : w));
        if (lower && three.some((w) => FUNCTION_WORDS.has(w.toLowerCase()))) phrases.add(three.join(' ').toLowerCase());
      }
    }
  }
  return phrases;
}

/** Opens a page and waits until its content and any form it embeds have arrived; gives the main landmark's text. */
async function mainText(page: Page, url: string): Promise<string> {
  await page.goto(url);
  await expect(page.locator('footer')).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toBeVisible();
  await expect(page.locator('.cs-loading, .app-spinner, main .antrag-spin, main [aria-busy="true"]')).toHaveCount(0);
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, in lines, is what a reader sees; textContent would add hidden text and join blocks
  return main.innerText();
}

/** The English page's prose phrases, by path: read once, for every language's test. */
const english = new Map<string, Set<string>>();

for (const locale of LOCALES.filter((l) => l !== 'en')) {
  test(`every page and article in ${locale} shows no English prose`, async ({ page, server }) => {
    const paths = contentPaths();
    test.setTimeout(60_000 + paths.length * 8_000);
    expect(paths.length).toBeGreaterThan(15);
    const found: string[] = [];
    for (const path of paths) {
      if (!english.has(path)) english.set(path, prosePhrases(await mainText(page, `${server}${path}`)));
      const phrases = english.get(path) as Set<string>;
      const url = localized(locale, path);
      const text = await mainText(page, `${server}${url}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const shown = [...prosePhrases(text)].filter((p) => phrases.has(p));
      if (shown.length > 0) found.push(`${url}: ${shown.slice(0, 5).join(' | ')}`);
    }
    expect(found, `English phrases on ${locale} pages`).toEqual([]);
  });
}

test("the home page's quotes name their cities as each language does", async ({ page, server }) => {
  const cities: Record<string, RegExp> = { de: /München/, es: /Múnich/, zh: /慕尼黑/, ru: /Мюнхен/ };
  for (const [locale, city] of Object.entries(cities)) {
    const text = await mainText(page, `${server}/${locale}`);
    expect(text, locale).toMatch(city);
    // the English names stayed in every language
    expect(text, locale).not.toMatch(/\b(Munich|Cologne)\b/);
  }
});

test('the detector finds English prose and passes names, numbers and translations', () => {
  const page = prosePhrases(
    'Open your blocked account in minutes.\nTechnical University of Munich · 2024\nData Science',
  );
  expect([...page]).toEqual(['open your blocked', 'your blocked account', 'blocked account in', 'account in minutes']);
  expect([...prosePhrases('Berlin University of the Arts – Management and Technology, TH Köln')]).toEqual([]);
  expect([...prosePhrases('Ouvrez votre compte bloqué en quelques minutes.')].filter((p) => page.has(p))).toEqual([]);
});

test('a form embedded in a German page speaks German', async ({ page, server }) => {
  await mainText(page, `${server}/de/review-university-form`);
  const form = page.locator('.cs-form-block');
  await expect(form.getByRole('heading', { name: 'Welche Hochschule?' })).toBeVisible();
  await expect(field(page, 'Hochschule')).toBeVisible();
  await expect(field(page, 'Studiengang')).toBeVisible();
  await expect(form.getByText('Wo du studierst')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Weiter' })).toBeVisible();
  await expect(form.getByText(/Which university|Where you study|Start of studies/)).toHaveCount(0);

  await mainText(page, `${server}/de/contact`);
  await expect(field(page, 'Anrede')).toBeVisible();
  await expect(page.getByText('Nehmen Sie Kontakt mit uns auf')).toBeVisible();
});
