/**
 * What a publish may cost (issue 17, the attacker's pass): the size limits and catastrophic patterns are refused
 * at their places before anything is compiled, a definition too large for the publish worker's time is refused in
 * time with the event loop free meanwhile, and publishes past the waiting line get 503 with Retry-After. The app
 * runs in this process with the publish worker (a worker thread, from the TypeScript sources) as main.ts sets it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../site/server/app.js';
import { loadConfig } from '../../../../site/server/config.js';
import type { ServerContext } from '../../../../site/server/context.js';
import { type OpenDatabase, openDatabase } from '../../../../site/server/db/index.js';
import { PoolBusyError, PublishWorker } from '../../../../site/server/forms/publishWorker.js';
import { FormRegistry, shippedDocuments } from '../../../../site/server/forms/registry.js';
import { FormStore } from '../../../../site/server/forms/store.js';
import { createSchema, dropSchema, ROOT } from '../durability/harness.js';

const TOKEN = 'limits-test-admin-token-0123456789abcdef';
const ADMIN = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

interface Refusal {
  diagnostics?: Array<{ code: string; pointer: string; message: string }>;
  message?: string;
}

/** A one-step form of `count` text fields; `extra` merged in, `rules` given to the first field. */
function form(id: string, count: number, extra: Record<string, unknown> = {}, rules?: unknown[]) {
  const fields = Array.from({ length: count }, (_, i) => ({
    name: `f${i}`,
    type: 'text',
    label: `Field ${i}`,
    ...(i === 0 && rules ? { rules } : {}),
  }));
  return { id, title: id, version: 1, steps: [{ id: 'one', title: 'One', fields }], ...extra };
}

const booleans = (n: number) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`o${i}`, { type: 'boolean', default: false }]));

/**
 * Compiles for 6 s on an idle 2-core machine, within every limit: 99 steps of 10 text fields in 4 variants (4,000
 * fields to compile, 400 validator modules, the most the limits allow).
 */
function slow(id: string) {
  const steps = Array.from({ length: 99 }, (_, s) => ({
    id: `s${s}`,
    title: `Step ${s}`,
    fields: Array.from({ length: 10 }, (_, i) => ({ name: `f${s}x${i}`, type: 'text', label: `Field ${i}` })),
  }));
  return { id, title: id, version: 1, options: booleans(2), steps };
}

let schema: string;
let dataDir: string;
let database: OpenDatabase;
/** The app of the limit and pattern tests, with the default time limit. */
let app: FastifyInstance;
let publisher: PublishWorker;
/** An app on the same database whose worker has 1.5 s (a quarter of `slow`'s time) and a line of one. */
let tight: FastifyInstance;
let tightPublisher: PublishWorker;

async function appWith(config: ReturnType<typeof loadConfig>, worker: PublishWorker) {
  const registry = new FormRegistry();
  const store = new FormStore(database.db, registry, { graceDays: 30, prepare: worker.prepare });
  const ctx = { config, db: database.db, files: {}, mail: { send: async () => {} } } as unknown as ServerContext;
  return { store, app: await buildApp(ctx, registry, { store, logger: false }) };
}

