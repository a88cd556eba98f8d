/**
 * The head of a content page and of a study-guide article (spec 002), read from the answers the content routes give
 * the web app (`site/server/routes/content.ts`): the texts are the content's own, in the page's language.
 */
import type { Locale } from '@antrag/core/dsl/types';
import { isObject } from '@antrag/core/json';
import {
  absoluteUrl,
  alternatesOf,
  type HeadImage,
  type PageHead,
  pathInLocale,
  plainDescription,
  SHARE_IMAGE_HEIGHT,
  SHARE_IMAGE_WIDTH,
  SITE_NAME,
} from './tags.js';

/** A page's title and description as the document shows them; the web app sets the same when it draws the page. */
export interface PageMeta {
  title: string;
  description: string;
}

interface AssetInfo {
  url: string;
  alt?: string;
  width?: number;
  height?: number;
  mimeType?: string;
}

type Fields = Record<string, unknown>;
interface RecordLike {
  id?: string;
  lastModified?: string;
  flatData: Fields;
}

/** The fields of a block that hold its picture, in the order a hero shows them. */
const IMAGE_FIELDS = ['background', 'image', 'heroImage', 'appImage'];
/** The fields of a block whose text can stand for a page without a description of its own. */
const TEXT_FIELDS = ['description', 'content', 'headline'];

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const fieldsOf = (value: unknown): Fields | undefined =>
  isObject(value) && isObject(value.flatData) ? value.flatData : undefined;
/** The id of an asset reference (`[{ id }]`). */
const assetId = (reference: unknown): string | undefined => {
  const first = list(reference)[0];
  return isObject(first) && typeof first.id === 'string' ? first.id : undefined;
};

/**
 * A title that names the site already, as the home page's does ('Antrag – study in Germany'): the name as a title's
 * first or last part, not a word inside it (German 'Antrag auf ein Sperrkonto' is an application, not the site).
 */
const NAMES_SITE = new RegExp(`^${SITE_NAME} [–|-] | [–|-] ${SITE_NAME}$`);

/** A title as the document shows it: the page's own, with the site's name unless it names the site already. */
export function documentTitle(title: string): string {
  if (!title) return SITE_NAME;
  return NAMES_SITE.test(title) ? title : `${title} – ${SITE_NAME}`;
}

/**
 * A page's title and description. A page without a description of its own is described by the first text of its
 * blocks (a hero's description, a markdown text, a headline), else by its title: never by another page's text.
 */
export function pageMeta(page: RecordLike): PageMeta {
  const title = text(page.flatData.title);
  let description = text(page.flatData.description);
  for (const block of list(page.flatData.blocks)) {
    if (description) break;
    const fields = fieldsOf(block);
    description = TEXT_FIELDS.map((name) => text(fields?.[name])).find(Boolean) ?? '';
  }
  return { title: documentTitle(title), description: plainDescription(description || title) };
}

/**
 * An article's title and description: its card text (what the article's card says of it), else its teaser, else the
 * start of the article itself.
 */
export function articleMeta(article: RecordLike): PageMeta {
  const data = article.flatData;
  const description = text(data.cardText) || text(data.teaserText) || text(data.content) || text(data.title);
  return { title: documentTitle(text(data.title)), description: plainDescription(description) };
}

/** The address of a site path in a language, at `base`. */
const urlOf = (base: string, path: string) => (locale: Locale) => absoluteUrl(base, pathInLocale(path, locale));

