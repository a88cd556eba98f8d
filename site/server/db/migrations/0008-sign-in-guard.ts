/**
 * Staff lock-out that parallel guesses cannot pass and that tells no address from another (issue 17).
 *
 * - `staff.last_attempt_at`: when the last sign-in attempt was taken. A counter whose last attempt is a day old
 *   starts again, for accounts and unknown addresses alike (staff/lockout.ts).
 * - `staff_sign_in_guesses`: the same counter for addresses that have no account, keyed by an HMAC of the
 *   normalised address (never the text typed), so an unknown address is locked out exactly as an account is. In
 *   the database, not in memory, because several instances share it; rows a day old are forgotten hourly.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff').addColumn('last_attempt_at', 'timestamptz').execute();
  await db.schema
    .createTable('staff_sign_in_guesses')
    .addColumn('email_key', 'text', (c) => c.primaryKey())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('staff_sign_in_guesses_last_attempt_idx')
    .on('staff_sign_in_guesses')
    .column('last_attempt_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_sign_in_guesses').execute();
  await db.schema.alterTable('staff').dropColumn('last_attempt_at').execute();
}
