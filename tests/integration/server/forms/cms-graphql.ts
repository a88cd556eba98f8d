/**
 * A small headless CMS for the form-sync tests: a real GraphQL server (graphql-js, schema in SDL) on a local port,
 * serving recorded records of the three form-definition schemas in the content service's shapes
 * (`query{Schema}Contents(top, skip) { id flatData { … } }`, v2 field options as a union of components). It
 * answers only requests with its bearer token, counts the requests it was sent, and can go down or answer garbage.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildSchema, graphql } from 'graphql';
import { ROOT } from '../durability/harness.js';

export const CMS_TOKEN = 'cms-read-token';

/** The schema names the tests configure: the defaults for bookings, a renamed one for reviews. */
export const SCHEMAS = { bookingV1: 'bookings-v1', bookingV2: 'bookings-v2', review: 'university-reviews' } as const;
type Kind = keyof typeof SCHEMAS;

const SDL = /* GraphQL */ `
  scalar JsonScalar

  type Query {
    queryBookingsV1Contents(filter: String, top: Int, skip: Int): [BookingsV1!]
    queryBookingsV2Contents(filter: String, top: Int, skip: Int): [BookingsV2!]
    queryUniversityReviewsContents(filter: String, top: Int, skip: Int): [UniversityReviews!]
  }

  type BookingsV1 { id: String! lastModified: String flatData: BookingsV1FlatDataDto! }
  type BookingsV1FlatDataDto { name: String customerData: [BookingV1Chunk] orderData: [BookingV1Chunk] }
  type BookingV1Chunk { chunkId: String headline: String subText: String fields: [BookingV1Field] }
  type BookingV1Field {
    fieldId: String fieldName: String label: String type: String placeholder: String isRequired: Boolean
    validationRegEx: String typeOptions: [BookingV1Option] value: JsonScalar
  }
  type BookingV1Option { displayName: String optionId: String }

  type BookingsV2 { id: String! lastModified: String flatData: BookingsV2FlatDataDto! }
  type BookingsV2FlatDataDto { name: String steps: [BookingV2Step] }
  type BookingV2Step { headline: String subheadline: String fields: [BookingV2Field] }
  type BookingV2Field {
    internalIdentifier: String label: String isRequired: Boolean placeholder: String fieldOptions: [FieldOption]
  }
  "Components: every one has the CMS's schemaId; FloorPlan is one the importer does not know."
  union FieldOption = Text | Address | Numeric | Selection | DatePicker | Currency | Checkbox | Upload | FloorPlan
  type Text { schemaId: String validationRegex: String }
  type Address { schemaId: String }
  type Numeric { schemaId: String minValue: Float maxValue: Float }
  type Selection {
    schemaId: String items: [SelectionItem] depiction: String sortAlphabetically: Boolean defaultItem: String
  }
  type SelectionItem { label: String value: String }
  type DatePicker { schemaId: String }
  type Currency { schemaId: String }
  type Checkbox { schemaId: String }
  type Upload { schemaId: String }
  type FloorPlan { schemaId: String rooms: Int }

  type UniversityReviews { id: String! lastModified: String flatData: UniversityReviewsFlatDataDto! }
  type UniversityReviewsFlatDataDto {
    headline: String description: String action: String successMsg: String errorMsg: String steps: [ReviewStep]
  }
  type ReviewStep { name: String headline: String tooltip: String groups: [ReviewGroup] }
  type ReviewGroup { headline: String description: String style: String items: [ReviewField] }
  type ReviewField {
    field: String label: String type: String required: Boolean placeholder: String description: String icon: String
    options: [ReviewOption] referenceOptions: [Universities] validationRegex: String inputLength: Int
    dependencies: [String]
  }
  type ReviewOption { label: String value: JsonScalar }
  type Universities { id: String! flatData: UniversitiesFlatDataDto! }
  type UniversitiesFlatDataDto { universityName: String slug: String }
`;

const schema = buildSchema(SDL);

export interface CmsRecord {
  id: string;
  flatData: Record<string, unknown>;
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
}

/** English text → that text per language, as the shipped documents carry their translations. */
export type Glossary = Record<string, Record<string, string>>;

/**
 * The shipped CMS documents (schemas/*.cms.json) as the records a CMS holds them in: without the files'
 * `translations`, which a CMS does not keep beside the texts but as the texts' own values per language: the
 * service answers each text in the language `X-Languages` asks for (see `localize`).
 */
export function recordedRecords(): Record<Kind, CmsRecord[]> {
  return recorded().records;
}

/** Each shipped document's translations, the recorded service's texts in the other languages. */
export function recordedGlossary(): Glossary {
  return recorded().glossary;
}