function imageOf(id: string | undefined, assets: Record<string, AssetInfo>, base: string): HeadImage | undefined {
  const asset = id ? assets[id] : undefined;
  if (!asset) return undefined;
  // social networks show no SVG: a picture the server holds goes as its PNG rendition (content/shareImage.ts)
  if (asset.mimeType === 'image/svg+xml' && /^\/content-assets\/[^/?#]+$/.test(asset.url)) {
    return {
      url: absoluteUrl(base, `${asset.url}/share.png`),
      alt: asset.alt,
      width: SHARE_IMAGE_WIDTH,
      height: SHARE_IMAGE_HEIGHT,
      mimeType: 'image/png',
    };
  }
  return { ...asset, url: absoluteUrl(base, asset.url) };
}

/** The first picture of a page's blocks (its hero's, as a rule). */
function pageImageId(page: RecordLike): string | undefined {
  for (const block of list(page.flatData.blocks)) {
    const fields = fieldsOf(block);
    const id = IMAGE_FIELDS.map((name) => assetId(fields?.[name])).find(Boolean);
    if (id) return id;
  }
  return undefined;
}

export interface ContentHeadInput {
  /** PUBLIC_URL, without a trailing slash. */
  base: string;
  locale: Locale;
  /** The page's path without locale prefix and trailing slash (`/studyguide/2`). */
  path: string;
  /** The page's answer (`/api/content/page`) or the article's (`/api/content/articles/{slug}`). */
  answer: { page?: RecordLike; article?: RecordLike; assets?: Record<string, AssetInfo>; meta?: PageMeta };
  /** The site's answer (`/api/content/site`): its logo stands in for a page without a picture. */
  site?: { navigation?: RecordLike; assets?: Record<string, AssetInfo> };
  /** The not-found page shown for a path without a page: not to be indexed. */
  notFound?: boolean;
  /** The study guide's title in the page's language (an article's breadcrumb). */
  studyGuideTitle?: string;
}

/** The head of a content page or an article. */
export function contentHead(input: ContentHeadInput): PageHead {
  const { base, locale, answer, site } = input;
  const assets = { ...site?.assets, ...answer.assets };
  const logo = imageOf(assetId(site?.navigation?.flatData.logo), assets, base);
  if (answer.article) return articleHead(input, answer.article, assets, logo);
  const page = answer.page ?? { flatData: {} };
  const meta = answer.meta ?? pageMeta(page);
  const url = urlOf(base, input.path);
  return {
    ...meta,
    locale,
    url: url(locale),
    alternates: alternatesOf(url),
    type: 'website',
    image: imageOf(pageImageId(page), assets, base) ?? logo,
    noindex: input.notFound,
  };
}

function articleHead(
  input: ContentHeadInput,
  article: RecordLike,
  assets: Record<string, AssetInfo>,
  logo: HeadImage | undefined,
): PageHead {
  const { base, locale } = input;
  const data = article.flatData;
  const meta = input.answer.meta ?? articleMeta(article);
  const url = urlOf(base, `/blog/${text(data.slug)}/`);
  const category = fieldsOf(list(fieldsOf(list(data.subCategory)[0])?.category)[0]);
  const image = imageOf(assetId(data.heroImage), assets, base) ?? logo;
  const published = text(data.publicationdate) || undefined;
  const modified = text(article.lastModified) || published;
  const tags = list(data.tags).map(text).filter(Boolean);
  const headline = text(data.title);
  // the breadcrumb the article page shows (spec 2.4): home, study guide, the article's category, the article; each
  // at its canonical address, as the sitemap lists it
  const crumbs = [
    { name: SITE_NAME, url: urlOf(base, '/')(locale) },
    { name: input.studyGuideTitle || SITE_NAME, url: urlOf(base, '/studyguide')(locale) },
    ...(category ? [{ name: text(category.title), url: urlOf(base, `/studyguide/${category.index}`)(locale) }] : []),
    { name: headline, url: url(locale) },
  ];
  return {
    ...meta,
    locale,
    url: url(locale),
    alternates: alternatesOf(url),
    type: 'article',
    image,
    article: { publishedTime: published, modifiedTime: modified, section: text(category?.title) || undefined, tags },
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline,
        description: meta.description,
        inLanguage: locale,
        url: url(locale),
        mainEntityOfPage: { '@type': 'WebPage', '@id': url(locale) },
        ...(image ? { image: [image.url] } : {}),
        ...(published ? { datePublished: published } : {}),
        ...(modified ? { dateModified: modified } : {}),
        author: list(data.author)
          .map((a) => (isObject(a) ? text(a.authorName) : ''))
          .filter(Boolean)
          .map((name) => ({ '@type': 'Person', name })),
        publisher: { '@type': 'Organization', name: SITE_NAME, ...(logo ? { logo: logo.url } : {}) },
        ...(tags.length ? { keywords: tags.join(', ') } : {}),
        ...(category ? { articleSection: text(category.title) } : {}),
      },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((crumb, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name: crumb.name,
          item: crumb.url,
        })),
      },
    ],
  };
}
