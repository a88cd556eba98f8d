/**
 * What search engines read first (issue 20): `robots.txt`, which names the sitemap, and `sitemap.xml`, which lists
 * every page and article of the content site in each of its seven languages at `PUBLIC_URL`, each with its
 * alternates in the others (`xhtml:link` hreflang), as the pages' heads name them (`site/server/head/`).
 */
import { LOCALES } from '@antrag/core/dsl/types';
import { isObject } from '@antrag/core/json';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import type { ContentRecord, ContentSource } from '../content/index.js';
import { bindingsOf, type PageBinding } from '../content/records.js';
import { absoluteUrl, alternatesOf, pathInLocale } from '../head/tags.js';

/** Most records of one kind read for the sitemap (a sitemap file holds at most 50,000 addresses). */
const MAX_RECORDS = 5_000;

/** A page of the site as the sitemap lists it: its path without locale prefix, and when it last changed. */
export interface SitemapEntry {
  path: string;
  lastModified?: string;
}

const PARAM = /\{([a-zA-Z][a-zA-Z0-9]*)\}/g;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A path segment taken from a record's field (a slug, an index), or undefined where it cannot be one. */
function segmentOf(value: unknown): string | undefined {
  const segment = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  return segment && !segment.includes('/') ? segment : undefined;
}

/**
 * The addresses of a template page (`/studyportal/university/{slug}`): one for each record bound to it. A page
 * binding several records (a university's program: `{uniSlug}`, `{programSlug}`) is listed by the record that names
 * the others (a program names its university, `program.university`): only the pairs that belong together, not every
 * university with every program. A template whose parameters no binding fills, or whose bound records name none of
 * each other, has no addresses anyone could know, and is left out.
 */
async function templateInstances(
  template: string,
  bindings: PageBinding[],
  recordsOf: (kind: PageBinding['kind']) => Promise<ContentRecord[]>,
): Promise<string[]> {
  const params = [...template.matchAll(PARAM)].map((m) => m[1]);
  if (bindings.length === 0 || params.some((p) => !bindings.some((b) => b.param === p))) return [];
  const named = (record: ContentRecord, b: PageBinding) => {
    const reference = Array.isArray(record.flatData[b.kind]) ? (record.flatData[b.kind] as unknown[])[0] : undefined;
    return isObject(reference) && isObject(reference.flatData) ? reference.flatData[b.field] : undefined;
  };
  for (const primary of bindings) {
    const records = await recordsOf(primary.kind);
    const others = bindings.filter((b) => b !== primary);
    if (others.length > 0 && !records.some((r) => others.every((b) => named(r, b) !== undefined))) continue;
    const paths: string[] = [];
    for (const record of records) {
      const values: Record<string, string | undefined> = {};
      for (const b of bindings)
        values[b.param] = segmentOf(b === primary ? record.flatData[b.field] : named(record, b));
      if (Object.values(values).some((v) => v === undefined)) continue;
      paths.push(template.replace(PARAM, (_whole, name: string) => values[name] as string));
    }
    return paths;
  }
  return [];
}

/**
 * Every page of the site: the pages (a template page once for each of its records), the articles (`/blog/{slug}/`,
 * as article cards link them), not the not-found page. Forms are left out: they are reached from the pages' booking
 * links, and some open only with a personal link (the KYC re-verification).
 */
export async function sitemapEntries(source: ContentSource, notFoundPath: string): Promise<SitemapEntry[]> {
  const lists = new Map<PageBinding['kind'], Promise<ContentRecord[]>>();
  const recordsOf = (kind: PageBinding['kind']) => {
    let records = lists.get(kind);
    if (!records) {
      const take = { take: MAX_RECORDS };
      records = {
        university: () => source.listUniversities('en'),
        program: () => source.listPrograms('en', take),
        category: () => source.listCategories('en'),
        article: () => source.listArticles('en', take),
      }[kind]();
      lists.set(kind, records);
    }
    return records;
  };
  const entries = new Map<string, SitemapEntry>();
  const add = (path: string, lastModified?: string) => {
    if (!entries.has(path)) entries.set(path, { path, lastModified });
  };
  for (const page of await source.listPages('en')) {
    const path = String(page.flatData.path);
    if (path === notFoundPath) continue;
    if (!path.includes('{')) add(path, page.lastModified);
    else for (const instance of await templateInstances(path, bindingsOf(page), recordsOf)) add(instance);
  }
  for (const article of await recordsOf('article')) {
    const slug = segmentOf(article.flatData.slug);
    if (slug) add(`/blog/${slug}/`, article.lastModified);
  }
  return [...entries.values()].sort((a, b) => a.path.localeCompare(b.path));
}

/** The sitemap of `entries` at `base` (PUBLIC_URL): each page in every language, with its alternates. */
export function sitemapXml(entries: SitemapEntry[], base: string): string {
  const urls = entries.flatMap(({ path, lastModified }) => {
    const alternates = alternatesOf((locale) => absoluteUrl(base, pathInLocale(path, locale)))
      .map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`)
      .join('\n');
    // a W3C date-time only (the content's `lastModified` is ISO 8601)
    const lastmod = lastModified && /^\d{4}-\d{2}-\d{2}/.test(lastModified) ? lastModified : undefined;
    return LOCALES.map((locale) =>
      [
        '  <url>',
        `    <loc>${escapeXml(absoluteUrl(base, pathInLocale(path, locale)))}</loc>`,
        ...(lastmod ? [`    <lastmod>${escapeXml(lastmod)}</lastmod>`] : []),
        alternates,
        '  </url>',
      ].join('\n'),
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** `robots.txt`: everything may be read but the staff's studio; the sitemap at `base` (PUBLIC_URL). */
export function robotsTxt(base: string): string {
  // the API stays readable: a crawler that draws a page the browser's way asks it for the page's content and form
  return ['User-agent: *', 'Allow: /', 'Disallow: /studio', '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}

export function registerSitemapRoutes(
  app: FastifyInstance,
  options: {
    content: () => ContentSource;
    publicUrl: string;
    notFoundPath: string;
    /** The content routes' rate limit: the sitemap reads every record. */
    limited: RouteShorthandOptions;
  },
): void {
  app.get('/sitemap.xml', options.limited, async (_request, reply) => {
    const entries = await sitemapEntries(options.content(), options.notFoundPath);
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'no-cache');
    return sitemapXml(entries, options.publicUrl);
  });
  app.get('/robots.txt', async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
    return robotsTxt(options.publicUrl);
  });
}
