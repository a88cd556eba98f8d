/** The audit log: who published, rolled back, signed in or was locked out, and when. */
import type { Kysely } from 'kysely';
import { jsonValue } from '../db/index.js';
import type { Database } from '../db/schema.js';

export async function audit(
  db: Kysely<Database>,
  actor: string,
  action: string,
  formId: string | null,
  version: number | null,
  detail: unknown,
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ actor, action, form_id: formId, version, detail: detail === null ? null : jsonValue(detail) })
    .execute();
}

/** The newest entries, of one form when `formId` is given. */
export async function auditEntries(db: Kysely<Database>, formId?: string, limit = 200) {
  let query = db.selectFrom('audit_log').select(['at', 'actor', 'action', 'form_id', 'version', 'detail']);
  if (formId !== undefined) query = query.where('form_id', '=', formId);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    actor: r.actor,
    action: r.action,
    formId: r.form_id,
    version: r.version,
    detail: r.detail,
  }));
}
