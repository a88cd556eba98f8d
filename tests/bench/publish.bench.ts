/**
 * How long publishing a form takes (issue 17), for the health-insurance booking
 * (`schemas/health-insurance/health-insurance-booking.form.json`), and how long until a second instance serves it.
 *
 * Part 1, in this process, on a fresh database of each engine: the phases of a publish, each run alone with the
 * functions the store runs (site/server/forms/artifacts.ts):
 * - check: the definition read and checked as the CLI checks a file (`readDocument`, `formFromDocument`: the
 *   meta-schema check and one compile of the default variant);
 * - compile: `compileForm` for every variant its options declare (`variantsOf`);
 * - precompile: `precompileValidators` for every variant's modules (the whole form and each step);
 * - and then `FormStore.publish` itself, split by the times of its SQL statements (a Kysely plugin notes when each
 *   is sent): "prepare" from the call to the first statement (`prepareVersion`: the three phases above, as the store
 *   runs them, and taking a connection), "store" from there to the first statement after the commit (lock, number,
 *   the insert of definition and artefacts, the served pointer, the notice, the audit entry, the commit), "load"
 *   from there to the return (this instance reads the version back and serves it: its submission validators are
 *   compiled then); and `FormStore.publish` once more as the server runs it, with `prepareVersion` in the publish
 *   worker (forms/publishWorker.ts: a worker thread; the definition and the artefacts cross to it and back).
 * Part 2: two server processes A and B (tests/integration/server/durability/harness.ts) on one PostgreSQL schema.
 * Each run publishes the booking on A (PUT /api/admin/forms/{id} with the admin token) and, from the moment the
 * request is sent, polls B's GET /api/forms/{id} (one request at a time, `--poll` ms apart) until it names the new
 * version. B hears of the publish at A's commit (LISTEN/NOTIFY) and loads it while A loads it too, so B may serve it
 * before A has answered: printed are the times from the request and from A's answer (negative: before it) until B's
 * answer, and B's answer time, which bounds how late the poll sees the change.
 * Each part runs `--warmup` publishes first (not counted: the first compile of ajv's meta-schemas and the JIT), then
 * `--runs` measured ones. Printed: median and p95 of each figure (of 10 runs, p95 is the slowest), the load
 * averages before and after each part, the machine.
 *
 * Run: npm run bench:publish
 *   options: --runs <n> (10), --warmup <n> (1), --poll <ms> (10), --engines postgres,pglite (both) for part 1,
 *            --instances false (leave part 2 out)
 *   PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); each run of the bench uses
 *   schemas of its own and drops them afterwards.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { arch, cpus, loadavg, platform, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { compileForm } from '../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../packages/core/src/compile/types.js';
import { type FileAccess, formFromDocument, readDocument } from '../../packages/core/src/document/index.js';
import type { FormDefinition } from '../../packages/core/src/dsl/types.js';
import { precompileValidators } from '../../packages/core/src/validate/index.js';
import { renderChecksOf } from '../../packages/react/src/engine/renderChecks.js';
import { formSettings, loadConfig } from '../../site/server/config.js';
import { openDatabase } from '../../site/server/db/index.js';
import { prepareVersion } from '../../site/server/forms/artifacts.js';
import { PublishWorker } from '../../site/server/forms/publishWorker.js';
import { FormRegistry, variantsOf } from '../../site/server/forms/registry.js';
import { FormStore } from '../../site/server/forms/store.js';
import {
  createSchema,
  dropSchema,
  ROOT,
  type RunningServer,
  startServer,
} from '../integration/server/durability/harness.js';

const FORM_FILE = 'schemas/health-insurance/health-insurance-booking.form.json';
const ADMIN_TOKEN = 'publish-bench-admin-token-0123456789abcdef';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
function count(name: string, fallback: number, min: number): number {
  const value = Number(arg(name, String(fallback)));
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number from ${min}`);
  return value;
}
const RUNS = count('runs', 10, 1);
const WARMUP = count('warmup', 1, 0);
const POLL_MS = count('poll', 10, 0);
const ENGINES = arg('engines', 'postgres,pglite').split(',');
for (const e of ENGINES)
  if (e !== 'postgres' && e !== 'pglite') throw new Error(`--engines: postgres or pglite, not ${e}`);
const INSTANCES = arg('instances', 'true') !== 'false';

// figures ---------------------------------------------------------------------------------------------------------

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const ms = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' / ');

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows
    .map((r, i) => {
      const line = r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('   ');
      return i === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('   ')}` : line;
    })
    .join('\n');
}

/** One row a figure: its median, p95, min and max over the runs. */
function figures(samples: Record<string, number[]>): string {
  const rows = [['', 'median', 'p95', 'min', 'max']];
  for (const [name, values] of Object.entries(samples)) {
    rows.push([
      name,
      ms(percentile(values, 50)),
      ms(percentile(values, 95)),
      ms(Math.min(...values)),
      ms(Math.max(...values)),
    ]);
  }
  return table(rows);
}

