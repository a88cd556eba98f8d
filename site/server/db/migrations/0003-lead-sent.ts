/**
 * The lead's requests as they were sent (spec 000 §3 and §7 call 1: app_type, first_name, …,
 * referral_code by step), next to `data`, the same steps read back into the form's field names. `data`
 * feeds the later steps' rules; `sent` keeps what the spec names, the partner's referral code included.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('leads')
    .addColumn('sent', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leads').dropColumn('sent').execute();
}
