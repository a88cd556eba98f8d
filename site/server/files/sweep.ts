/**
 * The orphan sweep: files nobody will ever use are deleted after a while (UPLOAD_ORPHAN_HOURS).
 *
 * What is an orphan:
 * - An upload of the signed-upload contract (`uploads` row) that no stored submission or lead step
 *   named (`used_at` is null) within the limit. Submissions mark what they name in the transaction
 *   that stores them (`markUploadsUsed`).
 * - A stored file under `uploads/` or `leads/` that no row names and that is older than the limit: a
 *   crash between writing the file and its row, a direct S3 upload no submission ever confirmed, or the
 *   file of a document whose lead was deleted (the rows go with the lead, by cascade).
 * - A document row linked to no lead (`lead_id` null), older than the limit.
 *
 * What is not: a lead's documents are the applicant's record and stay as long as the lead does, even
 * when the application was abandoned; when (and whether) to delete a lead is a retention decision about
 * the whole lead, not about its files. Deleting the lead deletes its document rows, and this sweep then
 * removes their bytes.
 *
 * Several instances may sweep at once, and so may a sweep and the submissions: every deletion is first
 * claimed in the database, per file, and only the instance whose claim succeeded deletes the bytes.
 * - A row is claimed with `update … set swept_at = now() … where used_at is null … for update skip
 *   locked returning key`: concurrent sweeps take disjoint rows without waiting for each other, and the
 *   row lock orders the claim against a submission's `markUploadsUsed` (whichever commits first wins;
 *   the submission that loses is refused with 409 and stores nothing).
 * - A file with no row is claimed by inserting a row for its key with `swept_at` set (`on conflict do
 *   nothing`): one instance wins; the row also stops a late S3 confirmation from taking the key.
 * - Claimed rows stay as tombstones for another period after their bytes are gone (so a sweep that
 *   listed the store earlier cannot delete the same file again), then go; a crash between the claim
 *   and the deletion is repaired then, when the bytes are deleted again with the tombstone.
 * No lock is held across file operations (PGlite has one connection for everything), and a crashed
 * instance leaves nothing locked behind.
 */
import { type Kysely, sql } from 'kysely';
import type { FileStore } from '../context.js';
import type { Database } from '../db/schema.js';
import { UPLOAD_KEY_PREFIX } from './names.js';

/** The store prefixes the server writes uploaded files under. */
export const SWEPT_PREFIXES = [UPLOAD_KEY_PREFIX, 'leads/'] as const;

export interface SweepOptions {
  /** Age after which an unused upload, or a file no row names, is deleted (milliseconds). */
  maxAgeMs: number;
  /** Rows or files claimed per statement. */
  batchSize?: number;
  /** The clock (tests move it); the cutoff is `now() - maxAgeMs`. */
  now?: () => number;
  /** Where failures to delete a file are reported. */
  log?: SweepLog;
}

export interface SweepLog {
  warn(details: object, message: string): void;
}

export interface SweepResult {
  /** Unused uploads claimed and deleted (their keys). */
  uploads: string[];
  /** Files no row named, claimed and deleted (their keys). */
  unnamed: string[];
  /** Document rows linked to no lead, deleted (their files go with the unnamed files). */
  documents: number;
  /** Tombstones of earlier sweeps removed. */
  tombstones: number;
  /** Keys whose bytes could not be deleted; their claim stays, and a later sweep tries again. */
  failed: string[];
}

type Ctx = { db: Kysely<Database>; files: FileStore };

const DEFAULT_BATCH = 200;
/** What a claim of a file without a row records about it: nothing is known, and nothing is usable. */
const TOMBSTONE = { content_type: 'application/octet-stream', size: 0 };

