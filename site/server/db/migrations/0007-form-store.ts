/**
 * Forms as live, versioned content (issue 17).
 *
 * - `form_versions`: every published version of a form, never changed once written: the definition as
 *   published, its content hash, and the artefacts compiled from it (every variant, the precompiled
 *   validator modules), so no instance compiles on a request. `retired_at`: when it stopped being served.
 * - `forms`: which version each form serves now.
 * - `staff`, `staff_sessions`: staff accounts (scrypt hashes, lock-out counters) and their sign-ins (hashes of
 *   the cookie's token only).
 * - `audit_log`: who published, rolled back or signed in, and when.
 * - `submissions.form_version`: the version a submission was checked against.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_versions')
    .addColumn('form_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('definition', 'jsonb', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('artifacts', 'jsonb', (c) => c.notNull())
    .addColumn('published_by', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('rollback_of', 'integer')
    .addColumn('retired_at', 'timestamptz')
    .addPrimaryKeyConstraint('form_versions_pkey', ['form_id', 'version'])
    .execute();
  await db.schema
    .createTable('forms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('current_version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('staff')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('publisher'))
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('staff_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('form_id', 'text')
    .addColumn('version', 'integer')
    .addColumn('detail', 'jsonb')
    .execute();
  await db.schema.createIndex('audit_log_form_idx').on('audit_log').columns(['form_id', 'at']).execute();
  await db.schema.alterTable('submissions').addColumn('form_version', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('submissions').dropColumn('form_version').execute();
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('staff_sessions').execute();
  await db.schema.dropTable('staff').execute();
  await db.schema.dropTable('forms').execute();
  await db.schema.dropTable('form_versions').execute();
}
