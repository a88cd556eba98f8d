/**
 * The orphan sweep (issue 14): an upload that no stored submission names is deleted after
 * UPLOAD_ORPHAN_HOURS (files/sweep.ts).
 *
 * - `uploads.used_at`: set, in the same transaction as the submission (or lead step) that names the file.
 * - `uploads.swept_at`: set when a sweep claims the file for deletion. From then on the row names no
 *   usable file (no submission can mark it used) and keeps the key taken, so no new upload can take it
 *   while the bytes are being removed; the row itself goes a sweep period later.
 *
 * Uploads stored before this migration are marked used when any submission or lead already names them
 * (their key in the stored data, or their name in a lead's requests as sent): a plain text search over
 * both tables, run once. It errs on the side of keeping: a name that merely appears somewhere keeps its file.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('used_at', 'timestamptz')
    .addColumn('swept_at', 'timestamptz')
    .execute();
  await sql`
    update uploads u set used_at = u.created_at
    where exists (select 1 from submissions s where strpos(s.data::text, u.key) > 0)
       or exists (
         select 1 from leads l
         where strpos(l.data::text, u.key) > 0 or strpos(l.sent::text, '"' || substr(u.key, 9) || '"') > 0
       )`.execute(db);
  // What the sweep looks for: unused uploads by age, and whether any document names a file.
  await sql`create index uploads_unused_created_at_idx on uploads (created_at) where used_at is null and swept_at is null`.execute(
    db,
  );
  await sql`create index uploads_swept_at_idx on uploads (swept_at) where swept_at is not null`.execute(db);
  await db.schema.createIndex('documents_file_key_idx').on('documents').column('file_key').execute();
  await sql`create index documents_unlinked_created_at_idx on documents (created_at) where lead_id is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('documents_unlinked_created_at_idx').execute();
  await db.schema.dropIndex('documents_file_key_idx').execute();
  await db.schema.dropIndex('uploads_swept_at_idx').execute();
  await db.schema.dropIndex('uploads_unused_created_at_idx').execute();
  await db.schema.alterTable('uploads').dropColumn('swept_at').dropColumn('used_at').execute();
}
