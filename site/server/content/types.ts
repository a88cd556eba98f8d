/**
 * The content of the site as the headless content service delivers it: records `{ id, flatData }` whose flatData is
 * resolved to one language, references as nested records, asset references as `[{ id }]`, page blocks as
 * `{ __typename, id, flatData }`. Every ContentSource answers in this shape, whether it reads the content files of
 * the repository or a real service's GraphQL API.
 */
import type { RecordKind } from '@antrag/content';
import type { Language } from '../search/index.js';

export type { RecordKind };

/** A language content can be read in: the site's seven, and uk (upsell and suggested-blog headlines). */
export type ContentLocale = Language;

/** One content record, its flatData in one language. */
export interface ContentRecord<Data extends Record<string, unknown> = Record<string, unknown>> {
  id: string;
  lastModified?: string;
  flatData: Data;
}

/** A record another one references: at the end of the reference depth only its id. */
export type ReferencedRecord = ContentRecord | { id: string; flatData?: undefined };

/** A page block. */
export interface ContentBlock {
  __typename: string;
  id: string;
  flatData: Record<string, unknown>;
}

/** An asset reference as stored: an array whose first item has the asset id. */
export type AssetReference = Array<{ id: string }>;

export interface AssetRecord {
  id: string;
  fileName: string;
  mimeType: string;
  alt?: string;
  width?: number;
  height?: number;
}

/** A page found for a path. */
export interface PageMatch {
  page: ContentRecord;
  /** Values of the `{param}` segments of a template path. */
  params: Record<string, string>;
  /** The records bound to the parameters, by binding name (`university`, `program`, `category`, …). */
  bound: Record<string, ContentRecord>;
}

export interface ArticleQuery {
  /** Only articles of this category (its index, as in /studyguide/{index}/). */
  categoryIndex?: number;
  /** Only articles of this sub-category (its id). */
  subCategoryId?: string;
  skip?: number;
  /** Default 100. */
  take?: number;
}

export interface ProgramQuery {
  /** Only programs of this university (its id). */
  universityId?: string;
  skip?: number;
  /** Default 100. */
  take?: number;
}

/**
 * Where the site's content comes from. Every method answers in the language asked for (a value missing in that
 * language falls back to English). Lists come in a stable order: pages by path, articles newest first, categories
 * and sub-categories by index, universities and programs by name, products and suggested blogs by `order`.
 */
export interface ContentSource {
  readonly kind: 'files' | 'graphql';
  /**
   * The page for a path without locale prefix ('/studyguide', '/studyportal/university/lmu-munich'); a trailing
   * slash, query and hash are ignored. Exact paths win over templates; a template whose bound record does not exist
   * does not match. Texts of a bound page have their `{name.field}` placeholders filled from the bound records.
   */
  getPage(path: string, locale: ContentLocale): Promise<PageMatch | undefined>;
  /** Every page, templates included (their paths hold `{param}`), e.g. for the sitemap. */
  listPages(locale: ContentLocale): Promise<ContentRecord[]>;
  getNavigation(locale: ContentLocale): Promise<ContentRecord | undefined>;
  getFooter(locale: ContentLocale): Promise<ContentRecord | undefined>;
  getArticle(slug: string, locale: ContentLocale): Promise<ContentRecord | undefined>;
  listArticles(locale: ContentLocale, query?: ArticleQuery): Promise<ContentRecord[]>;
  listCategories(locale: ContentLocale): Promise<ContentRecord[]>;
  /** Sub-categories, of one category (by its id) or all. */
  listSubcategories(locale: ContentLocale, categoryId?: string): Promise<ContentRecord[]>;
  getUniversity(slug: string, locale: ContentLocale): Promise<ContentRecord | undefined>;
  listUniversities(locale: ContentLocale): Promise<ContentRecord[]>;
  getProgram(slug: string, locale: ContentLocale): Promise<ContentRecord | undefined>;
  listPrograms(locale: ContentLocale, query?: ProgramQuery): Promise<ContentRecord[]>;
  listProducts(locale: ContentLocale): Promise<ContentRecord[]>;
  listSuggestedBlogs(locale: ContentLocale): Promise<ContentRecord[]>;
  getAsset(id: string, locale: ContentLocale): Promise<AssetRecord | undefined>;
  /** The URL of an asset: `{asset host}/{assetId}`, from a reference (`[{ id }]`), `{ id }` or an id. */
  assetUrl(reference: unknown): string | undefined;
}

/** Content that cannot be used: names the file, line and column, and pointer of every problem. */
export class ContentError extends Error {
  override readonly name = 'ContentError';
}
