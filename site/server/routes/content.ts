/**
 * The content site's routes (spec 002): the JSON the web app reads to assemble pages, the assets of the file
 * source, the sitemap and the booking links. Pages, navigation and footer come from a ContentSource
 * (`site/server/content/`), created on first use unless one is given.
 */
import { createReadStream } from 'node:fs';
import { DEFAULT_LOCALE, isLocale } from '@antrag/core/i18n/locale';
import { isObject } from '@antrag/core/json';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SiteFeatures } from '../config.js';
import {
  buildCategoryTree,
  type ContentLocale,
  type ContentRecord,
  type ContentSource,
  createContentSource,
  splitLocale,
} from '../content/index.js';
import { isSlug } from '../content/records.js';
import { shareImages } from '../content/shareImage.js';
import type { ServerContext } from '../context.js';
import { articleMeta, contentHead, pageMeta } from '../head/content.js';
import type { PageHead } from '../head/tags.js';
import { normalizeLanguage } from '../search/index.js';
import { registerSitemapRoutes } from './sitemap.js';

/** The site's languages: the ones a page path may start with. */
export const SITE_LOCALES = ['en', 'de', 'fr', 'vi', 'es', 'zh', 'ru'] as const;

/** Path of the page shown for unknown paths. */
export const NOT_FOUND_PATH = '/404';

/** Booking ids whose link leads to the new process when its flag is on. */
const BLOCKED_ACCOUNT_BOOKINGS = /^blocked-account/;
const PUBLIC_INSURER_BOOKINGS = /^(health-insurance|aok|public-insurance)/;

/** The form a booking id opens (`/booking/{id}` → `/forms/{form}`). */
export const BOOKING_FORMS: Record<string, string> = {
  'blocked-account': 'blocked-account',
  'blocked-account-bundle': 'blocked-account',
  'health-insurance': 'health-insurance-booking',
  'travel-insurance': 'pre-subscription',
  'private-insurance': 'pre-subscription',
};

/**
 * Paths the web app draws without the content site (its router, `site/web/App.tsx`): a form, the two booking
 * processes and the authoring studio's page. Every other page path is a content path.
 */
export const APP_ROUTES = /^\/forms\/[\w-]+\/?$|^\/(blocked-account|aok-products)\/book\/?$|^\/studio(\/.*)?$/;

/** An article path of the content site (`/blog/{slug}/`), as the web app reads it: the slug. */
const ARTICLE_PATH = /^\/blog\/([^/]+)\/?$/;

export interface ContentRoutes {
  /**
   * What the web app's shell for a content path carries inline, so the page draws without waiting for its API
   * calls: the same answers as `/api/content/site` and the page or article call (the not-found page for an unknown
   * path, with status 404), keyed by the locale and path the app's router reads from the address. No data for the
   * app's own routes (forms) and whenever the source cannot answer (status 200: a source that is down does not know a
   * page is missing): the app then asks the API as usual. `head`: the page's title, description, addresses in every
   * language at PUBLIC_URL, link previews and (an article's) structured data, for the shell's head.
   */
  shellData(url: string): Promise<{ status: 200 | 404; data?: ShellData; head?: PageHead }>;
}

/** The inline content of a page's shell (read by `site/web/content/ContentSite.tsx`). */
export interface ShellData {
  /** The router's locale and content path (no locale prefix, no trailing slash). */
  locale: string;
  path: string;
  site: unknown;
  page: unknown;
}

/** Locale prefixes of page paths, as the web app's router reads them (English pages have none). */
const PREFIXED_LOCALES = SITE_LOCALES.filter((l) => l !== 'en') as readonly string[];

export interface ContentRouteOptions {
  /** The content source; default `createContentSource()` on first use. */
  source?: ContentSource;
}

export interface AssetInfo {
  url: string;
  alt?: string;
  width?: number;
  height?: number;
  mimeType?: string;
}

type Json = unknown;

/** Ids of every `{ id }` object without flatData: asset references (and references past their depth). */
function referencedIds(value: Json, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencedIds(item, into);
  else if (isObject(value)) {
    if (typeof value.id === 'string' && Object.keys(value).length === 1) into.add(value.id);
    for (const item of Object.values(value)) referencedIds(item, into);
  }
  return into;
}

