import { describe, expect, it } from 'vitest';
import { createFileContentSource } from '../../../site/server/content/files.js';
import { buildCategoryTree, contentSettings, createContentSource } from '../../../site/server/content/index.js';
import { normalizePath, splitLocale } from '../../../site/server/content/paths.js';
import { type ContentBlock, ContentError, type ContentRecord } from '../../../site/server/content/types.js';

const source = createFileContentSource();
const blocks = (record: ContentRecord | undefined) => (record?.flatData.blocks ?? []) as ContentBlock[];
/** The flatData of a record or block that must be there. */
function data(record: { flatData: Record<string, unknown> } | undefined): Record<string, unknown> {
  if (!record) throw new Error('record missing');
  return record.flatData;
}

describe('FileContentSource: pages', () => {
  it('finds a page by its path in the language asked for, ignoring a trailing slash, query and hash', async () => {
    const de = await source.getPage('/blocked-account/?utm=x#faq', 'de');
    expect(de?.page.id).toBe('page-blocked-account');
    expect(de?.page.flatData.title).toBe('Sperrkonto');
    expect(de?.params).toEqual({});
    expect(blocks(de?.page)[0]).toMatchObject({ __typename: 'PackageListHero', id: 'ba-packages' });
  });

  it('falls back to English where a text has no translation', async () => {
    // The seed pages are in all seven site languages; Ukrainian only has the upsell and suggested-blog texts.
    const uk = await source.getPage('/', 'uk');
    expect(uk?.page.flatData.title).toBe('Antrag – study in Germany');
  });

  it('matches template paths, binds the record and fills the {name.field} placeholders', async () => {
    const match = await source.getPage('/studyportal/university/heidelberg-university', 'de');
    expect(match?.params).toEqual({ slug: 'heidelberg-university' });
    expect(match?.bound.university.flatData.universityName).toBe('Ruprecht-Karls-Universität Heidelberg');
    expect(match?.page.flatData.title).toBe('Ruprecht-Karls-Universität Heidelberg – Studienportal');
    const [hero, card, stats] = blocks(match?.page);
    expect(hero.flatData.breadcrumbs).toEqual([
      { label: 'Startseite', url: '/' },
      { label: 'Studienportal', url: '/studyportal' },
      { label: 'Ruprecht-Karls-Universität Heidelberg' },
    ]);
    expect(card.flatData.headline).toBe('Ruprecht-Karls-Universität Heidelberg');
    expect((stats.flatData.items as Array<{ text: string }>)[0].text).toBe('1386');
  });

  it('binds two records for a university-program path, and a category by its index', async () => {
    const match = await source.getPage(
      '/studyportal/university/rwth-aachen-university/studyprograms/computer-science-msc-rwth',
      'en',
    );
    expect(match?.page.flatData.title).toBe('Computer Science at RWTH Aachen University');
    const category = await source.getPage('/studyguide/3/', 'en');
    expect(category?.page.flatData.title).toBe('Studying and working – study guide');
    expect(category?.bound.category.id).toBe('cat-3');
  });

  it('finds nothing for an unknown path or a template whose record does not exist', async () => {
    expect(await source.getPage('/no-such-page', 'en')).toBeUndefined();
    expect(await source.getPage('/studyportal/university/no-such-university', 'en')).toBeUndefined();
    expect(await source.getPage('/studyguide/9', 'en')).toBeUndefined();
    expect(source.notFoundPage).toBe('/404');
    expect(blocks((await source.getPage('/404', 'en'))?.page)[0].__typename).toBe('WebsiteError');
  });

  it('delivers nested blocks with their references resolved', async () => {
    const match = await source.getPage('/blocked-account', 'en');
    const faq = blocks(match?.page).find((b) => b.__typename === 'AccordionGroup');
    const components = (data(faq).items as Array<{ components: Array<{ children?: ContentBlock[] }> }>)[0].components;
    expect(components.find((c) => c.children)?.children?.[0]).toMatchObject({ __typename: 'Markdown' });
    const home = await source.getPage('/', 'de');
    const cards = blocks(home?.page).find((b) => b.__typename === 'ArticleCardList');
    const first = (data(cards).items as ContentRecord[])[0];
    expect(first.id).toBe('art-student-visa-checklist');
    expect(first.flatData.title).toBe('Das Studentenvisum für Deutschland: eine Checkliste');
  });

  it('lists every page, templates included', async () => {
    const paths = (await source.listPages('en')).map((p) => p.flatData.path);
    expect(paths).toContain('/');
    expect(paths).toContain('/studyportal/university/{slug}');
    expect(paths).toEqual([...paths].sort());
  });
});

