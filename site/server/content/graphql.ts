/**
 * The content source of a headless content service's GraphQL API. Queries are built from the content schemas, so
 * they ask for exactly the fields the files have: for each record kind `query{Schema}Contents(filter, top, skip)`
 * returning `{ id lastModified flatData { … } }`, references as nested records, asset fields as `{ id }`, block lists
 * as `{ __typename ... on {Type} { id flatData { … } } }`. Filters are OData (`data/slug/iv eq 'x'`), the language
 * goes in the `X-Languages` header and the token as `Authorization: Bearer …`.
 *
 * Answers are cached for a while in an LRU cache bounded by entries and by bytes (the length of their JSON text);
 * an answer that found nothing is kept for a shorter time, concurrent identical requests share one upstream request.
 * While caching is on, a record looked up by a slug or an index is first checked against the list of the values that
 * field has (one cached listing of the kind): a value no record has is answered without asking the service, so
 * unknown slugs cost no upstream request however many there are.
 */

import type { RecordKind } from '@antrag/content';
import { type ContentShapes, contentShapes, loadContentSchemas, type Shape } from '@antrag/content';
import { LRUCache } from 'lru-cache';
import { localize } from '../search/index.js';
import { rankPaths } from './paths.js';
import {
  assetId,
  bindingsOf,
  byNumber,
  byText,
  DEFAULT_TAKE,
  fillPlaceholders,
  isSlug,
  joinUrl,
  MAX_BLOCK_DEPTH,
  MAX_REFERENCE_DEPTH,
  newestFirst,
  page,
} from './records.js';
import {
  type ArticleQuery,
  type AssetRecord,
  ContentError,
  type ContentLocale,
  type ContentRecord,
  type ContentSource,
  type PageMatch,
  type ProgramQuery,
} from './types.js';

/** The service's schema name of each record kind (`pages` → `queryPagesContents`). */
export const DEFAULT_SCHEMA_NAMES: Record<Exclude<RecordKind, 'asset'>, string> = {
  page: 'pages',
  navigation: 'navigation',
  footer: 'footer',
  article: 'articles',
  category: 'categories',
  subcategory: 'subcategories',
  university: 'universities',
  program: 'programs',
  product: 'products',
  suggestedBlog: 'suggested-blogs',
};

/** Records asked for per request when a list is read page by page. */
const BATCH = 200;

/** Defaults of the answer cache: how many answers, how many bytes of JSON, how long an empty answer is kept (s). */
export const DEFAULT_CACHE_ENTRIES = 1000;
export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;
export const DEFAULT_MISS_CACHE_SECONDS = 30;

export interface GraphqlContentOptions {
  /** The GraphQL endpoint. */
  url: string;
  /** Bearer token, if the service needs one. */
  token?: string;
  /** Base URL of the asset host (`{assetBase}/{assetId}`). */
  assetBase: string;
  /** Schema names differing from DEFAULT_SCHEMA_NAMES. */
  schemaNames?: Partial<Record<Exclude<RecordKind, 'asset'>, string>>;
  /** How long answers are reused, seconds (default 60; 0: never, and no value lists either). */
  cacheSeconds?: number;
  /** Most answers kept (default 1000); the least recently used go first. */
  cacheEntries?: number;
  /** Most bytes of answers kept, counted as the length of their JSON text (default 32 MiB). */
  cacheBytes?: number;
  /** How long an answer that found nothing is reused, seconds (default 30; never longer than `cacheSeconds`). */
  missCacheSeconds?: number;
  /** Time limit of one request, ms (default 10,000). */
  timeoutMs?: number;
  /** The content schemas the queries are built from; default `schemas/content/`. */
  schemaDir?: string;
  /** For tests and embedders; default the global fetch. */
  fetch?: typeof fetch;
}

