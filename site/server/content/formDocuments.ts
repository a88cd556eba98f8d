/**
 * Form definitions kept in the headless content service (issue 17): every booking v1, booking v2 and review
 * document of their schemas, read over GraphQL as the CMS formats of `packages/core/src/import/cms/` describe them.
 * Nothing is cached: the form sync (forms/cmsSync.ts) wants the service's state now, and it versions by content
 * hash. Reading is bounded: at most `maxDocuments` records and `maxBytes` bytes of answers per listing.
 *
 * Each kind is asked `items: query{Schema}Contents(top: $top, skip: $skip) { id flatData { … } }`, page by page.
 * A record becomes the document its importer takes:
 * - booking v1: `[{ id: <record id>, ...flatData }]` (an array of one booking, its id the record's);
 * - booking v2: `{ id: <record id>, flatData }` (the record itself);
 * - review: `flatData`.
 * GraphQL answers an unset field with null, the CMS formats leave it out: null properties are dropped.
 *
 * The service holds a definition's texts per language: each kind is read in English (`X-Languages: en`, the
 * language the definitions are written in) and then once in each other language of the forms, and every text that
 * reads differently in a language at the same place of the same record becomes a `translations` entry (English text
 * → its languages), as a definition kept in a file carries it (core import/translations.ts). A kind whose
 * reading fails in any language is not read at all, so a translated form never loses its languages to a hiccup.
 */
import { LOCALES, type Locale } from '@antrag/core/dsl/types';
import { type CmsKind, type CmsTranslations, putTranslations } from '@antrag/core/import';
import { pascal } from './graphql.js';
import { ContentError } from './types.js';

/** The kinds of form definition the service holds, as CONTENT_GRAPHQL_SCHEMAS and CONTENT_FORMS name them. */
export type FormSchemaKind = 'bookingV1' | 'bookingV2' | 'review';

/** The service's schema name of each kind (`bookings-v1` → `queryBookingsV1Contents`). */
export const DEFAULT_FORM_SCHEMA_NAMES: Record<FormSchemaKind, string> = {
  bookingV1: 'bookings-v1',
  bookingV2: 'bookings-v2',
  review: 'review-forms',
};

export const FORM_SCHEMA_KINDS = Object.keys(DEFAULT_FORM_SCHEMA_NAMES) as FormSchemaKind[];

/** The importer's name of each kind. */
export const CMS_KIND_OF: Record<FormSchemaKind, CmsKind> = {
  bookingV1: 'booking-v1',
  bookingV2: 'booking-v2',
  review: 'review',
};

/** Records asked for per request: definitions are large, so fewer than the content site's 200. */
const PAGE = 20;

const V1_CHUNK =
  '{ chunkId headline subText fields { fieldId fieldName label type placeholder isRequired validationRegEx ' +
  'typeOptions { displayName optionId } value } }';

/** v2 field options are components: a union whose `__typename` names the kind, each with its own properties. */
const V2_FIELD_OPTION =
  '{ __typename ... on Text { validationRegex } ... on Numeric { minValue maxValue } ' +
  '... on Selection { items { label value } depiction sortAlphabetically defaultItem } }';

const REVIEW_FIELD =
  '{ field label type required placeholder description icon options { label value } ' +
  'referenceOptions { id flatData { universityName slug } } validationRegex inputLength dependencies }';

/** The flatData selection of each kind: every property of its CMS format. */
const FLAT_DATA: Record<FormSchemaKind, string> = {
  bookingV1: `{ name customerData ${V1_CHUNK} orderData ${V1_CHUNK} }`,
  bookingV2: `{ name steps { headline subheadline fields { internalIdentifier label isRequired placeholder fieldOptions ${V2_FIELD_OPTION} } } }`,
  review: `{ headline description action successMsg errorMsg steps { name headline tooltip groups { headline description style items ${REVIEW_FIELD} } } }`,
};

export interface FormDocumentOptions {
  /** The GraphQL endpoint (CONTENT_GRAPHQL_URL) and its bearer token. */
  url: string;
  token?: string;
  /** Time limit of one request, ms. */
  timeoutMs: number;
  /** The kinds read, with their schema names. */
  schemaNames: Partial<Record<FormSchemaKind, string>>;
  /** Most records one listing reads (all kinds together); the rest are left for a later listing. */
  maxDocuments: number;
  /** Most bytes of answers one listing reads (all pages together); a kind whose answers pass it is not read. */
  maxBytes: number;
  /** The languages besides English the definitions are read in (default every other language of the forms). */
  locales?: Array<Exclude<Locale, 'en'>>;
  /** For embedders; default the global fetch. */
  fetch?: typeof fetch;
}

const OTHER_LOCALES = LOCALES.filter((l): l is Exclude<Locale, 'en'> => l !== 'en');

