/**
 * Load on a validated booking submission (POST /api/internal/services/aok, the health-insurance booking as the
 * form sends it: compiled-schema validation, a lookup of its two uploads and an insert in one transaction), against
 * the real server as a child process (tests/integration/server/durability/harness.ts), on embedded PGlite and on PostgreSQL.
 *
 * Method, for each engine, on a fresh server and database:
 * - `--bookings` applicants (100) each upload their two files (an admission letter and a passport photo) through the
 *   real upload contract, from an address of their own (X-Forwarded-For; the server trusts the bench as its proxy,
 *   TRUST_PROXY=127.0.0.1); every run sends their bookings in turn. A submission locks the upload rows it names until
 *   it commits, so one booking sent again and again would measure a queue on two rows, not the server;
 * - a warm-up: `--warmup` seconds at 200 requests/s, not reported;
 * - each fixed rate (`--rates`, default 100, 200 and 400 requests/s) for `--duration` seconds with an open-loop
 *   generator in this process: one request every 1000/rate ms, evenly paced, sent whatever the earlier answers do,
 *   each latency measured from the moment the request was due. A late generator, or a queue in front of the server,
 *   counts against the server, never in its favour (no coordinated omission);
 * - the goal rate again with a fresh `Idempotency-Key` header on every request (site/server/idempotency.ts: the
 *   key and its answer are stored in the submission's transaction), so the cost of idempotency shows
 *   (`--idempotent-rate`, 0 = leave out);
 * - the capacity: autocannon, closed loop, `--connections` connections each sending its next request as soon as
 *   the last is answered, for `--max-duration` seconds. Its latencies are queueing under saturation, not a service
 *   level; its answers/s is the most the server took.
 * Reported per engine and run: offered rate, answers/s (2xx), p50, p99 and max latency of the 2xx answers, errors
 * (connection errors, timeouts, 2xx without a dealID), non-2xx answers by status, how late the generator sent (p99),
 * the CPU time per answer of the server process and, with PostgreSQL on this machine, of its backends (/proc; a figure
 * the machine's load moves much less than latencies), the 1-minute load average at the end of the run, and the
 * verdict at 200 requests/s. Printed too: the load average before and after each engine, the CPU count, the Node
 * version and the engines' versions.
 * Goal (issue 14): p99 under 50 ms at 200 requests/s on PostgreSQL.
 *
 * The submission rate limit (RATE_LIMIT_SUBMISSIONS, 30 a minute per address by default) is lifted for the run
 * (UNLIMITED_SUBMISSIONS), and checked: the run stops if the server still reports a lower limit. The counters stay in
 * the server's memory unless REDIS_URL is set for the bench (then the server gets it and keeps them in Redis, as with
 * several instances); the run says which.
 *
 * The load generator, the server and PostgreSQL share this machine, so the figures are a lower bound, and they move
 * with the machine's load: compare figures only with the load average next to them.
 *
 * Run: npm run bench:server
 *   options: --engine pglite|postgres|pglite,postgres (default both), --rates <n,n,…> (100,200,400),
 *            --rate <n> (one rate instead of --rates), --duration <s> (15), --warmup <s> (5),
 *            --idempotent-rate <n> (200; 0 = none), --max-duration <s> (10; 0 = none), --connections <n> (20),
 *            --bookings <n> (100)
 *   PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); the run uses its own schema and
 *   drops it afterwards.
 */

import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BOOKING_PATH,
  type Booking,
  createSchema,
  dropSchema,
  POSTGRES_URL,
  postgresAdmin,
  prepareBooking,
  ROOT,
  type RunningServer,
  sendBooking,
  startServer,
  UNLIMITED_SUBMISSIONS,
} from '../integration/server/durability/harness.js';

