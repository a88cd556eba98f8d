/**
 * The `uploads` table: one row per accepted upload. A row exists only for a file whose bytes were
 * checked, so "has a row" means "safe to use".
 */
import type { Kysely } from 'kysely';
import type { StoredFile } from '../context.js';
import type { Database } from '../db/schema.js';

/** PostgreSQL's unique_violation (PGlite and pg both report it as `code`). */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | undefined)?.code === '23505';
}

export async function findUpload(db: Kysely<Database>, key: string): Promise<StoredFile | undefined> {
  const row = await db
    .selectFrom('uploads')
    .select(['key', 'content_type', 'size'])
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? { key: row.key, contentType: row.content_type, size: Number(row.size) } : undefined;
}

/**
 * Claims a key for an accepted file; false when another upload already holds it. Checked first
 * (clear answer in the common case), and a unique key in the table closes the race between two
 * simultaneous posts.
 */
export async function claimUpload(db: Kysely<Database>, file: StoredFile): Promise<boolean> {
  if (await findUpload(db, file.key)) return false;
  try {
    await db.insertInto('uploads').values({ key: file.key, content_type: file.contentType, size: file.size }).execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function releaseUpload(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('uploads').where('key', '=', key).execute();
}