/** Removes list items whose `url` or `ctaUrl` is the restricted link (spec 2.6). */
export function withoutRestricted<T>(value: T, link: string): T {
  if (!link) return value;
  const walk = (v: Json): Json => {
    if (Array.isArray(v)) {
      return v.filter((item) => !(isObject(item) && (item.url === link || item.ctaUrl === link))).map(walk);
    }
    if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/** The booking target: the new process when its flag is on, else the form of the booking. */
export function bookingTarget(id: string, features: SiteFeatures): string | undefined {
  if (features.newBlockedAccountProcess && BLOCKED_ACCOUNT_BOOKINGS.test(id)) return '/blocked-account/book';
  if (features.newPublicInsurerProcess && PUBLIC_INSURER_BOOKINGS.test(id)) return '/aok-products/book';
  // an own entry only: `__proto__` or `constructor` is no booking
  const form = Object.hasOwn(BOOKING_FORMS, id) ? BOOKING_FORMS[id] : undefined;
  return form ? `/forms/${form}` : undefined;
}

function localeOf(query: { locale?: string; path?: string }): { locale: ContentLocale; path: string } {
  const split = splitLocale(query.path ?? '/');
  if (query.locale) return { locale: normalizeLanguage(query.locale), path: split.path };
  return split;
}

export function registerContentRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  options: ContentRouteOptions = {},
): ContentRoutes {
  let source = options.source;
  const content = (): ContentSource => {
    source ??= createContentSource();
    return source;
  };
  const features = ctx.config.features;
  // every route that reads the content source: so many requests a minute from one address, each route counted apart
  const limited = {
    config: { rateLimit: { max: ctx.config.rateLimits.contentPerMinute, timeWindow: '1 minute' } },
  };
  const restrict = <T>(value: T): T =>
    features.restrictedLinkEnabled ? value : withoutRestricted(value, features.restrictedLink);

  const assetsOf = async (value: Json, locale: ContentLocale): Promise<Record<string, AssetInfo>> => {
    const out: Record<string, AssetInfo> = {};
    await Promise.all(
      [...referencedIds(value)].map(async (id) => {
        const asset = await content().getAsset(id, locale);
        const url = asset && content().assetUrl(id);
        if (!asset || !url) return;
        out[id] = { url, alt: asset.alt, width: asset.width, height: asset.height, mimeType: asset.mimeType };
      }),
    );
    return out;
  };

  /** Fills blocks whose data comes from other records: the category tree, a university's programs. */
  const enrich = async (
    blocks: unknown,
    locale: ContentLocale,
    params: Record<string, string>,
    bound: Record<string, ContentRecord>,
  ): Promise<unknown> => {
    if (!Array.isArray(blocks)) return blocks;
    return Promise.all(
      blocks.map(async (block) => {
        if (!isObject(block) || !isObject(block.flatData)) return block;
        const data: Record<string, unknown> = { ...block.flatData };
        if (block.__typename === 'ArticleCategoryList' && !Array.isArray(data.categories)) {
          const tree = await buildCategoryTree(content(), locale);
          data.categories = tree.map((c) => ({
            index: c.index,
            title: c.title,
            subCategories: c.subCategories.map((s) => ({ index: s.index, title: s.title, articles: s.articles })),
          }));
          const wanted = Number(params.categoryIndex ?? data.activeIndex);
          data.activeIndex = Number.isFinite(wanted) ? wanted : tree[0]?.index;
        }
        if (block.__typename === 'ProgramCarousel' && !Array.isArray(data.items) && bound.university) {
          data.items = await content().listPrograms(locale, { universityId: bound.university.id, take: 20 });
        }
        if (block.__typename === 'Tabs' && Array.isArray(data.items)) {
          data.items = await Promise.all(
            data.items.map(async (tab) =>
              isObject(tab) ? { ...tab, children: await enrich(tab.children, locale, params, bound) } : tab,
            ),
          );
        }
        return { ...block, flatData: data };
      }),
    );
  };

  const pageAnswer = async (path: string, locale: ContentLocale) => {
    const match = await content().getPage(path, locale);
    if (!match) return undefined;
    const flat = { ...match.page.flatData };
    flat.blocks = await enrich(flat.blocks, locale, match.params, match.bound);
    const page = restrict({ ...match.page, flatData: flat });
    // the document's title and description: the web app sets these when it draws the page, as the shell sends them
    const meta = pageMeta(page);
    return { locale, path, page, params: match.params, assets: await assetsOf(page, locale), meta };
  };

  const notFound = async (reply: FastifyReply, locale: ContentLocale, path: string) => {
    const answer = await pageAnswer(NOT_FOUND_PATH, locale);
    reply.code(404).header('Cache-Control', 'no-cache');
    return answer ? { ...answer, path, notFound: true } : { ok: false, message: `No page ${path}`, notFound: true };
  };

  const siteAnswer = async (locale: ContentLocale) => {
    const [navigation, footer] = await Promise.all([content().getNavigation(locale), content().getFooter(locale)]);
    const shell = restrict({ navigation, footer });
    return {
      locale,
      locales: SITE_LOCALES,
      ...shell,
      assets: await assetsOf(shell, locale),
      flags: { app: features.app },
      scripts: { cookieConsent: features.cookieConsentScript, translation: features.translationScript },
    };
  };

  const articleAnswer = async (slug: string, locale: ContentLocale) => {
    // a text that cannot be a slug names no article: no lookup (and no request to a content service)
    if (!isSlug(slug)) return undefined;
    const article = await content().getArticle(slug, locale);
    if (!article) return undefined;
    const categories = await content().listCategories(locale);
    const answer = restrict({ article, categories });
    return { locale, ...answer, assets: await assetsOf(answer, locale), meta: articleMeta(article) };
  };

  app.get<{ Querystring: { locale?: string } }>('/api/content/site', limited, async (request, reply) => {
    const locale = normalizeLanguage(request.query.locale);
    reply.header('Cache-Control', 'no-cache');
    return siteAnswer(locale);
  });

  app.get<{ Querystring: { path?: string; locale?: string } }>('/api/content/page', limited, async (request, reply) => {
    const { locale, path } = localeOf(request.query);
    const answer = await pageAnswer(path, locale);
    if (!answer) return notFound(reply, locale, path);
    reply.header('Cache-Control', 'no-cache');
    return answer;
  });

  app.get<{ Params: { slug: string }; Querystring: { locale?: string } }>(
    '/api/content/articles/:slug',
    limited,
    async (request, reply) => {
      const locale = normalizeLanguage(request.query.locale);
      const answer = await articleAnswer(request.params.slug, locale);
      if (!answer) return notFound(reply, locale, `/blog/${request.params.slug}`);
      reply.header('Cache-Control', 'no-cache');
      return answer;
    },
  );

  /**
   * An article's title and slug by its id (spec 002 §7), in the `X-Language` language; an unknown id or a
   * failing content source answers ok false with empty values, as the spec's callers expect.
   */
  app.get<{ Params: { id: string } }>('/api/blog/article/:id', limited, async (request) => {
    const header = request.headers['x-language'];
    const locale = normalizeLanguage(Array.isArray(header) ? header[0] : header);
    const missing = { ok: false, data: { title: '', slug: '' } };
    try {
      const article = (await content().listArticles(locale, { take: 100_000 })).find((a) => a.id === request.params.id);
      if (!article) return missing;
      const { title, slug } = article.flatData as { title?: unknown; slug?: unknown };
      return {
        ok: true,
        data: { title: typeof title === 'string' ? title : '', slug: typeof slug === 'string' ? slug : '' },
      };
    } catch (error) {
      request.log.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        'article lookup failed',
      );
      return missing;
    }
  });

  /** The file of an asset the source holds itself (the file source); a remote service serves its own. */
  const assetFile = (id: string) =>
    (
      content() as ContentSource & { assetFile?: (id: string) => { path: string; mimeType: string } | undefined }
    ).assetFile?.(id);

  app.get<{ Params: { id: string } }>('/content-assets/:id', async (request, reply) => {
    const file = assetFile(request.params.id);
    if (!file) return reply.code(404).send({ ok: false, message: `No asset '${request.params.id}'` });
    reply.header('Content-Type', file.mimeType).header('Cache-Control', 'public, max-age=3600');
    return reply.send(createReadStream(file.path));
  });

  // the picture as social networks show it (og:image): SVG drawn onto a 1200 × 630 PNG
  const shareImage = shareImages();
  app.get<{ Params: { id: string } }>('/content-assets/:id/share.png', limited, async (request, reply) => {
    const file = assetFile(request.params.id);
    if (!file) return reply.code(404).send({ ok: false, message: `No asset '${request.params.id}'` });
    const drawn = await shareImage(file);
    if (!drawn.ok)
      return reply.code(drawn.status).send({ ok: false, message: `Asset '${request.params.id}': ${drawn.message}` });
    reply.header('Content-Type', 'image/png').header('Cache-Control', 'public, max-age=86400');
    return reply.send(drawn.png);
  });

  registerSitemapRoutes(app, {
    content,
    publicUrl: ctx.config.publicUrl,
    notFoundPath: NOT_FOUND_PATH,
    limited,
  });

  // a booking link opens its form in the language it was followed from: `?lang=` or the page's locale prefix
  const booking = (id: string, language: string | undefined, reply: FastifyReply) => {
    const target = bookingTarget(id, features);
    // an unknown booking gets the site's error page
    if (!target) return reply.callNotFound();
    const asked = language === undefined ? DEFAULT_LOCALE : normalizeLanguage(language);
    // only a language of the forms, and never the text as it was sent
    const locale = isLocale(asked) ? asked : DEFAULT_LOCALE;
    return reply.redirect(locale === DEFAULT_LOCALE ? target : `${target}?lang=${locale}`, 302);
  };
  app.get<{ Params: { id: string }; Querystring: { lang?: string } }>('/booking/:id', async (request, reply) =>
    booking(request.params.id, typeof request.query.lang === 'string' ? request.query.lang : undefined, reply),
  );
  app.get<{ Params: { locale: string; id: string } }>('/:locale/booking/:id', async (request, reply) => {
    if (!PREFIXED_LOCALES.includes(request.params.locale)) return reply.callNotFound();
    return booking(request.params.id, request.params.locale, reply);
  });

  /** The study guide's title in a language: the second step of an article's breadcrumb. */
  const studyGuideTitle = async (locale: ContentLocale) => {
    const title = (await content().getPage('/studyguide', locale))?.page.flatData.title;
    return typeof title === 'string' ? title : undefined;
  };

  const shellData = async (url: string): Promise<{ status: 200 | 404; data?: ShellData; head?: PageHead }> => {
    const bare = url.split(/[?#]/)[0];
    if (APP_ROUTES.test(bare)) return { status: 200 };
    try {
      // the router's key: the path as the browser has it, without trailing slashes and the locale prefix
      const trimmed = bare.replace(/\/+$/, '') || '/';
      const first = trimmed.split('/')[1] ?? '';
      const prefixed = PREFIXED_LOCALES.includes(first);
      const routerPath = prefixed ? trimmed.slice(first.length + 1) || '/' : trimmed;
      const query = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
      const locale = prefixed ? normalizeLanguage(first) : normalizeLanguage(query.get('lang') ?? undefined);
      const { path } = splitLocale(decodeURI(bare));
      const slug = ARTICLE_PATH.exec(path)?.[1];
      const [site, found] = await Promise.all([
        siteAnswer(locale),
        slug ? articleAnswer(slug, locale) : pageAnswer(path, locale),
      ]);
      const base = ctx.config.publicUrl;
      // the head speaks one of the site's seven languages (a `?lang=uk` page is read in English, as the app reads it)
      const language = isLocale(locale) ? locale : DEFAULT_LOCALE;
      if (found) {
        const guide = 'article' in found ? await studyGuideTitle(locale) : undefined;
        const head = contentHead({ base, locale: language, path, answer: found, site, studyGuideTitle: guide });
        return { status: 200, data: { locale, path: routerPath, site, page: found }, head };
      }
      const missing = await pageAnswer(NOT_FOUND_PATH, locale);
      if (!missing) return { status: 404 };
      const head = contentHead({ base, locale: language, path, answer: missing, site, notFound: true });
      return {
        status: 404,
        data: { locale, path: routerPath, site, page: { ...missing, path, notFound: true } },
        head,
      };
    } catch {
      // a malformed path is the app's to show; a source that cannot answer leaves the page to the app's calls
      return { status: 200 };
    }
  };
  return { shellData };
}