// autocannon ships no types; the part used here:
interface AutocannonResult {
  requests: { total: number };
  latency: { p50: number; p99: number; max: number };
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
  timeout?: number;
  method: string;
  headers: Record<string, string>;
  body: string;
  requests?: Array<{
    setupRequest?: (request: { body?: string }) => { body?: string };
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
function numbers(name: string, text: string, allowZero = false): number[] {
  const values = text.split(',').map((v) => Number(v.trim()));
  if (values.length === 0 || values.some((v) => !Number.isFinite(v) || v < 0 || (v === 0 && !allowZero))) {
    throw new Error(`--${name} must be ${allowZero ? 'zero or more' : 'more than zero'}, not "${text}"`);
  }
  return values;
}
const GOAL_RATE = 200;
const GOAL_P99_MS = 50;
const RATES = process.argv.includes('--rate')
  ? numbers('rate', arg('rate', ''))
  : numbers('rates', arg('rates', '100,200,400'));
const DURATION = numbers('duration', arg('duration', '15'))[0];
const WARMUP = numbers('warmup', arg('warmup', '5'), true)[0];
const IDEMPOTENT_RATE = numbers('idempotent-rate', arg('idempotent-rate', String(GOAL_RATE)), true)[0];
const MAX_DURATION = numbers('max-duration', arg('max-duration', '10'), true)[0];
const CONNECTIONS = numbers('connections', arg('connections', '20'))[0];
const BOOKINGS = numbers('bookings', arg('bookings', '100'))[0];
const ENGINES = arg('engine', 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
for (const engine of ENGINES) {
  if (engine !== 'pglite' && engine !== 'postgres') throw new Error(`--engine: pglite or postgres, not "${engine}"`);
}
/** A pause between runs, so one run's tail (GC, checkpoints, open sockets) is not the next run's start. */
const SETTLE_MS = 2_000;
/** The longest wait for a busy server to become idle after a run. */
const SETTLE_LIMIT_MS = 120_000;

/** One measured run, whichever generator made it. */
interface Row {
  engine: string;
  run: string;
  /** Requests per second sent (open loop); undefined for the closed loop. */
  offered?: number;
  /** The rate the run was meant to keep (open loop). */
  rate?: number;
  /** 2xx answers per second, from the first request due to the last answer. */
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Connection errors, timeouts, and 2xx answers without a dealID. */
  errors: number;
  /** Answers that were not 2xx, by status. */
  statuses: Record<string, number>;
  /** The first answer body of each non-2xx status, to say what went wrong. */
  samples: Record<string, string>;
  /** How late the generator sent, p99, in ms (open loop). */
  lag?: number;
  /** 1-minute load average at the end of the run. */
  load: number;
  /** CPU time of the server process per 2xx answer, ms (with PGlite: the database too, it runs inside). */
  serverCpu: number;
  /** CPU time of the server's PostgreSQL backends per 2xx answer, ms. */
  dbCpu?: number;
  /** Whether the run sent an Idempotency-Key with each request. */
  idempotent: boolean;
}

/** Milliseconds of CPU a process used so far (user + system, from /proc), 0 when it is gone. */
function cpuOf(pid: number): number {
  try {
    // the fields after the command name, which is in parentheses: state is field 3, utime 14, stime 15
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
const TICK_MS = 1000 / (Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100);

/**
 * CPU time of the server process and of its PostgreSQL backends (found by the application name its connection string
 * sets; only when PostgreSQL runs on this machine), so each run can say what one submission costs: a figure that moves
 * much less with the machine's load than latencies do.
 */
class CpuMeter {
  private server = 0;
  private backends = new Map<number, number>();
  constructor(
    private readonly pid: number,
    private readonly applicationName?: string,
  ) {}

  private async backendCpu(): Promise<Map<number, number>> {
    const found = new Map<number, number>();
    if (!this.applicationName) return found;
    const pids = await postgresAdmin((c) =>
      c.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [this.applicationName]),
    );
    for (const { pid } of pids.rows) found.set(pid, cpuOf(pid));
    return found;
  }

  /** CPU ms of the server and its backends so far. */
  async total(): Promise<number> {
    let sum = cpuOf(this.pid);
    for (const ms of (await this.backendCpu()).values()) sum += ms;
    return sum;
  }

  async start(): Promise<void> {
    this.server = cpuOf(this.pid);
    this.backends = await this.backendCpu();
  }

  /** CPU ms per answer since start(), of the server and of its backends (undefined without them). */
  async perAnswer(answers: number): Promise<{ server: number; db?: number }> {
    const server = (cpuOf(this.pid) - this.server) / answers;
    if (!this.applicationName) return { server };
    let db = 0;
    // a backend that ended during the run took its CPU time with it: the figure is a lower bound
    for (const [pid, ms] of await this.backendCpu()) db += ms - (this.backends.get(pid) ?? 0);
    return { server, db: db / answers };
  }
}

/**
 * Waits after a run until the server and its backends are idle (under a fifth of a core over half a second), at least
 * SETTLE_MS: a request the generator gave up on (timeout) is still worked on by the server and must not be the next
 * run's load. Answers the seconds it waited.
 */
async function settle(meter: CpuMeter): Promise<number> {
  const started = performance.now();
  await sleep(SETTLE_MS);
  while (performance.now() - started < SETTLE_LIMIT_MS) {
    const before = await meter.total();
    await sleep(500);
    if ((await meter.total()) - before < 100) break;
  }
  return (performance.now() - started) / 1000;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

/**
 * An open-loop run at an even pace: one request every 1000/rate ms, whatever the answers do, each latency measured
 * from the moment the request was due (so a late generator or a queue in front of the server counts against the
 * server, never in its favour). A generator that falls behind sends what is due at once.
 */
async function paced(
  engine: string,
  server: RunningServer,
  meter: CpuMeter,
  bookings: Booking[],
  options: { rate: number; seconds: number; idempotent?: boolean; label?: string },
): Promise<Row> {
  const { rate, seconds } = options;
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const url = new URL(`${server.base}${BOOKING_PATH}`);
  const bodies = bookings.map((b) => Buffer.from(b.body));
  const latencies: number[] = [];
  const lags: number[] = [];
  const statuses: Record<string, number> = {};
  const samples: Record<string, string> = {};
  let errors = 0;
  let lastAnswer = 0;

  const one = (due: number, booking: Booking, body: Buffer) =>
    new Promise<void>((done) => {
      const finish = () => {
        lastAnswer = performance.now();
        done();
      };
      lags.push(performance.now() - due);
      const headers: Record<string, string | number> = { ...booking.headers, 'content-length': body.length };
      if (options.idempotent) headers['idempotency-key'] = randomUUID();
      const request = httpRequest(url, { method: booking.method, agent, timeout: 10_000, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) {
            latencies.push(performance.now() - due);
            if (!Buffer.concat(chunks).toString().includes('"dealID"')) errors += 1;
          } else {
            statuses[status] = (statuses[status] ?? 0) + 1;
            samples[status] ??= Buffer.concat(chunks).toString().slice(0, 300);
          }
          finish();
        });
        response.on('error', () => {
          errors += 1;
          finish();
        });
      });
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        errors += 1;
        finish();
      });
      request.end(body);
    });