describe('FileContentSource: records', () => {
  it('reads an article with its sub-category and category, related posts, suggested blogs and products', async () => {
    const article = await source.getArticle('blocked-account-explained', 'de');
    expect(article?.lastModified).toBe('2026-03-01T12:00:00Z');
    expect(article?.flatData.title).toBe('So funktioniert ein Sperrkonto');
    const [sub] = data(article).subCategory as ContentRecord[];
    expect(sub.flatData.title).toBe('Geld und Sperrkonto');
    expect((sub.flatData.category as ContentRecord[])[0].flatData).toMatchObject({ index: 1, title: 'Umzug planen' });
    const related = data(article).referenceArticles as ContentRecord[];
    expect(related.map((r) => r.id)).toEqual(['art-student-visa-checklist', 'art-working-while-studying']);
    // references are followed two hops; beyond, only the id
    const secondHop = (related[0].flatData.referenceArticles as ContentRecord[])[0];
    expect(secondHop.flatData.slug).toBe('blocked-account-explained');
    expect((secondHop.flatData.referenceArticles as ContentRecord[])[0]).toEqual({ id: 'art-student-visa-checklist' });
    expect((data(article).suggestedBlogs as ContentRecord[]).map((b) => b.flatData.headline)).toHaveLength(4);
    expect((data(article).upSellingProducts as ContentRecord[])[0].flatData.title).toBe('Sperrkonto');
    expect(await source.getArticle('no-such-article', 'de')).toBeUndefined();
  });

  it('gives upsell and suggested-blog headlines in Ukrainian', async () => {
    const [product] = await source.listProducts('uk');
    expect(product.flatData.title).toBe('Блокований рахунок');
    expect((await source.listSuggestedBlogs('uk')).map((b) => b.flatData.order)).toEqual([1, 2, 3, 4, 5]);
  });

  it('lists articles newest first, by category or sub-category, in pages', async () => {
    const all = await source.listArticles('en');
    expect(all).toHaveLength(6);
    const dates = all.map((a) => String(a.flatData.publicationdate));
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await source.listArticles('en', { categoryIndex: 2 })).map((a) => a.flatData.slug)).toEqual([
      'health-insurance-for-students',
      'finding-a-room',
    ]);
    expect((await source.listArticles('en', { subCategoryId: 'sub-jobs' })).map((a) => a.flatData.slug)).toEqual([
      'working-while-studying',
    ]);
    expect(await source.listArticles('en', { skip: 1, take: 2 })).toEqual(all.slice(1, 3));
  });

  it('builds the study-guide tree: categories, sub-categories and their articles', async () => {
    const tree = await buildCategoryTree(source, 'de');
    expect(tree.map((c) => [c.index, c.title])).toEqual([
      [1, 'Umzug planen'],
      [2, 'Leben in Deutschland'],
      [3, 'Studieren und arbeiten'],
    ]);
    expect(tree[1].subCategories.map((s) => [s.title, s.articles.map((a) => a.flatData.slug)])).toEqual([
      ['Krankenversicherung', ['health-insurance-for-students']],
      ['Wohnen', ['finding-a-room']],
    ]);
  });

  it('reads universities and programs of the search content, programs by university', async () => {
    expect((await source.getUniversity('lmu-munich', 'de'))?.flatData.location).toBe('München');
    const tum = await source.listPrograms('en', { universityId: 'uni-tum' });
    expect(tum).toHaveLength(5);
    expect((tum[0].flatData.university as ContentRecord[])[0].flatData.slug).toBe('technical-university-of-munich');
    expect((await source.listUniversities('en')).length).toBeGreaterThanOrEqual(15);
    expect((await source.getProgram('law-cologne', 'en'))?.flatData.studyProgram).toBe('Law');
  });

  it('gives navigation, footer, categories and assets', async () => {
    const nav = await source.getNavigation('de');
    expect((data(nav).menuItems as Array<{ label: string }>)[0].label).toBe('Sperrkonto');
    expect((data(nav).languages as unknown[]).length).toBe(7);
    expect((await source.getFooter('en'))?.flatData.copyright).toContain('{currentYear}');
    expect(await source.getAsset('asset-logo', 'de')).toMatchObject({ fileName: 'logo.svg', alt: 'Antrag-Logo' });
    expect(source.assetUrl([{ id: 'asset-logo' }])).toBe('/content-assets/asset-logo');
    expect(source.assetUrl('asset-logo')).toBe('/content-assets/asset-logo');
    expect(source.assetUrl(undefined)).toBeUndefined();
    expect(source.assetFile('asset-checklist-pdf')).toMatchObject({ mimeType: 'application/pdf' });
    expect(source.assetFile('nope')).toBeUndefined();
  });
});

