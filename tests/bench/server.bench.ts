/**
 * Load on a validated booking submission (POST /api/internal/services/aok, the health-insurance
 * booking: compiled-schema validation, an upload lookup and an insert), against the real server as
 * a child process, on embedded PGlite and on PostgreSQL. For each engine: a warm-up, a fixed-rate run
 * with autocannon (default 200 requests/s, `overallRate`), the same rate evenly paced by an open-loop
 * generator here, and an autocannon run at the highest rate the server takes.
 * Target: p99 under 50 ms at 200 requests/s on PostgreSQL.
 *
 * The load generator, the server and PostgreSQL share this machine, so the figures are a lower bound.
 *
 * Run: npm run bench:server
 *   options: --engine pglite|postgres (default both), --rate <n> (200), --duration <s> (15),
 *            --max-duration <s> (10), --warmup <s> (3), --connections <n> (20)
 *   PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); the run uses its
 *   own schema and drops it afterwards.
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BOOKING_PATH,
  type Booking,
  createSchema,
  dropSchema,
  prepareBooking,
  type RunningServer,
  sendBooking,
  startServer,
  UNLIMITED_SUBMISSIONS,
} from '../unit/server/durability/harness.js';

// autocannon ships no types; the part used here:
interface AutocannonResult {
  requests: { total: number };
  latency: { p50: number; p99: number };
  /** Seconds. */
  duration: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number | string }>;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  overallRate?: number;
  ignoreCoordinatedOmission?: boolean;
  timeout?: number;
  method: string;
  headers: Record<string, string>;
  body: string;
  requests?: Array<{
    onResponse?: (status: number, body: string) => void;
  }>;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const RATE = Number(arg('rate', '200'));
const DURATION = Number(arg('duration', '15'));
const MAX_DURATION = Number(arg('max-duration', '10'));
const WARMUP = Number(arg('warmup', '3'));
const CONNECTIONS = Number(arg('connections', '20'));
const ENGINES = arg('engine', 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
const TARGET_P99_MS = 50;

/** One measured run, whichever generator made it. */
interface Row {
  engine: string;
  mode: string;
  /** Answers per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  /** Connection errors, timeouts, and 2xx answers without a dealID. */
  errors: number;
  /** Answers that were not 2xx, by status. */
  statuses: Record<string, number>;
  /** The runs at the target rate are judged against the target; the rest are informative. */
  judged: boolean;
}

/**
 * A run with autocannon. Its rate limit is per second and per connection: each connection sends its
 * share back to back at the start of every second, then waits — bursts at full speed, not an even
 * 200/s. Latencies are recorded raw: autocannon's coordinated-omission correction takes
 * `Math.ceil(1 / rate)` (= 1 ms for any rate) as the expected interval and fills the histogram with
 * made-up samples.
 */
async function cannon(
  engine: string,
  mode: string,
  server: RunningServer,
  booking: Booking,
  options: { seconds: number; rate?: number; judged?: boolean },
): Promise<Row> {
  let noDealId = 0;
  const result = await autocannon({
    url: `${server.base}${BOOKING_PATH}`,
    connections: CONNECTIONS,
    duration: options.seconds,
    overallRate: options.rate,
    ignoreCoordinatedOmission: options.rate ? true : undefined,
    timeout: 10,
    method: booking.method,
    headers: booking.headers,
    body: booking.body,
    requests: [
      {
        onResponse: (status, body) => {
          if (status >= 200 && status < 300 && !body.includes('"dealID"')) noDealId += 1;
        },
      },
    ],
  });
  const statuses: Record<string, number> = {};
  for (const [code, s] of Object.entries(result.statusCodeStats)) {
    if (!code.startsWith('2')) statuses[code] = Number(s.count);
  }
  return {
    engine,
    mode,
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + noDealId,
    statuses,
    judged: options.judged ?? false,
  };
}

/**
 * An open-loop run at an even pace: one request every 1000/rate ms, whatever the answers do, each
 * latency measured from the moment the request was due (so a late generator or a queue in front of
 * the server counts against the server, never in its favour).
 */
async function paced(engine: string, server: RunningServer, booking: Booking, seconds: number): Promise<Row> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const url = new URL(`${server.base}${BOOKING_PATH}`);
  const body = Buffer.from(booking.body);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;

  const one = (due: number) =>
    new Promise<void>((done) => {
      const request = httpRequest(
        url,
        {
          method: booking.method,
          agent,
          timeout: 10_000,
          headers: { ...booking.headers, 'content-length': body.length },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) {
              latencies.push(performance.now() - due);
              if (!Buffer.concat(chunks).toString().includes('"dealID"')) errors += 1;
            } else {
              statuses[status] = (statuses[status] ?? 0) + 1;
            }
            done();
          });
          response.on('error', () => {
            errors += 1;
            done();
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        errors += 1;
        done();
      });
      request.end(body);
    });

  const total = Math.round(seconds * RATE);
  const interval = 1000 / RATE;
  const start = performance.now() + 20;
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(one(due));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? NaN;
  return {
    engine,
    mode: `${RATE}/s even (open loop)`,
    rps: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    errors,
    statuses,
    judged: true,
  };
}