  await meter.start();
  const total = Math.round(seconds * rate);
  const interval = 1000 / rate;
  const start = performance.now() + 20;
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(one(due, bookings[i % bookings.length], bodies[i % bookings.length]));
  }
  const lastSent = performance.now();
  await Promise.all(pending);
  const cpu = await meter.perAnswer(latencies.length);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  return {
    engine,
    run: options.label ?? `${rate}/s`,
    rate,
    // the sending spans total - 1 intervals; a late generator stretches it
    offered: total / ((lastSent - start + interval) / 1000),
    rps: latencies.length / ((lastAnswer - start) / 1000),
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    errors,
    statuses,
    samples,
    lag: quantile(lags, 0.99),
    load: loadavg()[0],
    serverCpu: cpu.server,
    dbCpu: cpu.db,
    idempotent: options.idempotent ?? false,
  };
}

/** The capacity: autocannon, closed loop, each connection sending its next request when the last is answered. */
async function capacity(
  engine: string,
  server: RunningServer,
  meter: CpuMeter,
  bookings: Booking[],
  seconds: number,
): Promise<Row> {
  await meter.start();
  let noDealId = 0;
  let next = 0;
  const booking = bookings[0];
  const result = await autocannon({
    url: `${server.base}${BOOKING_PATH}`,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    method: booking.method,
    headers: booking.headers,
    body: booking.body,
    requests: [
      {
        // the applicants in turn, as the open-loop runs do
        setupRequest: (request) => ({ ...request, body: bookings[next++ % bookings.length].body }),
        onResponse: (status, body) => {
          if (status >= 200 && status < 300 && !body.includes('"dealID"')) noDealId += 1;
        },
      },
    ],
  });
  const statuses: Record<string, number> = {};
  let non2xx = 0;
  for (const [code, s] of Object.entries(result.statusCodeStats)) {
    if (!code.startsWith('2')) {
      statuses[code] = Number(s.count);
      non2xx += Number(s.count);
    }
  }
  const cpu = await meter.perAnswer(result.requests.total - non2xx);
  return {
    engine,
    run: `capacity, ${CONNECTIONS} conn. (autocannon)`,
    rps: (result.requests.total - non2xx) / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts + noDealId,
    statuses,
    samples: {},
    load: loadavg()[0],
    serverCpu: cpu.server,
    dbCpu: cpu.db,
    idempotent: false,
  };
}

