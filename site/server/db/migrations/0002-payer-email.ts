/**
 * One payer per e-mail address and lead (spec 000 §3: the payer list is de-duplicated by email). The
 * address lives in the payer's JSON `data`; compared without case and surrounding spaces, among the
 * payers not removed. Creating a payer whose address the lead already has updates that payer instead
 * (routes/payers.ts); the index keeps two concurrent creates from both inserting.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index payers_lead_email_key on payers (lead_id, lower(btrim(data ->> 'email'))) where deleted_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payers_lead_email_key').execute();
}
