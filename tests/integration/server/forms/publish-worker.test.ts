/**
 * A publish does not hold the server (issue 17, the attacker's pass: 4,000 fields to compile froze every request for
 * the 20 s it took): the real server, as a child process from its sources (tsx; its publish worker loads them
 * through tsx too), refuses a definition too large for FORM_PUBLISH_TIMEOUT_MS in time, and meanwhile answers GET
 * /api/forms/contact-enquiry as fast as ever.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSchema, dropSchema, type RunningServer, startServer } from '../durability/harness.js';
import { ADMIN_TOKEN, call, publish } from './support.js';

/** What a GET may take while a publish compiles (it took the publish's whole time before the worker). */
const PROMPT_MS = 500;

let schema: string;
let dataDir: string;
let server: RunningServer;

beforeAll(async () => {
  const created = await createSchema('publish_worker');
  schema = created.schema;
  dataDir = await mkdtemp(join(tmpdir(), 'antrag-publish-worker-'));
  server = await startServer({
    dataDir,
    databaseUrl: created.url,
    env: { ANTRAG_ADMIN_TOKEN: ADMIN_TOKEN, FORM_PUBLISH_TIMEOUT_MS: '2500' },
  });
});

afterAll(async () => {
  await server?.stop();
  if (schema) await dropSchema(schema);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/**
 * The largest form the limits allow: 99 steps of 10 text fields in 4 variants (4,000 fields to compile, 400
 * validator modules). 6 s to compile on an idle 2-core machine, 20 s on a busy one.
 */
function huge(steps = 99) {
  const options = { mobile: { type: 'boolean', default: false }, compact: { type: 'boolean', default: false } };
  return {
    id: 'huge',
    title: 'Huge',
    version: 1,
    options,
    steps: Array.from({ length: steps }, (_, s) => ({
      id: `s${s}`,
      title: `Step ${s}`,
      fields: Array.from({ length: 10 }, (_, i) => ({ name: `f${s}x${i}`, type: 'text', label: `Field ${i}` })),
    })),
  };
}

it('refuses a definition too large to compile in time, while a GET on the same server answers promptly', async () => {
  const started = performance.now();
  const publishing = publish(server.base, 'huge', huge());
  let settled = false;
  void publishing.finally(() => {
    settled = true;
  });
  const times: number[] = [];
  while (!settled) {
    const asked = performance.now();
    const answer = await call(server.base, '/api/forms/contact-enquiry');
    times.push(performance.now() - asked);
    expect(answer.status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
  }
  const answer = await publishing;
  expect(answer.status).toBe(400);
  expect(answer.body.diagnostics).toEqual([
    expect.objectContaining({
      pointer: '',
      message: expect.stringContaining('too large to compile within the limit of 2.5 s (FORM_PUBLISH_TIMEOUT_MS)'),
    }),
  ]);
  // the time limit (and the worker's start, had it stopped), not the compile's 6 to 20 s
  expect(performance.now() - started).toBeLessThan(10_000);
  expect(times.length).toBeGreaterThan(5);
  expect(Math.max(...times)).toBeLessThan(PROMPT_MS);
  // nothing was published, and the next publish is compiled by a fresh worker
  expect((await call(server.base, '/api/forms/huge')).status).toBe(404);
  expect((await publish(server.base, 'huge', huge(1))).status).toBe(201);
});
