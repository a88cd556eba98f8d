/**
 * Rate limits across instances (issue 14): with REDIS_URL two servers count together, so a limit of N
 * a minute is N in all, whichever instance a request reaches; without it each counts alone. Redis runs
 * at 127.0.0.1:6379 on every machine and in CI (REDIS_TEST_URL overrides). Each test has its own key
 * prefix (RATE_LIMIT_PREFIX), so parallel runs never share counters; its keys are removed afterwards.
 *
 * An outage is made with a small TCP relay in front of Redis that the test closes: a real connection
 * that really goes away, no test double.
 */
import { randomBytes } from 'node:crypto';
import { connect, createServer, type Server as NetServer, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, SETUP_TIMEOUT, type Server, startHarness } from './harness.js';

const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 6;

let h: Harness;
let redis: Redis;
const prefixes: string[] = [];

function newPrefix(): string {
  const prefix = `antrag-test:${randomBytes(6).toString('hex')}:`;
  prefixes.push(prefix);
  return prefix;
}

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2_000, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
  } catch (error) {
    throw new Error(
      `Redis is not reachable at ${REDIS_URL} (${(error as Error).message}). These tests need it: start redis-server on 127.0.0.1:6379 or set REDIS_TEST_URL.`,
    );
  }
  h = await startHarness();
}, SETUP_TIMEOUT);

afterAll(async () => {
  await h?.close();
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  }
  redis?.disconnect();
});

const tokenStatus = async (server: Server) => (await server.fetch('/api/get-token')).status;

describe('rate limits with REDIS_URL', () => {
  it(`two instances share one limit: ${LIMIT} requests spread over both pass, the next is 429 from either`, async () => {
    const env = { REDIS_URL, RATE_LIMIT_PREFIX: newPrefix(), RATE_LIMIT_TOKENS: String(LIMIT) };
    const a = await h.start(env);
    const b = await h.start(env);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push(await tokenStatus(i % 2 ? b : a));
    expect(statuses).toEqual(Array(LIMIT).fill(200));
    const overA = await a.fetch('/api/get-token');
    expect(overA.status).toBe(429);
    expect(Number(overA.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await tokenStatus(b)).toBe(429);
    // the counter is in Redis, under the deployment's prefix
    expect(await redis.keys(`${env.RATE_LIMIT_PREFIX}*`)).not.toEqual([]);
    await a.app.close();
    await b.app.close();
  });

  it('two deployments on the same Redis (other prefixes) do not share counters', async () => {
    const first = await h.start({ REDIS_URL, RATE_LIMIT_PREFIX: newPrefix(), RATE_LIMIT_TOKENS: '2' });
    const second = await h.start({ REDIS_URL, RATE_LIMIT_PREFIX: newPrefix(), RATE_LIMIT_TOKENS: '2' });
    expect([await tokenStatus(first), await tokenStatus(first), await tokenStatus(first)]).toEqual([200, 200, 429]);
    expect([await tokenStatus(second), await tokenStatus(second)]).toEqual([200, 200]);
    await first.app.close();
    await second.app.close();
  });

  it('closes its Redis connection when the app closes', async () => {
    const prefix = newPrefix();
    const server = await h.start({ REDIS_URL, RATE_LIMIT_PREFIX: prefix });
    const named = async () =>
      String(await redis.client('LIST'))
        .split('\n')
        .filter((line) => line.includes(prefix));
    expect(await named()).toHaveLength(1);
    await server.app.close();
    expect(await named()).toEqual([]);
  });

  it('counts per instance while Redis is unreachable, and never fails a request for it', async () => {
    // a relay to Redis that the test can cut
    const sockets = new Set<Socket>();
    const target = new URL(REDIS_URL);
    const relay: NetServer = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => {});
        s.on('close', () => sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const port = (relay.address() as { port: number }).port;
    const env = { REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_PREFIX: newPrefix(), RATE_LIMIT_TOKENS: '3' };
    const a = await h.start(env);
    const b = await h.start(env);
    try {
      expect([await tokenStatus(a), await tokenStatus(b)]).toEqual([200, 200]);
      // Redis goes away
      await new Promise<void>((resolve) => {
        relay.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      const started = Date.now();
      // each instance now counts alone, from zero: 3 pass on each, the 4th is refused; nothing is a 500
      expect([await tokenStatus(a), await tokenStatus(a), await tokenStatus(a), await tokenStatus(a)]).toEqual([
        200, 200, 200, 429,
      ]);
      expect([await tokenStatus(b), await tokenStatus(b), await tokenStatus(b), await tokenStatus(b)]).toEqual([
        200, 200, 200, 429,
      ]);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await a.app.close();
      await b.app.close();
    }
  });

  it('starts, and limits per instance, when Redis cannot be reached at all', async () => {
    // a port nobody listens on
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const started = Date.now();
    const server = await h.start({ REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_TOKENS: '2' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect([await tokenStatus(server), await tokenStatus(server), await tokenStatus(server)]).toEqual([200, 200, 429]);
    await server.app.close();
  });
});

describe('rate limits without REDIS_URL', () => {
  it('each instance counts alone, in memory', async () => {
    const a = await h.start({ RATE_LIMIT_TOKENS: '3' });
    const b = await h.start({ RATE_LIMIT_TOKENS: '3' });
    expect([await tokenStatus(a), await tokenStatus(a), await tokenStatus(a), await tokenStatus(a)]).toEqual([
      200, 200, 200, 429,
    ]);
    // the other instance has not counted any of them
    expect([await tokenStatus(b), await tokenStatus(b), await tokenStatus(b), await tokenStatus(b)]).toEqual([
      200, 200, 200, 429,
    ]);
    await a.app.close();
    await b.app.close();
  });
});
