/**
 * Builds the web app, then starts the real server (`site/server/main.ts`) on a fresh PostgreSQL schema
 * with its own data folder. Tests find it through BROWSER_BASE_URL and the database through
 * BROWSER_DATABASE_URL; the teardown stops the server and drops the schema.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildStudioApp,
  buildWebApp,
  createSchema,
  dropSchema,
  startServer,
} from '../integration/server/durability/harness.js';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'antrag-browser-'));
  const webRoot = buildWebApp(join(dataDir, 'web'));
  // the studio's own bundle, once for every spec that serves it (`antrag studio`, the main server for staff)
  const studioRoot = buildStudioApp(join(dataDir, 'studio-app'));
  const { schema, url } = await createSchema('browser');
  const server = await startServer({
    dataDir,
    databaseUrl: url,
    env: {
      WEB_ROOT: webRoot,
      STUDIO_ROOT: studioRoot,
      RATE_LIMIT_SUBMISSIONS: '100000',
      RATE_LIMIT_TOKENS: '100000',
      RATE_LIMIT_CONTENT: '100000',
      MAIL_TRANSPORT: 'outbox',
    },
  });
  process.env.BROWSER_BASE_URL = server.base;
  // the studio's spec serves this same build from `antrag studio`
  process.env.BROWSER_WEB_ROOT = webRoot;
  process.env.BROWSER_STUDIO_ROOT = studioRoot;
  process.env.BROWSER_DATABASE_URL = url;
  return async () => {
    await server.stop();
    await dropSchema(schema);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
