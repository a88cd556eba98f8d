/**
 * The real server as a child process, for the durability test and the load benchmark: started with
 * `node --conditions=antrag:source --import tsx site/server/main.ts` (one process, so a SIGKILL hits the server itself and not a
 * launcher), configured by environment variables only, reached over HTTP like any client.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { compileForm } from '../../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../../packages/core/src/compile/types.js';
import { encodeRequest } from '../../../../packages/core/src/payload/index.js';
import { student } from '../../../fixtures/forms/health-insurance.js';
import { JPEG, PDF, uploadForm } from '../../../unit/server/files/samples.js';

export const ROOT = join(import.meta.dirname, '../../../..');
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/**
 * Builds the web app into `outDir` (vite, the project's config) and returns it: tests and benchmarks serve a build
 * of their own, so parallel runs and `npm start` never serve a half-written `dist/site`.
 */
export function buildWebApp(outDir: string, logLevel: 'warn' | 'error' = 'warn'): string {
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'site/vite.config.ts',
      '--logLevel',
      logLevel,
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  return outDir;
}

/** Builds the studio's own bundle (`site/web/studio/vite.config.ts`) into `outDir`, as `npm run build` does. */
export function buildStudioApp(outDir: string): string {
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'site/web/studio/vite.config.ts',
      '--logLevel',
      'warn',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  return outDir;
}

export const BOOKING_PATH = '/api/internal/services/aok';

/** A port nobody listens on right now (the OS picks it; it is released again at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  dataDir: string;
  /** PostgreSQL connection string; absent = embedded PGlite in `dataDir/db`. */
  databaseUrl?: string;
  port?: number;
  /** Further environment variables for the server. */
  env?: Record<string, string>;
  /** How long the server may take to answer /api/health (PGlite's first start takes seconds). */
  startTimeoutMs?: number;
}

export interface RunningServer {
  child: ChildProcess;
  base: string;
  port: number;
  /** Resolves when the process has exited, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What the server wrote to stdout and stderr so far (for failure messages). */
  output(): string;
  /** Sends `signal` (SIGTERM by default) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Environment variables that must come from the options, never from the caller's shell. */
const SERVER_VARIABLES = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'WEB_ROOT',
  'DATABASE_URL',
  'ANTRAG_SECRET',
  'LOG_LEVEL',
  'STORAGE_DRIVER',
  'TRUST_PROXY',
  'RATE_LIMIT_SUBMISSIONS',
  'RATE_LIMIT_TOKENS',
  'RATE_LIMIT_PREFIX',
  'REDIS_URL',
  'UPLOAD_ORPHAN_HOURS',
  // the form store and the staff API (issue 17)
  'ANTRAG_ADMIN_TOKEN',
  'FORM_VERSION_GRACE_DAYS',
  'STAFF_LOCKOUT_ATTEMPTS',
  'STAFF_LOCKOUT_MINUTES',
  'STAFF_SESSION_HOURS',
  'RATE_LIMIT_SIGN_IN',
  'CONTENT_SOURCE',
  'CONTENT_FORMS',
  'CONTENT_FORMS_POLL_SECONDS',
  'CONTENT_WEBHOOK_SECRET',
  'FORM_PUBLISH_TIMEOUT_MS',
  'FORM_PUBLISH_MEMORY_MB',
  'FORM_PUBLISH_QUEUE',
];

/** Starts the server and waits until /api/health answers; rejects (and kills it) when it does not in time. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_VARIABLES) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    ANTRAG_SECRET: 'durability-test-secret',
    LOG_LEVEL: 'warn',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  });
  const child = spawn(process.execPath, ['--conditions=antrag:source', '--import', 'tsx', 'site/server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const base = `http://127.0.0.1:${port}`;
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (!hasExited) child.kill(signal);
    return exited;
  };
  const server: RunningServer = { child, base, port, exited, output: () => log, stop };

  const deadline = Date.now() + (options.startTimeoutMs ?? 120_000);
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`the server exited before it was ready:\n${log}`);
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop('SIGKILL');
  throw new Error(`the server did not answer /api/health within ${options.startTimeoutMs ?? 120_000} ms:\n${log}`);
}

/**
 * Settings for load from one address: the submission routes allow RATE_LIMIT_SUBMISSIONS requests a
 * minute per client address (30 by default), which a load test passes within a fraction of a second.
 */
