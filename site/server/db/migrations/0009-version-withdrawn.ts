/**
 * A published version staff withdraw (issue 17): `form_versions.withdrawn_at`. A withdrawn version is no longer
 * served to resumed drafts nor takes submissions, whatever the grace time (FORM_VERSION_GRACE_DAYS): for a version
 * that turned out harmful (a rule that hangs, a consent dropped by mistake). The version itself stays in the
 * history.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_versions').addColumn('withdrawn_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_versions').dropColumn('withdrawn_at').execute();
}