/** `suggested-blogs` → `SuggestedBlogs`: a schema name as the service's GraphQL field names spell it. */
export function pascal(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

/** An OData literal: strings quoted with '' for ', numbers as they are. */
export function odataLiteral(value: string | number): string {
  return typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`;
}

/** `data/{field}/iv eq {value}`, or-ed for several values (fields compared are not localised: slugs, ids, numbers). */
export function fieldFilter(field: string, values: ReadonlyArray<string | number>): string {
  const parts = values.map((v) => `data/${field}/iv eq ${odataLiteral(v)}`);
  return parts.length === 1 ? parts[0] : `(${parts.join(' or ')})`;
}

/** The GraphQL selection set for a shape (without the field name); '' for a plain value. */
export function selectionOf(shapes: ContentShapes, shape: Shape, refDepth = 0, blockDepth = 0): string | undefined {
  switch (shape.type) {
    case 'value':
      return '';
    case 'object': {
      const fields = Object.entries(shape.fields).flatMap(([name, sub]) => {
        const selection = selectionOf(shapes, sub, refDepth, blockDepth);
        return selection === undefined ? [] : [selection ? `${name} ${selection}` : name];
      });
      // an object without declared fields is a JSON value for GraphQL
      return fields.length ? `{ ${fields.join(' ')} }` : '';
    }
    case 'list':
      return selectionOf(shapes, shape.item, refDepth, blockDepth);
    case 'asset':
      return '{ id }';
    case 'reference':
      return refDepth >= MAX_REFERENCE_DEPTH
        ? '{ id }'
        : `{ id lastModified flatData ${selectionOf(shapes, shapes.records[shape.kind], refDepth + 1, 0) || '{ __typename }'} }`;
    case 'blocks': {
      if (blockDepth >= MAX_BLOCK_DEPTH) return undefined;
      const fragments = [...shapes.blocks].map(([typename, blockShape]) => {
        const flat = selectionOf(shapes, blockShape, refDepth, blockDepth + 1);
        return `... on ${typename} { id${flat ? ` flatData ${flat}` : ''} }`;
      });
      return `{ __typename ${fragments.join(' ')} }`;
    }
  }
}

/** GraphQL answers an unset field with null; content records leave it out. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== null).map(withoutNulls);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, withoutNulls(v)]),
    );
  }
  return value;
}

/** A record of an answer as the file source delivers it: no nulls, language-keyed values resolved too. */
function delivered(record: ContentRecord, locale: ContentLocale): ContentRecord {
  return localize(withoutNulls(record), locale) as ContentRecord;
}

/** A cached answer (wrapped: the cache takes objects only, and `data` may be null). */
interface CachedAnswer {
  data: unknown;
}

/** An answer that found nothing: no data, or only empty lists and nulls (`{ items: [] }`). */
function isEmptyAnswer(data: unknown): boolean {
  if (data === null || data === undefined) return true;
  if (typeof data !== 'object') return false;
  return Object.values(data).every((v) => v === null || (Array.isArray(v) && v.length === 0));
}

export class GraphqlContentSource implements ContentSource {
  readonly kind = 'graphql';
  private readonly shapes: ContentShapes;
  private readonly names: Record<Exclude<RecordKind, 'asset'>, string>;
  private readonly cache: LRUCache<string, CachedAnswer> | undefined;
  private readonly missTtl: number;
  /** Requests on their way, by cache key: a second identical request waits for the first. */
  private readonly pending = new Map<string, Promise<unknown>>();
  /** A short number for each query text, so cache keys do not each carry a copy of a long query. */
  private readonly queryIds = new Map<string, number>();
  private readonly ttl: number;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: GraphqlContentOptions) {
    this.shapes = contentShapes(loadContentSchemas(options.schemaDir));
    this.names = { ...DEFAULT_SCHEMA_NAMES, ...options.schemaNames };
    this.fetchImpl = options.fetch ?? fetch;
    this.ttl = (options.cacheSeconds ?? 60) * 1000;
    this.missTtl = Math.min(this.ttl, (options.missCacheSeconds ?? DEFAULT_MISS_CACHE_SECONDS) * 1000);
    this.cache =
      this.ttl > 0
        ? new LRUCache<string, CachedAnswer>({
            max: Math.max(1, options.cacheEntries ?? DEFAULT_CACHE_ENTRIES),
            maxSize: Math.max(1, options.cacheBytes ?? DEFAULT_CACHE_BYTES),
            ttl: this.ttl,
          })
        : undefined;
  }

  /** What the answer cache holds now: entries and their bytes (JSON text and key). */
  cacheStats(): { entries: number; bytes: number; maxEntries: number; maxBytes: number } {
    return {
      entries: this.cache?.size ?? 0,
      bytes: this.cache?.calculatedSize ?? 0,
      maxEntries: this.cache?.max ?? 0,
      maxBytes: this.cache?.maxSize ?? 0,
    };
  }

  /** The query that reads records of a kind, with the given selection (default: every field of the kind). */
  recordQuery(kind: Exclude<RecordKind, 'asset'>, fields = this.recordSelection(kind)): string {
    const field = `query${pascal(this.names[kind])}Contents`;
    return `query Content($filter: String, $top: Int, $skip: Int) { items: ${field}(filter: $filter, top: $top, skip: $skip) ${fields} }`;
  }

  recordSelection(kind: Exclude<RecordKind, 'asset'>): string {
    return `{ id lastModified flatData ${selectionOf(this.shapes, this.shapes.records[kind]) || '{ __typename }'} }`;
  }

  /**
   * Sends one query, or answers it from the cache; throws ContentError when the service fails or answers with
   * errors (failures are not kept).
   */
  async request(query: string, variables: Record<string, unknown>, locale: ContentLocale): Promise<unknown> {
    let queryId = this.queryIds.get(query);
    if (queryId === undefined) {
      queryId = this.queryIds.size;
      this.queryIds.set(query, queryId);
    }
    const key = `${queryId} ${locale} ${JSON.stringify(variables)}`;
    const cached = this.cache?.get(key);
    if (cached) return cached.data;
    const running = this.pending.get(key);
    if (running) return running;
    const value = this.send(query, variables, locale)
      .then(({ data, bytes }) => {
        const ttl = isEmptyAnswer(data) ? this.missTtl : this.ttl;
        if (this.cache && ttl > 0) this.cache.set(key, { data }, { ttl, size: Math.max(1, bytes + key.length) });
        return data;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, value);
    return value;
  }

  /**
   * Whether a record of `kind` whose `field` is `value` may exist: not when the value cannot be a slug, nor while
   * caching is on and no record of the kind has it (by the cached list of that field's values).
   */
  private async mayExist(kind: Exclude<RecordKind, 'asset'>, field: string, value: string | number): Promise<boolean> {
    const text = String(value);
    if (field === 'slug' && !isSlug(text)) return false;
    const known = await this.valuesOf(kind, field);
    return !known || known.has(text);
  }

  /**
   * The values of a plain field over every record of a kind, while caching is on (the listing is a cached answer
   * like any other, so it is as fresh as the records are); undefined otherwise.
   */
  private async valuesOf(kind: Exclude<RecordKind, 'asset'>, field: string): Promise<Set<string> | undefined> {
    const shape = this.shapes.records[kind];
    if (!this.cache || shape.type !== 'object' || shape.fields[field]?.type !== 'value') return undefined;
    // the field is not localised (slugs, indexes): one list serves every language
    const records = await this.items(kind, 'en', undefined, `{ id flatData { ${field} } }`);
    return new Set(records.map((r) => String(r.flatData[field])));
  }

  private async send(
    query: string,
    variables: Record<string, unknown>,
    locale: ContentLocale,
  ): Promise<{ data: unknown; bytes: number }> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Languages': locale,
    };
    if (this.options.token) headers.Authorization = `Bearer ${this.options.token}`;
    let response: Response;
    try {
      response = await this.fetchImpl(this.options.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (e) {
      throw new ContentError(`content service ${this.options.url} not reached: ${(e as Error).message}`);
    }
    let body: { data?: unknown; errors?: Array<{ message?: string }> };
    let bytes: number;
    try {
      const text = await response.text();
      bytes = text.length;
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new ContentError(`content service ${this.options.url} answered ${response.status} without JSON`);
    }
    if (!response.ok || body.errors?.length) {
      const messages = body.errors?.map((e) => e.message ?? 'error').join('; ');
      throw new ContentError(
        `content service ${this.options.url} answered ${response.status}: ${messages ?? 'no data'}`,
      );
    }
    return { data: body.data, bytes };
  }

  private async items(
    kind: Exclude<RecordKind, 'asset'>,
    locale: ContentLocale,
    filter?: string,
    fields?: string,
  ): Promise<ContentRecord[]> {
    const query = this.recordQuery(kind, fields);
    const out: ContentRecord[] = [];
    for (let skip = 0; ; skip += BATCH) {
      const data = (await this.request(query, { filter: filter ?? null, top: BATCH, skip }, locale)) as {
        items?: ContentRecord[] | null;
      } | null;
      const batch = data?.items ?? [];
      out.push(...batch.map((r) => delivered(r, locale)));
      if (batch.length < BATCH) return out;
    }
  }

  private async first(kind: Exclude<RecordKind, 'asset'>, locale: ContentLocale, filter: string) {
    const data = (await this.request(this.recordQuery(kind), { filter, top: 1, skip: 0 }, locale)) as {
      items?: ContentRecord[] | null;
    } | null;
    const found = data?.items?.[0];
    return found ? delivered(found, locale) : undefined;
  }

  async getPage(path: string, locale: ContentLocale): Promise<PageMatch | undefined> {
    const paths = await this.items('page', locale, undefined, '{ id flatData { path } }');
    for (const candidate of rankPaths(paths, (p) => String(p.flatData.path), path)) {
      const full = await this.first('page', locale, `id eq ${odataLiteral(candidate.page.id)}`);
      if (!full) continue;
      const bound: Record<string, ContentRecord> = {};
      let complete = true;
      for (const b of bindingsOf(full)) {
        const raw = candidate.params[b.param];
        const value = b.field === 'index' && /^\d+$/.test(raw) ? Number(raw) : raw;
        const record = (await this.mayExist(b.kind, b.field, value))
          ? await this.first(b.kind, locale, fieldFilter(b.field, [value]))
          : undefined;
        if (!record) {
          complete = false;
          break;
        }
        bound[b.name] = record;
      }
      if (complete) return { page: fillPlaceholders(full, bound), params: candidate.params, bound };
    }
    return undefined;
  }

  async listPages(locale: ContentLocale) {
    const pages = await this.items('page', locale);
    return pages.sort((a, b) => String(a.flatData.path).localeCompare(String(b.flatData.path)));
  }

  async getNavigation(locale: ContentLocale) {
    return (await this.items('navigation', locale))[0];
  }

  async getFooter(locale: ContentLocale) {
    return (await this.items('footer', locale))[0];
  }

  async getArticle(slug: string, locale: ContentLocale) {
    if (!(await this.mayExist('article', 'slug', slug))) return undefined;
    return this.first('article', locale, fieldFilter('slug', [slug]));
  }

  async listArticles(locale: ContentLocale, query: ArticleQuery = {}) {
    let filter: string | undefined;
    if (query.subCategoryId !== undefined) filter = fieldFilter('subCategory', [query.subCategoryId]);
    if (query.categoryIndex !== undefined) {
      const category = await this.first('category', locale, fieldFilter('index', [query.categoryIndex]));
      const subs = category ? await this.listSubcategories(locale, category.id) : [];
      const ids = subs.map((s) => s.id).filter((id) => query.subCategoryId === undefined || id === query.subCategoryId);
      if (ids.length === 0) return [];
      filter = fieldFilter('subCategory', ids);
    }
    return page(newestFirst(await this.items('article', locale, filter)), query.skip, query.take ?? DEFAULT_TAKE);
  }

  async listCategories(locale: ContentLocale) {
    return byNumber(await this.items('category', locale), 'index');
  }

  async listSubcategories(locale: ContentLocale, categoryId?: string) {
    const filter = categoryId === undefined ? undefined : fieldFilter('category', [categoryId]);
    return byNumber(await this.items('subcategory', locale, filter), 'index');
  }

  async getUniversity(slug: string, locale: ContentLocale) {
    if (!(await this.mayExist('university', 'slug', slug))) return undefined;
    return this.first('university', locale, fieldFilter('slug', [slug]));
  }

  async listUniversities(locale: ContentLocale) {
    return byText(await this.items('university', locale), 'universityName', locale);
  }

  async getProgram(slug: string, locale: ContentLocale) {
    if (!(await this.mayExist('program', 'slug', slug))) return undefined;
    return this.first('program', locale, fieldFilter('slug', [slug]));
  }

  async listPrograms(locale: ContentLocale, query: ProgramQuery = {}) {
    const filter = query.universityId === undefined ? undefined : fieldFilter('university', [query.universityId]);
    return page(byText(await this.items('program', locale, filter), 'studyProgram', locale), query.skip, query.take);
  }

  async listProducts(locale: ContentLocale) {
    return byNumber(await this.items('product', locale), 'order');
  }

  async listSuggestedBlogs(locale: ContentLocale) {
    return byNumber(await this.items('suggestedBlog', locale), 'order');
  }

  async getAsset(id: string, locale: ContentLocale): Promise<AssetRecord | undefined> {
    const query =
      'query Asset($filter: String) { items: queryAssets(filter: $filter, top: 1) { id fileName mimeType } }';
    const data = (await this.request(query, { filter: `id eq ${odataLiteral(id)}` }, locale)) as {
      items?: AssetRecord[] | null;
    } | null;
    return data?.items?.[0];
  }

  assetUrl(reference: unknown): string | undefined {
    const id = assetId(reference);
    return id ? joinUrl(this.options.assetBase, id) : undefined;
  }
}
