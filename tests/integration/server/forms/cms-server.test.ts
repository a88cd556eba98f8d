/**
 * The real server (site/server/main.ts, a child process on PostgreSQL) with CONTENT_SOURCE=graphql reads the CMS's
 * form definitions from the recorded CMS (./cms-graphql.ts) after storing the shipped files: the CMS's documents
 * of the shipped CMS forms become new versions (origin 'cms') over the shipped ones; the hook answers with the
 * secret; a change is caught by the poll (CONTENT_FORMS_POLL_SECONDS=1) without the hook.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchema, dropSchema, type RunningServer, startServer } from '../durability/harness.js';
import { cmsEnvironment, type RecordedCms, startRecordedCms } from './cms-graphql.js';

const ADMIN_TOKEN = 'cms-server-test-admin-token-0123456789abcdef';
const ADMIN = { Authorization: `Bearer ${ADMIN_TOKEN}` };
const SECRET = 'cms-server-webhook-secret-0123';
const V2 = 'apartment-booking-2026';

let schema: string;
let dataDir: string;
let cms: RecordedCms;
let server: RunningServer;

beforeAll(async () => {
  const created = await createSchema('cmsserver');
  schema = created.schema;
  dataDir = await mkdtemp(join(tmpdir(), 'antrag-cms-server-'));
  cms = await startRecordedCms();
  server = await startServer({
    dataDir,
    databaseUrl: created.url,
    env: {
      ANTRAG_ADMIN_TOKEN: ADMIN_TOKEN,
      ...cmsEnvironment(cms, { CONTENT_WEBHOOK_SECRET: SECRET, CONTENT_FORMS_POLL_SECONDS: '1' }),
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await cms?.close();
  if (schema) await dropSchema(schema);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface Versions {
  current: number;
  versions: Array<{ version: number; origin: string; current: boolean }>;
}

async function versionsOf(id: string): Promise<Versions> {
  const response = await fetch(`${server.base}/api/admin/forms/${id}/versions`, { headers: ADMIN });
  expect(response.status).toBe(200);
  return (await response.json()) as Versions;
}

describe('the server with forms from the CMS', () => {
  it('serves the CMS version of a form once started, over the shipped one', async () => {
    const { versions } = await versionsOf(V2);
    expect(versions.map((v) => [v.version, v.origin, v.current])).toEqual([
      [2, 'cms', true],
      [1, 'shipped', false],
    ]);
    const form = (await (await fetch(`${server.base}/api/forms/${V2}`)).json()) as { version: number };
    expect(form.version).toBe(2);
  });

  it('answers the hook with its secret only', async () => {
    const hook = (headers: Record<string, string>) =>
      fetch(`${server.base}/api/admin/content-changed`, { method: 'POST', headers });
    expect((await hook({})).status).toBe(401);
    const answer = await hook({ 'X-Webhook-Secret': SECRET });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ ok: true, documents: 3, published: 0, unchanged: 3, refused: 0 });
  });

  it('catches a change by the poll, without the hook', async () => {
    const steps = cms.records.bookingV2[0].flatData.steps as Array<{ headline: string }>;
    steps[0].headline = 'Who you are';
    const deadline = Date.now() + 30_000;
    let versions = await versionsOf(V2);
    while (versions.current !== 3 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      versions = await versionsOf(V2);
    }
    expect(versions.current, server.output()).toBe(3);
    expect(versions.versions[0]).toMatchObject({ version: 3, origin: 'cms' });
    const served = await (await fetch(`${server.base}/api/forms/${V2}`)).text();
    expect(served).toContain('Who you are');
  });
});