function recorded(): { records: Record<Kind, CmsRecord[]>; glossary: Glossary } {
  const [{ id: v1Id, translations: v1Texts, ...v1 }] = readJson('schemas/booking-v1/booking-v1.cms.json') as [
    Record<string, unknown>,
  ];
  const { translations: v2Texts, ...v2 } = readJson('schemas/booking-v2/booking-v2.cms.json') as CmsRecord & {
    translations?: Glossary;
  };
  const { translations: reviewTexts, ...review } = readJson('schemas/review/university-review.cms.json') as Record<
    string,
    unknown
  >;
  return {
    records: {
      bookingV1: [{ id: String(v1Id), flatData: v1 }],
      bookingV2: [{ id: v2.id, flatData: v2.flatData }],
      review: [{ id: 'review-record-1', flatData: review }],
    },
    glossary: { ...(v1Texts as Glossary), ...v2Texts, ...(reviewTexts as Glossary) },
  };
}

/** A record's texts in `locale`: each text with a glossary entry in that language becomes it. */
function localize(value: unknown, locale: string, glossary: Glossary): unknown {
  if (typeof value === 'string') return Object.hasOwn(glossary, value) ? (glossary[value][locale] ?? value) : value;
  if (Array.isArray(value)) return value.map((item) => localize(item, locale, glossary));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, localize(v, locale, glossary)]));
  }
  return value;
}

/** A document that cannot be published: a v2 booking without steps (fails its CMS schema). */
export function brokenRecord(): CmsRecord {
  return { id: 'broken-booking', flatData: { name: 'Broken booking', steps: [] } };
}

export type Mode = 'up' | 'garbage' | 'errors';

export interface RecordedCms {
  url: string;
  records: Record<Kind, CmsRecord[]>;
  /** The texts in the other languages: a record is answered in the language `X-Languages` names. */
  glossary: Glossary;
  /** The languages asked for, one entry a request, in order. */
  languages: string[];
  /** While set, a request in this language is answered with a GraphQL error. */
  failLanguage?: string;
  /** `garbage`: 200 with an HTML page; `errors`: a GraphQL error answer. */
  mode: Mode;
  /** Requests answered since the start (or the last reset). */
  requests: number;
  /** While set, every answer waits for it. */
  hold?: Promise<void>;
  /** The most requests that were being answered at once. */
  maxInFlight: number;
  /** Closes the port (the CMS is down) and opens it again. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Starts the CMS with the recorded records (a test may change `records` at any time). */
export async function startRecordedCms(
  records = recordedRecords(),
  glossary = recordedGlossary(),
): Promise<RecordedCms> {
  const page = (list: () => CmsRecord[]) => (args: { top?: number; skip?: number }, context: { locale: string }) =>
    list()
      .slice(args.skip ?? 0, (args.skip ?? 0) + (args.top ?? 20))
      .map((record) =>
        context.locale === 'en' ? record : (localize(record, context.locale, cms.glossary) as CmsRecord),
      );
  const cms: RecordedCms = {
    url: '',
    records,
    glossary,
    languages: [],
    mode: 'up',
    requests: 0,
    maxInFlight: 0,
    down: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
    up: async () => {
      await listen(server, port);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const rootValue = {
    queryBookingsV1Contents: page(() => cms.records.bookingV1),
    queryBookingsV2Contents: page(() => cms.records.bookingV2),
    queryUniversityReviewsContents: page(() => cms.records.review),
  };
  let inFlight = 0;
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    cms.requests += 1;
    inFlight += 1;
    cms.maxInFlight = Math.max(cms.maxInFlight, inFlight);
    try {
      await cms.hold;
      await respond(request, response, body);
    } finally {
      inFlight -= 1;
    }
  };
  const respond = async (request: IncomingMessage, response: ServerResponse, body: string) => {
    if (request.headers.authorization !== `Bearer ${CMS_TOKEN}`) {
      response.writeHead(401, { 'Content-Type': 'application/json' }).end('{"errors":[{"message":"unauthorized"}]}');
      return;
    }
    if (cms.mode === 'garbage') {
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body>Maintenance</body></html>');
      return;
    }
    const { query, variables } = JSON.parse(body) as { query: string; variables?: Record<string, unknown> };
    const locale = String(request.headers['x-languages'] ?? 'en');
    cms.languages.push(locale);
    const result =
      cms.mode === 'errors' || cms.failLanguage === locale
        ? { errors: [{ message: 'Schema is being migrated' }] }
        : await graphql({ schema, source: query, rootValue, variableValues: variables, contextValue: { locale } });
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(result));
  };
  const server = createServer((request, response) => {
    answer(request, response).catch((error: Error) => {
      response.writeHead(500, { 'Content-Type': 'text/plain' }).end(error.message);
    });
  });
  const port = await listen(server);
  cms.url = `http://127.0.0.1:${port}/api/content/site/graphql`;
  return cms;
}

/** The environment the server reads the recorded CMS with (`extra` adds or replaces variables). */
export function cmsEnvironment(cms: RecordedCms, extra: Record<string, string> = {}): Record<string, string> {
  return {
    CONTENT_SOURCE: 'graphql',
    CONTENT_GRAPHQL_URL: cms.url,
    CONTENT_GRAPHQL_TOKEN: CMS_TOKEN,
    CONTENT_ASSET_URL: 'http://127.0.0.1:9/assets',
    CONTENT_GRAPHQL_SCHEMAS: `review=${SCHEMAS.review}`,
    ...extra,
  };
}