/** One sweep over the database and the store; safe to run on several instances at once. */
export async function sweepOrphanFiles(ctx: Ctx, options: SweepOptions): Promise<SweepResult> {
  const batch = options.batchSize ?? DEFAULT_BATCH;
  const cutoff = new Date((options.now ?? Date.now)() - options.maxAgeMs);
  const result: SweepResult = { uploads: [], unnamed: [], documents: 0, tombstones: 0, failed: [] };

  const remove = async (keys: string[], into: string[]) => {
    for (const key of keys) {
      try {
        await ctx.files.delete(key);
        into.push(key);
      } catch (error) {
        result.failed.push(key);
        options.log?.warn({ key, err: (error as Error).message }, 'orphan sweep: could not delete a file');
      }
    }
  };

  // Tombstones of earlier sweeps: the bytes again (a crash may have come between claim and deletion), then the row.
  for (;;) {
    const rows = await sql<{ key: string }>`
      delete from uploads where key in (
        select key from uploads where swept_at < ${cutoff} order by swept_at limit ${batch} for update skip locked
      ) returning key`.execute(ctx.db);
    await remove(
      rows.rows.map((r) => r.key),
      [],
    );
    result.tombstones += rows.rows.length;
    if (rows.rows.length < batch) break;
  }

  // Unused uploads past the limit.
  for (;;) {
    const rows = await sql<{ key: string }>`
      update uploads set swept_at = now() where key in (
        select key from uploads
        where used_at is null and swept_at is null and created_at < ${cutoff}
        order by created_at limit ${batch} for update skip locked
      ) returning key`.execute(ctx.db);
    await remove(
      rows.rows.map((r) => r.key),
      result.uploads,
    );
    if (rows.rows.length < batch) break;
  }

  // Documents that belong to no lead: the rows now, their files below with the other unnamed ones.
  for (;;) {
    const rows = await sql<{ id: number }>`
      delete from documents where id in (
        select id from documents where lead_id is null and created_at < ${cutoff}
        order by created_at limit ${batch} for update skip locked
      ) returning id`.execute(ctx.db);
    result.documents += rows.rows.length;
    if (rows.rows.length < batch) break;
  }

  // Stored files that no row names.
  for (const prefix of SWEPT_PREFIXES) {
    let old: string[] = [];
    const flush = async () => {
      const keys = old;
      old = [];
      if (keys.length === 0) return;
      const named = new Set<string>();
      for (const r of await ctx.db.selectFrom('uploads').select('key').where('key', 'in', keys).execute()) {
        named.add(r.key);
      }
      for (const r of await ctx.db.selectFrom('documents').select('file_key').where('file_key', 'in', keys).execute()) {
        named.add(r.file_key);
      }
      const unnamed = keys.filter((k) => !named.has(k));
      if (unnamed.length === 0) return;
      const claimed = await ctx.db
        .insertInto('uploads')
        .values(unnamed.map((key) => ({ key, ...TOMBSTONE, swept_at: sql<Date>`now()` })))
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .execute();
      await remove(
        claimed.map((r) => r.key),
        result.unnamed,
      );
    };
    for await (const file of ctx.files.list(prefix)) {
      if (file.modified < cutoff) old.push(file.key);
      if (old.length >= batch) await flush();
    }
    await flush();
  }
  return result;
}

export interface FileSweeper {
  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void>;
}

export interface FileSweeperOptions extends SweepOptions {
  /** Time between two sweeps of this instance. */
  intervalMs: number;
  /** Time before the first sweep (default: a random part of the interval, so instances do not align). */
  firstDelayMs?: number;
  /** Told what each sweep removed (when it removed anything) and when one failed. */
  log?: SweepLog & { info(details: object, message: string): void; error(details: object, message: string): void };
}

/**
 * Sweeps every `intervalMs` until stopped. The timer does not keep the process alive, and sweeps never
 * overlap on one instance (the next is scheduled when one ends). A failed sweep is logged and retried
 * at the next interval.
 */
export function startFileSweeper(ctx: Ctx, options: FileSweeperOptions): FileSweeper {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(() => {
        running = undefined;
        schedule(options.intervalMs);
      });
    }, delay);
    timer.unref();
  };
  const run = async () => {
    try {
      const swept = await sweepOrphanFiles(ctx, options);
      const removed = swept.uploads.length + swept.unnamed.length + swept.documents;
      if (removed > 0 || swept.failed.length > 0) {
        options.log?.info(
          {
            uploads: swept.uploads.length,
            unnamed: swept.unnamed.length,
            documents: swept.documents,
            failed: swept.failed.length,
          },
          'orphan sweep removed files',
        );
      }
    } catch (error) {
      options.log?.error({ err: (error as Error).message }, 'orphan sweep failed');
    }
  };
  schedule(options.firstDelayMs ?? Math.floor(Math.random() * options.intervalMs));
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
