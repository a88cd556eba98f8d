/**
 * Older versions are read from the database when asked for (`?version=n`): those requests count against a limit per
 * address (RATE_LIMIT_CONTENT), so nobody keeps a core busy by cycling through versions; the form served now is not
 * limited by it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../../site/server/app.js';
import { loadConfig } from '../../../../site/server/config.js';
import type { ServerContext } from '../../../../site/server/context.js';
import { type OpenDatabase, openDatabase } from '../../../../site/server/db/index.js';
import { FormRegistry } from '../../../../site/server/forms/registry.js';
import { FormStore } from '../../../../site/server/forms/store.js';

let dir: string;
let database: OpenDatabase;
let app: FastifyInstance;

const form = (label: string) => ({
  id: 'limited',
  title: 'Limited',
  version: 1,
  steps: [{ id: 'one', title: 'One', fields: [{ name: 'city', type: 'text', label }] }],
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'antrag-version-limit-'));
  const config = loadConfig({ DATA_DIR: dir, ANTRAG_SECRET: 's', LOG_LEVEL: 'silent', RATE_LIMIT_CONTENT: '3' });
  database = await openDatabase(config);
  const registry = new FormRegistry();
  const store = new FormStore(database.db, registry, { graceDays: 30 });
  const token = { origin: 'token', name: 'token' } as const;
  await store.publish('limited', form('City'), token);
  await store.publish('limited', form('Town'), token);
  app = await buildApp({ config, db: database.db } as ServerContext, registry, { store, logger: false });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('limits requests for older versions per address, not the form served now', async () => {
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await app.inject({ url: '/api/forms/limited?version=1' })).statusCode);
  expect(statuses).toEqual([200, 200, 200, 429]);
  expect((await app.inject({ url: '/api/forms/limited/validators/0.js?version=1' })).statusCode).toBe(429);
  for (let i = 0; i < 5; i++) expect((await app.inject({ url: '/api/forms/limited' })).statusCode).toBe(200);
});
