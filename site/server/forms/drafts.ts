/**
 * Drafts of forms (issue 18): what staff saved in the studio and have not published yet, one per form, in the
 * `form_drafts` table (migration 0010). A draft is the JSON as typed (it may not parse yet), the version its edits
 * started from and an etag that changes with every save: a save names the etag it overwrites (or that it creates
 * one), so two editors never overwrite each other unseen. Publishing the draft's content clears it.
 */
import { randomBytes } from 'node:crypto';
import { MAX_JSON_DEPTH, nestingDepth } from '@antrag/core/json';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { audit } from '../staff/audit.js';
import { contentHash } from './artifacts.js';
import type { Actor } from './store.js';

/** A draft as the staff API lists it (without its text). */
export interface DraftSummary {
  id: string;
  /** The version the edits started from; null for a form with no version yet. */
  basedOn: number | null;
  etag: string;
  savedBy: string;
  savedAt: string;
  /** The text's length in bytes of UTF-8. */
  bytes: number;
}

export interface Draft extends DraftSummary {
  text: string;
}

/** What a save or delete must overwrite: the draft with this etag (`*`: whichever there is), or none (`create`). */
export type DraftPrecondition = { ifMatch: string } | { create: true };

/** `If-Match: *`: the draft the form has, whatever its etag. */
export const ANY_ETAG = '*';

export type SaveOutcome =
  | { ok: true; created: boolean; draft: DraftSummary }
  /** Someone else saved (or deleted) first: `etag` is the draft's now, undefined when there is none. */
  | { ok: false; conflict: true; etag?: string }
  /** A new draft, but there are `max` drafts already. */
  | { ok: false; full: true; max: number };

export type DeleteOutcome = 'deleted' | 'none' | { conflict: true; etag: string };

const newEtag = () => randomBytes(12).toString('base64url');

interface DraftRow {
  form_id: string;
  based_on: number | null;
  etag: string;
  saved_by: string;
  saved_at: Date | string;
}

function summaryOf(row: DraftRow, bytes: number): DraftSummary {
  return {
    id: row.form_id,
    basedOn: row.based_on,
    etag: row.etag,
    savedBy: row.saved_by,
    savedAt: new Date(row.saved_at).toISOString(),
    bytes,
  };
}

/** Every draft, by form id; at most `limit` (the drafts are capped in number anyway: `saveDraft`'s `max`). */
export async function listDrafts(db: Kysely<Database>, limit: number): Promise<DraftSummary[]> {
  const rows = await db
    .selectFrom('form_drafts')
    .select([
      'form_id',
      'based_on',
      'etag',
      'saved_by',
      'saved_at',
      (eb) => eb.fn<number>('octet_length', ['text']).as('bytes'),
    ])
    .orderBy('form_id')
    .limit(limit)
    .execute();
  return rows.map((r) => summaryOf(r, Number(r.bytes)));
}

/** Form `id`'s draft, or undefined when it has none. */
export async function readDraft(db: Kysely<Database>, id: string): Promise<Draft | undefined> {
  const row = await db.selectFrom('form_drafts').selectAll().where('form_id', '=', id).executeTakeFirst();
  return row ? { ...summaryOf(row, Buffer.byteLength(row.text)), text: row.text } : undefined;
}

/** Whether form `id` has version `version` (a draft's `basedOn` must name one). */
export async function hasVersion(db: Kysely<Database>, id: string, version: number): Promise<boolean> {
  const row = await db
    .selectFrom('form_versions')
    .select('version')
    .where('form_id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return !!row;
}

/** The version form `id` serves now, or null. */
export async function servedVersion(db: Kysely<Database>, id: string): Promise<number | null> {
  const row = await db.selectFrom('forms').select('current_version').where('id', '=', id).executeTakeFirst();
  return row?.current_version ?? null;
}

/**
 * Saves form `id`'s draft over the one `precondition` names (each statement alone is atomic: no lost update). A new
 * draft is refused when there are `max` already (counted first: concurrent creates may pass it by a few).
 */
export async function saveDraft(
  db: Kysely<Database>,
  id: string,
  draft: { text: string; basedOn: number | null },
  precondition: DraftPrecondition,
  actor: Actor,
  max: number,
): Promise<SaveOutcome> {
  if ('create' in precondition) {
    const { count } = await db
      .selectFrom('form_drafts')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count) >= max) return { ok: false, full: true, max };
  }
  const etag = newEtag();
  const values = { text: draft.text, based_on: draft.basedOn, etag, saved_by: actor.name, saved_at: new Date() };
  const row =
    'create' in precondition
      ? await db
          .insertInto('form_drafts')
          .values({ form_id: id, ...values })
          .onConflict((c) => c.column('form_id').doNothing())
          .returning(['form_id', 'based_on', 'etag', 'saved_by', 'saved_at'])
          .executeTakeFirst()
      : await db
          .updateTable('form_drafts')
          .set(values)
          .where('form_id', '=', id)
          .$if(precondition.ifMatch !== ANY_ETAG, (q) => q.where('etag', '=', precondition.ifMatch))
          .returning(['form_id', 'based_on', 'etag', 'saved_by', 'saved_at'])
          .executeTakeFirst();
  if (!row) {
    const now = await db.selectFrom('form_drafts').select('etag').where('form_id', '=', id).executeTakeFirst();
    return { ok: false, conflict: true, ...(now ? { etag: now.etag } : {}) };
  }
  const bytes = Buffer.byteLength(draft.text);
  await audit(db, actor.name, 'draft-save', id, null, { etag, bytes, basedOn: draft.basedOn });
  return { ok: true, created: 'create' in precondition, draft: summaryOf(row, bytes) };
}

/** Deletes form `id`'s draft if its etag is `ifMatch`. */
export async function deleteDraft(
  db: Kysely<Database>,
  id: string,
  ifMatch: string,
  actor: Actor,
): Promise<DeleteOutcome> {
  const gone = await db
    .deleteFrom('form_drafts')
    .where('form_id', '=', id)
    .$if(ifMatch !== ANY_ETAG, (q) => q.where('etag', '=', ifMatch))
    .returning('etag')
    .executeTakeFirst();
  if (gone) {
    await audit(db, actor.name, 'draft-delete', id, null, { etag: gone.etag });
    return 'deleted';
  }
  const now = await db.selectFrom('form_drafts').select('etag').where('form_id', '=', id).executeTakeFirst();
  return now ? { conflict: true, etag: now.etag } : 'none';
}

/**
 * After form `id` was published (or found unchanged) with `definition`: clears its draft when the draft holds that
 * same content, so publishing the draft ends it, while a publish of something else (the CLI, the CMS) leaves an
 * editor's draft alone. Returns whether a draft was cleared.
 */
export async function clearPublishedDraft(
  db: Kysely<Database>,
  id: string,
  definition: unknown,
  version: number,
  actor: Actor,
): Promise<boolean> {
  const draft = await db
    .selectFrom('form_drafts')
    .select(['text', 'etag'])
    .where('form_id', '=', id)
    .executeTakeFirst();
  // a text too deep to parse and hash without overflowing the stack is no published content (saves refuse one)
  if (!draft || nestingDepth(draft.text) > MAX_JSON_DEPTH) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(draft.text);
  } catch {
    return false;
  }
  if (contentHash(parsed) !== contentHash(definition)) return false;
  const gone = await db
    .deleteFrom('form_drafts')
    .where('form_id', '=', id)
    .where('etag', '=', draft.etag)
    .returning('etag')
    .executeTakeFirst();
  if (gone) await audit(db, actor.name, 'draft-delete', id, version, { etag: draft.etag, published: version });
  return !!gone;
}
