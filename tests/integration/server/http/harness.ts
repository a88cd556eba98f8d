/**
 * The whole server over real HTTP, wired as `site/server/main.ts` wires it: `buildApp` with the real
 * route modules (uploads and services), an embedded PGlite database in a temporary DATA_DIR, the
 * local file store and the outbox mail transport in that folder. One database per test file (PGlite
 * takes many seconds to create on a loaded machine); further servers with other settings (a small
 * upload limit, an SMTP transport that fails) can be started over the same database.
 */
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { compileForm } from '../../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../../packages/core/src/compile/types.js';
import { encodeRequest } from '../../../../packages/core/src/payload/index.js';
import { buildApp } from '../../../../site/server/app.js';
import { type Config, loadConfig } from '../../../../site/server/config.js';
import type { ServerContext } from '../../../../site/server/context.js';
import { type Database, type OpenDatabase, openDatabase } from '../../../../site/server/db/index.js';
import { createFileStore, registerUploadRoutes } from '../../../../site/server/files/index.js';
import { FormRegistry } from '../../../../site/server/forms/registry.js';
import { createMailTransport } from '../../../../site/server/otp/mail.js';
import { registerServiceRoutes } from '../../../../site/server/routes/services.js';
import { issueToken } from '../../../../site/server/tokens.js';
import { application } from '../../../fixtures/forms/blocked-account.js';
import { createSchema, dropSchema } from '../durability/harness.js';

export const ROOT = join(import.meta.dirname, '../../../..');
export const SECRET = 'http-test-secret-0123456789abcdef';
/** Time for `beforeAll`: PGlite creation alone takes 6–25 s on a loaded machine. */
export const SETUP_TIMEOUT = 120_000;

export interface Server {
  app: FastifyInstance;
  config: Config;
  ctx: ServerContext;
  base: string;
  /** fetch against this server (path starting with '/'). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

export interface Harness {
  dataDir: string;
  database: OpenDatabase;
  db: OpenDatabase['db'];
  /** The server with the default settings. */
  main: Server;
  /** Another server over the same database and DATA_DIR, with other environment settings. */
  start(env?: Record<string, string>): Promise<Server>;
  close(): Promise<void>;
}

let registry: FormRegistry | undefined;
function formRegistry(): FormRegistry {
  // compiled once per test file, as main.ts does at start
  registry ??= FormRegistry.load(ROOT);
  return registry;
}

