/**
 * A server with the form store and the staff API (issue 17), in this process: `buildApp` with a FormStore over a
 * fresh PostgreSQL schema (quicker to make than an embedded database) and no shipped forms, listening on a free
 * port, with ANTRAG_ADMIN_TOKEN set. For the staff-account routes and the `antrag publish` / `antrag staff` tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../../../site/server/app.js';
import { loadConfig } from '../../../../site/server/config.js';
import type { ServerContext } from '../../../../site/server/context.js';
import { type OpenDatabase, openDatabase } from '../../../../site/server/db/index.js';
import { FormRegistry } from '../../../../site/server/forms/registry.js';
import { FormStore } from '../../../../site/server/forms/store.js';
import { createSchema, dropSchema } from '../durability/harness.js';

/** The admin token the servers are started with (at least 32 characters, as the server requires). */
export const ADMIN_TOKEN = 'staff-test-admin-token-0123456789abcdef';

export interface FormServer {
  base: string;
  /** The database URL (a schema of its own), for a second process on the same database. */
  databaseUrl: string;
  database: OpenDatabase;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Starts the server; `env` adds or overrides settings (e.g. STAFF_LOCKOUT_ATTEMPTS), `options` the app's (a web
 * root, the studio's bundle).
 */
export async function startFormServer(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'webRoot' | 'studioRoot'> = {},
): Promise<FormServer> {
  const { schema, url } = await createSchema('staff');
  const dataDir = mkdtempSync(join(tmpdir(), 'antrag-staff-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    ANTRAG_SECRET: 'staff-test-secret',
    ANTRAG_ADMIN_TOKEN: ADMIN_TOKEN,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const database = await openDatabase(config);
  const ctx: ServerContext = {
    config,
    db: database.db,
    files: {} as ServerContext['files'],
    mail: { send: async () => {} },
  };
  const registry = new FormRegistry();
  const store = new FormStore(database.db, registry, { graceDays: config.forms.graceDays });
  const app = await buildApp(ctx, registry, { store, logger: false, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    base,
    databaseUrl: url,
    database,
    app,
    close: async () => {
      await app.close();
      await database.close();
      await dropSchema(schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in as staff; the session cookie (`antrag_staff=…`), or the failed answer's status. */
export async function signIn(
  base: string,
  email: string,
  password: string,
): Promise<{ status: number; cookie?: string }> {
  const response = await fetch(`${base}/api/admin/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  return { status: response.status, ...(response.ok && cookie ? { cookie } : {}) };
}
