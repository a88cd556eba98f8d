/**
 * One suite, both engines. PostgreSQL runs at 127.0.0.1:5432 (CI starts it; TEST_DATABASE_URL
 * overrides); each test gets its own schema. When the server is down the PostgreSQL half fails.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type Kysely, type Migration, NO_MIGRATIONS, sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../../../site/server/config.js';
import {
  insertLead,
  isUniqueViolation,
  jsonValue,
  newAccountId,
  type OpenDatabase,
  openDatabase,
} from '../../../../site/server/db/index.js';
import { createMigrator, migrateToLatest, migrations } from '../../../../site/server/db/migrations/index.js';
import type { Database } from '../../../../site/server/db/schema.js';

const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TABLES = [
  'audit_log',
  'documents',
  'form_drafts',
  'form_versions',
  'forms',
  'idempotency_keys',
  'lead_keys',
  'leads',
  'otps',
  'payers',
  'staff',
  'staff_sessions',
  'staff_sign_in_guesses',
  'submissions',
  'uploads',
  'verifications',
];

type Location = Pick<Config, 'dataDir' | 'databaseUrl'>;

interface Engine {
  name: OpenDatabase['engine'];
  beforeAll(): Promise<void>;
  /** A fresh, empty place to open a database; removed by `cleanup`. */
  location(): Promise<Location>;
  cleanup(): Promise<void>;
}

const tempDirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'antrag-db-'));
  tempDirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * PGlite's initdb takes seconds; copying an initialised, still empty cluster takes a fraction, and
 * every test still migrates an empty database.
 */
let emptyCluster: Promise<string> | undefined;
function pgliteTemplate(): Promise<string> {
  emptyCluster ??= (async () => {
    const dir = join(await tempDir(), 'db');
    await (await PGlite.create(dir)).close();
    return dir;
  })();
  return emptyCluster;
}
const pglite: Engine = {
  name: 'pglite',
  beforeAll: async () => {},
  location: async () => {
    const dataDir = await tempDir();
    await cp(await pgliteTemplate(), join(dataDir, 'db'), { recursive: true });
    return { dataDir };
  },
  cleanup: async () => {},
};

const schemas: string[] = [];
async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
const postgres: Engine = {
  name: 'postgres',
  beforeAll: async () => {
    try {
      await admin((c) => c.query('select 1'));
    } catch (error) {
      const reason = error instanceof AggregateError ? error.errors.join('; ') : String(error);
      throw new Error(
        `PostgreSQL is not reachable at ${POSTGRES_URL} (${reason}). These tests need it: start PostgreSQL with a database 'test' and trust auth for 'postgres', or set TEST_DATABASE_URL.`,
      );
    }
  },
  location: async () => {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`create schema ${schema}`));
    schemas.push(schema);
    const url = new URL(POSTGRES_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return { dataDir: await tempDir(), databaseUrl: url.toString() };
  },
  cleanup: async () => {
    const drop = schemas.splice(0);
    if (drop.length) await admin((c) => c.query(`drop schema if exists ${drop.join(', ')} cascade`));
  },
};

