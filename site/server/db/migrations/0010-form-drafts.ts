/**
 * Drafts of forms (issue 18): what a staff member saved in the studio and has not published yet, one per form.
 * `text` is the JSON as typed (a draft may not parse yet); `based_on` the version the edits started from (null for
 * a form with no version yet); `etag` changes with every save, so two editors cannot overwrite each other unseen.
 * Publishing the draft's content clears it.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_drafts')
    .addColumn('form_id', 'text', (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('based_on', 'integer')
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('saved_by', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_drafts').execute();
}