describe('FileContentSource: broken content', () => {
  it('refuses content with errors, naming file, line, column and pointer of each', () => {
    let error: unknown;
    try {
      createFileContentSource({ dir: 'tests/fixtures/content/broken' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ContentError);
    const message = (error as Error).message;
    expect(message).toMatch(/^the content in tests\/fixtures\/content\/broken has 4 errors:/);
    expect(message).toContain(
      "tests/fixtures/content/broken/pages/home.json:11:21 /flatData/blocks/0/flatData missing required property 'headline'",
    );
    expect(message).toContain('/flatData/blocks/1/__typename unknown block type "Markdwon" (did you mean "Markdown"?)');
  });

  it('refuses to start on content with a missing or copied translation, naming its place', () => {
    expect(() => createFileContentSource({ dir: 'tests/fixtures/content/translations' })).toThrow(
      'tests/fixtures/content/translations/navigation.json:6:18 /flatData/menuItems/1/label no Chinese (zh) text:',
    );
    expect(() => createFileContentSource({ dir: 'tests/fixtures/content/translations' })).toThrow(
      'tests/fixtures/content/translations/pages/home.json:9:13 /flatData/title/fr the French text is a copy of the English',
    );
  });

  it('refuses a folder without a manifest', () => {
    expect(() => createFileContentSource({ dir: 'tests/fixtures/content' })).toThrow(/no content\.manifest\.json/);
  });
});

describe('content settings', () => {
  it('default to the files of site/content', () => {
    const settings = contentSettings({});
    expect(settings).toMatchObject({ source: 'files', assetBase: '/content-assets', cacheSeconds: 60 });
    expect(settings.dir).toMatch(/site\/content$/);
    expect(createContentSource(settings).kind).toBe('files');
  });

  it('read the GraphQL service, its token, schema names and asset host from the environment', () => {
    const settings = contentSettings({
      CONTENT_SOURCE: 'graphql',
      CONTENT_GRAPHQL_URL: 'https://cms.example.org/api/content/site/graphql',
      CONTENT_GRAPHQL_TOKEN: 'secret',
      CONTENT_ASSET_URL: 'https://cms.example.org/api/assets/site',
      CONTENT_GRAPHQL_SCHEMAS: 'article=blog-articles, page=site-pages',
      CONTENT_CACHE_SECONDS: '0',
    });
    expect(settings.graphql).toEqual({
      url: 'https://cms.example.org/api/content/site/graphql',
      token: 'secret',
      schemaNames: { article: 'blog-articles', page: 'site-pages' },
      timeoutMs: 10_000,
      cacheEntries: 1000,
      cacheBytes: 32 * 1024 * 1024,
      missCacheSeconds: 30,
    });
    expect(settings.cacheSeconds).toBe(0);
    expect(createContentSource(settings).kind).toBe('graphql');
  });

  it('read the bounds of the answer cache and how long a miss is kept', () => {
    const base = { CONTENT_SOURCE: 'graphql', CONTENT_GRAPHQL_URL: 'http://x', CONTENT_ASSET_URL: 'http://y' };
    const settings = contentSettings({
      ...base,
      CONTENT_CACHE_ENTRIES: '50',
      CONTENT_CACHE_BYTES: '65536',
      CONTENT_MISS_CACHE_SECONDS: '5',
    });
    expect(settings.graphql).toMatchObject({ cacheEntries: 50, cacheBytes: 65536, missCacheSeconds: 5 });
    expect(() => contentSettings({ ...base, CONTENT_CACHE_ENTRIES: '0' })).toThrow(/CONTENT_CACHE_ENTRIES must be/);
    expect(() => contentSettings({ ...base, CONTENT_CACHE_BYTES: 'lots' })).toThrow(/CONTENT_CACHE_BYTES must be/);
  });

  it('name the variable that is wrong', () => {
    expect(() => contentSettings({ CONTENT_SOURCE: 'cms' })).toThrow(/CONTENT_SOURCE must be 'files' or 'graphql'/);
    expect(() => contentSettings({ CONTENT_SOURCE: 'graphql' })).toThrow(/needs CONTENT_GRAPHQL_URL/);
    expect(() => contentSettings({ CONTENT_SOURCE: 'graphql', CONTENT_GRAPHQL_URL: 'http://x' })).toThrow(
      /needs CONTENT_ASSET_URL/,
    );
    expect(() => contentSettings({ CONTENT_CACHE_SECONDS: 'soon' })).toThrow(/CONTENT_CACHE_SECONDS/);
    expect(() =>
      contentSettings({
        CONTENT_SOURCE: 'graphql',
        CONTENT_GRAPHQL_URL: 'x',
        CONTENT_ASSET_URL: 'y',
        CONTENT_GRAPHQL_SCHEMAS: 'blog=x',
      }),
    ).toThrow(/CONTENT_GRAPHQL_SCHEMAS/);
  });
});

describe('paths', () => {
  it('normalises paths and splits off the locale prefix', () => {
    expect(normalizePath('/terms-conditions/')).toBe('/terms-conditions');
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('studyguide//2/?a=1')).toBe('/studyguide/2');
    expect(splitLocale('/de/studyguide/')).toEqual({ locale: 'de', path: '/studyguide' });
    expect(splitLocale('/vi')).toEqual({ locale: 'vi', path: '/' });
    expect(splitLocale('/studyguide')).toEqual({ locale: 'en', path: '/studyguide' });
    expect(splitLocale('/uk/x')).toEqual({ locale: 'en', path: '/uk/x' });
  });
});
