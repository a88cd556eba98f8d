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
import * as formStore from './0007-form-store.js';
import * as signInGuard from './0008-sign-in-guard.js';
import * as versionWithdrawn from './0009-version-withdrawn.js';
import * as formDrafts from './0010-form-drafts.js';

export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-payer-email': payerEmail,
  '0003-lead-sent': leadSent,
  '0004-lead-tokens': leadTokens,
  '0005-idempotency': idempotency,
  '0006-upload-sweep': uploadSweep,
  '0007-form-store': formStore,
  '0008-sign-in-guard': signInGuard,
  '0009-version-withdrawn': versionWithdrawn,
  '0010-form-drafts': formDrafts,
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
  return new SchemaSafeMigrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) }, schema);
}

/** PostgreSQL's "schema … does not exist" naming a schema other than `own`. */
export function otherSchemaGone(error: unknown, own: string | undefined): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '3F000' && typeof message === 'string' && !(own && message.includes(`"${own}"`));
}

/**
 * Before it migrates, Kysely looks for its bookkeeping table among the tables of every schema of the database.
 * Another deployment (or test) dropping its own schema at that moment makes PostgreSQL fail that look with
 * "schema … does not exist" for a schema that is none of ours: it is looked at again (a few times), since
 * nothing of ours changed.
 */
class SchemaSafeMigrator extends Migrator {
  readonly #own: string | undefined;

  constructor(props: ConstructorParameters<typeof Migrator>[0], own: string | undefined) {
    super(props);
    this.#own = own;
  }

  override async migrateToLatest(): ReturnType<Migrator['migrateToLatest']> {
    for (let attempt = 1; ; attempt++) {
      const result = await super.migrateToLatest();
      if (attempt >= 5 || !otherSchemaGone(result.error, this.#own)) return result;
    }
  }
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
