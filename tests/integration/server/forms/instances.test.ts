/**
 * Forms as live, versioned content across instances (issue 17): two real server processes (A and B) on one
 * PostgreSQL schema, started once for the file. A publish on A is served by B within 2 s (LISTEN/NOTIFY); a broken
 * definition is refused with its diagnostics and changes nothing; an applicant who filled in version 1 is still
 * taken after version 2 made a field required, on A (the default grace time of 30 days), while B, started with
 * FORM_VERSION_GRACE_DAYS=0, turns version 1 away; a rollback serves version 1's definition again as a new version,
 * on both. The tests build on each other, in order: version 1, version 2, the refused definition, the rollback.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchema, dropSchema, postgresAdmin, type RunningServer, startServer } from '../durability/harness.js';
import {
  ADMIN,
  ADMIN_TOKEN,
  call,
  PROBE_FORM,
  pollUntil,
  probeForm,
  publish,
  served,
  shippedFormIds,
  versionsOf,
} from './support.js';

/** The promise: a publish on one instance is served by every other within 2 s. */
const SERVED_WITHIN_MS = 2_000;

let schema: string;
let a: RunningServer;
let b: RunningServer;
const dataDirs: string[] = [];

beforeAll(async () => {
  const created = await createSchema('forms');
  schema = created.schema;
  const start = async (env: Record<string, string>) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'antrag-forms-'));
    dataDirs.push(dataDir);
    return startServer({ dataDir, databaseUrl: created.url, env: { ANTRAG_ADMIN_TOKEN: ADMIN_TOKEN, ...env } });
  };
  // one after the other: each stores the shipped forms at start, and B must find A's versions unchanged
  a = await start({});
  b = await start({ FORM_VERSION_GRACE_DAYS: '0' });
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  if (schema) await dropSchema(schema);
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The submissions rows of these ids, as stored. */
async function storedSubmissions(ids: string[]) {
  const { rows } = await postgresAdmin((c) =>
    c.query<{ id: string; form_id: string; form_version: number | null }>(
      `select id::text, form_id, form_version from ${schema}.submissions where id = any($1::bigint[]) order by id`,
      [ids],
    ),
  );
  return rows;
}

function submit(server: RunningServer, data: Record<string, unknown>, version?: number) {
  return call<{ id?: string; version?: number; code?: string; errors?: Array<{ field: string }> }>(
    server.base,
    `/api/forms/${PROBE_FORM}/submissions`,
    { method: 'POST', json: data, headers: version === undefined ? {} : { 'X-Form-Version': String(version) } },
  );
}

