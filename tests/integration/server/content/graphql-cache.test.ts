/**
 * The content routes over real HTTP with CONTENT_SOURCE=graphql, against the content service double (a GraphQL
 * server over HTTP serving the seed content, tests/unit/content/graphql-double.ts) that records every request
 * (issue 14, "Content cache"): unknown and impossible slugs cost no upstream request, a miss is kept briefly,
 * concurrent identical requests share one, the answer cache stays within its entries and bytes, and a client
 * past the content limit gets 429 with Retry-After.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../site/server/app.js';
import { loadConfig } from '../../../../site/server/config.js';
import { createFileContentSource } from '../../../../site/server/content/files.js';
import { type GraphqlContentOptions, GraphqlContentSource } from '../../../../site/server/content/graphql.js';
import type { ServerContext } from '../../../../site/server/context.js';
import { FormRegistry } from '../../../../site/server/forms/registry.js';
import { type ContentServiceDouble, startContentService } from '../../../unit/content/graphql-double.js';

const files = createFileContentSource();
let service: ContentServiceDouble;
let web: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  service = await startContentService(files);
  web = mkdtempSync(join(tmpdir(), 'antrag-content-cache-'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Antrag</title><div id="root"></div>');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await service.close();
  rmSync(web, { recursive: true, force: true });
});

function graphqlSource(options: Partial<GraphqlContentOptions> = {}): GraphqlContentSource {
  return new GraphqlContentSource({ url: service.url, assetBase: 'https://assets.example.org', ...options });
}

/** The whole app (with its rate-limit plugin) over a GraphQL content source, listening on a port. */
async function serve(source: GraphqlContentSource, env: Record<string, string> = {}) {
  const config = loadConfig({ ANTRAG_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent', DATA_DIR: web, ...env });
  // unit-test doubles: content routes touch neither the database, the file store nor the mail transport
  const ctx: ServerContext = {
    config,
    db: {} as ServerContext['db'],
    files: {} as ServerContext['files'],
    mail: { send: async () => {} },
  };
  const app = await buildApp(ctx, new FormRegistry(), { logger: false, content: source, webRoot: web });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return (path: string) => fetch(`${base}${path}`);
}

/** Runs `count` calls, `width` at a time. */
async function inParallel(count: number, width: number, call: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await call(next++);
    }),
  );
}

const articleQueries = () =>
  service.requests.filter(
    (r) => /queryArticlesContents/.test(r.query) && /slug\/iv eq/.test(String(r.variables.filter)),
  );

describe('article slugs with CONTENT_SOURCE=graphql', () => {
  let get: (path: string) => Promise<Response>;
  beforeAll(async () => {
    get = await serve(graphqlSource(), { RATE_LIMIT_CONTENT: '100000' });
  });

  /** One unknown slug of each kind: what is asked once (lists of slugs, page templates, the not-found page) is kept. */
  const warmUp = async () => {
    for (const path of [
      '/api/content/articles/warm-up',
      '/api/content/page?path=/studyportal/university/warm-up',
      '/api/content/page?path=/studyportal/studyprograms/warm-up',
      '/blog/warm-up/',
    ])
      await (await get(path)).arrayBuffer();
    service.requests.length = 0;
  };
  /** The upstream requests since the warm-up, readable in a failure. */
  const requested = () =>
    service.requests.map((r) => `${/items: (\w+)/.exec(r.query)?.[1]} ${JSON.stringify(r.variables)}`);

  it('answers 2,000 unique unknown slugs with 404 and a bounded number of upstream requests', async () => {
    service.requests.length = 0;
    const statuses = new Map<number, number>();
    await inParallel(2000, 16, async (i) => {
      const response = await get(`/api/content/articles/no-such-article-${i}?locale=${i % 2 ? 'de' : 'en'}`);
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    });
    expect(Object.fromEntries(statuses)).toEqual({ 404: 2000 });
    // the slug list once, the not-found page in two languages (its path list, the page, its assets): not one per slug
    expect(service.requests.length).toBeLessThanOrEqual(12);
    expect(articleQueries()).toHaveLength(0);
  });

  it('still finds a known article, exactly as the file source has it', async () => {
    const response = await get('/api/content/articles/blocked-account-explained?locale=de');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { article: unknown };
    expect(body.article).toEqual(await files.getArticle('blocked-account-explained', 'de'));
  });

  it('answers impossible slugs with 404 without asking the service', async () => {
    // the not-found page, the university page template and the slug lists are cached from here on
    await warmUp();
    for (const slug of ['Blocked-Account', "o'neil", 'a--b', '-a', 'ä', '%00', 'a b', 'a/b']) {
      const response = await get(`/api/content/articles/${encodeURIComponent(slug)}`);
      expect({ slug, status: response.status }).toEqual({ slug, status: 404 });
      await response.arrayBuffer();
    }
    // longer than a slug can be (over 100 characters): neither an article nor a page path is looked up
    const longSlug = await get(`/api/content/articles/${'x'.repeat(101)}`);
    expect(longSlug.status).toBe(404);
    await longSlug.arrayBuffer();
    const long = await get(`/api/content/page?path=/studyportal/university/${'x'.repeat(101)}`);
    expect(long.status).toBe(404);
    await long.arrayBuffer();
    expect(requested()).toEqual([]);
  });

  it('shows unknown university and program pages as not found without a lookup per slug', async () => {
    await warmUp();
    for (let i = 0; i < 200; i++) {
      for (const path of [
        `/api/content/page?path=/studyportal/university/no-such-university-${i}`,
        `/api/content/page?path=/studyportal/studyprograms/no-such-program-${i}`,
        `/blog/no-such-article-${i}/`,
      ]) {
        const response = await get(path);
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
        await response.arrayBuffer();
      }
    }
    expect(requested()).toEqual([]);
  });
});

