/**
 * Durability under a crash: the real server (a child process) takes concurrent health-insurance
 * bookings, is killed with SIGKILL while requests are in flight, and is started again on the same
 * data. Every booking that was answered 200 { dealID } must then be a row in `submissions` — an
 * acknowledgement is a promise that the booking is stored.
 *
 * Runs on embedded PGlite (the default) and on PostgreSQL at 127.0.0.1:5432 (TEST_DATABASE_URL
 * overrides), each run in its own schema. When PostgreSQL is down the PostgreSQL half fails.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../site/server/db/index.js';
import {
  BOOKING_PATH,
  type Booking,
  createSchema,
  dropSchema,
  POSTGRES_URL,
  postgresAdmin,
  prepareBooking,
  type RunningServer,
  sendBooking,
  startServer,
  UNLIMITED_SUBMISSIONS,
} from './harness.js';

/** Requests in flight at any time. */
const CONCURRENCY = 20;
/** The kill comes this long after the load started (once some bookings were acknowledged). */
const KILL_AFTER_MS = 1_500;
/** Acknowledged bookings needed before the kill, so the check has something to check. */
const MIN_ACKNOWLEDGED = 10;
/** How long the load may take to reach MIN_ACKNOWLEDGED (the first PGlite queries are slow on a busy machine). */
const ACK_DEADLINE_MS = 60_000;
/** Two server starts (PGlite: initdb and crash recovery take 6–25 s each here) and a reopening. */
const TEST_TIMEOUT_MS = 300_000;

interface Location {
  dataDir: string;
  databaseUrl?: string;
}

interface Engine {
  name: 'pglite' | 'postgres';
  location(): Promise<Location>;
}

const tempDirs: string[] = [];
const schemas: string[] = [];
const servers: RunningServer[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'antrag-durability-'));
  tempDirs.push(dir);
  return dir;
}

