/**
 * What search engines read first (issue 20): `sitemap.xml` lists every page and article of the content site in all
 * seven languages at PUBLIC_URL, each with its alternates (`xhtml:link` hreflang and `x-default`), template pages by
 * their records; `robots.txt`, answered by the server, names it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../site/server/app.js';
import { loadConfig } from '../../../../site/server/config.js';
import { createContentSource } from '../../../../site/server/content/index.js';
import type { ServerContext } from '../../../../site/server/context.js';
import { FormRegistry } from '../../../../site/server/forms/registry.js';
import { registerContentRoutes } from '../../../../site/server/routes/content.js';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const LANGUAGES = ['en', 'de', 'fr', 'vi', 'es', 'zh', 'ru'];
const source = createContentSource();

async function appAt(publicUrl: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const config = loadConfig({ ANTRAG_SECRET: 'x'.repeat(32), PUBLIC_URL: publicUrl });
  registerContentRoutes(app, { config } as ServerContext, { source });
  await app.ready();
  return app;
}

interface Entry {
  loc: string;
  lastmod?: string;
  alternates: Record<string, string>;
}

/** The sitemap parsed as XML (a malformed document throws), its entries by address. */
function parse(xml: string): Map<string, Entry> {
  const { document } = new JSDOM(xml, { contentType: 'application/xml' }).window;
  expect(document.documentElement.namespaceURI).toBe(SITEMAP_NS);
  expect(document.documentElement.localName).toBe('urlset');
  const entries = new Map<string, Entry>();
  for (const url of document.getElementsByTagNameNS(SITEMAP_NS, 'url')) {
    const loc = url.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]?.textContent ?? '';
    const alternates: Record<string, string> = {};
    for (const link of url.getElementsByTagNameNS(XHTML_NS, 'link')) {
      expect(link.getAttribute('rel')).toBe('alternate');
      alternates[link.getAttribute('hreflang') ?? ''] = link.getAttribute('href') ?? '';
    }
    expect(entries.has(loc), loc).toBe(false);
    const lastmod = url.getElementsByTagNameNS(SITEMAP_NS, 'lastmod')[0]?.textContent ?? undefined;
    entries.set(loc, { loc, lastmod, alternates });
  }
  return entries;
}

/** A path in every language at `base`: English unprefixed, the others under their prefix. */
const inEvery = (base: string, path: string) =>
  Object.fromEntries([
    ...LANGUAGES.map((l) => [l, `${base}${l === 'en' ? path : path === '/' ? `/${l}` : `/${l}${path}`}`]),
    ['x-default', `${base}${path}`],
  ]);

describe('sitemap.xml', () => {
  const BASE = 'https://www.antrag.example';
  let app: FastifyInstance;
  let entries: Map<string, Entry>;
  beforeAll(async () => {
    app = await appAt(BASE);
    const response = await app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    entries = parse(response.body);
  });
  afterAll(() => app.close());

  it('lists every page, template instance and article in all seven languages, each with its alternates', async () => {
    const paths = [
      '/',
      '/app',
      '/studyguide',
      '/studyguide/2',
      '/blocked-account',
      '/privacy-policy',
      '/blog/finding-a-room/',
      '/studyportal/university/technical-university-of-munich',
      '/studyportal/studyprograms/informatics-msc-tum',
      '/studyportal/university/technical-university-of-munich/studyprograms/informatics-msc-tum',
    ];
    for (const path of paths) {
      const every = inEvery(BASE, path);
      for (const locale of LANGUAGES) {
        const entry = entries.get(every[locale]);
        expect(entry, every[locale]).toBeDefined();
        expect(entry?.alternates, every[locale]).toEqual(every);
      }
    }
  });

  it('has every page of the content and every article, seven times, and nothing else', async () => {
    const pages = (await source.listPages('en'))
      .map((p) => String(p.flatData.path))
      .filter((p) => !p.includes('{') && p !== '/404');
    const articles = (await source.listArticles('en', { take: 1000 })).map((a) => `/blog/${a.flatData.slug}/`);
    const english = [...entries.keys()].filter(
      (loc) => !/^https:\/\/www\.antrag\.example\/(de|fr|vi|es|zh|ru)(\/|$)/.test(loc),
    );
    for (const path of [...pages, ...articles]) expect(english, path).toContain(`${BASE}${path}`);
    // every address once in each language
    expect(entries.size).toBe(english.length * LANGUAGES.length);
    for (const entry of entries.values()) {
      expect(entry.loc.startsWith(`${BASE}/`), entry.loc).toBe(true);
      expect(Object.keys(entry.alternates).sort(), entry.loc).toEqual([...LANGUAGES, 'x-default'].sort());
      expect(Object.values(entry.alternates), entry.loc).toContain(entry.loc);
      expect(entry.loc, entry.loc).not.toMatch(/[{}]|\/404$|localhost/);
    }
    // a university's program at its own university only, not at every university
    const programs = await source.listPrograms('en', { take: 1000 });
    const pairs = english.filter((loc) => /\/studyportal\/university\/[^/]+\/studyprograms\//.test(loc));
    expect(pairs).toHaveLength(programs.length);
  });

  it('says when an article last changed', () => {
    expect(entries.get(`${BASE}/de/blog/finding-a-room/`)?.lastmod).toBe('2026-01-05T10:00:00Z');
  });

  it('stays well-formed XML whatever PUBLIC_URL holds', async () => {
    const odd = await appAt("https://example.test/a&b'c");
    try {
      const parsed = parse((await odd.inject('/sitemap.xml')).body);
      expect(parsed.get("https://example.test/a&b'c/de/studyguide")?.alternates.en).toBe(
        "https://example.test/a&b'c/studyguide",
      );
    } finally {
      await odd.close();
    }
  });
});

describe('robots.txt', () => {
  it('names the sitemap at PUBLIC_URL and keeps crawlers out of the studio only', async () => {
    const app = await appAt('https://www.antrag.example');
    try {
      const response = await app.inject('/robots.txt');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      const lines = response.body.split('\n');
      expect(lines).toContain('Sitemap: https://www.antrag.example/sitemap.xml');
      expect(lines).toContain('User-agent: *');
      expect(lines.filter((l) => l.startsWith('Disallow:'))).toEqual(['Disallow: /studio']);
    } finally {
      await app.close();
    }
  });

  it('is the server’s, also beside a built web app that still has a robots.txt file', async () => {
    const web = mkdtempSync(join(tmpdir(), 'antrag-robots-'));
    writeFileSync(
      join(web, 'index.html'),
      '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(web, 'robots.txt'), 'User-agent: *\nAllow: /\n');
    mkdirSync(join(web, 'assets'));
    const config = loadConfig({
      DATA_DIR: web,
      ANTRAG_SECRET: 'x'.repeat(32),
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://www.antrag.example',
    });
    const ctx = { config, db: {}, files: {}, mail: { send: async () => {} } } as unknown as ServerContext;
    const app = await buildApp(ctx, new FormRegistry(), { logger: false, webRoot: web, content: source });
    try {
      await app.ready();
      expect((await app.inject('/robots.txt')).body).toContain('Sitemap: https://www.antrag.example/sitemap.xml');
    } finally {
      await app.close();
      rmSync(web, { recursive: true, force: true });
    }
  });
});
