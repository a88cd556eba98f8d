/**
 * The web app's shell for page paths: HTTP 404 (still the shell, so the app draws its website-error page) where the
 * content source knows the path has no page or article; 200 for existing pages, articles, forms and the booking
 * processes, and whenever the source cannot tell. A content page's shell carries its content inline (the answers of
 * the site and page calls, keyed as the app's router reads the address) and announces the route's chunks.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { CompiledForm } from '@antrag/core/compile/types';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../site/server/app.js';
import { loadConfig } from '../../../../site/server/config.js';
import { type ContentSource, createContentSource } from '../../../../site/server/content/index.js';
import type { ServerContext } from '../../../../site/server/context.js';
import { FormRegistry } from '../../../../site/server/forms/registry.js';

/** The built `index.html`, naming its entry and the chunk the entry imports, as vite writes them. */
const SHELL =
  '<!doctype html><html lang="en"><head><title>Antrag</title>' +
  '<script type="module" crossorigin src="/assets/main-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/shared-1.js"></head><body><div id="root"></div></body></html>';
/** A build manifest as vite writes it: the two route chunks and what they import. */
const MANIFEST = {
  'index.html': { file: 'assets/main-1.js', imports: ['_shared-1.js'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  'content/ContentSite.tsx': { file: 'assets/ContentSite-1.js', imports: ['_shared-1.js'], css: ['assets/site-1.css'] },
  'forms/FormPage.tsx': { file: 'assets/FormPage-1.js', imports: ['_shared-1.js', '_engine-1.js'] },
  '_engine-1.js': { file: 'assets/engine-1.js' },
};
let web: string;
/** A built script big enough to be worth compressing. */
const BUILT_SCRIPT = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `text ${i}`))};`;

function contextFor(dataDir: string): ServerContext {
  const config = loadConfig({ DATA_DIR: dataDir, ANTRAG_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' });
  // unit-test doubles: page paths touch neither the database, the file store nor the mail transport
  return { config, db: {} as ServerContext['db'], files: {} as ServerContext['files'], mail: { send: async () => {} } };
}

/**
 * A registry that knows the form `contact` (a stand-in: the shell reads only whether a form is published, and
 * draws nothing on the server without a built renderer).
 */
function registryWithContact(): FormRegistry {
  const registry = new FormRegistry();
  registry.forms.set('contact', { id: 'contact' } as CompiledForm);
  return registry;
}

async function appWith(content: ContentSource): Promise<FastifyInstance> {
  const app = await buildApp(contextFor(web), registryWithContact(), { logger: false, webRoot: web, content });
  await app.ready();
  return app;
}

beforeAll(() => {
  web = mkdtempSync(join(tmpdir(), 'antrag-shell-'));
  writeFileSync(join(web, 'index.html'), SHELL);
  mkdirSync(join(web, '.vite'));
  writeFileSync(join(web, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  // a hashed file and one under a fixed name, as vite writes them (the static files are routed at start)
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'assets', 'main-B6KfALPJ.js'), 'export {};');
  writeFileSync(join(web, 'assets', 'validation-runtime.js'), 'export {};');
  // a script the build compressed (site/vite.config.ts): its copies beside it
  writeFileSync(join(web, 'assets', 'engine-C0ffee42.js'), BUILT_SCRIPT);
  writeFileSync(join(web, 'assets', 'engine-C0ffee42.js.br'), brotliCompressSync(BUILT_SCRIPT));
  writeFileSync(join(web, 'assets', 'engine-C0ffee42.js.gz'), gzipSync(BUILT_SCRIPT));
  // the letter's font and the PDF worker, hashed like any other file of the build
  writeFileSync(join(web, 'assets', 'NotoSans_400Regular-D96CXwz4.ttf'), BUILT_SCRIPT);
  writeFileSync(join(web, 'assets', 'pdf.worker.min-C8PGFc0r.mjs'), BUILT_SCRIPT);
});

/** The inline content of a shell, parsed. */
function inlineData(html: string): { locale: string; path: string; site: unknown; page: Record<string, unknown> } {
  const match = /<script id="antrag-shell-data" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no inline content');
  return JSON.parse(match[1]);
}
afterAll(() => rmSync(web, { recursive: true, force: true }));

describe('the shell of a page path', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith(createContentSource());
  });
  afterAll(() => app.close());

  const get = async (url: string) => {
    const response = await app.inject({ url });
    expect(response.headers['content-type'], url).toContain('text/html');
    expect(response.body, url).toContain('<div id="root">');
    return response.statusCode;
  };

  it('is 404 for a path the content source has no page for, in any locale', async () => {
    expect(await get('/no-such-page')).toBe(404);
    expect(await get('/de/no-such-page?utm_source=x')).toBe(404);
    expect(await get('/studyportal/university/no-such-university')).toBe(404);
  });

  it('is 404 for a form no one published, announcing nothing of it', async () => {
    expect(await get('/forms/no-such-form')).toBe(404);
    expect(await get('/de/forms/no-such-form')).toBe(404);
    const page = (await app.inject({ url: '/forms/no-such-form?lang=fr' })).body;
    expect(page).not.toContain('/api/forms/no-such-form');
    // in the language it was asked in, before any script runs
    expect(page).toContain('<html lang="fr"');
    expect((await app.inject({ url: '/forms/no-such-form?lang=xx' })).body).toContain('<html lang="en"');
    // still the form route's code: the app draws its not-found page in the page's language
    expect(page).toContain('href="/assets/FormPage-1.js"');
  });

  it('is 404 for an unknown article and an unknown booking link', async () => {
    expect(await get('/blog/no-such-article/')).toBe(404);
    expect(await get('/booking/no-such-booking')).toBe(404);
  });

  it('is 200 for pages, articles and bound templates that exist', async () => {
    expect(await get('/')).toBe(200);
    expect(await get('/studyguide')).toBe(200);
    expect(await get('/de/blocked-account')).toBe(200);
    expect(await get('/blog/student-visa-checklist/')).toBe(200);
    expect(await get('/fr/blog/student-visa-checklist')).toBe(200);
    expect(await get('/studyportal/university/technical-university-of-munich')).toBe(200);
  });

  it('answers HEAD on pages as GET does, without the body (link checkers and crawlers ask so)', async () => {
    for (const url of ['/', '/de', '/blog/student-visa-checklist/', '/app/', '/forms/contact', '/no-such-page']) {
      const head = await app.inject({ method: 'HEAD', url });
      const get = await app.inject({ method: 'GET', url });
      expect(head.statusCode, url).toBe(get.statusCode);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.body, url).toBe('');
    }
    expect((await app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'HEAD', url: '/no-such-page' })).statusCode).toBe(404);
    // other methods are still no page
    expect((await app.inject({ method: 'DELETE', url: '/' })).statusCode).toBe(404);
  });

  it('is 200 for the routes the web app draws without the content site', async () => {
    expect(await get('/forms/contact')).toBe(200);
    expect(await get('/forms/contact/?lang=de')).toBe(200);
    expect(await get('/blocked-account/book')).toBe(200);
    expect(await get('/aok-products/book/')).toBe(200);
    expect(await get('/studio')).toBe(200);
  });

  it("carries the page and site answers inline, keyed by the router's locale and path, as the API gives them", async () => {
    for (const [url, locale, path] of [
      ['/', 'en', '/'],
      ['/studyguide/', 'en', '/studyguide'],
      ['/de/blocked-account', 'de', '/blocked-account'],
      ['/fr/blog/student-visa-checklist/', 'fr', '/blog/student-visa-checklist'],
    ]) {
      const response = await app.inject({ url });
      const data = inlineData(response.body);
      expect([data.locale, data.path], url).toEqual([locale, path]);
      const api = path.startsWith('/blog/')
        ? `/api/content/articles/student-visa-checklist?locale=${locale}`
        : `/api/content/page?path=${encodeURIComponent(path)}&locale=${locale}`;
      expect(data.page, url).toEqual((await app.inject({ url: api })).json());
      expect(data.site, url).toEqual((await app.inject({ url: `/api/content/site?locale=${locale}` })).json());
      expect(response.body, url).toContain(`<html lang="${locale}"`);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("inlines the not-found page for an unknown path, and nothing for the app's own routes", async () => {
    const missing = await app.inject({ url: '/de/no-such-page' });
    expect(inlineData(missing.body).page).toMatchObject({ notFound: true, path: '/no-such-page' });
    const form = await app.inject({ url: '/forms/contact' });
    expect(form.body).not.toContain('antrag-shell-data');
  });

  it('says without scripts that the page needs them, in its language: a content page and a form page', async () => {
    const notice = (html: string) =>
      /<noscript><p role="alert"[^>]*>([^<]*)<\/p><\/noscript><div id="root">/.exec(html)?.[1];
    expect(notice((await app.inject({ url: '/studyguide' })).body)).toMatch(/^This site needs JavaScript\./);
    expect(notice((await app.inject({ url: '/de/studyguide' })).body)).toMatch(/^Diese Website benötigt JavaScript\./);
    expect(notice((await app.inject({ url: '/forms/contact?lang=fr' })).body)).toMatch(
      /^Ce formulaire nécessite JavaScript\./,
    );
  });

  it("announces the route's chunks, their imports and styles, from the build manifest", async () => {
    const page = (await app.inject({ url: '/studyguide' })).body;
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/ContentSite-1.js">');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-1.js">');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/site-1.css">');
    expect(page).not.toContain('FormPage-1.js');
    const form = (await app.inject({ url: '/forms/contact' })).body;
    expect(form).toContain('href="/assets/FormPage-1.js"');
    // the form's definition and validators, fetched by the page as soon as its code runs
    expect(form).toContain('<link rel="preload" as="fetch" crossorigin href="/api/forms/contact">');
    expect(form).toContain('<link rel="modulepreload" crossorigin href="/api/forms/contact/validators/0.js">');
    expect(form).toContain('href="/assets/engine-1.js"');
    expect(form).not.toContain('ContentSite-1.js');
    // what the built page names already is not named again
    for (const html of [page, form]) {
      expect(html.split('"/assets/shared-1.js"')).toHaveLength(2);
      expect(html.split('"/assets/main-1.js"')).toHaveLength(2);
    }
  });

  it('lets browsers keep a hashed file for a year, and ask again for one under a fixed name', async () => {
    const hashed = await app.inject({ url: '/assets/main-B6KfALPJ.js' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const fixed = await app.inject({ url: '/assets/validation-runtime.js' });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.headers['cache-control']).toBe('public, max-age=0');
  });

  it('sends the copies the build compressed to browsers that take them, kept for a year all the same', async () => {
    const url = '/assets/engine-C0ffee42.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BUILT_SCRIPT);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BUILT_SCRIPT);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUILT_SCRIPT);
    // a client asking for deflate alone gets the file as it is: nothing is compressed per request for it
    const deflate = await app.inject({ url, headers: { 'accept-encoding': 'deflate' } });
    expect(deflate.headers['content-encoding']).toBeUndefined();
    expect(deflate.body).toBe(BUILT_SCRIPT);
  });

  it('keeps the hashed fonts and module workers for a year too', async () => {
    for (const url of ['/assets/NotoSans_400Regular-D96CXwz4.ttf', '/assets/pdf.worker.min-C8PGFc0r.mjs']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
  });

  it('leaves unknown API paths JSON 404s', async () => {
    const response = await app.inject({ url: '/api/no-such-route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ ok: false });
  });
});

describe('a content source that cannot answer', () => {
  it('keeps 200: the page may exist', async () => {
    const failing = new Proxy(createContentSource(), {
      get(target, key, receiver) {
        if (key === 'getPage' || key === 'getArticle') return async () => Promise.reject(new Error('service down'));
        return Reflect.get(target, key, receiver);
      },
    });
    const app = await appWith(failing);
    try {
      expect((await app.inject({ url: '/no-such-page' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/blog/no-such-article/' })).statusCode).toBe(200);
      // the app asks the API itself
      expect((await app.inject({ url: '/no-such-page' })).body).not.toContain('antrag-shell-data');
    } finally {
      await app.close();
    }
  });
});

describe('inline JSON in the shell', () => {
  it('cannot close its script element or break a line', async () => {
    const { inlineJson } = await import('../../../../site/server/shell.js');
    const text = inlineJson({ title: '</script><script>alert(1)</script>', line: 'a\u2028b\u2029c' });
    expect(text).not.toMatch(/<|\u2028|\u2029/);
    expect(JSON.parse(text)).toEqual({ title: '</script><script>alert(1)</script>', line: 'a\u2028b\u2029c' });
  });
});

describe('a page shell on the wire', () => {
  it('travels gzip-compressed to a browser that takes it, and plain to one that does not', async () => {
    const app = await appWith(createContentSource());
    try {
      const plain = await app.inject({ url: '/studyguide' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      const zipped = await app.inject({ url: '/studyguide', headers: { 'accept-encoding': 'br, gzip;q=0.8' } });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(String(zipped.headers.vary)).toContain('Accept-Encoding');
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
      // a gzip the browser refuses (q=0) is not sent
      const refused = await app.inject({ url: '/studyguide', headers: { 'accept-encoding': 'gzip;q=0, identity' } });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.body).toBe(plain.body);
    } finally {
      await app.close();
    }
  });
});

describe('a build whose form page is a shared chunk', () => {
  it('still announces the form route’s chunks (the drawn page’s hydration imports the form page statically)', async () => {
    // vite's manifest when `forms/hydrate.tsx` imports `forms/FormPage.tsx`: the form page is a chunk named after it
    const shared = mkdtempSync(join(tmpdir(), 'antrag-shell-shared-'));
    writeFileSync(join(shared, 'index.html'), SHELL);
    mkdirSync(join(shared, '.vite'));
    const manifest = {
      'index.html': { file: 'assets/main-1.js', dynamicImports: ['_FormPage-2.js', 'forms/hydrate.tsx'] },
      '_FormPage-2.js': {
        file: 'assets/FormPage-2.js',
        name: 'FormPage',
        imports: ['_engine-1.js'],
        css: ['assets/FormPage-2.css'],
      },
      '_engine-1.js': { file: 'assets/engine-1.js' },
      'forms/hydrate.tsx': { file: 'assets/hydrate-2.js', imports: ['_FormPage-2.js'] },
    };
    writeFileSync(join(shared, '.vite', 'manifest.json'), JSON.stringify(manifest));
    const app = await buildApp(contextFor(shared), new FormRegistry(), {
      logger: false,
      webRoot: shared,
      content: createContentSource(),
    });
    try {
      const form = (await app.inject({ url: '/forms/contact' })).body;
      expect(form).toContain('<link rel="modulepreload" crossorigin href="/assets/FormPage-2.js">');
      expect(form).toContain('href="/assets/engine-1.js"');
      expect(form).toContain('<link rel="stylesheet" crossorigin href="/assets/FormPage-2.css">');
      expect(form).not.toContain('hydrate-2.js');
    } finally {
      await app.close();
      rmSync(shared, { recursive: true, force: true });
    }
  });
});
