/**
 * Forms from the headless CMS (issue 17), against a real GraphQL server serving recorded CMS answers
 * (./cms-graphql.ts: the documents of schemas/*.cms.json and a broken one) and two server instances built in
 * process on one PostgreSQL schema: A reads the CMS (on start, on the hook, by the poll), B only listens for the
 * publishes. The tests build on each other, in order.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type RouteModule } from '../../../../site/server/app.js';
import { loadConfig } from '../../../../site/server/config.js';
import {
  contentSettings,
  createFormDocumentSource,
  type FormDocumentSource,
} from '../../../../site/server/content/index.js';
import type { ServerContext } from '../../../../site/server/context.js';
import { type OpenDatabase, openDatabase } from '../../../../site/server/db/index.js';
import { CmsFormSync, type SyncReport } from '../../../../site/server/forms/cmsSync.js';
import { listenForPublishes, type PublishListener } from '../../../../site/server/forms/notify.js';
import { FormRegistry } from '../../../../site/server/forms/registry.js';
import { FormStore } from '../../../../site/server/forms/store.js';
import { CONTENT_CHANGED_PATH, contentChangedRoute } from '../../../../site/server/routes/contentChanged.js';
import { createSchema, dropSchema, ROOT } from '../durability/harness.js';
import {
  brokenRecord,
  type CmsRecord,
  cmsEnvironment,
  type RecordedCms,
  recordedRecords,
  startRecordedCms,
} from './cms-graphql.js';

const ADMIN = { authorization: 'Bearer cms-sync-test-admin-token-0123456789abcdef' };
const SECRET = 'cms-webhook-secret-0123456789';
const V1 = 'student-job-booking';
const V2 = 'apartment-booking-2026';
const REVIEW = 'review-your-university';
const BROKEN = 'broken-booking';

interface Instance {
  app: FastifyInstance;
  store: FormStore;
  database: OpenDatabase;
  dataDir: string;
}

let schema: string;
let url: string;
let cms: RecordedCms;
let a: Instance;
let b: Instance;
let sync: CmsFormSync;
let listener: PublishListener | undefined;
const warnings: Array<{ msg: string; obj: object }> = [];

/** A server instance on the test's schema; `modules` gets its store (A's hook route needs the sync on it). */
async function instance(modules: (store: FormStore) => RouteModule[] = () => []): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'antrag-cms-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    ANTRAG_SECRET: 'cms-sync-test-secret',
    ANTRAG_ADMIN_TOKEN: ADMIN.authorization.slice('Bearer '.length),
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase(config);
  // test doubles: nothing here uploads files or sends mail
  const ctx: ServerContext = {
    config,
    db: database.db,
    files: {} as ServerContext['files'],
    mail: { send: async () => {} },
  };
  const registry = new FormRegistry();
  const store = new FormStore(database.db, registry, { graceDays: 30 });
  await store.refresh();
  const app = await buildApp(ctx, registry, { store, logger: false, modules: modules(store) });
  return { app, store, database, dataDir };
}

function formSource(env: Record<string, string> = {}): FormDocumentSource {
  return createFormDocumentSource(contentSettings(cmsEnvironment(cms, env))) as FormDocumentSource;
}

beforeAll(async () => {
  const created = await createSchema('cmsforms');
  schema = created.schema;
  url = created.url;
  cms = await startRecordedCms();
  cms.records.bookingV2.push(brokenRecord());
  const log = { info: () => undefined, warn: (obj: object, msg: string) => warnings.push({ msg, obj }) };
  a = await instance((store) => {
    sync = new CmsFormSync(store, formSource(), { log });
    return [contentChangedRoute({ sync, secret: SECRET, waitMs: 60_000 })];
  });
  b = await instance();
  listener = await listenForPublishes({ databaseUrl: url, onChange: (id) => b.store.refresh(id), log: console });
});

afterAll(async () => {
  await sync?.stop();
  await listener?.close();
  for (const i of [a, b]) {
    await i?.app.close();
    await i?.database.close();
    if (i) rmSync(i.dataDir, { recursive: true, force: true });
  }
  await cms?.close();
  if (schema) await dropSchema(schema);
});

