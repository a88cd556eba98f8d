/**
 * The migrations, in order, listed in code: no folder scanning, so they survive bundling and run the
 * same from `tsx` and from compiled output. Add a new file and a new entry; never edit a shipped one.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import * as initial from './0001-initial.js';
import * as payerEmail from './0002-payer-email.js';
import * as leadSent from './0003-lead-sent.js';
import * as leadTokens from './0004-lead-tokens.js';
import * as idempotency from './0005-idempotency.js';
import * as uploadSweep from './0006-upload-sweep.js';

export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-payer-email': payerEmail,
  '0003-lead-sent': leadSent,
  '0004-lead-tokens': leadTokens,
  '0005-idempotency': idempotency,
  '0006-upload-sweep': uploadSweep,
};

/**
 * A migrator whose bookkeeping tables live in the connection's current schema. Kysely, told no schema,
 * takes a `kysely_migration` table in any schema of the database for its own, so a second deployment in
 * another schema of the same database would skip creating its tables and fail.
 */
export async function createMigrator<DB>(
  db: Kysely<DB>,
  list: Record<string, Migration> = migrations,
): Promise<Migrator> {
  const provider: MigrationProvider = { getMigrations: async () => list };
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  return new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

/** Brings the database up to date; throws naming the migration that failed (it was rolled back). */
export async function migrateToLatest<DB>(db: Kysely<DB>, list: Record<string, Migration> = migrations): Promise<void> {
  const { error, results } = await (await createMigrator(db, list)).migrateToLatest();
  if (!error) return;
  const reason = error instanceof Error ? error.message : String(error);
  const failed = results?.find((r) => r.status === 'Error');
  throw new Error(
    failed
      ? `database migration ${failed.migrationName} failed: ${reason}`
      : `database migrations could not run: ${reason}`,
    { cause: error },
  );
}
