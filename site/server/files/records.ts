/**
 * The `uploads` table: one row per accepted upload. A row exists only for a file whose bytes were
 * checked, so "has a row" means "safe to use" — unless the orphan sweep has claimed it (`swept_at`):
 * such a row only keeps the key taken while the bytes are removed (files/sweep.ts).
 */
import { type Kysely, sql } from 'kysely';
import type { StoredFile } from '../context.js';
import type { Database } from '../db/schema.js';
import { UPLOAD_KEY_PREFIX } from './names.js';

/** PostgreSQL's unique_violation (PGlite and pg both report it as `code`). */
function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | undefined)?.code === '23505';
}

export async function findUpload(db: Kysely<Database>, key: string): Promise<StoredFile | undefined> {
  const row = await db
    .selectFrom('uploads')
    .select(['key', 'content_type', 'size'])
    .where('key', '=', key)
    .where('swept_at', 'is', null)
    .executeTakeFirst();
  return row ? { key: row.key, contentType: row.content_type, size: Number(row.size) } : undefined;
}

/** Whether any row holds the key: an accepted file, or one the sweep is removing. */
export async function keyTaken(db: Kysely<Database>, key: string): Promise<boolean> {
  const row = await db.selectFrom('uploads').select('key').where('key', '=', key).executeTakeFirst();
  return row !== undefined;
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

/**
 * A submission names an upload the sweep has already claimed: its file is gone or going. The app's error
 * handler answers it with 409 and the message, and the transaction that would have stored the submission
 * is rolled back.
 */
export class UploadGone extends Error {
  readonly statusCode = 409;
  constructor(readonly keys: string[]) {
    const names = keys.map((k) => `'${k.slice(UPLOAD_KEY_PREFIX.length)}'`).join(', ');
    super(
      `the uploaded file${keys.length > 1 ? 's' : ''} ${names} ${keys.length > 1 ? 'are' : 'is'} no longer kept (an upload no submission names within the set time is removed); upload ${keys.length > 1 ? 'them' : 'it'} again`,
    );
    this.name = 'UploadGone';
  }
}

/**
 * Marks uploads as used by a submission, in the caller's transaction (the one that stores the
 * submission): from then on the sweep keeps them. Throws `UploadGone` when one of them was claimed by
 * the sweep meanwhile, so no submission is ever stored naming a file that is being deleted. The row
 * lock of this update and the sweep's claim exclude each other: whichever commits first wins.
 */
export async function markUploadsUsed(db: Kysely<Database>, keys: readonly string[]): Promise<void> {
  const wanted = [...new Set(keys)];
  if (wanted.length === 0) return;
  // lock the rows in one order (by key) first: an update locks them in the order the scan meets them, and two
  // submissions naming the same files in another order would deadlock (found by bench:server at 400/s)
  await db.selectFrom('uploads').select('key').where('key', 'in', wanted).orderBy('key').forUpdate().execute();
  const marked = await db
    .updateTable('uploads')
    .set({ used_at: sql`coalesce(used_at, now())` })
    .where('key', 'in', wanted)
    .where('swept_at', 'is', null)
    .returning('key')
    .execute();
  if (marked.length === wanted.length) return;
  const found = new Set(marked.map((r) => r.key));
  throw new UploadGone(wanted.filter((k) => !found.has(k)));
}

/**
 * The upload keys a submission's data names: the file records the server made for it (submissions.ts
 * `fileRecords`: `uid` is the key under `uploads/`, `status` is `done`), wherever they sit in the data.
 */
export function uploadKeysIn(data: unknown): string[] {
  const keys = new Set<string>();
  const stack: unknown[] = [data];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      stack.push(...value);
    } else if (value && typeof value === 'object') {
      const record = value as { uid?: unknown; status?: unknown };
      if (typeof record.uid === 'string' && record.uid.startsWith(UPLOAD_KEY_PREFIX) && record.status === 'done') {
        keys.add(record.uid);
      }
      stack.push(...Object.values(value));
    }
  }
  return [...keys];
}
