/**
 * The site's content: `createContentSource()` gives the content files of the repository (default) or a headless
 * content service's GraphQL API, by the environment (README, "The server": CONTENT_SOURCE and CONTENT_*).
 */
import { resolve } from 'node:path';
import type { RecordKind } from '@antrag/content';
import { createFileContentSource, DEFAULT_ASSET_BASE, DEFAULT_CONTENT_DIR } from './files.js';
import {
  DEFAULT_FORM_SCHEMA_NAMES,
  FORM_SCHEMA_KINDS,
  FormDocumentSource,
  type FormSchemaKind,
} from './formDocuments.js';
import {
  DEFAULT_CACHE_BYTES,
  DEFAULT_CACHE_ENTRIES,
  DEFAULT_MISS_CACHE_SECONDS,
  DEFAULT_SCHEMA_NAMES,
  GraphqlContentSource,
} from './graphql.js';
import { ContentError, type ContentSource } from './types.js';

export { createFileContentSource, FileContentSource } from './files.js';
export type { FormDocument, FormListing, FormSchemaKind } from './formDocuments.js';
export { GraphqlContentSource, selectionOf } from './graphql.js';
export { normalizePath, splitLocale } from './paths.js';
export { buildCategoryTree, type CategoryTree } from './tree.js';
export * from './types.js';
export { FormDocumentSource };

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
  /** Form definitions read from the service too (with `graphql`, unless CONTENT_FORMS=none). */
  forms?: FormSourceSettings;
}

/** Which form definitions the content service holds, how often they are read, and the webhook's secret. */
export interface FormSourceSettings {
  /** The kinds read (CONTENT_FORMS) with their schema names (CONTENT_GRAPHQL_SCHEMAS). */
  schemaNames: Partial<Record<FormSchemaKind, string>>;
  /** Seconds between two readings that catch a missed webhook (CONTENT_FORMS_POLL_SECONDS, default 300; 0: none). */
  pollSeconds: number;
  /** Most records one reading takes (CONTENT_FORMS_MAX_DOCUMENTS, default 200) and bytes of answers (…_MAX_BYTES). */
  maxDocuments: number;
  maxBytes: number;
  /** The shared secret of POST /api/admin/content-changed (CONTENT_WEBHOOK_SECRET); absent: the hook is off. */
  webhookSecret?: string;
}

const DEFAULT_FORM_POLL_SECONDS = 300;
const DEFAULT_FORM_MAX_DOCUMENTS = 200;
const DEFAULT_FORM_MAX_BYTES = 32 * 1024 * 1024;
const MIN_WEBHOOK_SECRET_LENGTH = 16;

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

type ContentKind = Exclude<RecordKind, 'asset'>;

/** `page=pages,article=blog-articles,bookingV2=bookings` → schema names by kind: content records and forms apart. */
function schemaNames(text: string | undefined): {
  content: Partial<Record<ContentKind, string>>;
  forms: Partial<Record<FormSchemaKind, string>>;
} {
  const content: Partial<Record<ContentKind, string>> = {};
  const forms: Partial<Record<FormSchemaKind, string>> = {};
  for (const pair of (text ?? '').split(',').filter((p) => p.trim())) {
    const [kind, name] = pair.split('=').map((s) => s.trim());
    if (kind in DEFAULT_SCHEMA_NAMES && name) content[kind as ContentKind] = name;
    else if (kind in DEFAULT_FORM_SCHEMA_NAMES && name) forms[kind as FormSchemaKind] = name;
    else {
      const kinds = [...Object.keys(DEFAULT_SCHEMA_NAMES), ...FORM_SCHEMA_KINDS].join(', ');
      throw new ContentError(`CONTENT_GRAPHQL_SCHEMAS: '${pair}' is not kind=name with a kind of ${kinds}`);
    }
  }
  return { content, forms };
}