/** What the server says its limit on the booking route is (the rate-limit plugin's header). */
async function rateLimitOf(server: RunningServer, booking: Booking): Promise<string> {
  const response = await sendBooking(server.base, booking);
  const body = await response.text();
  if (response.status !== 200) throw new Error(`the booking is not accepted: ${response.status} ${body}`);
  const limit = response.headers.get('x-ratelimit-limit');
  if (limit && Number(limit) < Number(UNLIMITED_SUBMISSIONS.RATE_LIMIT_SUBMISSIONS)) {
    // the runs would measure the rate limiter's 429s, not the booking
    throw new Error(`the server limits ${BOOKING_PATH} to ${limit}/min: RATE_LIMIT_SUBMISSIONS is not honoured`);
  }
  return limit ? `${limit} requests/min per client address` : 'none reported';
}

async function benchEngine(engine: 'pglite' | 'postgres', rows: Row[], notes: string[], first: boolean) {
  const dataDir = await mkdtemp(join(tmpdir(), 'antrag-bench-'));
  const schema = engine === 'postgres' ? await createSchema('bench') : undefined;
  let server: RunningServer | undefined;
  try {
    const started = Date.now();
    server = await startServer({
      dataDir,
      databaseUrl: schema?.url,
      env: UNLIMITED_SUBMISSIONS,
      startTimeoutMs: 180_000,
    });
    console.log(`${engine}: server ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const booking = await prepareBooking(server.base);
    const limit = await rateLimitOf(server, booking);
    if (first) {
      notes.push(
        `Rate limit on ${BOOKING_PATH}: ${limit} (RATE_LIMIT_SUBMISSIONS=${UNLIMITED_SUBMISSIONS.RATE_LIMIT_SUBMISSIONS}; ` +
          'the default of 30 would answer 429 from the 31st request of a minute).',
      );
    }

    console.log(`${engine}: warm-up, ${WARMUP} s at ${RATE} requests/s`);
    await cannon(engine, 'warm-up', server, booking, { seconds: WARMUP, rate: RATE });
    console.log(`${engine}: ${DURATION} s at ${RATE} requests/s (autocannon overallRate), ${CONNECTIONS} connections`);
    rows.push(
      await cannon(engine, `${RATE}/s autocannon`, server, booking, { seconds: DURATION, rate: RATE, judged: true }),
    );
    console.log(`${engine}: ${DURATION} s at ${RATE} requests/s, evenly paced`);
    rows.push(await paced(engine, server, booking, DURATION));
    console.log(`${engine}: ${MAX_DURATION} s at the highest rate, ${CONNECTIONS} connections`);
    rows.push(await cannon(engine, 'max rate', server, booking, { seconds: MAX_DURATION }));
    const stopped = await server.stop('SIGTERM');
    if (stopped.code !== 0) notes.push(`${engine}: the server exited with ${JSON.stringify(stopped)}.`);
  } catch (error) {
    if (server) {
      await server.stop('SIGKILL');
      console.error(server.output());
    }
    throw error;
  } finally {
    if (schema) await dropSchema(schema.schema);
    await rm(dataDir, { recursive: true, force: true });
  }
}

function verdict(row: Row): string {
  if (!row.judged) return '–';
  const non2xx = Object.values(row.statuses).reduce((a, b) => a + b, 0);
  const rateKept = row.rps >= RATE * 0.95;
  const ok = row.p99 < TARGET_P99_MS && rateKept && row.errors + non2xx === 0;
  const why = [
    row.p99 >= TARGET_P99_MS ? `p99 ≥ ${TARGET_P99_MS} ms` : '',
    rateKept ? '' : 'rate not kept',
    row.errors + non2xx ? 'failures' : '',
  ].filter(Boolean);
  const scope = row.engine === 'postgres' ? '' : ' (target is for PostgreSQL)';
  return `${ok ? 'met' : `missed: ${why.join(', ')}`}${scope}`;
}

function table(rows: Row[]): string {
  const head = [
    'engine',
    'mode',
    'requests/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'non-2xx',
    `target p99<${TARGET_P99_MS}ms`,
  ];
  const body = rows.map((row) => {
    const non2xx = Object.values(row.statuses).reduce((a, b) => a + b, 0);
    const detail = Object.entries(row.statuses)
      .map(([code, n]) => `${n}×${code}`)
      .join(' ');
    return [
      row.engine,
      row.mode,
      row.rps.toFixed(1),
      row.p50.toFixed(1),
      row.p99.toFixed(1),
      String(row.errors),
      non2xx ? `${non2xx} (${detail})` : '0',
      verdict(row),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

async function main() {
  const rows: Row[] = [];
  const notes: string[] = [];
  console.log(
    `Booking submission ${BOOKING_PATH}: node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}); ` +
      'load generator, server and database on this one machine.',
  );
  for (const [i, engine] of ENGINES.entries()) await benchEngine(engine, rows, notes, i === 0);
  console.log(`\n${table(rows)}\n`);
  notes.push(
    `"autocannon" runs at ${RATE}/s: each connection sends its share back to back at the start of every second ` +
      '(bursts at full speed, then idle); "even" runs send one request every ' +
      `${(1000 / RATE).toFixed(1)} ms and measure each latency from the moment the request was due.`,
    'errors = connection errors, timeouts and 2xx answers without a dealID; latencies are those of 2xx answers.',
  );
  for (const note of notes) console.log(`Note: ${note}`);
}

main().catch((error: Error) => {
  console.error(`bench:server failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