describe('the answer cache of the GraphQL source', () => {
  it('keeps a miss for the miss time: a repeated unknown lookup asks the service once, then again after', async () => {
    const source = graphqlSource({ cacheSeconds: 60, missCacheSeconds: 1 });
    service.requests.length = 0;
    for (let i = 0; i < 5; i++) expect(await source.getAsset('no-such-asset', 'en')).toBeUndefined();
    expect(service.requests).toHaveLength(1);
    // a found answer is kept for the whole cache time
    for (let i = 0; i < 3; i++) expect(await source.getAsset('asset-logo', 'en')).toBeDefined();
    expect(service.requests).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await source.getAsset('no-such-asset', 'en');
    await source.getAsset('asset-logo', 'en');
    expect(service.requests).toHaveLength(3);
  });

  it('sends concurrent identical requests once', async () => {
    const source = graphqlSource({ cacheSeconds: 60 });
    service.requests.length = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, () => source.getAsset('no-such-asset-2', 'en')));
    expect(answers.every((a) => a === undefined)).toBe(true);
    expect(service.requests).toHaveLength(1);
  });

  it('never holds more entries or bytes than its bounds, with 2,000 different answers', async () => {
    const source = graphqlSource({ cacheSeconds: 60, cacheEntries: 50, cacheBytes: 20_000 });
    let most = { entries: 0, bytes: 0 };
    await inParallel(2000, 8, async (i) => {
      await source.getAsset(`asset-${i}`, 'en');
      const { entries, bytes } = source.cacheStats();
      most = { entries: Math.max(most.entries, entries), bytes: Math.max(most.bytes, bytes) };
    });
    expect(most.entries).toBe(50);
    expect(most.bytes).toBeLessThanOrEqual(20_000);
    // a large answer (every page in full) counts by its bytes: it pushes the small ones out
    await source.listPages('en');
    const stats = source.cacheStats();
    expect(stats.bytes).toBeLessThanOrEqual(20_000);
    expect(stats).toMatchObject({ maxEntries: 50, maxBytes: 20_000 });
  });
});

describe('the content limit (RATE_LIMIT_CONTENT)', () => {
  it('answers a client past the limit with 429 and Retry-After, on the content API and on page shells', async () => {
    const get = await serve(graphqlSource(), { RATE_LIMIT_CONTENT: '3' });
    for (let i = 0; i < 3; i++) expect((await get(`/api/content/articles/a-${i}`)).status).toBe(404);
    const limited = await get('/api/content/articles/a-3');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ status: false, ok: false });

    for (let i = 0; i < 3; i++) expect((await get(`/blog/b-${i}/`)).status).toBe(404);
    const shell = await get('/blog/b-3/');
    expect(shell.status).toBe(429);
    expect(Number(shell.headers.get('retry-after'))).toBeGreaterThan(0);
    // the other routes keep their own limits
    expect((await get('/api/health')).status).toBe(200);
  });
});