/** Tables of the current schema (PostgreSQL's test database may hold other schemas). */
async function tables(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_name not like 'kysely_%' order by 1`.execute(db);
  return rows.map((r) => r.name);
}

// PGlite runs PostgreSQL in WebAssembly: opening and migrating take seconds on a busy machine.
const SLOW = { timeout: 90_000 };

describe.each([pglite, postgres])('database on $name', SLOW, (engine) => {
  const open: OpenDatabase[] = [];
  async function openAt(location: Location): Promise<OpenDatabase> {
    const opened = await openDatabase(location);
    open.push(opened);
    return opened;
  }
  async function fresh(): Promise<OpenDatabase> {
    return openAt(await engine.location());
  }

  beforeAll(() => engine.beforeAll());
  afterEach(async () => {
    await Promise.all(open.splice(0).map((o) => o.close()));
    await engine.cleanup();
  });

  it('creates every table on the chosen engine', async () => {
    const { db, engine: name } = await fresh();
    expect(name).toBe(engine.name);
    expect(await tables(db)).toEqual(TABLES);
  });

  it('opens an already migrated database again without running anything', async () => {
    const location = await engine.location();
    const first = await openAt(location);
    await first.close();
    const { db } = await openAt(location);
    expect(await tables(db)).toEqual(TABLES);
    expect(await (await createMigrator(db)).migrateToLatest()).toEqual({ results: [] });
  });

  it('migrates a second database beside a first one (another schema of the same PostgreSQL database)', async () => {
    const first = await fresh();
    const second = await fresh();
    expect(await tables(second.db)).toEqual(await tables(first.db));
    expect((await tables(second.db)).length).toBeGreaterThan(0);
  });

  it('round-trips JSON columns as objects and answers JSON queries', async () => {
    const { db } = await fresh();
    const data = { '1': { name: 'Zoë', tags: ['a', 'b'], n: 1.5, ok: true, none: null }, list: [{ x: 1 }] };
    const lead = await insertLead(db, { data: jsonValue(data) });
    expect(lead.data).toEqual(data);
    expect(lead.created_at).toBeInstanceOf(Date);
    expect(lead.status).toBe('new');

    const row = await db
      .selectFrom('leads')
      .select(['data', sql<string>`data->'1'->>'name'`.as('name')])
      .where('id', '=', lead.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ data, name: 'Zoë' });

    // A top-level array is stored as JSON, not as a PostgreSQL array.
    const sub = await db
      .insertInto('submissions')
      .values({ kind: 'contact-form', form_id: 'contact', data: jsonValue([1, { a: 2 }]), language: 'de' })
      .returning('data')
      .executeTakeFirstOrThrow();
    expect(sub.data).toEqual([1, { a: 2 }]);
  });

  it('stores text jsonb would reject, with U+FFFD in its place', async () => {
    const { db } = await fresh();
    const lead = await insertLead(db, { data: jsonValue({ 'k\u0000': 'a\u0000b', lone: 'x\ud800y', pair: '😀' }) });
    expect(lead.data).toEqual({ 'k\ufffd': 'a\ufffdb', lone: 'x\ufffdy', pair: '😀' });
  });

  it('gives counts as numbers on both engines', async () => {
    const { db } = await fresh();
    await insertLead(db, { data: jsonValue({}) });
    const { n } = await db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(n).toBe(1);
  });

  it('rejects rows that point at a missing lead', async () => {
    const { db } = await fresh();
    await expect(
      db
        .insertInto('payers')
        .values({ lead_id: 999, data: jsonValue({}) })
        .execute(),
    ).rejects.toMatchObject({ code: '23503' });
    await expect(
      db
        .insertInto('documents')
        .values({
          lead_id: 999,
          payer_id: null,
          doc_key: 'passport',
          file_key: 'k',
          content_type: 'image/png',
          size: 1,
        })
        .execute(),
    ).rejects.toMatchObject({ code: '23503' });
  });

  it('deletes what belongs to a lead with it', async () => {
    const { db } = await fresh();
    const lead = await insertLead(db, { data: jsonValue({}) });
    const payer = await db
      .insertInto('payers')
      .values({ lead_id: lead.id, data: jsonValue({ name: 'P' }) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await db
      .insertInto('documents')
      .values({ lead_id: null, payer_id: payer.id, doc_key: 'id', file_key: 'f', content_type: 'image/png', size: 3 })
      .execute();
    const now = new Date();
    await db
      .insertInto('otps')
      .values({ lead_id: lead.id, code_hash: 'h', expires_at: now, attempts: 0, last_sent_at: now, sends_in_window: 1 })
      .execute();
    await db.deleteFrom('leads').where('id', '=', lead.id).execute();
    for (const table of ['payers', 'documents', 'otps'] as const) {
      expect(await db.selectFrom(table).selectAll().execute()).toEqual([]);
    }
  });

  it('keeps account numbers unique', async () => {
    const { db } = await fresh();
    const leads = await Promise.all(Array.from({ length: 20 }, () => insertLead(db, { data: jsonValue({}) })));
    expect(new Set(leads.map((l) => l.account_id)).size).toBe(20);
    for (const lead of leads) expect(lead.account_id).toMatch(/^BA-[0-9A-HJKMNP-TV-Z]{10}$/);

    const taken = leads[0].account_id;
    const error = await db
      .insertInto('leads')
      .values({ account_id: taken, data: jsonValue({}) })
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error, 'leads_account_id_key')).toBe(true);

    // A collision is retried with a new number, also inside a transaction.
    const ids = [taken, 'BA-FRESH00000'];
    const lead = await db.transaction().execute((tx) => insertLead(tx, { data: jsonValue({}) }, () => ids.shift()!));
    expect(lead.account_id).toBe('BA-FRESH00000');
    await expect(insertLead(db, { data: jsonValue({}) }, () => taken)).rejects.toThrow(/unused account number/);
  });

  it('keeps data across close and reopen', async () => {
    const location = await engine.location();
    const first = await openAt(location);
    const lead = await insertLead(first.db, { data: jsonValue({ kept: true }) });
    await first.close();
    const { db } = await openAt(location);
    const again = await db.selectFrom('leads').selectAll().where('id', '=', lead.id).executeTakeFirstOrThrow();
    expect(again).toEqual(lead);
  });

  it('migrates down to nothing and up again', async () => {
    const { db } = await fresh();
    const down = await (await createMigrator(db)).migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => [r.migrationName, r.direction, r.status])).toEqual([
      ['0010-form-drafts', 'Down', 'Success'],
      ['0009-version-withdrawn', 'Down', 'Success'],
      ['0008-sign-in-guard', 'Down', 'Success'],
      ['0007-form-store', 'Down', 'Success'],
      ['0006-upload-sweep', 'Down', 'Success'],
      ['0005-idempotency', 'Down', 'Success'],
      ['0004-lead-tokens', 'Down', 'Success'],
      ['0003-lead-sent', 'Down', 'Success'],
      ['0002-payer-email', 'Down', 'Success'],
      ['0001-initial', 'Down', 'Success'],
    ]);
    expect(await tables(db)).toEqual([]);
    await migrateToLatest(db);
    expect(await tables(db)).toEqual(TABLES);
  });

  it('names the migration that failed and rolls it back', async () => {
    const { db } = await fresh();
    const broken: Migration = {
      up: async (k) => {
        await k.schema.createTable('half_done').addColumn('id', 'integer').execute();
        await sql`select no_such_function()`.execute(k);
      },
    };
    await expect(migrateToLatest(db, { ...migrations, '9999-broken': broken })).rejects.toThrow(
      /database migration 9999-broken failed: .*no_such_function/,
    );
    expect(await tables(db)).toEqual(TABLES);
  });
});

describe('helpers', () => {
  it('makes readable, distinct account numbers', () => {
    const ids = Array.from({ length: 1000 }, newAccountId);
    for (const id of ids) expect(id).toMatch(/^BA-[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(new Set(ids).size).toBe(1000);
  });

  it('writes JSON text, null for what has no JSON form', () => {
    expect(jsonValue({ a: [1], d: new Date(0) })).toBe('{"a":[1],"d":"1970-01-01T00:00:00.000Z"}');
    expect(jsonValue(undefined)).toBe('null');
  });
});

describe('opening errors', SLOW, () => {
  it('refuses to open one PGlite folder twice in a process', async () => {
    const location = await pglite.location();
    const first = await openDatabase(location);
    try {
      await expect(openDatabase(location)).rejects.toThrow(/already open in this process/);
    } finally {
      await first.close();
    }
    await (await openDatabase(location)).close();
  });

  it('says which PostgreSQL server it could not reach, without the password', async () => {
    const error = await openDatabase({ dataDir: '', databaseUrl: 'postgres://u:secret@127.0.0.1:1/x' }).catch(
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^cannot connect to PostgreSQL at 127\.0\.0\.1:1\/x: .+/);
    expect((error as Error).message).not.toContain('secret');
  });
});
