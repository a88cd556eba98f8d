/**
 * A request the database could not take now (two transactions deadlocked, the connection pool stayed full) stored
 * nothing, so it gets 503 with Retry-After and a plain message, never 500: the engine sends it again with the same
 * Idempotency-Key. Found by `npm run bench:server` at 400 submissions a second on PostgreSQL (issue 14). The
 * database errors are thrown by a route of this test (a test double of the failure, not of the server); the
 * deadlock itself is held by the concurrent-submission test on PostgreSQL in ../http/retries.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../site/server/app.js';
import { loadConfig } from '../../../../site/server/config.js';
import type { ServerContext } from '../../../../site/server/context.js';
import { FormRegistry } from '../../../../site/server/forms/registry.js';

const failures: Record<string, () => Error> = {
  deadlock: () => Object.assign(new Error('deadlock detected'), { code: '40P01' }),
  serialization: () => Object.assign(new Error('could not serialize access'), { code: '40001' }),
  pool: () => new Error('timeout exceeded when trying to connect'),
  other: () => Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }),
};

let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const config = loadConfig({ DATA_DIR: '/nonexistent-antrag-test', ANTRAG_SECRET: 's', LOG_LEVEL: 'silent' });
  const ctx = { config } as ServerContext;
  app = await buildApp(ctx, new FormRegistry(), {
    logger: false,
    modules: [
      (a) => {
        a.get<{ Params: { kind: string } }>('/api/fail/:kind', async (request) => {
          throw failures[request.params.kind]();
        });
      },
    ],
  });
});

afterAll(async () => {
  await app?.close();
});

describe('errors of a busy database', () => {
  it.each(['deadlock', 'serialization', 'pool'])('answers a %s with 503 and Retry-After', async (kind) => {
    const response = await app.inject({ method: 'GET', url: `/api/fail/${kind}` });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toEqual({
      status: false,
      ok: false,
      message: 'The server is busy. Please try again in a moment.',
    });
  });

  it('keeps other database errors a 500 that names nothing of the database', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/fail/other' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/relation|does not exist/);
  });
});
