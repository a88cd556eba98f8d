/**
 * Opens the database: embedded PGlite in `<dataDir>/db` by default, PostgreSQL when DATABASE_URL is
 * set. Both speak PostgreSQL, so one Kysely query layer and one set of migrations serve both.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Insertable, Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Config } from '../config.js';
import { migrateToLatest } from './migrations/index.js';
import type { Database, Lead, LeadTable } from './schema.js';

export type { Database } from './schema.js';

export interface OpenDatabase {
  db: Kysely<Database>;
  engine: 'pglite' | 'postgres';
  /** Ends the pool or closes PGlite (flushing it to disk); safe to call more than once. */
  close(): Promise<void>;
}

/** PostgreSQL pool settings: enough connections for one server process, no query may hang forever. */
const POOL_SIZE = 10;
const STATEMENT_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 10_000;

/** Opens the configured engine and runs the migrations; throws a message naming what failed. */
export async function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<OpenDatabase> {
  const opened = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(join(config.dataDir, 'db'));
  try {
    await migrateToLatest(opened.db);
  } catch (error) {
    await opened.close();
    throw error;
  }
  return opened;
}

/** PGlite is a single-user database: two instances on one folder would corrupt it. */
const openPgliteDirs = new Set<string>();

async function openPglite(dir: string): Promise<OpenDatabase> {
  const path = resolve(dir);
  if (openPgliteDirs.has(path)) throw new Error(`the embedded database at ${path} is already open in this process`);
  openPgliteDirs.add(path);
  try {
    await mkdir(path, { recursive: true });
    const pglite = await PGlite.create(path);
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return withClose(db, 'pglite', () => openPgliteDirs.delete(path));
  } catch (error) {
    openPgliteDirs.delete(path);
    throw new Error(`cannot open the embedded database at ${path}: ${describe(error)}`, { cause: error });
  }
}

async function openPostgres(url: string): Promise<OpenDatabase> {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    types: pgTypes,
  });
  // A connection that breaks while idle is dropped by the pool and the next query opens a new one;
  // without a listener Node would treat the 'error' event as fatal and end the server.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy();
    throw new Error(`cannot connect to PostgreSQL at ${where(url)}: ${describe(error)}`, { cause: error });
  }
  return withClose(db, 'postgres');
}

function withClose(db: Kysely<Database>, engine: OpenDatabase['engine'], after?: () => void): OpenDatabase {
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= db.destroy().finally(after);
    return closing;
  };
  return { db, engine, close };
}

/**
 * pg returns int8 (e.g. `count(*)`) as strings, PGlite as numbers; numbers on both keeps code
 * portable. Values beyond 2^53 would lose precision, which counts and our int4 ids never reach.
 */
const INT8_OID = 20;
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? Number
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Host, port and database of a connection string, never its password. */
function where(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** Node reports a refused connection to several addresses as an AggregateError with an empty message. */
function describe(error: unknown): string {
  if (error instanceof AggregateError && !error.message) return error.errors.map(describe).join('; ');
  if (error instanceof Error) return error.message || (error as { code?: string }).code || error.name;
  return String(error);
}

// JSON columns ------------------------------------------------------------------------------------

// NUL and unpaired surrogates are valid in JS strings but rejected by jsonb on both engines.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const storable = (s: string) => s.replace(UNSTORABLE, '\ufffd');

/**
 * The text to write into a jsonb column. Passing objects straight to pg is not portable (it sends
 * arrays as PostgreSQL arrays), so JSON columns take text; both engines hand back parsed values.
 * Characters jsonb cannot hold (NUL, unpaired surrogates) become U+FFFD in values and keys.
 */
export function jsonValue(value: unknown): string {
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'string') return storable(v);
    if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).some((k) => storable(k) !== k)) {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [storable(k), x]));
    }
    return v;
  });
  // undefined, functions and symbols have no JSON form; store JSON null rather than fail on NOT NULL.
  return text ?? 'null';
}

// Leads -------------------------------------------------------------------------------------------

/** Crockford's base 32: no I, L, O or U, so a number read aloud or typed from paper is unambiguous. */
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new blocked-account number, `BA-` and 10 random characters (50 bits): unique in practice, not guessable. */
export function newAccountId(): string {
  // 256 is a multiple of 32, so `byte % 32` is uniform.
  return `BA-${Array.from(randomBytes(10), (b) => BASE32[b % 32]).join('')}`;
}

/**
 * Inserts a lead with a fresh account number and returns it. A colliding number is skipped with
 * `on conflict do nothing` rather than caught as an error, so this also works inside a transaction
 * (an error would abort it on PostgreSQL) and under concurrent inserts.
 */
export async function insertLead(
  db: Kysely<Database>,
  values: Omit<Insertable<LeadTable>, 'account_id'>,
  generate: () => string = newAccountId,
): Promise<Lead> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const lead = await db
      .insertInto('leads')
      .values({ ...values, account_id: generate() })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (lead) return lead;
  }
  throw new Error('could not generate an unused account number in 5 attempts');
}

/** Whether `error` is a unique violation (of `constraint`, when given) on either engine. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
