/**
 * The orphan sweep (issue 14) against the whole server over HTTP, on embedded PGlite and on PostgreSQL
 * (127.0.0.1:5432, TEST_DATABASE_URL overrides; its own schema per run): uploads are made through the
 * real upload contract and named by real submissions; then rows and files are made old (created_at and
 * the file's mtime moved back 25 hours) and the sweep runs with the default limit of 24 hours.
 *
 * The one test double: in the concurrency test each sweep's file store is the real local store behind
 * a wrapper that counts deletions per key.
 */
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '../../../../site/server/context.js';
import { jsonValue } from '../../../../site/server/db/index.js';
import { migrateToLatest, migrations } from '../../../../site/server/db/migrations/index.js';
import type { Database } from '../../../../site/server/db/schema.js';
import { type SweepResult, startFileSweeper, sweepOrphanFiles } from '../../../../site/server/files/sweep.js';
import { PDF, PNG } from '../../../unit/server/files/samples.js';
import { createSchema, dropSchema, prepareBooking, sendBooking, uploadFile } from '../durability/harness.js';
import { filesUnder, type Harness, SETUP_TIMEOUT, startHarness } from '../http/harness.js';

const HOUR = 3_600_000;
const LIMIT = 24 * HOUR;
const OLD_SECONDS = (Date.now() - 25 * HOUR) / 1000;

let counter = 0;
const unique = (prefix: string) => `${prefix}_t${Date.now().toString(36)}${++counter}`;