beforeAll(async () => {
  const created = await createSchema('publish_limits');
  schema = created.schema;
  dataDir = mkdtempSync(join(tmpdir(), 'antrag-publish-limits-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: created.url, ANTRAG_SECRET: 's', ANTRAG_ADMIN_TOKEN: TOKEN };
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  database = await openDatabase(config);
  publisher = new PublishWorker(config.forms.publish);
  const main = await appWith(config, publisher);
  app = main.app;
  // the shipped forms, as main.ts stores them at start: through the worker, none refused
  const problems = await main.store.syncShipped(shippedDocuments(ROOT), (file) => relative(ROOT, file));
  expect(problems).toEqual([]);
  await main.store.refresh();
  tightPublisher = new PublishWorker({ timeoutMs: 1500, memoryMb: 1024, queue: 1 });
  const second = await appWith(config, tightPublisher);
  await second.store.refresh();
  tight = second.app;
});

afterAll(async () => {
  await Promise.all([app?.close(), tight?.close()]);
  await Promise.all([publisher?.close(), tightPublisher?.close()]);
  await database?.close();
  if (schema) await dropSchema(schema);
  rmSync(dataDir, { recursive: true, force: true });
});

async function put(id: string, definition: unknown, on: FastifyInstance = app) {
  const answer = await on.inject({
    method: 'PUT',
    url: `/api/admin/forms/${id}`,
    headers: ADMIN,
    payload: JSON.stringify(definition),
  });
  return { status: answer.statusCode, headers: answer.headers, body: answer.json() as Refusal & { version?: number } };
}

const where = (body: Refusal) => (body.diagnostics ?? []).map((d) => `${d.code} ${d.pointer}`);

describe('publish limits, before compiling', () => {
  it('refuses 1,001 fields at /steps, and 5 boolean options (32 variants) at /options', async () => {
    const fields = await put('many-fields', form('many-fields', 1001));
    expect(fields.status).toBe(400);
    expect(where(fields.body)).toEqual(['too-many-fields /steps']);
    const variants = await put('many-variants', form('many-variants', 2, { options: booleans(5) }));
    expect(variants.status).toBe(400);
    expect(where(variants.body)).toEqual(['too-many-variants /options']);
  });

  it('refuses a select of 100,000 options at its options, in seconds rather than a minute', async () => {
    const options = Array.from({ length: 100_000 }, (_, i) => ({ value: i, label: 'L' }));
    const definition = form('huge-select', 1);
    definition.steps[0].fields.push({ name: 'pick', type: 'select', label: 'Pick', options } as never);
    const started = performance.now();
    const answer = await put('huge-select', definition);
    expect(answer.status).toBe(400);
    expect(where(answer.body)).toEqual(['too-many-options /steps/0/fields/1/options']);
    // it took 61 s before any limit (the check runs in the worker: its start may be in this figure)
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('definitions nested too deeply', () => {
  /** A definition whose steps are nested `levels` deep, as JSON text (JSON.stringify of it would overflow). */
  const nested = (id: string, levels: number) =>
    `{ "id": "${id}", "title": "T", "version": 1, "steps": ${'['.repeat(levels)}${']'.repeat(levels)} }`;

  async function audited() {
    const answer = await app.inject({ method: 'GET', url: '/api/admin/audit?action=publish-refused', headers: ADMIN });
    return (answer.json() as { entries: unknown[] }).entries.length;
  }

  it('refuses 1,000 and 50,000 levels alike with 400 naming the limit, never a 500; each refusal audited', async () => {
    for (const [id, levels] of [
      ['deep-form', 1000],
      ['deeper-form', 50_000],
      ['Not_An_Id', 50_000],
    ] as const) {
      const before = await audited();
      const answer = await app.inject({
        method: 'PUT',
        url: `/api/admin/forms/${id}`,
        headers: ADMIN,
        payload: nested(id, levels),
      });
      expect([id, levels, answer.statusCode]).toEqual([id, levels, 400]);
      const body = answer.json() as Refusal;
      expect(body.diagnostics?.[0]).toMatchObject({ pointer: '' });
      expect(body.diagnostics?.[0].message).toMatch(/nested deeper than 256 levels/);
      expect(await audited()).toBe(before + 1);
    }
    // the worker still publishes
    expect((await put('after-deep', form('after-deep', 1))).status).toBe(201);
  });
});

describe('patterns that backtrack catastrophically', () => {
  it('refuses `^(a+)+$` in a DSL rule at its pointer, and nothing is published', async () => {
    const answer = await put('redos-dsl', form('redos-dsl', 2, {}, [{ pattern: '^(a+)+$' }]));
    expect(answer.status).toBe(400);
    expect(where(answer.body)).toEqual(['unsafe-regex /steps/0/fields/0/rules/0/pattern']);
    expect(answer.body.diagnostics?.[0].message).toContain('exponential time');
    expect((await app.inject({ url: '/api/forms/redos-dsl' })).statusCode).toBe(404);
  });

  it("refuses a CMS booking's validationRegex at its place in the CMS document", async () => {
    const doc = JSON.parse(readFileSync(join(ROOT, 'tests/fixtures/cms/booking-v2.full.json'), 'utf8'));
    doc.flatData.steps[0].fields[0].fieldOptions[0].validationRegex = '(\\w+\\s?)*';
    const id = 'apartment-booking-2026';
    const answer = await put(id, doc);
    expect(answer.status).toBe(400);
    expect(where(answer.body)).toEqual(['unsafe-regex /flatData/steps/0/fields/0/fieldOptions/0/validationRegex']);
  });

  it('refuses polynomial time of degree 3, takes degree 2 and the postal-code patterns of schemas/', async () => {
    const cubic = await put('cubic', form('cubic', 1, {}, [{ pattern: '^\\d*\\d*\\d*x$' }]));
    expect(where(cubic.body)).toEqual(['unsafe-regex /steps/0/fields/0/rules/0/pattern']);
    for (const [i, pattern] of [
      '^[0-9]{5}$',
      '^[A-Z0-9]{6,10}$',
      '^\\+?[0-9 ()/-]{4,30}$',
      '^[^@]+@[^@]+\\.[^@]+$',
    ].entries()) {
      const answer = await put(`fine-${i}`, form(`fine-${i}`, 1, {}, [{ pattern }]));
      expect(answer.status, `${pattern}: ${JSON.stringify(answer.body)}`).toBe(201);
    }
  });
});

describe('the publish worker', () => {
  it('refuses a definition too large for the time limit in time, while the event loop answers', async () => {
    const started = performance.now();
    const publishing = put('too-slow', slow('too-slow'), tight);
    const gaps: number[] = [];
    let settled = false;
    void publishing.finally(() => {
      settled = true;
    });
    while (!settled) {
      const asked = performance.now();
      const answer = await tight.inject({ url: '/api/forms/contact-enquiry' });
      expect(answer.statusCode).toBe(200);
      gaps.push(performance.now() - asked);
      await new Promise((r) => setTimeout(r, 50));
    }
    const answer = await publishing;
    expect(answer.status).toBe(400);
    expect(where(answer.body)).toEqual(['too-large-to-compile ']);
    expect(answer.body.diagnostics?.[0].message).toContain('too large to compile within the limit of 1.5 s');
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(gaps.length).toBeGreaterThan(5);
    expect(Math.max(...gaps)).toBeLessThan(500);
  });

  it('lets one publish compile, one wait, and refuses the next with 503 and Retry-After', async () => {
    const running = put('slow-one', slow('slow-one'), tight);
    const waiting = put('waits', form('waits', 3), tight);
    // both in the worker's line (one compiling, one waiting): on a busy machine that takes more than a moment
    await expect.poll(() => tightPublisher.stats(), { timeout: 20_000 }).toMatchObject({ busy: 1, queued: 1 });
    const refused = await put('refused', form('refused', 3), tight);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.body.message).toMatch(
      /other publishes are waiting to be compiled on this server; please try again in \d+ seconds?/,
    );
    expect((await running).status).toBe(400);
    // the worker was replaced after the time limit: the one that waited is compiled by the new one
    expect((await waiting).status).toBe(201);
    expect((await put('refused', form('refused', 3), tight)).status).toBe(201);
  });

  it('refuses a definition that needs more memory than the worker has, and the worker serves the next', async () => {
    const small = new PublishWorker({ timeoutMs: 60_000, memoryMb: 64, queue: 1 });
    try {
      // 40 selects of 5,000 options (within the limits): more than 128 MB to compile, 4 s in 1 GB
      const selects = Array.from({ length: 40 }, (_, i) => ({
        name: `pick${i}`,
        type: 'select',
        label: `Pick ${i}`,
        options: Array.from({ length: 5000 }, (_, j) => ({ value: j, label: `Option ${j}` })),
      }));
      const greedy = {
        id: 'greedy',
        title: 'Greedy',
        version: 1,
        steps: [{ id: 'one', title: 'One', fields: selects }],
      };
      const refused = await small.prepare(greedy, 'greedy');
      expect(refused.ok).toBe(false);
      const message = refused.ok ? '' : refused.diagnostics[0].message;
      expect(message).toContain('too large to compile within the memory limit of 64 MB (FORM_PUBLISH_MEMORY_MB)');
      const next = await small.prepare(form('after', 2), 'after');
      expect(next.ok).toBe(true);
    } finally {
      await small.close();
    }
  });

  it('refuses a prepare past the line at once, without waiting', async () => {
    const worker = new PublishWorker({ timeoutMs: 1500, memoryMb: 1024, queue: 0 });
    try {
      const first = worker.prepare(slow('first'), 'first');
      await expect(worker.prepare(form('second', 1), 'second')).rejects.toBeInstanceOf(PoolBusyError);
      expect((await first).ok).toBe(false);
    } finally {
      await worker.close();
    }
  });
});
