/**
 * The site's content: `createContentSource()` gives the content files of the repository (default) or a headless
 * content service's GraphQL API, by the environment (README, "The server": CONTENT_SOURCE and CONTENT_*).
 */
import { resolve } from 'node:path';
import type { RecordKind } from '@antrag/content';
import { createFileContentSource, DEFAULT_ASSET_BASE, DEFAULT_CONTENT_DIR } from './files.js';
import {
  DEFAULT_CACHE_BYTES,
  DEFAULT_CACHE_ENTRIES,
  DEFAULT_MISS_CACHE_SECONDS,
  DEFAULT_SCHEMA_NAMES,
  GraphqlContentSource,
} from './graphql.js';
import { ContentError, type ContentSource } from './types.js';

export { createFileContentSource, FileContentSource } from './files.js';
export { GraphqlContentSource, selectionOf } from './graphql.js';
export { normalizePath, splitLocale } from './paths.js';
export { buildCategoryTree, type CategoryTree } from './tree.js';
export * from './types.js';

export interface ContentSettings {
  source: 'files' | 'graphql';
  dir: string;
  assetBase: string;
  graphql?: {
    url: string;
    token?: string;
    schemaNames: Partial<Record<Exclude<RecordKind, 'asset'>, string>>;
    timeoutMs: number;
    /** Bounds of the answer cache (CONTENT_CACHE_ENTRIES, CONTENT_CACHE_BYTES) and how long a miss is kept. */
    cacheEntries: number;
    cacheBytes: number;
    missCacheSeconds: number;
  };
  cacheSeconds: number;
}

function whole(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new ContentError(`${name} must be a whole number ≥ 0, not '${value}'`);
  return n;
}

function atLeastOne(value: string | undefined, fallback: number, name: string): number {
  const n = whole(value, fallback, name);
  if (n < 1) throw new ContentError(`${name} must be a whole number ≥ 1, not '${value}'`);
  return n;
}

/** `page=pages,article=blog-articles` → schema names by kind. */
function schemaNames(text: string | undefined): Partial<Record<Exclude<RecordKind, 'asset'>, string>> {
  const out: Partial<Record<Exclude<RecordKind, 'asset'>, string>> = {};
  for (const pair of (text ?? '').split(',').filter((p) => p.trim())) {
    const [kind, name] = pair.split('=').map((s) => s.trim());
    if (!(kind in DEFAULT_SCHEMA_NAMES) || !name) {
      throw new ContentError(
        `CONTENT_GRAPHQL_SCHEMAS: '${pair}' is not kind=name with a kind of ${Object.keys(DEFAULT_SCHEMA_NAMES).join(', ')}`,
      );
    }
    out[kind as Exclude<RecordKind, 'asset'>] = name;
  }
  return out;
}

/** Reads the content settings from the environment; throws ContentError naming the variable that is wrong. */
export function contentSettings(env: NodeJS.ProcessEnv = process.env): ContentSettings {
  const source = env.CONTENT_SOURCE || 'files';
  if (source !== 'files' && source !== 'graphql') {
    throw new ContentError(`CONTENT_SOURCE must be 'files' or 'graphql', not '${source}'`);
  }
  const cacheSeconds = whole(env.CONTENT_CACHE_SECONDS, 60, 'CONTENT_CACHE_SECONDS');
  const dir = resolve(env.CONTENT_DIR || DEFAULT_CONTENT_DIR);
  if (source === 'files') return { source, dir, assetBase: env.CONTENT_ASSET_URL || DEFAULT_ASSET_BASE, cacheSeconds };
  if (!env.CONTENT_GRAPHQL_URL) throw new ContentError('CONTENT_SOURCE=graphql needs CONTENT_GRAPHQL_URL');
  if (!env.CONTENT_ASSET_URL) throw new ContentError('CONTENT_SOURCE=graphql needs CONTENT_ASSET_URL (the asset host)');
  return {
    source,
    dir,
    assetBase: env.CONTENT_ASSET_URL,
    cacheSeconds,
    graphql: {
      url: env.CONTENT_GRAPHQL_URL,
      token: env.CONTENT_GRAPHQL_TOKEN || undefined,
      schemaNames: schemaNames(env.CONTENT_GRAPHQL_SCHEMAS),
      timeoutMs: whole(env.CONTENT_GRAPHQL_TIMEOUT_MS, 10_000, 'CONTENT_GRAPHQL_TIMEOUT_MS'),
      cacheEntries: atLeastOne(env.CONTENT_CACHE_ENTRIES, DEFAULT_CACHE_ENTRIES, 'CONTENT_CACHE_ENTRIES'),
      cacheBytes: atLeastOne(env.CONTENT_CACHE_BYTES, DEFAULT_CACHE_BYTES, 'CONTENT_CACHE_BYTES'),
      missCacheSeconds: whole(env.CONTENT_MISS_CACHE_SECONDS, DEFAULT_MISS_CACHE_SECONDS, 'CONTENT_MISS_CACHE_SECONDS'),
    },
  };
}

/** The content source the settings name. The file source reads and checks the files now (ContentError if broken). */
export function createContentSource(settings: ContentSettings = contentSettings()): ContentSource {
  if (settings.source === 'graphql' && settings.graphql) {
    return new GraphqlContentSource({
      ...settings.graphql,
      assetBase: settings.assetBase,
      cacheSeconds: settings.cacheSeconds,
    });
  }
  return createFileContentSource({ dir: settings.dir, assetBase: settings.assetBase });
}
