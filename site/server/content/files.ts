/**
 * The content source of the repository's content files (`site/content/`, or any folder with a
 * `content.manifest.json`). The files are read and checked against `schemas/content/` once, when the source is
 * created: content with an error is refused with every problem named by file, line, column and pointer.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type CheckedContent,
  CONTENT_MANIFEST,
  type ContentShapes,
  checkContent,
  contentShapes,
  displayPath,
  loadContentSchemas,
  type RecordKind,
  type Shape,
  type StoredRecord,
} from '@antrag/content';
import { diagnosticText } from '@antrag/core/document';
import { isObject } from '@antrag/core/json';
import { localize } from '../search/index.js';
import { rankPaths } from './paths.js';
import {
  assetId,
  bindingsOf,
  byNumber,
  byText,
  DEFAULT_TAKE,
  fillPlaceholders,
  joinUrl,
  localizeRecord,
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

export const DEFAULT_CONTENT_DIR = fileURLToPath(new URL('../../content/', import.meta.url));
/** Where the file source's assets are served by default: `/content-assets/{assetId}`. */
export const DEFAULT_ASSET_BASE = '/content-assets';

export interface FileContentOptions {
  /** The content folder (holding `content.manifest.json`); default `site/content/`. */
  dir?: string;
  /** Base URL of the assets (`{assetBase}/{assetId}`); default `/content-assets`. */
  assetBase?: string;
  /** The content schemas; default `schemas/content/`. */
  schemaDir?: string;
}

export class FileContentSource implements ContentSource {
  readonly kind = 'files';
  readonly dir: string;
  private readonly byId: Record<RecordKind, Map<string, StoredRecord>>;
  private readonly assetsDir: string;

  constructor(
    private readonly content: CheckedContent,
    private readonly shapes: ContentShapes,
    private readonly assetBase: string,
  ) {
    if (!content.manifest) throw new ContentError('content without a manifest');
    this.dir = content.manifest.dir;
    this.assetsDir = content.manifest.assetsDir;
    this.byId = Object.fromEntries(
      Object.entries(content.records).map(([kind, list]) => [kind, new Map(list.map((r) => [r.record.id, r.record]))]),
    ) as Record<RecordKind, Map<string, StoredRecord>>;
  }

  /** The path of the page shown for unknown paths (the manifest's `notFoundPage`), if any. */
  get notFoundPage(): string | undefined {
    return this.content.manifest?.notFoundPage;
  }

  private all(kind: RecordKind): StoredRecord[] {
    return this.content.records[kind].map((r) => r.record);
  }

  /** The record as the service delivers it: references followed, nested blocks to their depth. */
  private deliver(kind: RecordKind, record: StoredRecord, refDepth = 0): ContentRecord {
    return {
      id: record.id,
      ...(record.lastModified ? { lastModified: record.lastModified } : {}),
      flatData: this.project(record.flatData, this.shapes.records[kind], refDepth, 0) as Record<string, unknown>,
    };
  }

  private project(value: unknown, shape: Shape, refDepth: number, blockDepth: number): unknown {
    switch (shape.type) {
      case 'value':
        return value;
      case 'object': {
        if (!isObject(value)) return value;
        const out: Record<string, unknown> = {};
        for (const [name, sub] of Object.entries(shape.fields)) {
          if (value[name] === undefined) continue;
          const projected = this.project(value[name], sub, refDepth, blockDepth);
          if (projected !== undefined) out[name] = projected;
        }
        return out;
      }
      case 'list':
        return Array.isArray(value) ? value.map((v) => this.project(v, shape.item, refDepth, blockDepth)) : value;
      case 'asset':
        return Array.isArray(value) ? value.map((a) => ({ id: (a as { id: string }).id })) : value;
      case 'reference': {
        if (!Array.isArray(value)) return value;
        return value.flatMap((id) => {
          const target = this.byId[shape.kind].get(String(id));
          if (!target) return [];
          return [refDepth >= MAX_REFERENCE_DEPTH ? { id: target.id } : this.deliver(shape.kind, target, refDepth + 1)];
        });
      }
      case 'blocks': {
        if (!Array.isArray(value) || blockDepth >= MAX_BLOCK_DEPTH) return undefined;
        return value.map((block) => {
          const b = block as { __typename: string; id: string; flatData?: unknown };
          const blockShape = this.shapes.blocks.get(b.__typename) ?? { type: 'value' };
          return {
            __typename: b.__typename,
            id: b.id,
            flatData: this.project(b.flatData ?? {}, blockShape, refDepth, blockDepth + 1),
          };
        });
      }
    }
  }

  private one(kind: RecordKind, locale: ContentLocale, match: (r: StoredRecord) => boolean) {
    const found = this.all(kind).find(match);
    return found ? localizeRecord(this.deliver(kind, found), locale) : undefined;
  }

  private many(kind: RecordKind, locale: ContentLocale, records: StoredRecord[] = this.all(kind)) {
    return records.map((r) => localizeRecord(this.deliver(kind, r), locale));
  }

  /** Every record of a kind as the service would deliver it, in file order. */
  records(kind: Exclude<RecordKind, 'asset'>, locale: ContentLocale): ContentRecord[] {
    return this.many(kind, locale);
  }

  /** Every asset record, in one language. */
  assets(locale: ContentLocale): AssetRecord[] {
    return this.all('asset').map((a) => localize(a, locale) as unknown as AssetRecord);
  }