for (const engine of ['pglite', 'postgres'] as const) {
  describe(`the orphan sweep on ${engine}`, () => {
    let h: Harness;
    let schema: string | undefined;
    const filesDir = () => join(h.dataDir, 'files');
    const sweep = (options: { now?: () => number; batchSize?: number } = {}) =>
      sweepOrphanFiles(h.main.ctx, { maxAgeMs: LIMIT, ...options });

    beforeAll(async () => {
      let env: Record<string, string> = {};
      if (engine === 'postgres') {
        const created = await createSchema('sweep');
        schema = created.schema;
        env = { DATABASE_URL: created.url };
      }
      h = await startHarness(env);
    }, SETUP_TIMEOUT);

    afterAll(async () => {
      await h?.close();
      if (schema) await dropSchema(schema);
    });

    /** Moves a stored file's modification time back past the limit. */
    const ageFile = (key: string) => utimes(join(filesDir(), key), OLD_SECONDS, OLD_SECONDS);
    /** Makes upload rows and their files older than the limit. */
    async function ageUploads(keys: string[]) {
      await h.db
        .updateTable('uploads')
        .set({ created_at: sql`now() - interval '25 hours'` })
        .where('key', 'in', keys)
        .execute();
      for (const key of keys) await ageFile(key);
    }
    const uploadRow = (key: string) => h.db.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst();
    const stored = () => new Set(filesUnder(filesDir()));
    const submissions = async () =>
      Number(
        (
          await h.db
            .selectFrom('submissions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('deletes an old unused upload (row and bytes), keeps a used one and a fresh one', async () => {
      // two uploads named by a stored booking
      const booking = await prepareBooking(h.main.base);
      const answer = await sendBooking(h.main.base, booking);
      expect(answer.status, await answer.clone().text()).toBe(200);
      const used = (await h.db.selectFrom('uploads').select(['key', 'used_at']).execute()).filter((r) => r.used_at);
      expect(used).toHaveLength(2);
      const usedKeys = used.map((r) => r.key);
      // and two nobody names
      const orphan = `uploads/${unique('orphan')}.pdf`;
      const fresh = `uploads/${unique('fresh')}.png`;
      await uploadFile(h.main.base, orphan.slice('uploads/'.length), 'application/pdf', PDF);
      await uploadFile(h.main.base, fresh.slice('uploads/'.length), 'image/png', PNG);
      await ageUploads([...usedKeys, orphan]);

      const result = await sweep();

      expect(result.uploads).toEqual([orphan]);
      expect(result.failed).toEqual([]);
      const files = stored();
      expect(files.has(orphan)).toBe(false);
      // the row only marks the key as being removed: no submission can use it, no upload can take it
      expect(await uploadRow(orphan)).toMatchObject({ swept_at: expect.any(Date), used_at: null });
      for (const key of [...usedKeys, fresh]) {
        expect(files.has(key), key).toBe(true);
        expect(await uploadRow(key), key).toMatchObject({ swept_at: null });
      }
      // a second sweep finds nothing more to do
      expect((await sweep()).uploads).toEqual([]);
    });

    it('refuses (409) a submission naming a swept upload and stores nothing, and refuses its name to a new upload', async () => {
      const booking = await prepareBooking(h.main.base);
      const keys = (
        booking.body.match(/admissionDocumentUpload_[0-9a-f]+\.pdf|passportPhotoUpload_[0-9a-f]+\.jpg/g) ?? []
      )
        .filter((name, i, all) => all.indexOf(name) === i)
        .map((name) => `uploads/${name}`);
      expect(keys).toHaveLength(2);
      await ageUploads(keys);
      expect((await sweep()).uploads.sort()).toEqual([...keys].sort());

      const before = await submissions();
      const answer = await sendBooking(h.main.base, booking);
      const body = (await answer.json()) as { message?: string };
      expect(answer.status, JSON.stringify(body)).toBe(409);
      expect(body.message).toMatch(/no longer kept.*upload (it|them) again/);
      expect(body.message).toContain(keys[0].slice('uploads/'.length));
      expect(await submissions()).toBe(before);
      for (const key of keys) expect(await uploadRow(key)).toMatchObject({ used_at: null });

      const again = await h.main.fetch(
        `/api/upload-file?${new URLSearchParams({ file: keys[0].slice('uploads/'.length), fileType: 'application/pdf' })}`,
      );
      expect(again.status).toBe(409);
    });

    it('keeps the documents of a lead; deletes the files of a deleted lead, of no lead, and files no row names', async () => {
      const lead = await h.db
        .insertInto('leads')
        .values({ account_id: unique('BA-SWEEP'), data: jsonValue({}) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const gone = await h.db
        .insertInto('leads')
        .values({ account_id: unique('BA-SWEEP'), data: jsonValue({}) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const document = async (leadId: number | null, name: string) => {
        const key = `leads/${leadId ?? 'none'}/${name}`;
        await h.main.ctx.files.put(key, PDF, 'application/pdf');
        await ageFile(key);
        await h.db
          .insertInto('documents')
          .values({
            lead_id: leadId,
            payer_id: null,
            doc_key: 'passport',
            file_key: key,
            content_type: 'application/pdf',
            size: PDF.byteLength,
            created_at: sql`now() - interval '25 hours'`,
          })
          .execute();
        return key;
      };
      const kept = await document(lead.id, unique('passport'));
      const ofDeletedLead = await document(gone.id, unique('passport'));
      const ofNoLead = await document(null, unique('passport'));
      await h.db.deleteFrom('leads').where('id', '=', gone.id).execute();
      // a crash between writing a file and its row leaves a file no row names
      const leftoverLead = `leads/${lead.id}/${unique('consent')}`;
      const leftoverUpload = `uploads/${unique('leftover')}.pdf`;
      const freshLeftover = `uploads/${unique('inflight')}.pdf`;
      for (const key of [leftoverLead, leftoverUpload, freshLeftover]) {
        await h.main.ctx.files.put(key, PDF, 'application/pdf');
      }
      await ageFile(leftoverLead);
      await ageFile(leftoverUpload);

      const result = await sweep();

      expect(result.documents).toBe(1);
      expect(result.unnamed.sort()).toEqual([leftoverLead, leftoverUpload, ofDeletedLead, ofNoLead].sort());
      const files = stored();
      expect(files.has(kept)).toBe(true);
      expect(files.has(freshLeftover)).toBe(true);
      for (const key of result.unnamed) expect(files.has(key), key).toBe(false);
      const documents = await h.db.selectFrom('documents').select('file_key').execute();
      expect(documents.map((d) => d.file_key)).toContain(kept);
      expect(documents.map((d) => d.file_key)).not.toContain(ofNoLead);
    });

    it('runs twice at once: every orphan is deleted exactly once and neither sweep fails', async () => {
      const orphans: string[] = [];
      for (let i = 0; i < 24; i++) {
        const key = `uploads/${unique('race')}.png`;
        await h.main.ctx.files.put(key, PNG, 'image/png');
        await h.db
          .insertInto('uploads')
          .values({
            key,
            content_type: 'image/png',
            size: PNG.byteLength,
            created_at: sql`now() - interval '25 hours'`,
          })
          .execute();
        await ageFile(key);
        orphans.push(key);
      }
      const unnamed: string[] = [];
      for (let i = 0; i < 8; i++) {
        const key = i % 2 ? `uploads/${unique('raceleft')}.pdf` : `leads/999999/${unique('raceleft')}`;
        await h.main.ctx.files.put(key, PDF, 'application/pdf');
        await ageFile(key);
        unnamed.push(key);
      }

      // test double: the real store, counting deletions
      const deletions = new Map<string, number>();
      const counting = (store: FileStore): FileStore => ({
        driver: store.driver,
        createUploadTarget: (input) => store.createUploadTarget(input),
        put: (key, bytes, type) => store.put(key, bytes, type),
        get: (key) => store.get(key),
        list: (prefix) => store.list(prefix),
        async delete(key) {
          deletions.set(key, (deletions.get(key) ?? 0) + 1);
          await store.delete(key);
        },
      });
      const other = await h.start();
      const runs = await Promise.allSettled([
        sweepOrphanFiles({ db: h.main.ctx.db, files: counting(h.main.ctx.files) }, { maxAgeMs: LIMIT, batchSize: 3 }),
        sweepOrphanFiles({ db: other.ctx.db, files: counting(other.ctx.files) }, { maxAgeMs: LIMIT, batchSize: 3 }),
      ]);
      expect(runs.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
      const [a, b] = runs.map((r) => (r as PromiseFulfilledResult<SweepResult>).value);

      expect([...a.uploads, ...b.uploads].sort()).toEqual([...orphans].sort());
      expect([...a.unnamed, ...b.unnamed].sort()).toEqual([...unnamed].sort());
      expect([...a.failed, ...b.failed]).toEqual([]);
      for (const key of [...orphans, ...unnamed]) expect(deletions.get(key), key).toBe(1);
      expect([...deletions.keys()].sort()).toEqual([...orphans, ...unnamed].sort());
      const files = stored();
      for (const key of [...orphans, ...unnamed]) expect(files.has(key), key).toBe(false);
    });

    it('sweeps on its interval until stopped, and not after', async () => {
      const orphan = async () => {
        const key = `uploads/${unique('timer')}.png`;
        await h.main.ctx.files.put(key, PNG, 'image/png');
        await h.db
          .insertInto('uploads')
          .values({
            key,
            content_type: 'image/png',
            size: PNG.byteLength,
            created_at: sql`now() - interval '25 hours'`,
          })
          .execute();
        return key;
      };
      const first = await orphan();
      const logged: string[] = [];
      const log = { info: (_: object, m: string) => logged.push(m), warn: () => {}, error: () => {} };
      const sweeper = startFileSweeper(h.main.ctx, { maxAgeMs: LIMIT, intervalMs: 20, firstDelayMs: 0, log });
      const deadline = Date.now() + 20_000;
      while (stored().has(first) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await sweeper.stop();
      expect(stored().has(first)).toBe(false);
      expect(logged).toContain('orphan sweep removed files');
      const second = await orphan();
      await new Promise((r) => setTimeout(r, 300));
      expect(stored().has(second)).toBe(true);
      await sweep();
    });

    it('removes its marks a period later, deleting the bytes once more in case a crash kept them', async () => {
      const key = `uploads/${unique('tomb')}.pdf`;
      await uploadFile(h.main.base, key.slice('uploads/'.length), 'application/pdf', PDF);
      await ageUploads([key]);
      expect((await sweep()).uploads).toEqual([key]);
      expect(await uploadRow(key)).toBeDefined();
      // as if the process died between the claim and the deletion
      await h.main.ctx.files.put(key, PDF, 'application/pdf');

      const later = await sweep({ now: () => Date.now() + 25 * HOUR });
      expect(later.tombstones).toBeGreaterThanOrEqual(1);
      expect(await uploadRow(key)).toBeUndefined();
      expect(stored().has(key)).toBe(false);
    });
  });
}

describe('migration 0006 on existing data', () => {
  it(
    'marks the uploads that stored submissions and leads already name as used, and no others',
    async () => {
      const pglite = await PGlite.create();
      const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
      try {
        // the database as it was before 0006 (and every later migration)
        const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0006'));
        await migrateToLatest(db, before);
        const keys = ['uploads/a_1.pdf', 'uploads/b_2.png', 'uploads/c_3.jpg', 'uploads/d_4.pdf'];
        for (const key of keys) await db.insertInto('uploads').values({ key, content_type: 'x', size: 1 }).execute();
        await db
          .insertInto('submissions')
          .values({
            kind: 'aok',
            form_id: 'f',
            data: jsonValue({ passport: [{ uid: 'uploads/a_1.pdf', name: 'a_1.pdf', status: 'done' }] }),
          })
          .execute();
        await db
          .insertInto('leads')
          .values({
            account_id: 'BA-1',
            data: jsonValue({ step: { doc: [{ uid: 'uploads/b_2.png', status: 'done' }] } }),
            sent: jsonValue({ step: { files: ['c_3.jpg'] } }),
          })
          .execute();
        await migrateToLatest(db);
        const rows = await db.selectFrom('uploads').select(['key', 'used_at', 'swept_at']).orderBy('key').execute();
        expect(rows.map((r) => [r.key, r.used_at !== null, r.swept_at])).toEqual([
          ['uploads/a_1.pdf', true, null],
          ['uploads/b_2.png', true, null],
          ['uploads/c_3.jpg', true, null],
          ['uploads/d_4.pdf', false, null],
        ]);
      } finally {
        await db.destroy();
      }
    },
    SETUP_TIMEOUT,
  );
});