async function get<T = Record<string, unknown>>(app: FastifyInstance, path: string, headers = ADMIN) {
  const response = await app.inject({ method: 'GET', url: path, headers });
  return { status: response.statusCode, body: response.json() as T };
}

interface Versions {
  current: number;
  versions: Array<{ version: number; origin: string; publishedBy: string; current: boolean }>;
}
const versionsOf = async (id: string) => (await get<Versions>(a.app, `/api/admin/forms/${id}/versions`)).body;

function hook(headers: Record<string, string> = { 'x-webhook-secret': SECRET }, payload?: string) {
  return a.app.inject({ method: 'POST', url: CONTENT_CHANGED_PATH, headers, payload });
}

async function hookReport(): Promise<SyncReport & { ok: boolean }> {
  const response = await hook();
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

type Texts = Record<string, Record<string, string>>;

/** The translations a shipped CMS document carries (the recorded service answers its texts with them). */
function shipped(path: string): Texts {
  const doc = JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as { translations: Texts } | [{ translations: Texts }];
  return Array.isArray(doc) ? doc[0].translations : doc.translations;
}

/**
 * `read`, the translations gathered from the service, hold every text of the shipped file's `translations` that
 * differs from its English (the same text in a language gives no entry), each as the file has it; `text` in full.
 */
function expectTranslated(read: unknown, path: string, text: string): void {
  const file = shipped(path);
  expect(read).toEqual(expect.objectContaining({ [text]: file[text] }));
  for (const [english, languages] of Object.entries(read as Texts)) {
    for (const [locale, translated] of Object.entries(languages)) expect(translated).toBe(file[english][locale]);
  }
  const differing = Object.entries(file).flatMap(([english, languages]) =>
    Object.entries(languages).filter(([, t]) => t !== english),
  );
  const gathered = Object.values(read as Texts).flatMap((languages) => Object.entries(languages));
  // the file's texts the record does not read (texts of the import itself) are the only ones missing
  expect(gathered.length).toBeGreaterThan(differing.length * 0.8);
}

/** The CMS's v2 booking record, for changing it. */
const v2Record = (): CmsRecord => cms.records.bookingV2.find((r) => r.id === V2) as CmsRecord;

/** GET /api/forms/{id} on an instance: the status, the version served and the answer's text (labels included). */
async function servedForm(app: FastifyInstance, id: string) {
  const response = await app.inject({ method: 'GET', url: `/api/forms/${id}` });
  return {
    status: response.statusCode,
    version: (response.json() as { version?: number }).version,
    text: response.body,
  };
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms; last: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A document without its null properties (GraphQL answers unset fields with null; the CMS formats omit them). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => [k, withoutNulls(v)]),
    );
  }
  return value;
}

