/**
 * The first schema: every table of `../schema.ts`. Written with Kysely's schema builder so the same
 * statements run on PGlite and PostgreSQL. Everything that belongs to a lead is deleted with it
 * (cascade), so erasing a person's data is one `delete from leads`.
 */
import { type Kysely, sql } from 'kysely';

const now = sql`now()`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leads')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    // Named so code can recognise a collision of generated numbers (see insertLead).
    .addUniqueConstraint('leads_account_id_key', ['account_id'])
    .execute();

  await db.schema
    .createTable('payers')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('payers_lead_id_idx').on('payers').column('lead_id').execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('lead_id', 'integer', (c) => c.references('leads.id').onDelete('cascade'))
    .addColumn('payer_id', 'integer', (c) => c.references('payers.id').onDelete('cascade'))
    .addColumn('doc_key', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('documents_lead_id_idx').on('documents').column('lead_id').execute();
  // Without it, deleting a payer scans documents for the cascade.
  await db.schema.createIndex('documents_payer_id_idx').on('documents').column('payer_id').execute();

  await db.schema
    .createTable('uploads')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('submissions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('form_id', 'text', (c) => c.notNull())
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('language', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('submissions_kind_created_at_idx')
    .on('submissions')
    .columns(['kind', 'created_at'])
    .execute();

  await db.schema
    .createTable('verifications')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('lead_id', 'integer', (c) => c.references('leads.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('verifications_lead_id_idx').on('verifications').column('lead_id').execute();

  await db.schema
    .createTable('otps')
    .addColumn('lead_id', 'integer', (c) => c.primaryKey().references('leads.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sends_in_window', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Children before parents; indexes go with their tables.
  for (const table of ['otps', 'verifications', 'submissions', 'uploads', 'documents', 'payers', 'leads']) {
    await db.schema.dropTable(table).execute();
  }
}