/** One definition as the service holds it. */
export interface FormDocument {
  kind: FormSchemaKind;
  /** The content record's id (`cms:<id>` names it in problems and logs). */
  recordId: string;
  /** The document in its CMS format, as the importer takes it. */
  document: unknown;
}

export interface FormListing {
  documents: FormDocument[];
  /** Kinds that could not be read (the service down, an error or garbage answered, too many bytes). */
  errors: Array<{ kind: FormSchemaKind; message: string }>;
  /** Records left unread because `maxDocuments` was reached. */
  truncated: boolean;
}

/** What one listing may still read. */
interface Budget {
  documents: number;
  bytes: number;
  truncated: boolean;
}

interface RawRecord {
  id: string;
  flatData: Record<string, unknown>;
}

/** Reads the form definitions of the content service's form schemas. */
export class FormDocumentSource {
  constructor(private readonly options: FormDocumentOptions) {}

  /** The kinds read, in a fixed order. */
  get kinds(): FormSchemaKind[] {
    return FORM_SCHEMA_KINDS.filter((k) => this.options.schemaNames[k] !== undefined);
  }

  /** The query that lists the records of a kind, a page at a time. */
  query(kind: FormSchemaKind): string {
    const field = `query${pascal(this.options.schemaNames[kind] ?? DEFAULT_FORM_SCHEMA_NAMES[kind])}Contents`;
    return `query FormDefinitions($top: Int, $skip: Int) { items: ${field}(top: $top, skip: $skip) { id flatData ${FLAT_DATA[kind]} } }`;
  }

  /** Every definition of every kind read, within the bounds; a kind that fails is named in `errors`. */
  async list(signal?: AbortSignal): Promise<FormListing> {
    const budget: Budget = { documents: this.options.maxDocuments, bytes: this.options.maxBytes, truncated: false };
    const documents: FormDocument[] = [];
    const errors: FormListing['errors'] = [];
    // kinds one after the other: a shared budget, and a service that is down costs one timeout per kind at most
    for (const kind of this.kinds) {
      try {
        const records = await this.records(kind, budget, signal);
        const translations = await this.translations(kind, records, signal);
        for (const record of records) {
          const document = documentOf(kind, record);
          const texts = translations.get(record.id);
          documents.push({
            kind,
            recordId: record.id,
            document: texts ? putTranslations(CMS_KIND_OF[kind], document, texts) : document,
          });
        }
      } catch (error) {
        errors.push({ kind, message: error instanceof Error ? error.message : String(error) });
      }
    }
    return { documents, errors, truncated: budget.truncated };
  }

  /**
   * The texts of `records` in each other language, by record id: read as the English ones were, each language
   * within its own budget of as many records and `maxBytes` bytes.
   */
  private async translations(
    kind: FormSchemaKind,
    records: RawRecord[],
    signal?: AbortSignal,
  ): Promise<Map<string, CmsTranslations>> {
    const out = new Map<string, CmsTranslations>();
    if (records.length === 0) return out;
    for (const locale of this.options.locales ?? OTHER_LOCALES) {
      const budget: Budget = { documents: records.length, bytes: this.options.maxBytes, truncated: false };
      let localized: RawRecord[];
      try {
        localized = await this.records(kind, budget, signal, locale);
      } catch (error) {
        throw new ContentError(`${(error as Error).message} (reading its texts in ${locale})`);
      }
      const byId = new Map(localized.map((r) => [r.id, r]));
      for (const record of records) {
        const other = byId.get(record.id);
        if (!other) continue;
        const texts = out.get(record.id) ?? {};
        collectTranslations(record.flatData, other.flatData, locale, texts);
        if (Object.keys(texts).length > 0) out.set(record.id, texts);
      }
    }
    return out;
  }

  /** The records of one kind, page by page, each once. */
  private async records(
    kind: FormSchemaKind,
    budget: Budget,
    signal?: AbortSignal,
    locale: Locale = 'en',
  ): Promise<RawRecord[]> {
    const query = this.query(kind);
    const byId = new Map<string, RawRecord>();
    for (let skip = 0; ; ) {
      if (budget.documents <= 0) {
        // every record of the English reading read again in another language: nothing more is wanted
        if (locale !== 'en') break;
        // the bound is reached: is there any record left unread?
        const more = recordsOf(kind, await this.send(query, { top: 1, skip }, budget, signal, locale));
        budget.truncated ||= more.some((r) => !byId.has(r.id));
        break;
      }
      const top = Math.min(PAGE, budget.documents);
      const page = recordsOf(kind, await this.send(query, { top, skip }, budget, signal, locale));
      const fresh = page.filter((r) => !byId.has(r.id));
      for (const record of fresh.slice(0, budget.documents)) byId.set(record.id, record);
      budget.documents -= Math.min(fresh.length, budget.documents);
      // a short page is the last; a page of records already read means the service ignores `skip`
      if (page.length < top || fresh.length === 0) break;
      skip += top;
    }
    return [...byId.values()];
  }

