/**
 * The form store in one process, on the embedded database (PGlite): publishing checks and compiles once and stores
 * the artefacts, versions are never rewritten, the registry serves the current version, older versions stay
 * available within the grace time, and the shipped files are versioned by content.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../site/server/app.js';
import { loadConfig } from '../../../../site/server/config.js';
import type { ServerContext } from '../../../../site/server/context.js';
import { type OpenDatabase, openDatabase } from '../../../../site/server/db/index.js';
import { contentHash, formIdOf, prepareVersion, servedModule } from '../../../../site/server/forms/artifacts.js';
import { FormRegistry, shippedDocuments } from '../../../../site/server/forms/registry.js';
import { FormStore } from '../../../../site/server/forms/store.js';

const ROOT = join(import.meta.dirname, '../../../..');
const TOKEN = 'a-test-admin-token-of-at-least-32-characters';
const token = { origin: 'token', name: 'token' } as const;

const rental = (required: boolean, extra: Record<string, unknown> = {}) => ({
  id: 'rental',
  title: { en: 'Rental' },
  version: 1,
  steps: [
    {
      id: 'one',
      title: { en: 'One' },
      fields: [
        { name: 'city', type: 'text', label: { en: 'City' }, ...(required ? { required: true } : {}) },
        { name: 'note', type: 'text', label: { en: 'Note' } },
      ],
    },
  ],
  ...extra,
});

describe('artefacts', () => {
  it('hashes content, not key order or spacing', () => {
    expect(contentHash({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(contentHash({ b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(contentHash({ a: 1 })).not.toBe(contentHash({ a: 2 }));
  });

  it('refuses a definition published under another id, and one nested too deeply, with a pointer', () => {
    const other = prepareVersion(rental(false), 'flat');
    expect(other.ok).toBe(false);
    expect(!other.ok && other.diagnostics[0]).toMatchObject({ code: 'form-id-mismatch', pointer: '/id' });
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const tooDeep = prepareVersion({ ...rental(false), steps: deep });
    expect(tooDeep.ok).toBe(false);
  });

  it('names the id of DSL and CMS documents without compiling them', () => {
    expect(formIdOf(rental(false))).toBe('rental');
    const cms = shippedDocuments(ROOT).find((d) => d.file.endsWith('.cms.json'));
    expect(cms && formIdOf(cms.value)).toMatch(/^[a-z0-9-]+$/);
    expect(formIdOf({ nothing: true })).toBeUndefined();
  });

  it('stores validator modules with a placeholder that serving replaces with the deployment’s runtime', () => {
    const prepared = prepareVersion(rental(true));
    if (!prepared.ok) throw new Error('rental does not compile');
    const code = prepared.artifacts.modules[''].all;
    expect(code).not.toContain('/assets/validation-runtime.js');
    const served = servedModule(code, 'https://cdn.example/rt.js', 'https://cdn.example/rt-phone.js');
    expect(served).toContain('from "https://cdn.example/rt.js"');
    expect(served).not.toContain('__antrag__');
  });
});

describe('FormStore on PGlite', () => {
  let dir: string;
  let database: OpenDatabase;
  let store: FormStore;
  let registry: FormRegistry;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'antrag-store-'));
    const config = loadConfig({ DATA_DIR: dir, ANTRAG_SECRET: 's', ANTRAG_ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'silent' });
    database = await openDatabase(config);
    registry = new FormRegistry();
    store = new FormStore(database.db, registry, { graceDays: 30 });
    const ctx = { config, db: database.db } as ServerContext;
    app = await buildApp(ctx, registry, { store, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const put = (id: string, body: unknown) =>
    app.inject({
      method: 'PUT',
      url: `/api/admin/forms/${id}`,
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: body as object,
    });

  it('publishes version 1, serves it at once with its number, and lists who published it', async () => {
    const answer = await put('rental', rental(false));
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({ id: 'rental', version: 1 });
    const form = await app.inject({ url: '/api/forms/rental' });
    expect(form.json()).toMatchObject({ id: 'rental', version: 1 });
    const versions = await app.inject({
      url: '/api/admin/forms/rental/versions',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(versions.json()).toMatchObject({
      current: 1,
      versions: [{ version: 1, publishedBy: 'token', current: true }],
    });
  });

  it('answers a publish under an id that is none with the definition’s own diagnostics', async () => {
    const answer = await put('Rental%20Booking', { ...rental(false), id: 'Rental Booking' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().diagnostics).toContainEqual(expect.objectContaining({ pointer: '/id' }));
  });

  it('refuses a broken definition with the diagnostics and publishes nothing', async () => {
    const broken = rental(false);
    (broken.steps[0].fields[0] as { type: string }).type = 'txet';
    const answer = await put('rental', broken);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().diagnostics).toContainEqual(
      expect.objectContaining({ pointer: '/steps/0/fields/0/type', message: 'Field type txet is not implemented!' }),
    );
    expect((await store.versions('rental'))?.map((v) => v.version)).toEqual([1]);
  });

  it('checks a submission against the version it names, within the grace time', async () => {
    expect((await put('rental', rental(true))).json()).toMatchObject({ version: 2 });
    const send = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/forms/rental/submissions', headers, payload: { note: 'hi' } });
    expect((await send({ 'x-form-version': '1' })).statusCode).toBe(201);
    const refused = await send({});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({ field: 'city', key: 'validation.required' });
    expect((await send({ 'x-form-version': '7' })).statusCode).toBe(400);
    // an unknown field is named once
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/forms/rental/submissions',
      payload: { city: 'Bonn', evil: 1 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.filter((e: { field: string }) => e.field === 'evil')).toHaveLength(1);
    const rows = await database.db.selectFrom('submissions').select(['form_id', 'form_version']).execute();
    expect(rows).toEqual([{ form_id: 'rental', form_version: 1 }]);
    // each validator module says which version it checks, so a page can tell a publish between two requests
    const module1 = await app.inject({ url: '/api/forms/rental/validators/0.js?version=1' });
    expect(module1.body).toContain('export const formVersion = 1;');
    expect((await app.inject({ url: '/api/forms/rental/validators/0.js' })).body).toContain(
      'export const formVersion = 2;',
    );
    const old = await app.inject({ url: '/api/forms/rental?version=1' });
    expect(old.json()).toMatchObject({ version: 1 });
    expect(old.json().schema.required ?? []).not.toContain('city');
  });

  it('answers 410 and 409 for a version past the grace time', async () => {
    const strict = new FormStore(database.db, new FormRegistry(), { graceDays: 0 });
    await strict.refresh();
    expect(await strict.version('rental', 1)).toBe('retired');
    expect(await strict.version('rental', 2)).not.toBe('retired');
    expect(await strict.version('rental', 99)).toBeUndefined();
  });

  it('rolls back as a new version with the old definition, keeping history', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/admin/forms/rental/rollback',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { version: 1 },
    });
    expect(answer.json()).toEqual({ id: 'rental', version: 3, rollbackOf: 1 });
    expect(registry.versionOf.get('rental')).toBe(3);
    expect((await store.versions('rental'))?.map((v) => [v.version, v.current, v.rollbackOf])).toEqual([
      [3, true, 1],
      [2, false, undefined],
      [1, false, undefined],
    ]);
    expect(await store.definition('rental', 3)).toEqual(rental(false));
    // rolling back to the version served now adds nothing
    const same = await app.inject({
      method: 'POST',
      url: '/api/admin/forms/rental/rollback',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { version: 3 },
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ id: 'rental', version: 3, unchanged: true });
    expect((await store.versions('rental'))?.length).toBe(3);
  });

  it('withdraws an older version at once: drafts and submissions naming it are refused, history kept', async () => {
    const withdraw = (version: number) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/forms/rental/versions/${version}/withdraw`,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
    expect((await app.inject({ url: '/api/forms/rental?version=2' })).statusCode).toBe(200);
    expect((await withdraw(2)).json()).toEqual({ id: 'rental', version: 2, withdrawn: true });
    expect((await app.inject({ url: '/api/forms/rental?version=2' })).statusCode).toBe(410);
    // its validators stay served: a page open on it checks its next step, and its submission then gets 409
    expect((await app.inject({ url: '/api/forms/rental/validators/0.js?version=2' })).statusCode).toBe(200);
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/forms/rental/submissions',
      headers: { 'x-form-version': '2' },
      payload: { city: 'Bonn' },
    });
    expect(submitted.statusCode).toBe(409);
    expect(submitted.json()).toMatchObject({ code: 'form-version-retired' });
    // again: the same answer, recorded once
    expect((await withdraw(2)).json()).toEqual({ id: 'rental', version: 2, withdrawn: true });
    const withdrawals = await database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'withdraw')
      .execute();
    expect(withdrawals).toHaveLength(1);
    expect((await withdraw(3)).statusCode).toBe(409);
    expect((await withdraw(99)).statusCode).toBe(404);
    const versions = await store.versions('rental');
    expect(versions?.find((v) => v.version === 2)?.withdrawnAt).toEqual(expect.any(String));
  });

  it('versions the shipped files by content: unchanged files make no new version', async () => {
    const docs = shippedDocuments(ROOT);
    const problems = await store.syncShipped(docs, (f) => f);
    expect(problems).toEqual([]);
    const before = await store.forms();
    expect(before.length).toBe(docs.length + 1);
    await store.syncShipped(docs, (f) => f);
    expect(await store.forms()).toEqual(before);
    // a shipped file does not replace what staff published: it is stored, not served
    const shippedContact = docs.find((d) => String(d.file).includes('contact'))?.value as object;
    const staffVersion = await store.publish('contact-enquiry', { ...shippedContact, description: 'by staff' }, token);
    expect(staffVersion).toMatchObject({ ok: true, version: 2 });
    await store.refresh();
    expect(registry.versionOf.get('contact-enquiry')).toBe(2);
    const changed = docs.map((d) =>
      String(d.file).includes('contact') ? { ...d, value: { ...(d.value as object), description: 'shipped anew' } } : d,
    );
    await store.syncShipped(changed, (f) => f);
    const versions = await store.versions('contact-enquiry');
    expect(versions?.map((v) => [v.version, v.origin, v.current])).toEqual([
      [3, 'shipped', false],
      [2, 'token', true],
      [1, 'shipped', false],
    ]);
    expect(registry.versionOf.get('contact-enquiry')).toBe(2);
  });

  it('keeps the CMS from taking over a form of another kind, or one staff serve, until staff hand it back', async () => {
    const cms = { origin: 'cms', name: 'cms' } as const;
    const review = JSON.parse(readFileSync(join(ROOT, 'schemas/review/university-review.cms.json'), 'utf8'));
    // a headline that slugs to the id of a DSL form
    const hijack = { ...review, headline: 'Rental' };
    expect(formIdOf(hijack)).toBe('rental');
    const taken = await store.publishIfChanged('rental', hijack, cms);
    expect(taken.ok).toBe(false);
    expect(!taken.ok && taken.diagnostics[0]).toMatchObject({ code: 'form-id-taken' });
    expect(registry.forms.get('rental')?.steps[0].id).toBe('one');
    // staff publish their own version of the review form: a CMS edit does not replace it
    const id = formIdOf(review) as string;
    const shipped = (await store.versions(id))?.[0].version as number;
    expect((await store.publish(id, { ...review, description: 'by staff' }, token)).ok).toBe(true);
    const edited = await store.publishIfChanged(id, { ...review, description: 'edited in the CMS' }, cms);
    expect(edited.ok).toBe(false);
    // rolled back to the shipped version, the form is the CMS's again
    await store.rollback(id, shipped, token);
    const again = await store.publishIfChanged(id, { ...review, description: 'edited in the CMS' }, cms);
    expect(again).toMatchObject({ ok: true });
    expect(registry.versionOf.get(id)).toBe(again.ok ? again.version : -1);
  });
});