/**
 * The server over a fresh database: embedded PGlite by default; with `DATABASE_URL` in `env` (a PostgreSQL
 * schema of its own, see `createSchema` in ../durability/harness.ts) PostgreSQL.
 */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'antrag-http-'));
  const baseEnv: Record<string, string> = { DATA_DIR: dataDir, ANTRAG_SECRET: SECRET, LOG_LEVEL: 'silent' };
  if (env.DATABASE_URL) baseEnv.DATABASE_URL = env.DATABASE_URL;
  // DATABASE_URL in `env` puts the servers on PostgreSQL (a schema of the caller's); default the embedded database
  const database = await openDatabase(loadConfig({ ...baseEnv, ...env }));
  const servers: Server[] = [];

  const start = async (overrides: Record<string, string> = {}): Promise<Server> => {
    const config = loadConfig({ ...baseEnv, ...env, ...overrides });
    const ctx: ServerContext = {
      config,
      db: database.db,
      files: createFileStore(config),
      mail: createMailTransport(config),
    };
    const app = await buildApp(ctx, formRegistry(), {
      modules: [registerUploadRoutes, registerServiceRoutes],
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const server: Server = { app, config, ctx, base, fetch: (path, init) => fetch(`${base}${path}`, init) };
    servers.push(server);
    return server;
  };

  let main: Server;
  try {
    main = await start();
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    dataDir,
    database,
    db: database.db,
    main,
    start,
    async close() {
      for (const s of servers) await s.app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The two databases the storage tests run on: embedded PGlite, and PostgreSQL in a schema of its own. */
export const ENGINES = [
  { name: 'PGlite', database: async () => ({ env: {} as Record<string, string>, drop: async () => {} }) },
  {
    name: 'PostgreSQL',
    database: async () => {
      const { schema, url } = await createSchema('http');
      return { env: { DATABASE_URL: url } as Record<string, string>, drop: () => dropSchema(schema) };
    },
  },
];

/** The load averages (1, 5, 15 min) to print beside a measured time: figures move with the machine's load. */
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

// Tokens -----------------------------------------------------------------------------------------------

export async function token(server: Server): Promise<string> {
  const response = await server.fetch('/api/get-token');
  if (response.status !== 200) throw new Error(`GET /api/get-token answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function bearer(server: Server): Promise<Record<string, string>> {
  return { Authorization: `Bearer ${await token(server)}` };
}

/** A token signed with the server's secret that ran out an hour ago. */
export function expiredToken(): string {
  return issueToken(SECRET, 60, new Date(Date.now() - 3600_000)).access_token;
}

/** A well-formed token signed with another secret. */
export function forgedToken(): string {
  return issueToken('not-the-server-secret', 3600).access_token;
}

// Multipart bodies ------------------------------------------------------------------------------------

export interface FilePart {
  bytes: Uint8Array;
  type: string;
  name?: string;
}

/** A multipart/form-data body as a browser's FormData sends it: text fields, then the file. */
export function form(fields: Record<string, string | number>, file?: { field: string } & FilePart): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
  if (file) {
    const blob = new Blob([new Uint8Array(file.bytes)], { type: file.type });
    body.append(file.field, blob, file.name ?? 'upload.bin');
  }
  return body;
}

export async function postForm(
  server: Server,
  path: string,
  body: FormData,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await server.fetch(path, { method: 'POST', body, headers });
  const text = await response.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { raw: text };
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

// The blocked-account sign-up -------------------------------------------------------------------------

let blockedForm: CompiledForm | undefined;
export function blockedAccountForm(): CompiledForm {
  blockedForm ??= compileForm(
    JSON.parse(readFileSync(join(ROOT, 'schemas/blocked-account/blocked-account.form.json'), 'utf8')),
  ).form as CompiledForm;
  return blockedForm;
}

export interface CreatedLead {
  id: number;
  account_id: string;
  email: string;
  /** The lead token the sign-up answer handed out. */
  token: string;
}

/** The headers of a call about `lead`: the bearer token and the lead's own token (X-Lead-Token). */
export async function leadHeaders(server: Server, lead: { token: string }): Promise<Record<string, string>> {
  return { ...(await bearer(server)), 'X-Lead-Token': lead.token };
}

/**
 * A lead created as the form creates it: the sign-up step (step 0) posted to
 * /api/v1/lead/submit-application with a bearer token. Answers the lead's id, account number and lead token.
 */
export async function createLead(server: Server, overrides: Record<string, unknown> = {}): Promise<CreatedLead> {
  const blocked = blockedAccountForm();
  const signUp = blocked.steps.find((s) => s.submit && s.index === 0);
  if (!signUp?.submit) throw new Error('the blocked-account form has no sign-up submission');
  const data = application(overrides);
  const request = encodeRequest(signUp.submit, data, {}, blocked);
  const response = await server.fetch('/api/v1/lead/submit-application', {
    method: request.method,
    headers: { ...request.headers, ...(await bearer(server)) },
    body: request.body as string,
  });
  const body = (await response.json()) as { id: number; account_id: string; lead_token: string };
  if (response.status !== 200) throw new Error(`sign-up answered ${response.status}: ${JSON.stringify(body)}`);
  return { id: body.id, account_id: body.account_id, email: String(data.email), token: body.lead_token };
}

/** A payer who passes the blocked-account form's payer schema (spec 000 §3 "Payer"). */
export const SAMPLE_PAYER: Record<string, unknown> = {
  title: 'Ms.',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phoneNumber: { countryCode: '+49', areaCode: '', phoneNumber: '15123456789' },
  address: 'Hauptstraße 1',
  city: 'Berlin',
  district: 'Berlin',
  country: { name: 'Germany', iso: 'DE' },
  postalCode: '10115',
  relationshipWithApplicant: 'Mother',
  transferedAmount: 5000,
  dateOfBirth: '1970-05-01',
  declarationDateOfBirth: '1970-05-01',
  countryOfResidence: { name: 'Germany', iso: 'DE' },
  nationality: { name: 'India', iso: 'IN' },
};

// What was kept ---------------------------------------------------------------------------------------

export async function countRows(db: OpenDatabase['db'], table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every file under `folder` (relative paths, temporary files included), [] when it does not exist. */
export function filesUnder(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else found.push(relative(folder, path));
    }
  };
  walk(folder);
  return found.sort();
}

/** The messages in the outbox, oldest first (the file names start with the sending time). */
export function outbox(dataDir: string): string[] {
  const dir = join(dataDir, 'outbox');
  return filesUnder(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readFileSync(join(dir, name), 'utf8'));
}

/** The code of the newest message to `to` in the outbox. */
export function lastCodeFor(dataDir: string, to: string): string {
  const messages = outbox(dataDir).filter((m) => new RegExp(`^To: .*${escapeRegExp(to)}`, 'mi').test(m));
  const last = messages.at(-1);
  const code = last && /Your verification code is (\d{6})/.exec(last)?.[1];
  if (!code) throw new Error(`no verification code to ${to} in the outbox`);
  return code;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Checks that an error answer carries nothing of the server's internals. */
export function leaksNothing(text: string): string[] {
  const signs = [
    /\bat [\w.<>]+ \(/, // a stack frame
    /\.ts:\d+/,
    /\.js:\d+/,
    /node_modules/,
    /\bstack\b/i,
    /\b(select|insert|update|delete)\b.*\b(from|into|set)\b/i,
    /violates|constraint|syntax for type|ECONNREFUSED/i,
    /smtp:\/\//i,
  ];
  return signs.filter((s) => s.test(text)).map(String);
}
