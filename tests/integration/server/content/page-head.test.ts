/**
 * What search engines and link previews read in a page as the server sends it (issue 20): each content page, article
 * and form page has its own title and description in its language, its canonical address at PUBLIC_URL, alternates in
 * all seven languages and `x-default`, Open Graph and Twitter tags with the page's picture, and an article JSON-LD
 * (Article, BreadcrumbList), all before any script; hostile content and addresses cannot break out of them.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compileForm } from '@antrag/core/compile';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../site/server/app.js';
import { loadConfig } from '../../../../site/server/config.js';
import { type ContentSource, createContentSource } from '../../../../site/server/content/index.js';
import type { ServerContext } from '../../../../site/server/context.js';
import { FormRegistry } from '../../../../site/server/forms/registry.js';
import { CODE_LOADER, loadWebShell } from '../../../../site/server/shell.js';

const ROOT = resolve(import.meta.dirname, '../../../..');
const BASE = 'https://antrag.example';
const LANGUAGES = ['en', 'de', 'fr', 'vi', 'es', 'zh', 'ru'];

/** The web app's `index.html` as vite builds it: its generic title and description, then its entry. */
const SHELL = readFileSync(join(ROOT, 'site/web/index.html'), 'utf8')
  .replace('<script type="module" src="./main.tsx"></script>', '')
  .replace('</head>', '<script type="module" crossorigin src="/assets/main-1.js"></script></head>');

let web: string;

beforeAll(() => {
  web = mkdtempSync(join(tmpdir(), 'antrag-head-'));
  writeFileSync(join(web, 'index.html'), SHELL);
  mkdirSync(join(web, '.vite'));
  writeFileSync(join(web, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/main-1.js' } }));
});
afterAll(() => rmSync(web, { recursive: true, force: true }));

/** A registry with the contact and blocked-account forms, compiled from `schemas/` (texts in every language). */
function registryWithForms(): FormRegistry {
  const registry = new FormRegistry();
  for (const file of ['contact/contact-enquiry.form.json', 'blocked-account/blocked-account.form.json']) {
    const { form } = compileForm(JSON.parse(readFileSync(join(ROOT, 'schemas', file), 'utf8')));
    if (!form) throw new Error(`${file} does not compile`);
    registry.add(form);
  }
  return registry;
}

async function appWith(content: ContentSource): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: web, ANTRAG_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent', PUBLIC_URL: BASE });
  // page paths touch neither the database, the file store nor the mail transport
  const ctx = { config, db: {}, files: {}, mail: { send: async () => {} } } as unknown as ServerContext;
  const app = await buildApp(ctx, registryWithForms(), { logger: false, webRoot: web, content });
  await app.ready();
  return app;
}

/** A page as sent, its head parsed (no script runs in the parser). */
function headOf(html: string) {
  const { document } = new JSDOM(html).window;
  const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content') ?? undefined;
  const attr = (selector: string, name: string) => document.head.querySelector(selector)?.getAttribute(name);
  return {
    document,
    lang: document.documentElement.lang,
    title: document.title,
    titles: document.querySelectorAll('title').length,
    descriptions: [...document.querySelectorAll('meta[name="description"]')].map((m) => m.getAttribute('content')),
    canonical: attr('link[rel="canonical"]', 'href'),
    alternates: Object.fromEntries(
      [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
        l.getAttribute('hreflang'),
        l.getAttribute('href'),
      ]),
    ),
    og: (name: string) => content(`meta[property="og:${name}"]`),
    twitter: (name: string) => content(`meta[name="twitter:${name}"]`),
    robots: content('meta[name="robots"]'),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
      JSON.parse(s.textContent ?? ''),
    ),
  };
}

/** Every tag search engines read stands before the first script of the page. */
function beforeAnyScript(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const firstScript = head.search(/<script(?! type="application\/ld\+json")/);
  const lastTag = Math.max(
    head.lastIndexOf('<meta property="og:'),
    head.lastIndexOf('<meta name="twitter:'),
    head.lastIndexOf('<link rel="alternate"'),
  );
  return firstScript < 0 || lastTag < firstScript;
}

