/**
 * A lead belongs to its applicant (issue 14): the sign-up answer hands out a random lead token and the
 * lead keeps only its SHA-256 (`token_hash`); every later call about the lead proves it with the token.
 * `closed_at` marks a completed application, which no call changes again. `lead_keys` holds the KYC
 * links' `user_key`s, also as hashes: each maps to its lead, grants the KYC calls only and expires;
 * `verified_at` is when its one-time code was confirmed, which the document and face calls need.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('token_hash', 'text').addColumn('closed_at', 'timestamptz').execute();
  // a request's token is looked up before its body is read (routes/leadAccess.ts requireCredential)
  await db.schema.createIndex('leads_token_hash').on('leads').column('token_hash').unique().execute();
  await db.schema
    .createTable('lead_keys')
    .addColumn('key_hash', 'text', (c) => c.primaryKey())
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('verified_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('lead_keys_lead_id').on('lead_keys').column('lead_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lead_keys').execute();
  await db.schema.alterTable('leads').dropColumn('closed_at').dropColumn('token_hash').execute();
}
