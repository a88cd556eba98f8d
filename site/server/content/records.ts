/**
 * What both content sources share: the depth to which references and nested blocks are delivered, localising a
 * record, filling the `{name.field}` placeholders of a bound page, and the order of lists.
 */
import { localize } from '../search/index.js';
import type { ContentLocale, ContentRecord } from './types.js';

/** References are followed this many hops (article → sub-category → category); beyond, only `{ id }`. */
export const MAX_REFERENCE_DEPTH = 2;
/** Blocks nest this deep (page blocks, and blocks inside tabs and panels); deeper blocks are not delivered. */
export const MAX_BLOCK_DEPTH = 2;
/** Default page size of lists. */
export const DEFAULT_TAKE = 100;
/**
 * The longest slug looked up: content slugs are far shorter; a longer one names nothing and is not looked up.
 */
export const MAX_SLUG_LENGTH = 100;
/** A slug as the content schemas define it (`common.schema.json#/definitions/slug`): lower-case words and hyphens. */
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Whether `text` can be a record's slug: anything else is not looked up (no request to the content service). */
export function isSlug(text: string): boolean {
  return text.length <= MAX_SLUG_LENGTH && SLUG.test(text);
}

/** A page's binding of a path parameter to a record. */
export interface PageBinding {
  name: string;
  kind: 'university' | 'program' | 'category' | 'article';
  param: string;
  field: string;
}

export function bindingsOf(page: ContentRecord): PageBinding[] {
  return Array.isArray(page.flatData.bindings) ? (page.flatData.bindings as PageBinding[]) : [];
}

/** A record with every language-keyed value resolved to `locale` (else English). */
export function localizeRecord<T extends { flatData?: unknown }>(record: T, locale: ContentLocale): T {
  return localize(record, locale) as T;
}

const PLACEHOLDER = /\{([a-zA-Z][a-zA-Z0-9]*)\.([a-zA-Z][a-zA-Z0-9]*)\}/g;

function placeholderText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(placeholderText).filter(Boolean).join(', ');
  if (typeof value === 'object') return '';
  return String(value);
}

/**
 * Replaces `{name.field}` in every text of `value` by the field of the bound record `name` (lists joined with
 * ', '); placeholders naming no bound record stay as they are.
 */
export function fillPlaceholders<T>(value: T, bound: Record<string, ContentRecord>): T {
  if (typeof value === 'string') {
    return value.replace(PLACEHOLDER, (whole, name: string, field: string) =>
      Object.hasOwn(bound, name) ? placeholderText(bound[name].flatData[field]) : whole,
    ) as T;
  }
  if (Array.isArray(value)) return value.map((v) => fillPlaceholders(v, bound)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillPlaceholders(v, bound)])) as T;
  }
  return value;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

/** Sorts localised records by a text field in the language's collation (ids break ties). */
export function byText(records: ContentRecord[], field: string, locale: ContentLocale): ContentRecord[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return [...records].sort(
    (a, b) => collator.compare(text(a.flatData[field]), text(b.flatData[field])) || (a.id < b.id ? -1 : 1),
  );
}

/** Sorts by a numeric field, missing values last (ids break ties). */
export function byNumber(records: ContentRecord[], field: string): ContentRecord[] {
  const n = (r: ContentRecord) => (typeof r.flatData[field] === 'number' ? (r.flatData[field] as number) : Infinity);
  return [...records].sort((a, b) => n(a) - n(b) || (a.id < b.id ? -1 : 1));
}

/** Newest first by publication date (ids break ties). */
export function newestFirst(records: ContentRecord[]): ContentRecord[] {
  return [...records].sort(
    (a, b) =>
      text(b.flatData.publicationdate).localeCompare(text(a.flatData.publicationdate)) || (a.id < b.id ? -1 : 1),
  );
}

export function page<T>(list: T[], skip = 0, take = DEFAULT_TAKE): T[] {
  return list.slice(Math.max(0, skip), Math.max(0, skip) + Math.max(0, take));
}

/** The id inside an asset reference (`[{ id }]`), `{ id }` or a plain id. */
export function assetId(reference: unknown): string | undefined {
  const first = Array.isArray(reference) ? reference[0] : reference;
  if (typeof first === 'string') return first || undefined;
  const id = (first as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' && id ? id : undefined;
}

export function joinUrl(base: string, id: string): string {
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(id)}`;
}
