import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../../packages/content/src/check.js';
import { loadContentSchemas } from '../../../packages/content/src/schemas.js';
import { createFileContentSource } from '../../../site/server/content/files.js';

const checked = checkContent('site/content/content.manifest.json');
const source = createFileContentSource();
const BLOCK_TYPES = [...loadContentSchemas().blockTypes.keys()];

/** Every value in a tree, with its key. */
function* entries(value: unknown, key = ''): Generator<[string, unknown]> {
  yield [key, value];
  if (Array.isArray(value)) for (const v of value) yield* entries(v, key);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) yield* entries(v, k);
  }
}

const isLocalized = (v: unknown): v is Record<string, string> =>
  v !== null &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  'en' in v &&
  Object.values(v).every((x) => typeof x === 'string');

describe('the seed content in site/content', () => {
  it('is valid against schemas/content, with every reference and asset file in place', () => {
    expect(checked.diagnostics).toEqual([]);
    expect(checked.files.length).toBeGreaterThan(25);
  });

  it('uses every block type at least once', () => {
    const used = new Set<string>();
    for (const { record } of checked.records.page) {
      for (const [key, value] of entries(record.flatData)) if (key === '__typename') used.add(String(value));
    }
    expect(BLOCK_TYPES.filter((t) => !used.has(t))).toEqual([]);
    expect(BLOCK_TYPES).toHaveLength(49);
  });

  it('has English and German for every translated text of pages, articles, navigation, footer and categories', () => {
    const missing: string[] = [];
    for (const kind of [
      'page',
      'article',
      'navigation',
      'footer',
      'category',
      'subcategory',
      'product',
      'suggestedBlog',
    ] as const) {
      for (const { record } of checked.records[kind]) {
        for (const [key, value] of entries(record.flatData)) {
          if (isLocalized(value) && !(value.en && value.de)) missing.push(`${record.id} ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('has upsell and suggested-blog headlines in en, es, fr, ru, vi, uk and zh (and de)', () => {
    for (const kind of ['product', 'suggestedBlog'] as const) {
      for (const { record } of checked.records[kind]) {
        expect(Object.keys(record.flatData.headline as object).sort(), record.id).toEqual([
          'de',
          'en',
          'es',
          'fr',
          'ru',
          'uk',
          'vi',
          'zh',
        ]);
      }
    }
  });

  it('has a page for every content route of spec section 2.1 and an error page', async () => {
    const routes = [
      '/',
      '/studyguide',
      '/studyguide/1/',
      '/studyportal',
      '/studyportal/search',
      '/studyportal/university/lmu-munich',
      '/studyportal/studyprograms/informatics-msc-tum',
      '/studyportal/university/technical-university-of-munich/studyprograms/informatics-msc-tum',
      '/review-university-form',
      // the application area (spec 2.1 /app/): linked from the header, the footer and an upsell card
      '/app/',
      '/terms-conditions/',
      '/privacy-policy/',
      '/blocked-account',
      '/health-insurance',
      '/404',
    ];
    for (const route of routes) {
      for (const locale of ['en', 'de'] as const) {
        expect(await source.getPage(route, locale), `${route} ${locale}`).toBeDefined();
      }
    }
    for (const { record } of checked.records.article) {
      expect(await source.getArticle(String(record.flatData.slug), 'de')).toBeDefined();
    }
  });

  it('links only to pages, articles and the routes of spec 2.1 that live elsewhere', async () => {
    const assetIds = new Set(checked.records.asset.map((a) => a.record.id));
    const slugs = new Set(checked.records.article.map((a) => a.record.flatData.slug));
    const broken: string[] = [];
    for (const kind of ['page', 'article', 'navigation', 'footer', 'product', 'suggestedBlog'] as const) {
      for (const { record } of checked.records[kind]) {
        for (const [key, value] of entries(record.flatData)) {
          if (!/(url|Url|path)$/.test(key) || (kind === 'page' && key === 'path')) continue;
          for (const link of isLocalized(value) ? Object.values(value) : [value]) {
            if (typeof link !== 'string' || !link.startsWith('/') || link.includes('{')) continue;
            const blog = /^\/blog\/([a-z0-9-]+)\/$/.exec(link);
            const asset = /^\/content-assets\/(.+)$/.exec(link);
            const elsewhere = /^\/(booking\/[a-z0-9-]+$|blocked-account\/book$|aok-products\/book$|sitemap\.xml$)/.test(
              link,
            );
            const ok =
              elsewhere ||
              (blog
                ? slugs.has(blog[1])
                : asset
                  ? assetIds.has(asset[1])
                  : (await source.getPage(link, 'en')) !== undefined);
            if (!ok) broken.push(`${record.id} ${key} ${link}`);
          }
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('has programs for every study-field card (category_ids of the search link)', () => {
    const fields = new Set(checked.records.program.flatMap((p) => (p.record.flatData.categoryIds as string[]) ?? []));
    const cards: string[] = [];
    for (const { record } of checked.records.page) {
      for (const [key, value] of entries(record.flatData)) if (key === 'categoryId') cards.push(String(value));
    }
    expect(cards.length).toBeGreaterThanOrEqual(6);
    expect(cards.filter((c) => !fields.has(c))).toEqual([]);
  });

  it('keeps the university and program files the search reads', () => {
    const universities = JSON.parse(readFileSync('site/content/universities.json', 'utf8')) as unknown[];
    expect(universities.length).toBe(checked.records.university.length);
    expect(checked.records.program.length).toBeGreaterThanOrEqual(35);
  });

  it('names every place of a university or program in each language, as Chinese and Russian write it', () => {
    const places = [
      ...checked.records.university.map(({ record }) => record.flatData.location),
      ...checked.records.program.map(({ record }) => record.flatData.locations),
    ];
    expect(places.length).toBeGreaterThan(50);
    // a plain "Göttingen" or "Berlin" read so on the Chinese and Russian pages
    const unnamed = places.filter((p) => !isLocalized(p) || p.zh === p.en || p.ru === p.en);
    expect(unnamed).toEqual([]);
  });
});
