/**
 * What a search engine reads of a German article (issue 20), in Chromium: with scripts off, the page as the server
 * sent it has the article's German title, description, canonical address, alternates in all seven languages, Open
 * Graph and Twitter tags and its Article and BreadcrumbList data; with scripts on, the app keeps the same title and
 * description once it has drawn the article.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

const ARTICLE = '/de/blog/finding-a-room/';

/** The head as the page has it now. */
function readHead(page: Page) {
  return page.evaluate(() => {
    const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content') ?? null;
    return {
      lang: document.documentElement.lang,
      title: document.title,
      description: content('meta[name="description"]'),
      canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      alternates: Object.fromEntries(
        [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
          l.getAttribute('hreflang'),
          l.getAttribute('href'),
        ]),
      ),
      og: {
        title: content('meta[property="og:title"]'),
        type: content('meta[property="og:type"]'),
        url: content('meta[property="og:url"]'),
        image: content('meta[property="og:image"]'),
        locale: content('meta[property="og:locale"]'),
      },
      twitter: content('meta[name="twitter:card"]'),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
        JSON.parse(s.textContent ?? ''),
      ),
    };
  });
}

test('a German article’s head, as sent and once the app has drawn it', async ({ browser, server }) => {
  const sent = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await sent.newPage();
    const response = await page.goto(`${server}${ARTICLE}`);
    expect(response?.status()).toBe(200);
    const head = await readHead(page);
    expect(head.lang).toBe('de');
    expect(head.title).toBe('Ein Zimmer finden: Tipps für studentisches Wohnen – Antrag');
    expect(head.description).toBe('Wohnheime, WGs und worauf du achten solltest.');
    expect(head.canonical).toMatch(/^https?:\/\/[^/]+\/de\/blog\/finding-a-room\/$/);
    const origin = new URL(head.canonical ?? '').origin;
    expect(head.alternates).toEqual({
      en: `${origin}/blog/finding-a-room/`,
      de: `${origin}/de/blog/finding-a-room/`,
      fr: `${origin}/fr/blog/finding-a-room/`,
      vi: `${origin}/vi/blog/finding-a-room/`,
      es: `${origin}/es/blog/finding-a-room/`,
      zh: `${origin}/zh/blog/finding-a-room/`,
      ru: `${origin}/ru/blog/finding-a-room/`,
      'x-default': `${origin}/blog/finding-a-room/`,
    });
    expect(head.og).toEqual({
      title: head.title,
      type: 'article',
      url: head.canonical,
      // the hero, an SVG, as the PNG link previews show
      image: `${origin}/content-assets/asset-hero-city/share.png`,
      locale: 'de_DE',
    });
    expect(head.twitter).toBe('summary_large_image');
    expect(head.jsonLd.map((d) => d['@type'])).toEqual(['Article', 'BreadcrumbList']);
    expect(head.jsonLd[0]).toMatchObject({
      headline: 'Ein Zimmer finden: Tipps für studentisches Wohnen',
      inLanguage: 'de',
      datePublished: '2026-01-05',
    });
    expect(head.jsonLd[1].itemListElement.map((c: { name: string }) => c.name)).toEqual([
      'Antrag',
      'Studienratgeber',
      'Leben in Deutschland',
      'Ein Zimmer finden: Tipps für studentisches Wohnen',
    ]);
  } finally {
    await sent.close();
  }

  const drawn = await browser.newContext();
  try {
    const page = await drawn.newPage();
    await page.goto(`${server}${ARTICLE}`);
    await expect(page.getByRole('heading', { level: 1, name: /Ein Zimmer finden/ })).toBeVisible();
    const head = await readHead(page);
    expect(head.title).toBe('Ein Zimmer finden: Tipps für studentisches Wohnen – Antrag');
    expect(head.description).toBe('Wohnheime, WGs und worauf du achten solltest.');
  } finally {
    await drawn.close();
  }
});