async function timed<T>(run: () => T | Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await run();
  return [value, performance.now() - started];
}

/**
 * The booking as run `run` publishes it: its description names the run, so every publish is new content (the store
 * answers a definition equal to the one it serves with that version, and stores nothing).
 */
function definitionOf(definition: unknown, run: number): unknown {
  const form = definition as { description?: string };
  return { ...form, description: `${form.description ?? ''} (publish benchmark, run ${run + 1})`.trim() };
}

// part 1: the phases ------------------------------------------------------------------------------------------------

/** The document in memory, as the store reads a published definition (no other file to refer to). */
function memoryFiles(name: string, text: string): FileAccess {
  return {
    read: (file) => {
      if (file === name) return text;
      throw Object.assign(new Error(`no file ${file}`), { code: 'ENOENT' });
    },
    resolve: (_dir, path) => path,
    dirname: () => '',
    display: (file) => file,
  };
}

function check(definition: unknown): FormDefinition {
  const source = formFromDocument(
    readDocument('definition.json', memoryFiles('definition.json', JSON.stringify(definition, null, 2))),
  );
  if (!source.definition || !source.form)
    throw new Error(`the booking does not check: ${JSON.stringify(source.diagnostics)}`);
  return source.definition;
}

function compileVariants(dsl: FormDefinition): CompiledForm[] {
  return variantsOf(dsl).map((options) => {
    const { form } = compileForm(dsl, { options });
    if (!form) throw new Error(`a variant of the booking does not compile (${JSON.stringify(options)})`);
    return form;
  });
}

/** Every module the store keeps: for each variant, the whole form's and each step's. */
function precompileModules(variants: CompiledForm[]): number {
  let bytes = 0;
  for (const form of variants) {
    for (const step of [undefined, ...form.stepSchemas.map((_, i) => i)]) {
      bytes += precompileValidators(form, {
        runtimeImport: '/runtime.js',
        phoneRuntimeImport: '/runtime-phone.js',
        bundle: true,
        step,
        checks: renderChecksOf(form, step),
      }).length;
    }
  }
  return bytes;
}