describe('the head of a content page as sent', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith(createContentSource());
  });
  afterAll(() => app.close());

  it("has the page's own title, description, canonical address and alternates in every language", async () => {
    const html = (await app.inject({ url: '/studyguide/?utm_source=newsletter' })).body;
    const head = headOf(html);
    expect(head.title).toBe('Study guide – Antrag');
    expect(head.titles).toBe(1);
    expect(head.descriptions).toHaveLength(1);
    expect(head.descriptions[0]).toMatch(/\w/);
    expect(head.descriptions[0]).not.toBe(
      'Study in Germany: blocked account, health insurance, study guide and university search.',
    );
    // no query, no trailing slash: one address for the page
    expect(head.canonical).toBe(`${BASE}/studyguide`);
    expect(head.alternates).toEqual({
      en: `${BASE}/studyguide`,
      de: `${BASE}/de/studyguide`,
      fr: `${BASE}/fr/studyguide`,
      vi: `${BASE}/vi/studyguide`,
      es: `${BASE}/es/studyguide`,
      zh: `${BASE}/zh/studyguide`,
      ru: `${BASE}/ru/studyguide`,
      'x-default': `${BASE}/studyguide`,
    });
    expect(head.robots).toBeUndefined();
    expect(beforeAnyScript(html)).toBe(true);
  });

  it('has Open Graph and Twitter tags with the picture of the page', async () => {
    const head = headOf((await app.inject({ url: '/' })).body);
    expect(head.title).toBe('Antrag – study in Germany');
    expect(head.og('title')).toBe(head.title);
    expect(head.og('description')).toBe(head.descriptions[0]);
    expect(head.og('url')).toBe(`${BASE}/`);
    expect(head.og('type')).toBe('website');
    expect(head.og('locale')).toBe('en_US');
    expect(head.og('site_name')).toBe('Antrag');
    // the home page's hero, at PUBLIC_URL, as the PNG social networks show (the picture is an SVG)
    expect(head.og('image')).toBe(`${BASE}/content-assets/asset-hero-home/share.png`);
    expect(head.og('image:type')).toBe('image/png');
    expect([head.og('image:width'), head.og('image:height')]).toEqual(['1200', '630']);
    expect(head.og('image:alt')).toMatch(/\w/);
    expect(head.twitter('card')).toBe('summary_large_image');
    expect(head.twitter('title')).toBe(head.title);
    expect(head.twitter('description')).toBe(head.descriptions[0]);
    expect(head.twitter('image')).toBe(head.og('image'));
    // a page is no article: no article data
    expect(head.jsonLd).toEqual([]);
  });

  it('speaks the language of a localized page: German under /de/, and Chinese', async () => {
    const de = headOf((await app.inject({ url: '/de/blocked-account' })).body);
    expect(de.lang).toBe('de');
    expect(de.title).toBe('Sperrkonto – Antrag');
    expect(de.descriptions[0]).toBe(
      (await createContentSource().getPage('/blocked-account', 'de'))?.page.flatData.description,
    );
    expect(de.canonical).toBe(`${BASE}/de/blocked-account`);
    expect(de.og('url')).toBe(de.canonical);
    expect(de.og('locale')).toBe('de_DE');
    expect(de.alternates.en).toBe(`${BASE}/blocked-account`);
    expect(de.alternates['x-default']).toBe(`${BASE}/blocked-account`);
    // the home page in Chinese: its address has no trailing slash, like the app's language switch
    const zh = headOf((await app.inject({ url: '/zh/' })).body);
    expect(zh.title).toBe('Antrag – 德国留学');
    expect(zh.canonical).toBe(`${BASE}/zh`);
    expect(zh.og('locale')).toBe('zh_CN');
    // an English address asked in German (`?lang=de`, as the router reads it) names the German page
    const asked = headOf((await app.inject({ url: '/blocked-account?lang=de' })).body);
    expect(asked.title).toBe('Sperrkonto – Antrag');
    expect(asked.canonical).toBe(`${BASE}/de/blocked-account`);
  });

  it("fills a template page's title from its record", async () => {
    const head = headOf((await app.inject({ url: '/de/studyportal/university/technical-university-of-munich' })).body);
    expect(head.title).toBe('Technische Universität München – Studienportal – Antrag');
    expect(head.canonical).toBe(`${BASE}/de/studyportal/university/technical-university-of-munich`);
  });

  it('keeps the not-found page out of the index: its title, noindex, no canonical address', async () => {
    const response = await app.inject({ url: '/de/no-such-page' });
    expect(response.statusCode).toBe(404);
    const head = headOf(response.body);
    expect(head.title).toBe('Seite nicht gefunden – Antrag');
    expect(head.robots).toBe('noindex');
    expect(head.canonical).toBeUndefined();
    expect(head.alternates).toEqual({});
    // nor an address of its own for link previews
    expect(head.og('url')).toBeUndefined();
  });

  it('gives the app page (/app/, linked from header, footer and cards) in every language', async () => {
    const titles = new Set<string>();
    for (const locale of LANGUAGES) {
      const url = locale === 'en' ? '/app/' : `/${locale}/app/`;
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      const head = headOf(response.body);
      expect(head.lang, url).toBe(locale);
      expect(head.canonical, url).toBe(`${BASE}${locale === 'en' ? '' : `/${locale}`}/app`);
      titles.add(head.title);
    }
    // its own title in each language
    expect(titles.size).toBe(LANGUAGES.length);
  });
});

