/**
 * The web app's shell for page paths: HTTP 404 (still the shell, so the app draws its website-error page) where the
 * content source knows the path has no page or article; 200 for existing pages, articles, forms and the booking
 * processes, and whenever the source cannot tell.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../site/server/app.js';
import { loadConfig } from '../../../../site/server/config.js';
import { type ContentSource, createContentSource } from '../../../../site/server/content/index.js';
import type { ServerContext } from '../../../../site/server/context.js';
import { FormRegistry } from '../../../../site/server/forms/registry.js';

const SHELL = '<!doctype html><title>Antrag</title><div id="root"></div>';
let web: string;

function contextFor(dataDir: string): ServerContext {
  const config = loadConfig({ DATA_DIR: dataDir, ANTRAG_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent' });
  // unit-test doubles: page paths touch neither the database, the file store nor the mail transport
  return { config, db: {} as ServerContext['db'], files: {} as ServerContext['files'], mail: { send: async () => {} } };
}

async function appWith(content: ContentSource): Promise<FastifyInstance> {
  const app = await buildApp(contextFor(web), new FormRegistry(), { logger: false, webRoot: web, content });
  await app.ready();
  return app;
}

beforeAll(() => {
  web = mkdtempSync(join(tmpdir(), 'antrag-shell-'));
  writeFileSync(join(web, 'index.html'), SHELL);
});
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

  it('is 200 for the routes the web app draws without the content site', async () => {
    expect(await get('/forms/anything-the-app-decides')).toBe(200);
    expect(await get('/blocked-account/book')).toBe(200);
    expect(await get('/aok-products/book/')).toBe(200);
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
    } finally {
      await app.close();
    }
  });
});