/** Notes when each SQL statement is sent and, for inserts, into which table. */
class StatementClock implements KyselyPlugin {
  marks: Array<{ at: number; insertInto?: string }> = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    const insertInto = node.kind === 'InsertQueryNode' ? node.into?.table.identifier.name : undefined;
    this.marks.push({ at: performance.now(), insertInto });
    return node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** `FormStore.publish` split at its statements: prepare (until the first), store (until the one after the commit), load. */
async function publishSplit(store: FormStore, clock: StatementClock, definition: unknown, id: string) {
  clock.marks = [];
  const [result, total] = await timed(() => store.publish(id, definition, { origin: 'token', name: 'bench' }));
  if (!result.ok) throw new Error(`the publish was refused: ${JSON.stringify(result.diagnostics)}`);
  if (result.unchanged) throw new Error('the store took the publish for the version it serves: nothing was stored');
  const started = performance.now() - total;
  const audit = clock.marks.findIndex((m) => m.insertInto === 'audit_log');
  const first = clock.marks[0];
  const afterCommit = clock.marks[audit + 1];
  if (!first || audit < 0 || !afterCommit) throw new Error('the publish ran other statements than expected');
  return {
    prepare: first.at - started,
    store: afterCommit.at - first.at,
    load: started + total - afterCommit.at,
    total,
  };
}

async function phases(engine: string, definition: unknown, id: string): Promise<void> {
  console.log(`\n--- part 1: the phases of a publish, in process, on ${engine} (load before: ${load()})`);
  const clock = new StatementClock();
  let drop = async () => {};
  const dataDir = await mkdtemp(join(tmpdir(), 'antrag-bench-publish-'));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (engine === 'postgres') {
    const { schema, url } = await createSchema('bench_publish');
    env.DATABASE_URL = url;
    drop = () => dropSchema(schema);
  }
  const database = await openDatabase(loadConfig(env));
  const db = database.db.withPlugin(clock);
  const store = new FormStore(db, new FormRegistry(), { graceDays: 30 });
  // as the server publishes: checked and compiled in the publish worker (a worker thread), with its default limits
  const worker = new PublishWorker(formSettings({}).publish);
  const viaWorker = new FormStore(db, new FormRegistry(), { graceDays: 30, prepare: worker.prepare });
  const samples: Record<string, number[]> = {};
  const note = (name: string, value: number) => {
    samples[name] ??= [];
    samples[name].push(value);
  };
  let sizes = { variants: 0, modules: 0, moduleBytes: 0, artefactBytes: 0 };
  try {
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const published = definitionOf(definition, run);
      const [dsl, checkMs] = await timed(() => check(published));
      const [variants, compileMs] = await timed(() => compileVariants(dsl));
      const [moduleBytes, precompileMs] = await timed(() => precompileModules(variants));
      const split = await publishSplit(store, clock, published, id);
      const [viaWorkerResult, viaWorkerMs] = await timed(() =>
        viaWorker.publish(id, definitionOf(definition, run + WARMUP + RUNS), { origin: 'token', name: 'bench' }),
      );
      if (!viaWorkerResult.ok || viaWorkerResult.unchanged)
        throw new Error('the publish through the worker stored nothing');
      if (run < WARMUP) continue;
      note('check (read, meta-schema, one compile)', checkMs);
      note(`compile (${variants.length} variant${variants.length === 1 ? '' : 's'})`, compileMs);
      const modules = variants.reduce((n, f) => n + f.stepSchemas.length + 1, 0);
      note(`precompile (${modules} modules)`, precompileMs);
      note('check + compile + precompile', checkMs + compileMs + precompileMs);
      note('publish: prepare (prepareVersion)', split.prepare);
      note('publish: store (transaction, commit)', split.store);
      note('publish: load (served here)', split.load);
      note('publish: total', split.total);
      note('publish through the publish worker: total', viaWorkerMs);
      sizes = { variants: variants.length, modules, moduleBytes, artefactBytes: 0 };
    }
    const prepared = prepareVersion(definition, id);
    if (prepared.ok)
      sizes.artefactBytes = JSON.stringify(prepared.artifacts).length + JSON.stringify(definition).length;
  } finally {
    await worker.close();
    await database.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(
    `${RUNS} runs (after ${WARMUP} warm-up); ${sizes.variants} variant${sizes.variants === 1 ? '' : 's'}, ${sizes.modules} validator modules ` +
      `(${(sizes.moduleBytes / 2 ** 20).toFixed(1)} MiB), ${(sizes.artefactBytes / 2 ** 20).toFixed(1)} MiB written a version\n`,
  );
  console.log(figures(samples));
  console.log(`load after: ${load()}`);
}

// part 2: a second instance ------------------------------------------------------------------------------------------

async function servedVersion(base: string, id: string): Promise<number | undefined> {
  const response = await fetch(`${base}/api/forms/${id}`);
  if (response.status !== 200) return undefined;
  return ((await response.json()) as { version?: number }).version;
}

/** Asks B one request at a time, POLL_MS apart, until it serves `version`: when its answer came, and each answer's time. */
async function pollUntilServed(base: string, id: string, version: number) {
  const started = performance.now();
  const answers: number[] = [];
  for (;;) {
    const asked = performance.now();
    const seen = await servedVersion(base, id);
    const at = performance.now();
    answers.push(at - asked);
    if (seen === version) return { at, answers };
    if (at - started > 30_000) throw new Error(`B did not serve version ${version} within 30 s`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** One publish on A, with B polled from the moment the request is sent (B may serve it before A answers). */
async function publishOnce(a: RunningServer, b: RunningServer, id: string, body: string) {
  const expected = ((await servedVersion(b.base, id)) ?? 0) + 1;
  const sent = performance.now();
  const poll = pollUntilServed(b.base, id, expected);
  const response = await fetch(`${a.base}/api/admin/forms/${id}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body,
  });
  const answered = performance.now();
  const { version } = (await response.json()) as { version?: number };
  if (response.status !== 201 || version !== expected) {
    throw new Error(`PUT on A answered ${response.status} with version ${version}, not ${expected}`);
  }
  const served = await poll;
  return {
    put: answered - sent,
    fromSent: served.at - sent,
    fromAnswer: served.at - answered,
    answers: served.answers,
  };
}

async function instances(definition: unknown, id: string): Promise<void> {
  console.log(
    `\n--- part 2: publish on A, served by B (two server processes, one PostgreSQL schema; load before: ${load()})`,
  );
  const { schema, url } = await createSchema('bench_publish');
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  const start = async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'antrag-bench-publish-'));
    dirs.push(dataDir);
    const server = await startServer({ dataDir, databaseUrl: url, env: { ANTRAG_ADMIN_TOKEN: ADMIN_TOKEN } });
    servers.push(server);
    return server;
  };
  const samples: Record<string, number[]> = {};
  const note = (name: string, value: number) => {
    samples[name] ??= [];
    samples[name].push(value);
  };
  const polls: number[] = [];
  try {
    const a = await start();
    const b = await start();
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const result = await publishOnce(a, b, id, JSON.stringify(definitionOf(definition, run)));
      // the next publish starts on quiet servers
      await new Promise((r) => setTimeout(r, 500));
      if (run < WARMUP) continue;
      note('PUT on A answered (check, compile, precompile, store, load)', result.put);
      note('B serves it, from the PUT sent', result.fromSent);
      note("B serves it, from A's answer (< 0: before it)", result.fromAnswer);
      note(`B's answer to GET /api/forms/${id} (the poll's step)`, percentile(result.answers, 50));
      polls.push(result.answers.length);
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await dropSchema(schema);
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  }
  console.log(
    `${RUNS} publishes (after ${WARMUP} warm-up); B polled from the moment each PUT was sent, every ${POLL_MS} ms\n`,
  );
  console.log(figures(samples));
  console.log(
    `B's answers until it served the new version: median ${percentile(polls, 50)}, max ${Math.max(...polls)}`,
  );
  console.log(`load after: ${load()}`);
}

async function main(): Promise<void> {
  const cpu = cpus();
  console.log(`Antrag publish benchmark: ${FORM_FILE}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  console.log(
    `machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
      `${platform()} ${arch()}, Node ${process.version}; load average (1 / 5 / 15 min) ${load()}`,
  );
  const definition: unknown = JSON.parse(readFileSync(join(ROOT, FORM_FILE), 'utf8'));
  const id = (definition as { id: string }).id;
  for (const engine of ENGINES) await phases(engine, definition, id);
  if (INSTANCES) await instances(definition, id);
}

await main();