describe('two instances on one PostgreSQL database', () => {
  it('serve every shipped form with its version', async () => {
    const ids = shippedFormIds();
    expect(ids.length).toBeGreaterThan(0);
    const listed = await call<{ forms: Array<{ id: string; version: number }> }>(a.base, '/api/admin/forms', {
      headers: ADMIN,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.forms.map((f) => f.id).sort()).toEqual(ids);
    for (const server of [a, b]) {
      for (const { id, version } of listed.body.forms) {
        const form = await served(server.base, id);
        expect(form.status, `${server.base}/api/forms/${id}`).toBe(200);
        expect(form.version, id).toBeGreaterThanOrEqual(1);
        expect(form.version, id).toBe(version);
      }
    }
  });

  it('serve a publish on A from B within 2 s', async () => {
    expect((await served(b.base, PROBE_FORM)).status).toBe(404);

    const first = await publish(a.base, PROBE_FORM, probeForm(false));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id: PROBE_FORM, version: 1 });
    const one = await pollUntil(
      () => served(b.base, PROBE_FORM),
      (f) => f.version === 1,
      10_000,
    );
    expect(one.value.required).toEqual(['fullName']);
    // A served its own publish before it answered
    expect(await served(a.base, PROBE_FORM)).toMatchObject({ status: 200, version: 1, required: ['fullName'] });

    const second = await publish(a.base, PROBE_FORM, probeForm(true));
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ id: PROBE_FORM, version: 2 });
    const two = await pollUntil(
      () => served(b.base, PROBE_FORM),
      (f) => f.version === 2,
      10_000,
    );
    expect(two.value.required).toEqual(['fullName', 'nickname']);

    console.info(
      `[forms/instances] B served version 1 ${one.ms.toFixed(0)} ms and version 2 ${two.ms.toFixed(0)} ms after A answered the publish`,
    );
    expect(one.ms).toBeLessThan(SERVED_WITHIN_MS);
    expect(two.ms).toBeLessThan(SERVED_WITHIN_MS);

    const { versions } = await versionsOf(b.base, PROBE_FORM);
    expect(versions.map((v) => [v.version, v.publishedBy, v.current])).toEqual([
      [2, 'token', true],
      [1, 'token', false],
    ]);
  });

  it('refuse a broken definition with its diagnostics, and publish nothing', async () => {
    const before = await versionsOf(a.base, PROBE_FORM);
    const broken = probeForm(true);
    broken.steps[0].fields[1].type = 'texty';
    const refused = await publish(a.base, PROBE_FORM, broken);
    expect(refused.status).toBe(400);
    expect(refused.body.diagnostics).toContainEqual(
      expect.objectContaining({ pointer: '/steps/0/fields/1/type', message: expect.stringContaining('texty') }),
    );

    // the same on a definition published under another form's id
    const misnamed = await publish(a.base, 'another-form', probeForm(true));
    expect(misnamed.status).toBe(400);
    expect(misnamed.body.diagnostics).toContainEqual(expect.objectContaining({ pointer: '/id' }));

    expect(await versionsOf(a.base, PROBE_FORM)).toEqual(before);
    expect((await call(a.base, '/api/admin/forms/another-form/versions', { headers: ADMIN })).status).toBe(404);
    for (const server of [a, b]) {
      expect(await served(server.base, PROBE_FORM)).toMatchObject({ status: 200, version: 2 });
    }
  });

  it('take a submission on version 1 within the grace time, and not past it', async () => {
    const onlyName = { fullName: 'Ada Lovelace' };
    // version 2 made the nickname required: the same data is refused against it …
    const current = await submit(a, onlyName);
    expect(current.status).toBe(400);
    expect(current.body.errors?.map((e) => e.field)).toEqual(['nickname']);
    const namedCurrent = await submit(a, onlyName, 2);
    expect(namedCurrent.status).toBe(400);
    // … and taken against version 1, which the applicant filled in
    const older = await submit(a, onlyName, 1);
    expect(older.status).toBe(201);
    expect(older.body.version).toBe(1);
    const complete = await submit(a, { ...onlyName, nickname: 'Ada' });
    expect(complete.status).toBe(201);
    expect(complete.body.version).toBe(2);
    expect(await storedSubmissions([String(older.body.id), String(complete.body.id)])).toEqual([
      { id: String(older.body.id), form_id: PROBE_FORM, form_version: 1 },
      { id: String(complete.body.id), form_id: PROBE_FORM, form_version: 2 },
    ]);

    // A still serves version 1 to a resumed draft; B (FORM_VERSION_GRACE_DAYS=0) no longer does
    expect(await served(a.base, PROBE_FORM, '?version=1')).toMatchObject({
      status: 200,
      version: 1,
      required: ['fullName'],
    });
    const gone = await call(b.base, `/api/forms/${PROBE_FORM}?version=1`);
    expect(gone.status).toBe(410);
    expect(gone.body.code).toBe('form-version-retired');
    const late = await submit(b, onlyName, 1);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('form-version-retired');
    // a version the form never had is no retired one
    expect((await submit(b, onlyName, 9)).status).toBe(400);
  });

  it('roll back to version 1 as a new version, served by both, with the history kept', async () => {
    const rolled = await call(a.base, `/api/admin/forms/${PROBE_FORM}/rollback`, {
      method: 'POST',
      headers: ADMIN,
      json: { version: 1 },
    });
    expect(rolled.status).toBe(201);
    expect(rolled.body).toMatchObject({ id: PROBE_FORM, version: 3, rollbackOf: 1 });

    expect(await served(a.base, PROBE_FORM)).toMatchObject({ status: 200, version: 3, required: ['fullName'] });
    const onB = await pollUntil(
      () => served(b.base, PROBE_FORM),
      (f) => f.version === 3,
      10_000,
    );
    expect(onB.ms).toBeLessThan(SERVED_WITHIN_MS);
    expect(onB.value.required).toEqual(['fullName']);
    // B takes the name alone again, as version 3
    const taken = await submit(b, { fullName: 'Grace Hopper' });
    expect(taken.status).toBe(201);
    expect(taken.body.version).toBe(3);

    const { current, versions } = await versionsOf(b.base, PROBE_FORM);
    expect(current).toBe(3);
    expect(versions.map((v) => [v.version, v.rollbackOf, v.current])).toEqual([
      [3, 1, true],
      [2, undefined, false],
      [1, undefined, false],
    ]);
    expect(versions[0].contentHash).toBe(versions[2].contentHash);
    const definitionOf = async (n: number) =>
      (await call(b.base, `/api/admin/forms/${PROBE_FORM}/versions/${n}`, { headers: ADMIN })).body.definition;
    expect(await definitionOf(3)).toEqual(probeForm(false));
    expect(await definitionOf(2)).toEqual(probeForm(true));
  });
});