/** CONTENT_FORMS: the form kinds read from the service (default all; `none`: none). */
function formKinds(text: string | undefined): FormSchemaKind[] {
  if (text === undefined || text.trim() === '') return FORM_SCHEMA_KINDS;
  if (text.trim() === 'none') return [];
  return text.split(',').map((k) => {
    const kind = k.trim();
    if (!FORM_SCHEMA_KINDS.includes(kind as FormSchemaKind)) {
      throw new ContentError(`CONTENT_FORMS: '${kind}' is not one of ${FORM_SCHEMA_KINDS.join(', ')} (or 'none')`);
    }
    return kind as FormSchemaKind;
  });
}

/** The form settings with `graphql`; undefined when CONTENT_FORMS=none. */
function formSourceSettings(
  env: NodeJS.ProcessEnv,
  names: Partial<Record<FormSchemaKind, string>>,
): FormSourceSettings | undefined {
  const kinds = formKinds(env.CONTENT_FORMS);
  if (kinds.length === 0) return undefined;
  const secret = env.CONTENT_WEBHOOK_SECRET || undefined;
  if (secret !== undefined && (secret.length < MIN_WEBHOOK_SECRET_LENGTH || /\s/.test(secret))) {
    throw new ContentError(
      `CONTENT_WEBHOOK_SECRET must be at least ${MIN_WEBHOOK_SECRET_LENGTH} characters without spaces`,
    );
  }
  return {
    schemaNames: Object.fromEntries(kinds.map((k) => [k, names[k] ?? DEFAULT_FORM_SCHEMA_NAMES[k]])),
    pollSeconds: whole(env.CONTENT_FORMS_POLL_SECONDS, DEFAULT_FORM_POLL_SECONDS, 'CONTENT_FORMS_POLL_SECONDS'),
    maxDocuments: atLeastOne(
      env.CONTENT_FORMS_MAX_DOCUMENTS,
      DEFAULT_FORM_MAX_DOCUMENTS,
      'CONTENT_FORMS_MAX_DOCUMENTS',
    ),
    maxBytes: atLeastOne(env.CONTENT_FORMS_MAX_BYTES, DEFAULT_FORM_MAX_BYTES, 'CONTENT_FORMS_MAX_BYTES'),
    ...(secret ? { webhookSecret: secret } : {}),
  };
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
  const names = schemaNames(env.CONTENT_GRAPHQL_SCHEMAS);
  const forms = formSourceSettings(env, names.forms);
  return {
    source,
    dir,
    assetBase: env.CONTENT_ASSET_URL,
    cacheSeconds,
    graphql: {
      url: env.CONTENT_GRAPHQL_URL,
      token: env.CONTENT_GRAPHQL_TOKEN || undefined,
      schemaNames: names.content,
      timeoutMs: whole(env.CONTENT_GRAPHQL_TIMEOUT_MS, 10_000, 'CONTENT_GRAPHQL_TIMEOUT_MS'),
      cacheEntries: atLeastOne(env.CONTENT_CACHE_ENTRIES, DEFAULT_CACHE_ENTRIES, 'CONTENT_CACHE_ENTRIES'),
      cacheBytes: atLeastOne(env.CONTENT_CACHE_BYTES, DEFAULT_CACHE_BYTES, 'CONTENT_CACHE_BYTES'),
      missCacheSeconds: whole(env.CONTENT_MISS_CACHE_SECONDS, DEFAULT_MISS_CACHE_SECONDS, 'CONTENT_MISS_CACHE_SECONDS'),
    },
    ...(forms ? { forms } : {}),
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

/** The reader of the service's form definitions, when the settings read forms from it (forms/cmsSync.ts). */
export function createFormDocumentSource(settings: ContentSettings): FormDocumentSource | undefined {
  if (!settings.graphql || !settings.forms) return undefined;
  const { url, token, timeoutMs } = settings.graphql;
  const { schemaNames, maxDocuments, maxBytes } = settings.forms;
  return new FormDocumentSource({ url, token, timeoutMs, schemaNames, maxDocuments, maxBytes });
}