  private async send(
    query: string,
    variables: Record<string, unknown>,
    budget: Budget,
    signal?: AbortSignal,
    locale: Locale = 'en',
  ): Promise<unknown> {
    const { url, token, timeoutMs } = this.options;
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      // English first (the language the definitions are written in), then each other language for the translations
      'X-Languages': locale,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    };
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query, variables }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      throw new ContentError(`content service ${url} not reached: ${(error as Error).message}`);
    }
    const text = await readBounded(response, budget, url);
    let body: { data?: unknown; errors?: Array<{ message?: unknown }> };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new ContentError(`content service ${url} answered ${response.status} without JSON`);
    }
    if (!response.ok || !body || typeof body !== 'object' || body.errors?.length) {
      const messages = Array.isArray(body?.errors) ? body.errors.map((e) => String(e?.message ?? 'error')) : [];
      throw new ContentError(`content service ${url} answered ${response.status}: ${messages.join('; ') || 'no data'}`);
    }
    return body.data;
  }
}

/** The answer's text, read no further than the listing's byte budget allows. */
async function readBounded(response: Response, budget: Budget, url: string): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  for (;;) {
    let part: Awaited<ReturnType<typeof reader.read>>;
    try {
      part = await reader.read();
    } catch (error) {
      throw new ContentError(`content service ${url}: the answer broke off (${(error as Error).message})`);
    }
    if (part.done) break;
    budget.bytes -= part.value.byteLength;
    if (budget.bytes < 0) {
      await reader.cancel().catch(() => undefined);
      throw new ContentError(
        `content service ${url}: the answers passed CONTENT_FORMS_MAX_BYTES; this kind is not read`,
      );
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The records of one answer: `data.items`, each with a text id and an object flatData. */
function recordsOf(kind: FormSchemaKind, data: unknown): RawRecord[] {
  const items = (data as { items?: unknown } | null | undefined)?.items;
  if (items === null || items === undefined) return [];
  if (!Array.isArray(items)) throw new ContentError(`${kind}: the answer's items are not a list`);
  return items.map((item, i) => {
    const record = item as Partial<RawRecord> | null;
    if (typeof record?.id !== 'string' || !record.id) throw new ContentError(`${kind}: record ${i} has no id`);
    if (!record.flatData || typeof record.flatData !== 'object' || Array.isArray(record.flatData)) {
      throw new ContentError(`${kind}: record ${record.id} has no flatData object`);
    }
    return { id: record.id, flatData: record.flatData };
  });
}

/**
 * Every text of `english` that reads otherwise at the same place of `localized` (same keys, same list positions),
 * as `texts[english text][locale]`. The first translation of a text is kept when one English text is translated
 * differently in two places; blank texts and texts the language leaves as they are give no entry.
 */
export function collectTranslations(
  english: unknown,
  localized: unknown,
  locale: Exclude<Locale, 'en'>,
  texts: CmsTranslations,
): void {
  if (typeof english === 'string') {
    if (typeof localized !== 'string' || !english.trim() || !localized.trim() || localized === english) return;
    // defined, not assigned: a text such as "__proto__" is a key like any other
    if (!Object.hasOwn(texts, english)) {
      Object.defineProperty(texts, english, { value: {}, enumerable: true, writable: true, configurable: true });
    }
    texts[english][locale] ??= localized;
    return;
  }
  if (Array.isArray(english)) {
    if (!Array.isArray(localized)) return;
    for (const [i, item] of english.entries()) collectTranslations(item, localized[i], locale, texts);
    return;
  }
  if (english !== null && typeof english === 'object') {
    if (localized === null || typeof localized !== 'object' || Array.isArray(localized)) return;
    for (const [key, value] of Object.entries(english)) {
      if (Object.hasOwn(localized, key)) {
        collectTranslations(value, (localized as Record<string, unknown>)[key], locale, texts);
      }
    }
  }
}

/** A record as its importer takes it. */
function documentOf(kind: FormSchemaKind, record: RawRecord): unknown {
  const flatData = withoutNullProperties(record.flatData) as Record<string, unknown>;
  if (kind === 'bookingV1') return [{ id: record.id, ...flatData }];
  if (kind === 'bookingV2') return { id: record.id, flatData };
  return flatData;
}

/** Drops properties whose value is null (list elements stay, so a null item is reported where it stands). */
function withoutNullProperties(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNullProperties);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, withoutNullProperties(v)]),
    );
  }
  return value;
}