afterAll(async () => {
  // a failed test may leave a server running: it was started here, so it is ended here
  await Promise.all(servers.splice(0).map((s) => s.stop('SIGKILL')));
  if (schemas.length) await Promise.all(schemas.splice(0).map(dropSchema));
  await Promise.all(tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const pglite: Engine = {
  name: 'pglite',
  location: async () => ({ dataDir: await tempDir() }),
};

const postgres: Engine = {
  name: 'postgres',
  location: async () => {
    try {
      await postgresAdmin((c) => c.query('select 1'));
    } catch (error) {
      const reason = error instanceof AggregateError ? error.errors.join('; ') : String(error);
      throw new Error(
        `PostgreSQL is not reachable at ${POSTGRES_URL} (${reason}). This test needs it: start PostgreSQL with a database 'test' and trust auth for 'postgres', or set TEST_DATABASE_URL.`,
      );
    }
    const { schema, url } = await createSchema();
    schemas.push(schema);
    return { dataDir: await tempDir(), databaseUrl: url };
  },
};

async function start(location: Location): Promise<RunningServer> {
  const server = await startServer({ ...location, env: UNLIMITED_SUBMISSIONS, startTimeoutMs: 120_000 });
  servers.push(server);
  return server;
}

interface LoadResult {
  /** Deal ids answered with 200 before the kill. */
  acknowledged: Set<string>;
  /** Answers other than 200, by status. */
  statuses: Record<number, number>;
  /** Requests that got no answer (the connection broke when the process died). */
  unanswered: number;
  /** Requests in flight when SIGKILL was sent. */
  inFlightAtKill: number;
  killedAfterMs: number;
}

/**
 * CONCURRENCY workers send the booking back to back; once KILL_AFTER_MS have passed and enough
 * bookings were acknowledged, the server gets SIGKILL. Each worker stops after its request of the
 * moment has ended, answered or broken.
 */
async function loadAndKill(server: RunningServer, booking: Booking): Promise<LoadResult> {
  const acknowledged = new Set<string>();
  const statuses: Record<number, number> = {};
  let unanswered = 0;
  let inFlight = 0;
  let killed = false;
  const started = Date.now();

  const worker = async () => {
    while (!killed) {
      inFlight += 1;
      try {
        const response = await sendBooking(server.base, booking, AbortSignal.timeout(60_000));
        const text = await response.text();
        if (response.status === 200) {
          const { dealID } = JSON.parse(text) as { dealID?: string };
          if (typeof dealID !== 'string') throw new Error(`200 without a dealID: ${text}`);
          acknowledged.add(dealID);
        } else {
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        }
      } catch (error) {
        if (!killed) throw new Error(`a booking failed before the kill: ${String(error)}\n${server.output()}`);
        unanswered += 1;
      } finally {
        inFlight -= 1;
      }
    }
  };

  const workers = Array.from({ length: CONCURRENCY }, worker);
  let inFlightAtKill = 0;
  let killedAfterMs = 0;
  const killer = (async () => {
    while (Date.now() - started < KILL_AFTER_MS || acknowledged.size < MIN_ACKNOWLEDGED) {
      if (Date.now() - started > ACK_DEADLINE_MS) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    inFlightAtKill = inFlight;
    killedAfterMs = Date.now() - started;
    killed = true;
    server.child.kill('SIGKILL');
  })();
  const outcomes = await Promise.allSettled([killer, ...workers]);
  // a worker that failed before the kill must not leave the server running
  if (!killed) {
    killed = true;
    server.child.kill('SIGKILL');
  }
  const failure = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
  if (failure) throw failure.reason;
  return { acknowledged, statuses, unanswered, inFlightAtKill, killedAfterMs };
}

/** Ids of the stored bookings, read with the server stopped (PGlite allows one process per folder). */
async function storedDealIds(location: Location): Promise<Set<string>> {
  const database = await openDatabase(location);
  try {
    const rows = await database.db.selectFrom('submissions').select('id').where('kind', '=', BOOKING_PATH).execute();
    return new Set(rows.map((r) => String(r.id)));
  } finally {
    await database.close();
  }
}

describe.each([pglite, postgres])('a SIGKILL under load on $name', (engine) => {
  it(
    'loses no acknowledged booking',
    async () => {
      const location = await engine.location();

      const first = await start(location);
      const booking = await prepareBooking(first.base);
      const load = await loadAndKill(first, booking);
      const exit = await first.exited;

      // the kill really came mid-way: bookings were acknowledged before it and requests were still open
      expect(exit.signal).toBe('SIGKILL');
      expect(load.acknowledged.size).toBeGreaterThanOrEqual(MIN_ACKNOWLEDGED);
      expect(load.inFlightAtKill).toBeGreaterThan(0);
      // every answer before the kill was a success (429 would mean the rate limit stopped the load)
      expect(load.statuses).toEqual({});

      // the server starts again on the crashed data, and goes on numbering after what it acknowledged
      const second = await start(location);
      const after = await sendBooking(second.base, booking);
      expect(after.status).toBe(200);
      const { dealID: next } = (await after.json()) as { dealID: string };
      expect(load.acknowledged.has(next)).toBe(false);
      const stopped = await second.stop('SIGTERM');
      expect(stopped).toEqual({ code: 0, signal: null });

      const stored = await storedDealIds(location);
      const lost = [...load.acknowledged].filter((id) => !stored.has(id));
      expect(lost, `acknowledged but not stored (of ${load.acknowledged.size})`).toEqual([]);
      expect(stored.has(next)).toBe(true);
      // rows nobody was told about can only come from requests cut off by the kill
      const unacknowledged = [...stored].filter((id) => !load.acknowledged.has(id) && id !== next);
      expect(unacknowledged.length).toBeLessThanOrEqual(load.unanswered);

      console.info(
        `[durability/${engine.name}] killed after ${load.killedAfterMs} ms with ${load.inFlightAtKill} in flight: ` +
          `${load.acknowledged.size} acknowledged, all stored; ${unacknowledged.length} stored without an answer, ` +
          `${load.unanswered} cut off`,
      );
    },
    TEST_TIMEOUT_MS,
  );
});
