/**
 * The content site's routes (spec 002): pages by path and locale with their assets, the not-found page, navigation
 * and footer, the restricted-link flag, booking links and their two feature-flag redirects, assets and the sitemap.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../site/server/config.js';
import { createContentSource } from '../../../../site/server/content/index.js';
import type { ServerContext } from '../../../../site/server/context.js';
import { bookingTarget, registerContentRoutes, withoutRestricted } from '../../../../site/server/routes/content.js';

const source = createContentSource();

async function appWith(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const config = loadConfig({ ANTRAG_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://example.test', ...env });
  registerContentRoutes(app, { config } as ServerContext, { source });
  await app.ready();
  return app;
}

describe('content routes', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith();
  });
  afterAll(() => app.close());

  it('answers a page in the locale of its path prefix, with its blocks and assets', async () => {
    const response = await app.inject('/api/content/page?path=/de/blocked-account');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.locale).toBe('de');
    expect(body.path).toBe('/blocked-account');
    expect(body.page.flatData.blocks.map((b: { __typename: string }) => b.__typename)).toContain(
      'BlockedAccountCalculator',
    );
    expect(body.assets['asset-hero-documents'].url).toBe('/content-assets/asset-hero-documents');
    expect(body.assets['asset-hero-documents'].alt).toMatch(/\w/);
  });

  it('fills the study guide category list with the category tree, active by the path', async () => {
    const body = (await app.inject('/api/content/page?path=/studyguide/2')).json();
    const list = body.page.flatData.blocks.find((b: { __typename: string }) => b.__typename === 'ArticleCategoryList');
    expect(list.flatData.activeIndex).toBe(2);
    expect(list.flatData.categories.length).toBeGreaterThan(1);
    expect(list.flatData.categories[0].subCategories[0].articles.length).toBeGreaterThan(0);
  });

  it("fills a university page's program carousel with that university's programs", async () => {
    const body = (
      await app.inject('/api/content/page?path=/studyportal/university/technical-university-of-munich')
    ).json();
    const tabs = body.page.flatData.blocks.find((b: { __typename: string }) => b.__typename === 'Tabs');
    const carousel = tabs.flatData.items
      .flatMap((t: { children: unknown[] }) => t.children)
      .find((b: { __typename: string }) => b.__typename === 'ProgramCarousel');
    expect(carousel.flatData.items.map((p: { id: string }) => p.id)).toContain('prog-tum-informatics-msc');
  });

  it('answers an unknown path with 404 and the not-found page', async () => {
    const response = await app.inject('/api/content/page?path=/fr/no-such-page');
    expect(response.statusCode).toBe(404);
    const body = response.json();
    expect(body.notFound).toBe(true);
    expect(body.page.flatData.blocks[0].__typename).toBe('WebsiteError');
  });

  it('answers an article by slug, and 404 with the not-found page for an unknown one', async () => {
    const ok = await app.inject('/api/content/articles/student-visa-checklist?locale=de');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().article.flatData.slug).toBe('student-visa-checklist');
    expect(ok.json().categories.length).toBeGreaterThan(0);
    const missing = await app.inject('/api/content/articles/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().page.flatData.blocks[0].__typename).toBe('WebsiteError');
  });

  it('answers navigation, footer, flags and the logo asset in one call', async () => {
    const body = (await app.inject('/api/content/site?locale=de')).json();
    expect(body.locale).toBe('de');
    expect(body.locales).toEqual(['en', 'de', 'fr', 'vi', 'es', 'zh', 'ru']);
    expect(body.navigation.flatData.menuItems[0].label).toBe('Sperrkonto');
    expect(body.footer.flatData.copyright).toContain('{currentYear}');
    expect(body.flags).toEqual({ app: false });
    expect(body.assets['asset-logo'].url).toBe('/content-assets/asset-logo');
  });

  it('serves assets of the file source with their media type, 404 for unknown ones', async () => {
    const logo = await app.inject('/content-assets/asset-logo');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
    expect(logo.body).toContain('<svg');
    expect((await app.inject('/content-assets/nope')).statusCode).toBe(404);
  });

  it('lists pages, categories, articles, universities and programs in the sitemap, not templates', async () => {
    const response = await app.inject('/sitemap.xml');
    expect(response.headers['content-type']).toContain('application/xml');
    const xml = response.body;
    expect(xml).toContain('<loc>https://example.test/</loc>');
    expect(xml).toContain('<loc>https://example.test/blocked-account</loc>');
    expect(xml).toContain('<loc>https://example.test/studyguide/1</loc>');
    expect(xml).toContain('<loc>https://example.test/blog/student-visa-checklist/</loc>');
    expect(xml).toContain('<loc>https://example.test/studyportal/university/lmu-munich</loc>');
    expect(xml).toContain('/studyportal/university/technical-university-of-munich/studyprograms/informatics-msc-tum');
    expect(xml).not.toContain('{');
    expect(xml).not.toContain('/404');
  });

  it('redirects booking links to their forms; an unknown booking is not found', async () => {
    const response = await app.inject('/booking/blocked-account');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/forms/blocked-account');
    expect((await app.inject('/booking/health-insurance')).headers.location).toBe('/forms/health-insurance-booking');
    expect((await app.inject('/booking/unknown')).statusCode).toBe(404);
  });

  it("opens a booking's form in the language it was followed from, and takes no other text along", async () => {
    expect((await app.inject('/booking/blocked-account?lang=de')).headers.location).toBe(
      '/forms/blocked-account?lang=de',
    );
    expect((await app.inject('/ru/booking/health-insurance')).headers.location).toBe(
      '/forms/health-insurance-booking?lang=ru',
    );
    expect((await app.inject('/booking/blocked-account?lang=en')).headers.location).toBe('/forms/blocked-account');
    // a language the forms do not have, or something else entirely: English, and nothing of it in the address
    for (const lang of ['uk', '"><script>', 'de%0d%0aSet-Cookie:x=1']) {
      const response = await app.inject(`/booking/blocked-account?lang=${lang}`);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/forms/blocked-account');
    }
    expect((await app.inject('/xx/booking/blocked-account')).statusCode).toBe(404);
    // names every object has are no bookings
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect((await app.inject(`/booking/${id}?lang=de`)).statusCode, id).toBe(404);
      expect((await app.inject(`/de/booking/${id}`)).statusCode, id).toBe(404);
    }
    expect((await app.inject('/de/booking/unknown')).statusCode).toBe(404);
  });
});

describe('feature flags', () => {
  it('sends booking links to the new processes when their flags are on', async () => {
    const app = await appWith({
      FEATURE_NEW_BLOCKED_ACCOUNT_PROCESS: 'true',
      FEATURE_NEW_PUBLIC_INSURER_PROCESS: 'true',
    });
    expect((await app.inject('/booking/blocked-account')).headers.location).toBe('/blocked-account/book');
    expect((await app.inject('/booking/health-insurance')).headers.location).toBe('/aok-products/book');
    await app.close();
  });

  it('hides items whose url is the restricted link while the flag is off', async () => {
    const off = await appWith({ RESTRICTED_LINK: '/app/' });
    const nav = (await off.inject('/api/content/site')).json();
    expect(JSON.stringify(nav.navigation)).not.toContain('"/app/"');
    expect(JSON.stringify(nav.footer)).not.toContain('"/app/"');
    await off.close();
    const on = await appWith({ RESTRICTED_LINK: '/app/', FEATURE_RESTRICTED_LINK: 'true' });
    expect(JSON.stringify((await on.inject('/api/content/site')).json().footer)).toContain('"/app/"');
    await on.close();
  });

  it('reports the app flag to the web app', async () => {
    const app = await appWith({ FEATURE_APP: 'true' });
    expect((await app.inject('/api/content/site')).json().flags).toEqual({ app: true });
    await app.close();
  });

  it('refuses a flag that is neither true nor false', () => {
    expect(() => loadConfig({ ANTRAG_SECRET: 'x', FEATURE_APP: 'yes' })).toThrow(/FEATURE_APP/);
  });
});

describe('helpers', () => {
  it('withoutRestricted drops list items by url or ctaUrl, at any depth', () => {
    const value = { a: [{ url: '/x' }, { url: '/y' }], b: { c: [{ ctaUrl: '/x' }, 1] } };
    expect(withoutRestricted(value, '/x')).toEqual({ a: [{ url: '/y' }], b: { c: [1] } });
    expect(withoutRestricted(value, '')).toBe(value);
  });

  it('bookingTarget keeps the form route while the flags are off', () => {
    const features = loadConfig({ ANTRAG_SECRET: 'x' }).features;
    expect(bookingTarget('blocked-account-bundle', features)).toBe('/forms/blocked-account');
    expect(bookingTarget('nothing', features)).toBeUndefined();
  });
});