  async getPage(path: string, locale: ContentLocale): Promise<PageMatch | undefined> {
    const pages = this.all('page');
    for (const candidate of rankPaths(pages, (p) => String(p.flatData.path), path)) {
      const delivered = localizeRecord(this.deliver('page', candidate.page), locale);
      const bound: Record<string, ContentRecord> = {};
      let complete = true;
      for (const b of bindingsOf(delivered)) {
        const value = candidate.params[b.param];
        const record = this.all(b.kind).find((r) => String(localize(r.flatData[b.field], 'en')) === value);
        if (!record) {
          complete = false;
          break;
        }
        bound[b.name] = localizeRecord(this.deliver(b.kind, record), locale);
      }
      if (complete) return { page: fillPlaceholders(delivered, bound), params: candidate.params, bound };
    }
    return undefined;
  }

  async listPages(locale: ContentLocale) {
    return this.many('page', locale).sort((a, b) =>
      (a.flatData.path as string).localeCompare(b.flatData.path as string),
    );
  }

  async getNavigation(locale: ContentLocale) {
    return this.many('navigation', locale)[0];
  }

  async getFooter(locale: ContentLocale) {
    return this.many('footer', locale)[0];
  }

  async getArticle(slug: string, locale: ContentLocale) {
    return this.one('article', locale, (r) => r.flatData.slug === slug);
  }

  async listArticles(locale: ContentLocale, query: ArticleQuery = {}) {
    const subIds = new Set<string>();
    if (query.categoryIndex !== undefined) {
      const category = this.all('category').find((c) => c.flatData.index === query.categoryIndex);
      for (const sub of this.all('subcategory')) {
        if (category && (sub.flatData.category as string[] | undefined)?.[0] === category.id) subIds.add(sub.id);
      }
    }
    const articles = this.all('article').filter((a) => {
      const sub = (a.flatData.subCategory as string[] | undefined)?.[0];
      if (query.subCategoryId !== undefined && sub !== query.subCategoryId) return false;
      if (query.categoryIndex !== undefined && !(sub && subIds.has(sub))) return false;
      return true;
    });
    return page(newestFirst(this.many('article', locale, articles)), query.skip, query.take ?? DEFAULT_TAKE);
  }

  async listCategories(locale: ContentLocale) {
    return byNumber(this.many('category', locale), 'index');
  }

  async listSubcategories(locale: ContentLocale, categoryId?: string) {
    const subs = this.all('subcategory').filter(
      (s) => categoryId === undefined || (s.flatData.category as string[] | undefined)?.[0] === categoryId,
    );
    return byNumber(this.many('subcategory', locale, subs), 'index');
  }

  async getUniversity(slug: string, locale: ContentLocale) {
    return this.one('university', locale, (r) => r.flatData.slug === slug);
  }

  async listUniversities(locale: ContentLocale) {
    return byText(this.many('university', locale), 'universityName', locale);
  }

  async getProgram(slug: string, locale: ContentLocale) {
    return this.one('program', locale, (r) => r.flatData.slug === slug);
  }

  async listPrograms(locale: ContentLocale, query: ProgramQuery = {}) {
    const programs = this.all('program').filter(
      (p) =>
        query.universityId === undefined ||
        (p.flatData.university as string[] | undefined)?.includes(query.universityId),
    );
    return page(byText(this.many('program', locale, programs), 'studyProgram', locale), query.skip, query.take);
  }

  async listProducts(locale: ContentLocale) {
    return byNumber(this.many('product', locale), 'order');
  }

  async listSuggestedBlogs(locale: ContentLocale) {
    return byNumber(this.many('suggestedBlog', locale), 'order');
  }

  async getAsset(id: string, locale: ContentLocale): Promise<AssetRecord | undefined> {
    const asset = this.byId.asset.get(id);
    return asset ? (localize(asset, locale) as unknown as AssetRecord) : undefined;
  }

  assetUrl(reference: unknown): string | undefined {
    const id = assetId(reference);
    return id ? joinUrl(this.assetBase, id) : undefined;
  }

  /** The file of an asset, for serving it: absolute path and media type. */
  assetFile(id: string): { path: string; mimeType: string } | undefined {
    const asset = this.byId.asset.get(id);
    if (!asset) return undefined;
    const path = resolve(this.assetsDir, String(asset.fileName));
    return existsSync(path) ? { path, mimeType: String(asset.mimeType) } : undefined;
  }
}

/** Reads and checks the content folder; throws ContentError listing every problem (`file:line:col pointer message`). */
export function createFileContentSource(options: FileContentOptions = {}): FileContentSource {
  const dir = resolve(options.dir ?? DEFAULT_CONTENT_DIR);
  const manifest = join(dir, CONTENT_MANIFEST);
  if (!existsSync(manifest)) throw new ContentError(`${displayPath(dir)}: no ${CONTENT_MANIFEST} in this folder`);
  const checked = checkContent(manifest, options.schemaDir);
  const errors = checked.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    throw new ContentError(
      `the content in ${displayPath(dir)} has ${errors.length} error${errors.length === 1 ? '' : 's'}:\n` +
        errors.map((d) => diagnosticText(d, displayPath)).join('\n'),
    );
  }
  const shapes = contentShapes(loadContentSchemas(options.schemaDir));
  return new FileContentSource(checked, shapes, options.assetBase ?? DEFAULT_ASSET_BASE);
}
