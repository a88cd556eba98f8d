import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileContentSource } from '../../../site/server/content/files.js';
import { fieldFilter, GraphqlContentSource, odataLiteral } from '../../../site/server/content/graphql.js';
import { ContentError, type ContentLocale } from '../../../site/server/content/types.js';
import { type ContentServiceDouble, parseQuery, startContentService } from '../../unit/content/graphql-double.js';

const TOKEN = 'test-token';
const files = createFileContentSource();
let service: ContentServiceDouble;
let graphql: GraphqlContentSource;

beforeAll(async () => {
  service = await startContentService(files, TOKEN);
  graphql = new GraphqlContentSource({
    url: service.url,
    token: TOKEN,
    assetBase: 'https://assets.example.org/api/assets/site',
    cacheSeconds: 0,
  });
});
afterAll(() => service.close());

describe('GraphqlContentSource against a content service double serving the seed content', () => {
  const locales: ContentLocale[] = ['en', 'de', 'vi'];

  it.each([
    '/',
    '/blocked-account',
    '/health-insurance/',
    '/studyguide/2',
    '/studyportal',
    '/studyportal/university/heidelberg-university',
    '/studyportal/university/technical-university-of-munich/studyprograms/informatics-msc-tum',
    '/terms-conditions/',
  ])('reads the page %s exactly as the file source does, in English, German and Vietnamese', async (path) => {
    for (const locale of locales) {
      const expected = await files.getPage(path, locale);
      expect(expected, `${path} ${locale}`).toBeDefined();
      expect(await graphql.getPage(path, locale)).toEqual(expected);
    }
  });

  it('finds no page for an unknown path or a template whose record does not exist', async () => {
    expect(await graphql.getPage('/no-such-page', 'en')).toBeUndefined();
    expect(await graphql.getPage('/studyportal/university/no-such-university', 'en')).toBeUndefined();
  });

  it('reads articles with their references, and lists them by category and sub-category', async () => {
    expect(await graphql.getArticle('blocked-account-explained', 'de')).toEqual(
      await files.getArticle('blocked-account-explained', 'de'),
    );
    expect(await graphql.getArticle('no-such-article', 'de')).toBeUndefined();
    expect(await graphql.listArticles('en', { categoryIndex: 2 })).toEqual(
      await files.listArticles('en', { categoryIndex: 2 }),
    );
    expect(await graphql.listArticles('en', { subCategoryId: 'sub-jobs' })).toEqual(
      await files.listArticles('en', { subCategoryId: 'sub-jobs' }),
    );
    expect(await graphql.listArticles('en', { categoryIndex: 99 })).toEqual([]);
  });

  it('reads navigation, footer, categories, universities, programs, products and suggested blogs like the files', async () => {
    for (const locale of ['en', 'de'] as const) {
      expect(await graphql.getNavigation(locale)).toEqual(await files.getNavigation(locale));
      expect(await graphql.getFooter(locale)).toEqual(await files.getFooter(locale));
      expect(await graphql.listCategories(locale)).toEqual(await files.listCategories(locale));
      expect(await graphql.listSubcategories(locale, 'cat-3')).toEqual(await files.listSubcategories(locale, 'cat-3'));
      expect(await graphql.listUniversities(locale)).toEqual(await files.listUniversities(locale));
      expect(await graphql.getUniversity('lmu-munich', locale)).toEqual(
        await files.getUniversity('lmu-munich', locale),
      );
      expect(await graphql.listPrograms(locale, { universityId: 'uni-tum' })).toEqual(
        await files.listPrograms(locale, { universityId: 'uni-tum' }),
      );
      expect(await graphql.getProgram('law-cologne', locale)).toEqual(await files.getProgram('law-cologne', locale));
      expect(await graphql.listProducts(locale)).toEqual(await files.listProducts(locale));
      expect(await graphql.listSuggestedBlogs(locale)).toEqual(await files.listSuggestedBlogs(locale));
    }
    expect(await graphql.listPages('en')).toEqual(await files.listPages('en'));
  });

  it('sends the token, the language and a query built from the schemas', async () => {
    service.requests.length = 0;
    await graphql.getArticle('finding-a-room', 'de');
    const [request] = service.requests;
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.headers['x-languages']).toBe('de');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.variables).toMatchObject({ filter: "data/slug/iv eq 'finding-a-room'", top: 1 });
    const items = parseQuery(request.query).fields.get('items');
    expect(items?.name).toBe('queryArticlesContents');
    const flatData = items?.selection?.fields.get('flatData')?.selection;
    expect([...(flatData?.fields.keys() ?? [])]).toEqual(
      expect.arrayContaining(['title', 'slug', 'heroImage', 'author', 'content', 'subCategory', 'upSellingProducts']),
    );
    // a reference is a nested record; an asset field asks for the id
    expect(flatData?.fields.get('subCategory')?.selection?.fields.has('flatData')).toBe(true);
    expect([...(flatData?.fields.get('heroImage')?.selection?.fields.keys() ?? [])]).toEqual(['id']);
  });

  it('asks for every block type of a page by its __typename', async () => {
    service.requests.length = 0;
    await graphql.getPage('/', 'en');
    const full = service.requests.find((r) => String(r.variables.filter).startsWith('id eq'));
    const blocks = parseQuery(full?.query ?? '{}')
      .fields.get('items')
      ?.selection?.fields.get('flatData')
      ?.selection?.fields.get('blocks')?.selection;
    expect(blocks?.fields.has('__typename')).toBe(true);
    expect(blocks?.fragments.size).toBe(49);
    expect(blocks?.fragments.get('HealthInsuranceCalculatorV2')?.fields.has('flatData')).toBe(true);
  });

  it('reads an asset record and builds asset URLs on the asset host', async () => {
    expect(await graphql.getAsset('asset-logo', 'en')).toEqual({
      id: 'asset-logo',
      fileName: 'logo.svg',
      mimeType: 'image/svg+xml',
    });
    expect(graphql.assetUrl([{ id: 'asset-logo' }])).toBe('https://assets.example.org/api/assets/site/asset-logo');
    expect(graphql.assetUrl([])).toBeUndefined();
  });

  it('reuses answers while they are fresh', async () => {
    const cached = new GraphqlContentSource({ url: service.url, token: TOKEN, assetBase: '/a', cacheSeconds: 60 });
    service.requests.length = 0;
    await cached.listCategories('en');
    await cached.listCategories('en');
    expect(service.requests).toHaveLength(1);
    await cached.listCategories('de');
    expect(service.requests).toHaveLength(2);
  });

  it('reports a failing service with its status and messages', async () => {
    const failing = await startContentService(files);
    try {
      failing.fail(500, 'schema pages not found');
      const source = new GraphqlContentSource({ url: failing.url, assetBase: '/a', cacheSeconds: 0 });
      await expect(source.getNavigation('en')).rejects.toThrow(ContentError);
      await expect(source.getNavigation('en')).rejects.toThrow(/answered 500: schema pages not found/);
    } finally {
      await failing.close();
    }
    const unreachable = new GraphqlContentSource({
      url: 'http://127.0.0.1:9/graphql',
      assetBase: '/a',
      timeoutMs: 2000,
    });
    await expect(unreachable.listProducts('en')).rejects.toThrow(/not reached/);
  });
});

describe('OData filters', () => {
  it('quotes strings, doubling quotes, and joins several values with or', () => {
    expect(odataLiteral("o'neil")).toBe("'o''neil'");
    expect(odataLiteral(3)).toBe('3');
    expect(fieldFilter('slug', ['a'])).toBe("data/slug/iv eq 'a'");
    expect(fieldFilter('subCategory', ['a', 'b'])).toBe("(data/subCategory/iv eq 'a' or data/subCategory/iv eq 'b')");
  });
});