describe('the head of an article as sent', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith(createContentSource());
  });
  afterAll(() => app.close());

  it('is the article in its language, with Article and BreadcrumbList data', async () => {
    const html = (await app.inject({ url: '/fr/blog/finding-a-room' })).body;
    const head = headOf(html);
    const article = (await createContentSource().getArticle('finding-a-room', 'fr'))?.flatData ?? {};
    expect(head.lang).toBe('fr');
    expect(head.title).toBe(`${article.title} – Antrag`);
    expect(head.descriptions).toEqual([article.cardText]);
    // the address the article cards link to
    expect(head.canonical).toBe(`${BASE}/fr/blog/finding-a-room/`);
    expect(head.alternates.de).toBe(`${BASE}/de/blog/finding-a-room/`);
    expect(head.alternates['x-default']).toBe(`${BASE}/blog/finding-a-room/`);
    expect(head.og('type')).toBe('article');
    expect(head.og('locale')).toBe('fr_FR');
    expect(head.og('image')).toBe(`${BASE}/content-assets/asset-hero-city/share.png`);
    expect(head.document.head.querySelector('meta[property="article:published_time"]')?.getAttribute('content')).toBe(
      '2026-01-05',
    );
    const [data, crumbs] = head.jsonLd;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: article.title,
      description: article.cardText,
      inLanguage: 'fr',
      image: [`${BASE}/content-assets/asset-hero-city/share.png`],
      datePublished: '2026-01-05',
      author: [{ '@type': 'Person', name: 'Mai Nguyen' }],
      mainEntityOfPage: { '@type': 'WebPage', '@id': `${BASE}/fr/blog/finding-a-room/` },
    });
    expect(crumbs['@type']).toBe('BreadcrumbList');
    const guide = (await createContentSource().getPage('/studyguide', 'fr'))?.page.flatData.title;
    const category = (await createContentSource().listCategories('fr')).find((c) => c.flatData.index === 2);
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Antrag', item: `${BASE}/fr` },
      { '@type': 'ListItem', position: 2, name: guide, item: `${BASE}/fr/studyguide` },
      { '@type': 'ListItem', position: 3, name: category?.flatData.title, item: `${BASE}/fr/studyguide/2` },
      { '@type': 'ListItem', position: 4, name: article.title, item: `${BASE}/fr/blog/finding-a-room/` },
    ]);
    expect(beforeAnyScript(html)).toBe(true);
  });

  it("is what the app shows: the page's inline answer carries the same title and description", async () => {
    const html = (await app.inject({ url: '/de/blog/finding-a-room/' })).body;
    const head = headOf(html);
    const answer = (await app.inject({ url: '/api/content/articles/finding-a-room?locale=de' })).json();
    expect(answer.meta).toEqual({ title: head.title, description: head.descriptions[0] });
    const page = (await app.inject({ url: '/api/content/page?path=/de/contact' })).json();
    const contact = headOf((await app.inject({ url: '/de/contact' })).body);
    expect(page.meta).toEqual({ title: contact.title, description: contact.descriptions[0] });
  });
});

describe('the head of a form page as sent', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith(createContentSource());
  });
  afterAll(() => app.close());

  it("has the form's title and first step's text in the page's language, and its addresses by `?lang=`", async () => {
    const head = headOf((await app.inject({ url: '/forms/contact-enquiry?lang=de' })).body);
    expect(head.lang).toBe('de');
    expect(head.title).toBe('Kontakt – Antrag');
    expect(head.descriptions).toEqual(['Senden Sie uns Ihre Frage, wir antworten so schnell wie möglich.']);
    expect(head.canonical).toBe(`${BASE}/forms/contact-enquiry?lang=de`);
    expect(head.alternates.en).toBe(`${BASE}/forms/contact-enquiry`);
    expect(head.alternates.ru).toBe(`${BASE}/forms/contact-enquiry?lang=ru`);
    expect(head.alternates['x-default']).toBe(`${BASE}/forms/contact-enquiry`);
    expect(head.og('locale')).toBe('de_DE');
    expect(head.twitter('card')).toBe('summary');
    const en = headOf((await app.inject({ url: '/forms/contact-enquiry' })).body);
    expect(en.title).toBe('Contact – Antrag');
    expect(en.canonical).toBe(`${BASE}/forms/contact-enquiry`);
    // 'Antrag' in a German title is the word (an application), not the site's name: the name still follows
    const blocked = headOf((await app.inject({ url: '/forms/blocked-account?lang=de' })).body);
    expect(blocked.title).toBe('Antrag auf ein Sperrkonto – Antrag');
  });

  it('keeps a drawn form page’s head free of scripts, its code template right before its one loader', () => {
    const shell = loadWebShell(web);
    const drawn = {
      html: '<form>the first step</form>',
      styles: '<style>.a{}</style>',
      dataScript: '<script id="antrag-form-page" type="application/json">{}</script>',
      parts: { widgets: [], fields: [] },
    };
    const head = {
      title: 'Kontakt – Antrag',
      description: 'Senden Sie uns Ihre Frage.',
      locale: 'de' as const,
      url: `${BASE}/forms/contact-enquiry?lang=de`,
      alternates: [{ hreflang: 'x-default', href: `${BASE}/forms/contact-enquiry` }],
      type: 'website' as const,
    };
    const html = shell.html('form', { formId: 'contact-enquiry', drawn, lang: 'de', head });
    const top = html.slice(0, html.indexOf('</head>'));
    expect(top).not.toContain('<script');
    expect(headOf(html).title).toBe('Kontakt – Antrag');
    expect(headOf(html).canonical).toBe(`${BASE}/forms/contact-enquiry?lang=de`);
    expect(html).toContain(`</template><script>${CODE_LOADER}</script>`);
  });
});