/**
 * Checks, before measuring, that the booking is accepted, that the rate limit will not answer for the server, and
 * that the server honours Idempotency-Key (a repeat is replayed); answers the limit the server reports.
 */
async function preflight(server: RunningServer, booking: Booking): Promise<string> {
  const response = await sendBooking(server.base, booking);
  const body = await response.text();
  if (response.status !== 200 || !body.includes('"dealID"')) {
    throw new Error(`the booking is not accepted: ${response.status} ${body}`);
  }
  const limit = response.headers.get('x-ratelimit-limit');
  if (limit && Number(limit) < Number(UNLIMITED_SUBMISSIONS.RATE_LIMIT_SUBMISSIONS)) {
    // the runs would measure the rate limiter's 429s, not the booking
    throw new Error(`the server limits ${BOOKING_PATH} to ${limit}/min: RATE_LIMIT_SUBMISSIONS is not honoured`);
  }
  if (IDEMPOTENT_RATE > 0) {
    const keyed = { ...booking, headers: { ...booking.headers, 'idempotency-key': randomUUID() } };
    const first = await sendBooking(server.base, keyed);
    const firstBody = await first.text();
    const again = await sendBooking(server.base, keyed);
    const againBody = await again.text();
    if (first.status !== 200 || again.headers.get('idempotent-replayed') !== 'true' || againBody !== firstBody) {
      throw new Error(
        `the server does not honour Idempotency-Key on ${BOOKING_PATH}: ${first.status} ${firstBody}, then ` +
          `${again.status} (Idempotent-Replayed: ${again.headers.get('idempotent-replayed')}) ${againBody}`,
      );
    }
  }
  return limit ? `${limit} requests/min per client address` : 'none reported';
}

/**
 * `--bookings` applicants, each with a booking that names two files of their own (uploaded through the real
 * contract, from the applicant's own address: the upload routes allow 30 a minute per address, not configurable).
 * The runs send them in turn: real submissions name their own uploads, and a submission locks the upload rows it
 * names until it commits, so one booking sent again and again would measure a queue on two rows.
 */
