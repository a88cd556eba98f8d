/**
 * Where the rate-limit counters live. Without REDIS_URL each process counts in memory (the plugin's own
 * store), so N instances allow N times every limit. With REDIS_URL all instances count in Redis, through
 * the plugin's own Redis store, under a prefix per deployment (RATE_LIMIT_PREFIX).
 *
 * When Redis is unreachable or slow, counting falls back to this process's memory until it is back,
 * rather than failing every request (the plugin's default: a 500 on every limited route, i.e. the whole
 * API down because a counter store is) or letting every request through (`skipOnError`: no limits at
 * all, while an attacker may be the cause of the outage). Per-process counting is what a single
 * instance does anyway; the limits only get looser by the number of instances, for the outage's length.
 * The checks that protect money and identity do not rest on these counters: codes, lockouts and send
 * windows of the one-time codes are counted in the database.
 */
import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface PluginStore {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): PluginStore;
}
interface StoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

// The plugin's stores (CommonJS, without type declarations of their own).
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: Redis,
  prefix: string,
) => PluginStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  cache?: number,
) => PluginStore;

/** Time to open a connection, and for one counter update: a request never waits longer for Redis. */
export const REDIS_CONNECT_TIMEOUT_MS = 1_000;
export const REDIS_COMMAND_TIMEOUT_MS = 250;

export interface RateLimitRedis {
  client: Redis;
  /** The plugin options that make it count in Redis (with the fallback described above). */
  options: Pick<RateLimitPluginOptions, 'store'>;
  /** Ends the connection (the app's onClose). */
  close(): Promise<void>;
}

/** Where the counters' store reports that Redis went away or came back. */
type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * Connects to Redis and answers the plugin options. Waits at most the connect timeout for the first
 * connection: an unreachable Redis does not stop the server from starting (it counts in memory meanwhile
 * and says so in the log), and a reachable one counts from the first request on.
 */
export async function connectRateLimitRedis(url: string, prefix: string, log: Log): Promise<RateLimitRedis> {
  const client = new Redis(url, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // a command while disconnected fails at once (and counts in memory) instead of waiting in a queue
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // reconnect for ever, at most every 5 s
    retryStrategy: (times) => Math.min(times * 200, 5_000),
    lazyConnect: true,
    // named after the deployment's prefix, so an operator (or a test) can tell its connections in CLIENT LIST
    connectionName: `antrag-rate-limit:${prefix}`.replace(/[^\w:.-]/g, '_'),
  });
  let reachable = false;
  client.on('ready', () => {
    if (!reachable) log.info({ redis: where(url) }, 'rate limits are counted in Redis, shared by all instances');
    reachable = true;
  });
  // without a listener ioredis prints every failed attempt; a lost connection is reported once
  client.on('error', (error: Error) => {
    if (reachable) {
      log.warn(
        { redis: where(url), err: error.message },
        'Redis is unreachable: rate limits are counted per instance until it is back',
      );
    }
    reachable = false;
  });
  client.on('close', () => {
    reachable = false;
  });

  try {
    await client.connect();
  } catch (error) {
    log.warn(
      { redis: where(url), err: (error as Error).message },
      'Redis is unreachable: rate limits are counted per instance until it is back',
    );
  }

  const usable = () => client.status === 'ready';
  class FallbackStore implements FastifyRateLimitStore {
    readonly #redis: PluginStore;
    readonly #local: PluginStore;
    constructor(params: StoreParams, stores?: { redis: PluginStore; local: PluginStore }) {
      this.#redis =
        stores?.redis ?? new RedisStore(params.continueExceeding, params.exponentialBackoff, client, prefix);
      this.#local = stores?.local ?? new LocalStore(params.continueExceeding, params.exponentialBackoff);
    }
    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      if (!usable()) return this.#local.incr(key, cb, timeWindow, max);
      this.#redis.incr(
        key,
        (error, result) => (error ? this.#local.incr(key, cb, timeWindow, max) : cb(null, result)),
        timeWindow,
        max,
      );
    }
    read(key: string, cb: Callback, timeWindow: number, max: number) {
      const local = this.#local.read?.bind(this.#local) ?? ((_k, done: Callback) => done(null, { current: 0, ttl: 0 }));
      if (!usable() || !this.#redis.read) return local(key, cb, timeWindow, max);
      this.#redis.read(
        key,
        (error, result) => (error ? local(key, cb, timeWindow, max) : cb(null, result)),
        timeWindow,
        max,
      );
    }
    child(routeOptions: unknown): FastifyRateLimitStore {
      return new FallbackStore({}, { redis: this.#redis.child(routeOptions), local: this.#local.child(routeOptions) });
    }
  }

  return {
    client,
    options: { store: FallbackStore as FastifyRateLimitStoreCtor },
    async close() {
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

/** Host and port of a Redis URL, never its password. */
function where(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 6379}`;
  } catch {
    return 'REDIS_URL';
  }
}