describe('hostile content and addresses', () => {
  const HOSTILE = '</title><script>alert(1)</script>"\'><img src=x onerror=alert(2)>';
  let app: FastifyInstance;
  beforeAll(async () => {
    const real = createContentSource();
    // a content source whose editor wrote markup into the texts the head shows
    const hostile = new Proxy(real, {
      get(target, key, receiver) {
        if (key === 'getPage') {
          return async (path: string, locale: 'en') => {
            const match = await target.getPage(path, locale);
            if (!match) return match;
            const flatData = { ...match.page.flatData, title: HOSTILE, description: `${HOSTILE} $& $1` };
            return { ...match, page: { ...match.page, flatData } };
          };
        }
        if (key === 'getArticle') {
          return async (slug: string, locale: 'en') => {
            const article = await target.getArticle(slug, locale);
            return article && { ...article, flatData: { ...article.flatData, title: HOSTILE, cardText: HOSTILE } };
          };
        }
        return Reflect.get(target, key, receiver);
      },
    });
    app = await appWith(hostile);
  });
  afterAll(() => app.close());

  /** Whether the hostile text became markup: an element of its own, or an attribute broken out of its quotes. */
  const injected = (html: string) => {
    const { document } = new JSDOM(html).window;
    const scripts = [...document.querySelectorAll('script')].filter((s) => /alert/.test(s.textContent ?? ''));
    return (
      /<script>alert|<img src=x/.test(html) ||
      document.querySelectorAll('img, [onerror]').length > 0 ||
      scripts.some((s) => !/^application\/(ld\+)?json$/.test(s.getAttribute('type') ?? ''))
    );
  };

  it('shows a title with markup as text, in the title and in every attribute', async () => {
    const html = (await app.inject({ url: '/studyguide' })).body;
    expect(injected(html)).toBe(false);
    const head = headOf(html);
    expect(head.title).toBe(`${HOSTILE} – Antrag`);
    expect(head.descriptions).toHaveLength(1);
    // a replacement pattern in a text is text too
    expect(head.descriptions[0]).toContain('$& $1');
    expect(head.og('title')).toBe(`${HOSTILE} – Antrag`);
    expect(head.twitter('description')).toBe(head.descriptions[0]);
    expect(head.document.querySelectorAll('script:not([type])')).toHaveLength(0);
  });

  it('keeps an article title with `</script>` inside its JSON-LD', async () => {
    const html = (await app.inject({ url: '/blog/finding-a-room/' })).body;
    expect(injected(html)).toBe(false);
    const head = headOf(html);
    expect(head.jsonLd[0].headline).toBe(HOSTILE);
    expect(head.jsonLd[1].itemListElement[3].name).toBe(HOSTILE);
  });

  it('never writes the query of the address into the page', async () => {
    for (const url of [
      '/studyguide?x="><script>alert(1)</script>',
      "/blog/finding-a-room/?q='><img src=x onerror=alert(2)>",
      '/forms/contact-enquiry?lang="><script>alert(1)</script>',
      '/de/no-such-page"><script>alert(1)</script>',
    ]) {
      const html = (await app.inject({ url })).body;
      expect(injected(html), url).toBe(false);
      const head = headOf(html);
      expect(head.canonical ?? '', url).not.toMatch(/["'<>]/);
    }
    expect(headOf((await app.inject({ url: '/studyguide?x="a' })).body).canonical).toBe(`${BASE}/studyguide`);
  });
});