async function applicants(server: RunningServer): Promise<Booking[]> {
  const bookings: Booking[] = [];
  let next = 0;
  const worker = async () => {
    while (next < BOOKINGS) {
      const i = next++;
      bookings.push(await prepareBooking(server.base, { 'x-forwarded-for': `10.0.${i >> 8}.${i & 255}` }));
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return bookings;
}

function pgliteVersion(): string {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

async function benchEngine(engine: 'pglite' | 'postgres', rows: Row[], notes: string[], first: boolean) {
  const dataDir = await mkdtemp(join(tmpdir(), 'antrag-bench-'));
  const schema = engine === 'postgres' ? await createSchema('bench') : undefined;
  let server: RunningServer | undefined;
  try {
    const started = Date.now();
    // the server's connections name themselves, so their CPU time can be told from other clients'
    const databaseUrl = schema ? new URL(schema.url) : undefined;
    databaseUrl?.searchParams.set('application_name', schema!.schema);
    server = await startServer({
      dataDir,
      databaseUrl: databaseUrl?.toString(),
      // the bench is the proxy in front of the server: each applicant's uploads come with an address of their own
      env: {
        ...UNLIMITED_SUBMISSIONS,
        TRUST_PROXY: '127.0.0.1',
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      },
      startTimeoutMs: 180_000,
    });
    let version: string;
    if (engine === 'postgres') {
      version = await postgresAdmin(async (c) => (await c.query<{ v: string }>('select version() as v')).rows[0].v);
      version = `${version.split(',')[0]} at ${new URL(POSTGRES_URL).host}`;
    } else {
      // the embedded database's own data directory names its PostgreSQL major version
      const major = (await readFile(join(dataDir, 'db', 'PG_VERSION'), 'utf8').catch(() => '?')).trim();
      version = `@electric-sql/pglite ${pgliteVersion()} (PostgreSQL ${major} in WebAssembly, in the server process)`;
    }
    console.log(`\n${engine}: ${version}; server ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const prepared = Date.now();
    const bookings = await applicants(server);
    console.log(
      `${engine}: ${bookings.length} applicants' bookings ready (2 uploads each) after ` +
        `${((Date.now() - prepared) / 1000).toFixed(1)} s`,
    );
    const limit = await preflight(server, bookings[0]);
    const local = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(POSTGRES_URL).hostname);
    const meter = new CpuMeter(server.child.pid!, schema && local ? schema.schema : undefined);
    if (first) {
      notes.push(
        `Rate limit on ${BOOKING_PATH}: ${limit} (RATE_LIMIT_SUBMISSIONS=${UNLIMITED_SUBMISSIONS.RATE_LIMIT_SUBMISSIONS}; ` +
          'the default of 30 would answer 429 from the 31st request of a minute); counters ' +
          `${process.env.REDIS_URL ? `in Redis at ${process.env.REDIS_URL}` : 'in the server process (no REDIS_URL)'}.`,
      );
    }
    const before = load();
    console.log(`${engine}: load average before (1/5/15 min): ${before}`);

    if (WARMUP > 0) {
      console.log(`${engine}: warm-up, ${WARMUP} s at ${GOAL_RATE} requests/s`);
      await paced(engine, server, meter, bookings, { rate: GOAL_RATE, seconds: WARMUP });
      await settle(meter);
    }
    const runs: Array<{ rate: number; idempotent: boolean }> = [];
    for (const rate of RATES) {
      runs.push({ rate, idempotent: false });
      // the keyed run next to the plain one at the same rate, so the two meet the same conditions
      if (rate === IDEMPOTENT_RATE) runs.push({ rate, idempotent: true });
    }
    if (IDEMPOTENT_RATE > 0 && !RATES.includes(IDEMPOTENT_RATE)) runs.push({ rate: IDEMPOTENT_RATE, idempotent: true });
    for (const { rate, idempotent } of runs) {
      const label = idempotent ? `${rate}/s + Idempotency-Key` : `${rate}/s`;
      console.log(`${engine}: ${DURATION} s at ${label}, evenly paced (open loop)`);
      const row = await paced(engine, server, meter, bookings, { rate, seconds: DURATION, idempotent, label });
      console.log(
        `  answers/s ${row.rps.toFixed(1)}, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, ` +
          `max ${row.max.toFixed(1)} ms, load ${row.load.toFixed(2)}`,
      );
      rows.push(row);
      const waited = await settle(meter);
      if (waited > SETTLE_MS / 1000 + 1.5) {
        const note =
          `${engine}, ${label}: the server was busy for ${waited.toFixed(0)} s after the run ` +
          '(requests the generator had given up on)';
        console.log(`  ${note}`);
        notes.push(`${note}.`);
      }
    }
    if (MAX_DURATION > 0) {
      console.log(`${engine}: ${MAX_DURATION} s as fast as answered, ${CONNECTIONS} connections (autocannon)`);
      rows.push(await capacity(engine, server, meter, bookings, MAX_DURATION));
    }
    for (const row of rows.filter((r) => r.engine === engine)) {
      for (const [status, sample] of Object.entries(row.samples)) {
        notes.push(`${engine}, ${row.run}: the first ${status} answer was ${sample}`);
      }
    }
    if (rows.some((r) => r.engine === engine && Object.keys(r.statuses).some((s) => s.startsWith('5')))) {
      // what the server logged about its 5xx answers (LOG_LEVEL=warn: warnings and errors only)
      notes.push(`${engine}: the server's log ends with:\n${server.output().slice(-4_000)}`);
    }
    const after = load();
    console.log(`${engine}: load average after (1/5/15 min): ${after}`);
    notes.push(`${engine}: ${version}; load average before ${before}, after ${after}.`);
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

const non2xxOf = (row: Row) => Object.values(row.statuses).reduce((a, b) => a + b, 0);

/** Whether a run at the goal rate met the goal: p99 under 50 ms, the rate kept, no failures. */
function verdict(row: Row): string {
  if (row.rate !== GOAL_RATE) return '–';
  const rateKept = row.rps >= GOAL_RATE * 0.95;
  const failures = row.errors + non2xxOf(row);
  const why = [
    row.p99 >= GOAL_P99_MS ? `p99 ≥ ${GOAL_P99_MS} ms` : '',
    rateKept ? '' : 'rate not kept',
    failures ? 'failures' : '',
  ].filter(Boolean);
  const scope = row.engine !== 'postgres' ? ' (goal is for PostgreSQL)' : row.idempotent ? ' (with key)' : '';
  return `${why.length === 0 ? 'met' : `missed: ${why.join(', ')}`}${scope}`;
}

function table(rows: Row[]): string {
  const head = [
    'engine',
    'run',
    'offered/s',
    'answers/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'errors',
    'non-2xx',
    'send lag p99 ms',
    'CPU ms/answer',
    'load 1m',
    `p99 < ${GOAL_P99_MS} ms at ${GOAL_RATE}/s`,
  ];
  const body = rows.map((row) => {
    const non2xx = non2xxOf(row);
    const detail = Object.entries(row.statuses)
      .map(([code, n]) => `${n}×${code}`)
      .join(' ');
    return [
      row.engine,
      row.run,
      row.offered === undefined ? 'closed loop' : row.offered.toFixed(1),
      row.rps.toFixed(1),
      row.p50.toFixed(1),
      row.p99.toFixed(1),
      row.max.toFixed(1),
      String(row.errors),
      non2xx ? `${non2xx} (${detail})` : '0',
      row.lag === undefined ? '–' : row.lag.toFixed(1),
      row.dbCpu === undefined ? row.serverCpu.toFixed(2) : `${row.serverCpu.toFixed(2)} + ${row.dbCpu.toFixed(2)} db`,
      row.load.toFixed(2),
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
  console.log(
    `Runs per engine: warm-up ${WARMUP} s, then ${DURATION} s at each of ${RATES.join(', ')} requests/s` +
      `${IDEMPOTENT_RATE > 0 ? ` and ${IDEMPOTENT_RATE}/s with an Idempotency-Key each` : ''} (open loop)` +
      `${MAX_DURATION > 0 ? `, then ${MAX_DURATION} s of capacity (closed loop, ${CONNECTIONS} connections)` : ''}.`,
  );
  for (const [i, engine] of ENGINES.entries()) await benchEngine(engine, rows, notes, i === 0);
  console.log(`\n${table(rows)}\n`);
  notes.push(
    'Open-loop runs ("N/s"): one request every 1000/N ms, evenly paced, sent whatever the answers do; each latency ' +
      'runs from the moment the request was due, so waiting in the generator or in front of the server counts. ' +
      '"send lag" is how late the generator sent (the machine is shared; large values mean the generator, not only ' +
      'the server, was short of CPU).',
    '"+ Idempotency-Key": the same, with a fresh key on every request; the server stores key and answer in the ' +
      "submission's transaction.",
    'Capacity: autocannon, closed loop (each connection sends its next request when the last is answered): ' +
      'answers/s is the most the server took; its latencies are queueing at saturation, not a service level.',
    '"CPU ms/answer": CPU time (user + system) the server process used per 2xx answer during the run, with PGlite ' +
      'the database\'s work included (it runs inside); with PostgreSQL, "+ … db" is its backends\' for this ' +
      "server. It moves much less with the machine's load than latencies do: 1000 / (server CPU ms) is about the " +
      'most one server process could answer per second with a core to itself.',
    'errors = connection errors, timeouts (10 s without an answer on the connection) and 2xx answers without a ' +
      'dealID; latencies are those of 2xx answers; "met" needs p99 < 50 ms, at least 95 % of the rate answered and ' +
      'no failures.',
    '"load 1m" counts the bench\'s own processes too: the generator, the server and the database.',
  );
  for (const note of notes) console.log(`Note: ${note}`);
  const goal = rows.find((r) => r.engine === 'postgres' && r.rate === GOAL_RATE && !r.idempotent);
  if (goal) {
    console.log(
      `\nGoal, p99 < ${GOAL_P99_MS} ms at ${GOAL_RATE} requests/s on PostgreSQL: ${verdict(goal)} ` +
        `(p99 ${goal.p99.toFixed(1)} ms, ${goal.rps.toFixed(1)} answers/s, load ${goal.load.toFixed(2)}).`,
    );
  }
}

main().catch((error: Error) => {
  console.error(`bench:server failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
