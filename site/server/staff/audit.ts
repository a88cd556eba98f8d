/**
 * The audit log: who published (or was refused a publish), rolled back, signed in or was locked out, managed staff
 * accounts, and when. The actor is always a name the server made (`staff:<email>` of an account, `token`, `cms`,
 * `shipped`, `cli`, `unknown-email`), never text a caller typed.
 */
import type { Kysely } from 'kysely';
import { jsonValue } from '../db/index.js';
import type { Database } from '../db/schema.js';

/** Every action the log records, for the `action=` filter of GET /api/admin/audit. */
export const AUDIT_ACTIONS = [
  'publish',
  'publish-refused',
  'rollback',
  'withdraw',
  'draft-save',
  'draft-delete',
  'sign-in',
  'sign-in-failed',
  'locked',
  'sign-out',
  'staff-add',
  'staff-remove',
  'staff-unlock',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Entries a page of GET /api/admin/audit holds at most, and by default. */
export const MAX_AUDIT_PAGE = 500;
export const DEFAULT_AUDIT_PAGE = 200;

export async function audit(
  db: Kysely<Database>,
  actor: string,
  action: AuditAction,
  formId: string | null,
  version: number | null,
  detail: unknown,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ actor, action, form_id: formId, version, detail: detail === null ? null : jsonValue(detail) })
    .execute();
}

export interface AuditQuery {
  /** One form's entries. */
  formId?: string;
  action?: AuditAction;
  /** Entries older than this one (its `id`): the `next` of the page before. */
  before?: number;
  /** 1 to MAX_AUDIT_PAGE. */
  limit?: number;
}

/** A page of entries, newest first; `next` is the `before` of the following page, null on the last. */
export async function auditEntries(db: Kysely<Database>, query: AuditQuery = {}) {
  const limit = Math.min(Math.max(1, query.limit ?? DEFAULT_AUDIT_PAGE), MAX_AUDIT_PAGE);
  let select = db.selectFrom('audit_log').select(['id', 'at', 'actor', 'action', 'form_id', 'version', 'detail']);
  if (query.formId !== undefined) select = select.where('form_id', '=', query.formId);
  if (query.action !== undefined) select = select.where('action', '=', query.action);
  if (query.before !== undefined) select = select.where('id', '<', query.before);
  // one more than asked tells whether another page follows
  const rows = await select
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return {
    entries: page.map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      actor: r.actor,
      action: r.action,
      formId: r.form_id,
      version: r.version,
      detail: r.detail,
    })),
    next: rows.length > limit ? page[page.length - 1].id : null,
  };
}
