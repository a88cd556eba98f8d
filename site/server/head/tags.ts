/**
 * What a page's head tells search engines and link previews (issue 20): its title and description, its address at
 * `PUBLIC_URL` in its language and in every other, Open Graph and Twitter card tags and JSON-LD data blocks, as HTML
 * the server puts into the page before any script runs. Every text and address is escaped here, once.
 */
import { LOCALES, type Locale } from '@antrag/core/dsl/types';
import { inlineJson } from '../inlineJson.js';

/** The site's name: the suffix of headline titles, `og:site_name`, the publisher of articles. A brand, untranslated. */
export const SITE_NAME = 'Antrag';

/** The size of a page's share picture (`og:image`), as Facebook, LinkedIn and X ask for it. */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** The longest description sent: search engines show about this much, and a text cut short ends with '…'. */
const DESCRIPTION_LENGTH = 200;

/** Open Graph's locales (language_TERRITORY), one for each of the site's languages. */
const OG_LOCALES: Record<Locale, string> = {
  en: 'en_US',
  de: 'de_DE',
  fr: 'fr_FR',
  vi: 'vi_VN',
  es: 'es_ES',
  zh: 'zh_CN',
  ru: 'ru_RU',
};

export interface HeadImage {
  /** Absolute address. */
  url: string;
  alt?: string;
  width?: number;
  height?: number;
  mimeType?: string;
}

export interface PageHead {
  title: string;
  description: string;
  locale: Locale;
  /** The page's own absolute address in its language, without a query. */
  url: string;
  /** The page in every language (`x-default`: the one for any other language); none for a page not to be indexed. */
  alternates: Array<{ hreflang: string; href: string }>;
  type: 'website' | 'article';
  image?: HeadImage;
  /** `article:*` properties of an article (published_time, modified_time, section, tag). */
  article?: { publishedTime?: string; modifiedTime?: string; section?: string; tags?: string[] };
  /** schema.org data, each sent in a `<script type="application/ld+json">` (a data block: no script runs). */
  jsonLd?: object[];
  /** Not to be indexed (the not-found page): no canonical and no alternates either. */
  noindex?: boolean;
}

/** Text safe in an HTML attribute value in double quotes and in element text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&"'<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A path of the site in a language: English unprefixed, every other language under its prefix (`/de`, `/de/blog/x/`),
 * as the web app's router reads it (`routeOf` in `site/web/App.tsx`).
 */
export function pathInLocale(path: string, locale: Locale): string {
  if (locale === 'en') return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** An absolute address: `base` (PUBLIC_URL, no trailing slash) and a path, whose characters are made URL-safe. */
export function absoluteUrl(base: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${base}${encodeURI(path)}`;
}

/**
 * The alternates of a page in all seven languages and `x-default` (English, the site's default), from the address of
 * the page in one language.
 */
export function alternatesOf(urlIn: (locale: Locale) => string): PageHead['alternates'] {
  return [
    ...LOCALES.map((locale) => ({ hreflang: locale, href: urlIn(locale) })),
    { hreflang: 'x-default', href: urlIn('en') },
  ];
}

/** A text as a description: markdown marks, tags and runs of white space gone, at most `DESCRIPTION_LENGTH` long. */
export function plainDescription(text: string, length = DESCRIPTION_LENGTH): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|[-*+]|\d+\.|>)\s+/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= length) return plain;
  const cut = plain.slice(0, length - 1);
  const word = cut.lastIndexOf(' ');
  return `${(word > length / 2 ? cut.slice(0, word) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

const meta = (attribute: 'name' | 'property', key: string, content: string | number | undefined) =>
  content === undefined || content === ''
    ? ''
    : `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}">`;

/** The head's tags for `head`, escaped: they take the place of the page template's title and description. */
export function headTags(head: PageHead): string {
  const { image } = head;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    head.noindex ? '' : `<link rel="canonical" href="${escapeHtml(head.url)}">`,
    ...(head.noindex ? [] : head.alternates).map(
      (a) => `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}">`,
    ),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    // the not-found page names no address of its own, as it names no canonical
    head.noindex ? '' : meta('property', 'og:url', head.url),
    meta('property', 'og:locale', OG_LOCALES[head.locale]),
    ...LOCALES.filter((l) => l !== head.locale).map((l) => meta('property', 'og:locale:alternate', OG_LOCALES[l])),
    ...(image
      ? [
          meta('property', 'og:image', image.url),
          meta('property', 'og:image:type', image.mimeType),
          meta('property', 'og:image:width', image.width),
          meta('property', 'og:image:height', image.height),
          meta('property', 'og:image:alt', image.alt),
        ]
      : []),
    meta('property', 'article:published_time', head.article?.publishedTime),
    meta('property', 'article:modified_time', head.article?.modifiedTime),
    meta('property', 'article:section', head.article?.section),
    ...(head.article?.tags ?? []).map((tag) => meta('property', 'article:tag', tag)),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image?.url),
    meta('name', 'twitter:image:alt', image?.alt),
    ...(head.jsonLd ?? []).map((data) => `<script type="application/ld+json">${inlineJson(data)}</script>`),
  ];
  return tags.filter(Boolean).join('');
}