export const UNLIMITED_SUBMISSIONS = { RATE_LIMIT_SUBMISSIONS: '100000000' };

/**
 * Uploads one file through the real contract: ask for a signed target, then post the form to it. `headers` go with
 * both requests (the load benchmark sends each applicant's own X-Forwarded-For).
 */
export async function uploadFile(
  base: string,
  name: string,
  contentType: string,
  data: Uint8Array,
  headers: Record<string, string> = {},
): Promise<void> {
  const query = new URLSearchParams({ file: name, fileType: contentType });
  const targetResponse = await fetch(`${base}/api/upload-file?${query}`, { headers });
  if (!targetResponse.ok) {
    throw new Error(`GET /api/upload-file for ${name}: ${targetResponse.status} ${await targetResponse.text()}`);
  }
  const target = (await targetResponse.json()) as { url: string; fields: Record<string, string> };
  const form = uploadForm(target.fields, data, contentType);
  const response = await fetch(new URL(target.url, base), {
    method: 'POST',
    headers: { ...headers, ...form.headers },
    body: new Uint8Array(form.payload),
  });
  if (response.status !== 204) {
    throw new Error(`POST ${target.url} for ${name}: ${response.status} ${await response.text()}`);
  }
}

let healthInsurance: CompiledForm | undefined;
function healthInsuranceForm(): CompiledForm {
  healthInsurance ??= compileForm(
    JSON.parse(readFileSync(join(ROOT, 'schemas/health-insurance/health-insurance-booking.form.json'), 'utf8')),
  ).form as CompiledForm;
  return healthInsurance;
}

export interface Booking {
  method: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * Uploads an admission letter (PDF) and a passport photo (JPEG) under fresh generated names and
 * returns a valid health-insurance booking that refers to them, as the form would send it. `uploadHeaders` go with
 * the uploads only.
 */
export async function prepareBooking(base: string, uploadHeaders: Record<string, string> = {}): Promise<Booking> {
  const id = randomBytes(6).toString('hex');
  const admission = `admissionDocumentUpload_${id}.pdf`;
  const photo = `passportPhotoUpload_${id}.jpg`;
  await uploadFile(base, admission, 'application/pdf', PDF, uploadHeaders);
  await uploadFile(base, photo, 'image/jpeg', JPEG, uploadHeaders);
  const data = student();
  (data.admissionDocumentUpload as Array<{ name: string }>)[0].name = admission;
  (data.passportPhotoUpload as Array<{ name: string }>)[0].name = photo;
  const form = healthInsuranceForm();
  const request = encodeRequest(form.submit!, data, {}, form);
  return { method: request.method, headers: request.headers, body: request.body as string };
}

export function sendBooking(base: string, booking: Booking, signal?: AbortSignal): Promise<Response> {
  return fetch(`${base}${BOOKING_PATH}`, {
    method: booking.method,
    headers: booking.headers,
    body: booking.body,
    signal,
  });
}

// PostgreSQL: one schema per run --------------------------------------------------------------

export async function postgresAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty schema and returns its name and a connection string whose search_path is that schema. */
export async function createSchema(prefix = 'durability'): Promise<{ schema: string; url: string }> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await postgresAdmin((c) => c.query(`create schema ${schema}`));
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { schema, url: url.toString() };
}

export async function dropSchema(schema: string): Promise<void> {
  await postgresAdmin((c) => c.query(`drop schema if exists ${schema} cascade`));
}