describe('forms from the CMS', () => {
  it('publishes every document as a version on start, and refuses the broken one', async () => {
    const report = await sync.sync();
    expect(report).toMatchObject({ documents: 4, published: 3, unchanged: 0, refused: 1, failed: 0, errors: [] });
    for (const id of [V1, V2, REVIEW]) {
      const { versions } = await versionsOf(id);
      expect(versions).toEqual([
        expect.objectContaining({ version: 1, origin: 'cms', publishedBy: 'cms', current: true }),
      ]);
      expect((await servedForm(a.app, id)).version).toBe(1);
    }
    // what was published is the CMS's document, as its importer takes it
    // what was published is the CMS's document, as its importer takes it, with its texts in the other languages
    // (read in each language from the service): every text a language reads otherwise, as the shipped file has it
    const [v1] = recordedRecords().bookingV1;
    const stored = await get<{ definition: [Record<string, unknown>] }>(a.app, `/api/admin/forms/${V1}/versions/1`);
    const { translations: v1Texts, ...v1Stored } = stored.body.definition[0];
    expect([v1Stored]).toEqual(withoutNulls([{ id: v1.id, ...v1.flatData }]));
    expectTranslated(v1Texts, 'schemas/booking-v1/booking-v1.cms.json', 'First name');
    const review = await get<{ definition: Record<string, unknown> }>(a.app, `/api/admin/forms/${REVIEW}/versions/1`);
    const { translations: reviewTexts, ...reviewStored } = review.body.definition;
    expect(reviewStored).toEqual(withoutNulls(recordedRecords().review[0].flatData));
    expectTranslated(reviewTexts, 'schemas/review/university-review.cms.json', 'Your University');
    // the form serves them: its German page reads German
    expect((await servedForm(a.app, REVIEW)).text).toContain('Deine Hochschule');
    // the broken document: nothing served, its problems named with their pointers
    expect((await servedForm(a.app, BROKEN)).status).toBe(404);
    const problems = await get<{ problems: Array<{ source: string; diagnostics: Array<{ pointer: string }> }> }>(
      a.app,
      `/api/admin/forms/${BROKEN}/problems`,
    );
    expect(problems.body.problems).toEqual([
      expect.objectContaining({
        source: 'cms:broken-booking',
        diagnostics: [expect.objectContaining({ pointer: '/flatData/steps', severity: 'error' })],
      }),
    ]);
    expect(warnings.map((w) => w.obj)).toContainEqual(expect.objectContaining({ form: BROKEN, record: BROKEN }));
  });

  it('publishes nothing again for unchanged documents', async () => {
    const report = await hookReport();
    expect(report).toMatchObject({ ok: true, documents: 4, published: 0, unchanged: 3, refused: 1 });
    expect(report.forms).toContainEqual({ kind: 'bookingV2', record: V2, id: V2, outcome: 'unchanged', version: 1 });
    for (const id of [V1, V2, REVIEW]) expect((await versionsOf(id)).versions).toHaveLength(1);
  });

  it('publishes a changed document as a new version after the hook, served by every instance', async () => {
    const steps = v2Record().flatData.steps as Array<{ fields: Array<{ label: string }> }>;
    steps[0].fields[0].label = 'Full legal name';
    const report = await hookReport();
    expect(report).toMatchObject({ published: 1, unchanged: 2, refused: 1 });
    expect(report.forms).toContainEqual({ kind: 'bookingV2', record: V2, id: V2, outcome: 'published', version: 2 });
    const { current, versions } = await versionsOf(V2);
    expect(current).toBe(2);
    expect(versions.map((v) => [v.version, v.origin, v.current])).toEqual([
      [2, 'cms', true],
      [1, 'cms', false],
    ]);
    const onA = await servedForm(a.app, V2);
    expect(onA.version).toBe(2);
    expect(onA.text).toContain('Full legal name');
    // B read nothing from the CMS: the store's notice brought it the version
    const onB = await until(
      () => servedForm(b.app, V2),
      (f) => f.version === 2,
    );
    expect(onB.text).toContain('Full legal name');
  });

  it('refuses a broken document: the last good version stays in service, its problems are reported', async () => {
    const good = structuredClone(v2Record());
    const field = (
      v2Record().flatData.steps as Array<{ fields: Array<{ fieldOptions: Array<Record<string, unknown>> }> }>
    )[0].fields[0];
    field.fieldOptions[0].validationRegex = '([a-z';
    const report = await hookReport();
    expect(report).toMatchObject({ published: 0, unchanged: 2, refused: 2 });
    const refused = report.forms.find((f) => f.record === V2);
    expect(refused).toMatchObject({ id: V2, outcome: 'refused' });
    expect(refused?.problems?.join(' ')).toMatch(/validationRegex/);
    expect((await servedForm(a.app, V2)).version).toBe(2);
    expect((await versionsOf(V2)).versions).toHaveLength(2);
    const problems = await get<{ problems: Array<{ source: string; diagnostics: Array<{ pointer: string }> }> }>(
      a.app,
      `/api/admin/forms/${V2}/problems`,
    );
    expect(problems.body.problems).toHaveLength(1);
    expect(problems.body.problems[0].source).toBe(`cms:${V2}`);
    expect(problems.body.problems[0].diagnostics.map((d) => d.pointer)).toContain(
      '/flatData/steps/0/fields/0/fieldOptions/0/validationRegex',
    );
    expect(warnings.map((w) => w.obj)).toContainEqual(expect.objectContaining({ form: V2, record: V2 }));

    // mended in the CMS: the same content as version 2, so nothing new is published and the problems are gone
    cms.records.bookingV2[cms.records.bookingV2.findIndex((r) => r.id === V2)] = good;
    expect(await hookReport()).toMatchObject({ published: 0, unchanged: 3, refused: 1 });
    expect((await get<{ problems: unknown[] }>(a.app, `/api/admin/forms/${V2}/problems`)).body.problems).toEqual([]);
  });

  it('catches a change by the poll, without the hook', async () => {
    const polling = new CmsFormSync(a.store, formSource());
    try {
      polling.startPolling(200);
      const chunk = (cms.records.bookingV1[0].flatData.customerData as Array<{ headline: string }>)[0];
      chunk.headline = 'About you';
      const { versions } = await until(
        () => versionsOf(V1),
        (v) => v.current === 2,
      );
      expect(versions[0]).toMatchObject({ version: 2, origin: 'cms', publishedBy: 'cms' });
      expect((await servedForm(a.app, V1)).text).toContain('About you');
      // another instance's poll, later: the content hash finds nothing new
      expect(await new CmsFormSync(b.store, formSource()).sync()).toMatchObject({ published: 0, unchanged: 3 });
      expect((await versionsOf(V1)).versions).toHaveLength(2);
    } finally {
      await polling.stop();
    }
  });

  it('answers the hook only with its secret, before reading the body', async () => {
    const cmsRequests = cms.requests;
    expect((await hook({})).statusCode).toBe(401);
    expect((await hook({ 'x-webhook-secret': `${SECRET}x` })).statusCode).toBe(401);
    expect((await hook({ authorization: 'Bearer wrong-secret-0123456789' })).statusCode).toBe(401);
    // the staff's admin token is no webhook secret
    expect((await hook(ADMIN)).statusCode).toBe(401);
    // a body far past the limit is not read without the secret
    const big = 'x'.repeat(9 * 1024 * 1024);
    const refused = await hook({ 'content-type': 'application/json', 'x-webhook-secret': 'nope' }, big);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(cms.requests).toBe(cmsRequests);
    // the CMS's own payload (any content type) is taken and dropped; a bearer credential carries the secret too
    const payload = JSON.stringify({ type: 'BookingsV2Updated', payload: { id: V2 } });
    const bearer = await hook({ authorization: `Bearer ${SECRET}`, 'content-type': 'application/json' }, payload);
    expect(bearer.statusCode).toBe(200);
    const text = await hook({ 'x-webhook-secret': SECRET, 'content-type': 'text/plain' }, 'changed');
    expect(text.statusCode).toBe(200);
  });

  it('runs one reading at a time: what asks meanwhile shares the next one', async () => {
    let release = () => {};
    cms.hold = new Promise((resolve) => {
      release = resolve;
    });
    cms.maxInFlight = 0;
    const before = cms.requests;
    try {
      const first = hook();
      // the hook's reading waits on the CMS; a poll and two more requests now come while it runs
      await until(
        async () => cms.requests,
        (n) => n > before,
      );
      const meanwhile = [sync.sync(), sync.sync(), sync.sync()];
      expect(meanwhile[1]).toBe(meanwhile[0]);
      expect(meanwhile[2]).toBe(meanwhile[0]);
      release();
      expect((await first).statusCode).toBe(200);
      const [next] = await Promise.all(meanwhile);
      expect(next).toMatchObject({ errors: [], unchanged: 3 });
      // two readings (three kinds, one page each, in seven languages), never two at once
      expect(cms.requests - before).toBe(2 * 3 * 7);
      expect(cms.maxInFlight).toBe(1);
    } finally {
      release();
      cms.hold = undefined;
    }
  });

  it('keeps serving every form while the CMS is down or answers garbage', async () => {
    const served = async () => Promise.all([V1, V2, REVIEW].map(async (id) => (await servedForm(a.app, id)).version));
    const before = await served();
    await cms.down();
    try {
      const down = await hook();
      expect(down.statusCode).toBe(502);
      const body = down.json() as SyncReport & { ok: boolean };
      expect(body).toMatchObject({ ok: false, documents: 0, published: 0 });
      expect(body.errors).toHaveLength(3);
      expect(body.errors[0].message).toMatch(/not reached/);
      expect(await served()).toEqual(before);
    } finally {
      await cms.up();
    }
    for (const [mode, message] of [
      ['garbage', /without JSON/],
      ['errors', /Schema is being migrated/],
    ] as const) {
      cms.mode = mode;
      try {
        const answer = await hook();
        expect(answer.statusCode).toBe(502);
        expect((answer.json() as SyncReport).errors[0].message).toMatch(message);
        expect(await served()).toEqual(before);
      } finally {
        cms.mode = 'up';
      }
    }
    // the problems of the forms are untouched by a CMS that could not be read
    expect(
      (await get<{ problems: unknown[] }>(a.app, `/api/admin/forms/${BROKEN}/problems`)).body.problems,
    ).toHaveLength(1);
    expect(warnings.map((w) => w.msg)).toContain('CMS forms not all read; the forms read keep serving');
    expect(await hookReport()).toMatchObject({ published: 0, unchanged: 3, refused: 1 });
  });

  it('refuses two records that define one form, and forgets the problems of records the CMS deleted', async () => {
    const [review] = cms.records.review;
    cms.records.review.push({ id: 'review-record-2', flatData: structuredClone(review.flatData) });
    const twice = await hookReport();
    expect(twice).toMatchObject({ published: 0, unchanged: 2, refused: 3 });
    expect(twice.forms.filter((f) => f.id === REVIEW).map((f) => [f.record, f.outcome])).toEqual([
      ['review-record-1', 'refused'],
      ['review-record-2', 'refused'],
    ]);
    expect((await servedForm(a.app, REVIEW)).version).toBe(1);
    const problems = await get<{ problems: Array<{ source: string; diagnostics: Array<{ message: string }> }> }>(
      a.app,
      `/api/admin/forms/${REVIEW}/problems`,
    );
    expect(problems.body.problems.map((p) => [p.source, p.diagnostics[0].message])).toEqual([
      ['cms:review-record-1', `form '${REVIEW}' is also defined by cms:review-record-2; none is published`],
      ['cms:review-record-2', `form '${REVIEW}' is also defined by cms:review-record-1; none is published`],
    ]);

    // both the copy and the broken booking deleted in the CMS: their problems go, every form stays
    cms.records.review.pop();
    cms.records.bookingV2 = cms.records.bookingV2.filter((r) => r.id !== BROKEN);
    expect(await hookReport()).toMatchObject({ documents: 3, published: 0, unchanged: 3, refused: 0 });
    for (const id of [REVIEW, BROKEN]) {
      expect((await get<{ problems: unknown[] }>(a.app, `/api/admin/forms/${id}/problems`)).body.problems).toEqual([]);
    }
    expect((await servedForm(a.app, REVIEW)).version).toBe(1);
  });

  it('lets a record of another kind under a form id refuse only itself, and a staff rollback hand a form back', async () => {
    // a review whose headline slugs to the v1 booking's id: the review is refused, the booking is not frozen
    const [review] = cms.records.review;
    const hijack = structuredClone(review.flatData) as Record<string, unknown>;
    hijack.headline = 'Student Job Booking';
    cms.records.review.push({ id: 'review-hijack', flatData: hijack });
    const report = await hookReport();
    const outcome = (record: string) => report.forms.find((f) => f.record === record);
    expect(outcome('review-hijack')).toMatchObject({ id: V1, outcome: 'refused' });
    expect(outcome('review-hijack')?.problems?.[0]).toMatch(/belongs to a booking-v1 form/);
    expect(report.forms.filter((f) => f.id === V1 && f.record !== 'review-hijack').map((f) => f.outcome)).toEqual([
      'unchanged',
    ]);
    cms.records.review.pop();

    // staff publish their own version of the v2 booking: a CMS edit is refused while it serves
    const token = { origin: 'token', name: 'token' } as const;
    const cmsVersion = (await versionsOf(V2)).current;
    const staffCopy = structuredClone(v2Record());
    (staffCopy.flatData as { name: string }).name = 'Apartment booking (staff)';
    expect(await a.store.publish(V2, staffCopy, token)).toMatchObject({ ok: true });
    const record = v2Record();
    (record.flatData as { name: string }).name = 'Apartment booking (edited in the CMS)';
    expect((await hookReport()).forms.find((f) => f.id === V2)).toMatchObject({ outcome: 'refused' });
    // rolled back to the CMS's version, the next reading publishes the CMS's edit
    await a.store.rollback(V2, cmsVersion, token);
    expect((await hookReport()).forms.find((f) => f.id === V2)).toMatchObject({ outcome: 'published' });
    expect((await versionsOf(V2)).versions[0]).toMatchObject({ origin: 'cms', current: true });
  });
});

describe('reading the CMS', () => {
  it('reads each kind in English, then in every other language; a language that fails fails the kind', async () => {
    cms.languages.length = 0;
    const read = await formSource({ CONTENT_FORMS: 'review' }).list();
    expect(read.errors).toEqual([]);
    expect(cms.languages).toEqual(['en', 'de', 'fr', 'vi', 'es', 'zh', 'ru']);
    const before = (await servedForm(a.app, REVIEW)).version;
    cms.failLanguage = 'vi';
    try {
      const listing = await formSource({ CONTENT_FORMS: 'review' }).list();
      expect(listing.documents).toEqual([]);
      expect(listing.errors).toEqual([
        { kind: 'review', message: expect.stringMatching(/Schema is being migrated.*\(reading its texts in vi\)/) },
      ]);
      // the sync publishes nothing of a kind it could not read in every language: the form keeps its languages
      const response = await hook();
      expect(response.statusCode).toBe(502);
      expect((response.json() as SyncReport).errors).toContainEqual(expect.objectContaining({ kind: 'review' }));
      const served = await servedForm(a.app, REVIEW);
      expect(served.version).toBe(before);
      expect(served.text).toContain('Trường của bạn');
    } finally {
      cms.failLanguage = undefined;
    }
  });

  it('pages through every record and stops at the bounds', async () => {
    const many = Array.from({ length: 45 }, (_, i) => ({
      id: `review-${i}`,
      flatData: { ...recordedRecords().review[0].flatData, headline: `Review ${i}` },
    }));
    const saved = cms.records.review;
    cms.records.review = many;
    try {
      const before = cms.requests;
      const all = await formSource({ CONTENT_FORMS: 'review' }).list();
      expect(all.documents.map((d) => d.recordId)).toEqual(many.map((r) => r.id));
      expect(all).toMatchObject({ errors: [], truncated: false });
      // three pages in English, and the same in each of the six other languages
      expect(cms.requests - before).toBe(3 * 7);
      const bounded = await formSource({ CONTENT_FORMS: 'review', CONTENT_FORMS_MAX_DOCUMENTS: '25' }).list();
      expect(bounded.documents.map((d) => d.recordId)).toEqual(many.slice(0, 25).map((r) => r.id));
      expect(bounded.truncated).toBe(true);
      // exactly as many records as the bound: nothing was left unread
      const exact = await formSource({ CONTENT_FORMS: 'review', CONTENT_FORMS_MAX_DOCUMENTS: '45' }).list();
      expect(exact.documents).toHaveLength(45);
      expect(exact.truncated).toBe(false);
      const small = await formSource({ CONTENT_FORMS: 'review', CONTENT_FORMS_MAX_BYTES: '20000' }).list();
      expect(small.documents).toEqual([]);
      expect(small.errors).toEqual([{ kind: 'review', message: expect.stringMatching(/CONTENT_FORMS_MAX_BYTES/) }]);
    } finally {
      cms.records.review = saved;
    }
  });

  it('has no hook where forms are not read from the CMS or no secret is set', async () => {
    const config = loadConfig({ DATA_DIR: '/nonexistent-antrag-test', ANTRAG_SECRET: 's', LOG_LEVEL: 'silent' });
    for (const hookSettings of [undefined, { sync, secret: undefined }]) {
      const app = await buildApp({ config } as ServerContext, new FormRegistry(), {
        logger: false,
        modules: [contentChangedRoute(hookSettings)],
      });
      try {
        const answer = await app.inject({
          method: 'POST',
          url: CONTENT_CHANGED_PATH,
          headers: { 'x-webhook-secret': SECRET },
        });
        expect(answer.statusCode).toBe(404);
        expect(answer.json().message).toMatch(/CONTENT_SOURCE=graphql/);
      } finally {
        await app.close();
      }
    }
    expect(contentSettings({ CONTENT_SOURCE: 'files' }).forms).toBeUndefined();
    expect(contentSettings(cmsEnvironment(cms, { CONTENT_FORMS: 'none' })).forms).toBeUndefined();
  });
});
