/**
 * POST /api/v1/lead/upload-file refuses what the blocked-account uploads refuse in the browser (spec 001 §5, the
 * shared uploader): other types than JPEG, PNG and PDF (a GIF too) with 400, less than 100 KB with 400 (but a
 * passport image), more than 10 MB (1000-based) with 413.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIF, PDF } from '../../../unit/server/files/samples.js';
import {
  type CreatedLead,
  countRows,
  createLead,
  form,
  type Harness,
  leadHeaders,
  postForm,
  SETUP_TIMEOUT,
  startHarness,
} from './harness.js';

let h: Harness;
let lead: CreatedLead;

beforeAll(async () => {
  h = await startHarness();
  lead = await createLead(h.main, { email: 'documents-limits@example.com' });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await h?.close();
});

/** A PDF of exactly `size` bytes (the header, then spaces). */
const pdfOf = (size: number) => Buffer.concat([PDF, Buffer.alloc(size - PDF.byteLength, 0x20)]);

const upload = async (bytes: Buffer, type: string, name: string) =>
  postForm(
    h.main,
    '/api/v1/lead/upload-file',
    form({ lead_id: lead.id, doc_key: 'admission_certificate' }, { field: 'file', bytes, type, name }),
    await leadHeaders(h.main, lead),
  );

describe('POST /api/v1/lead/upload-file: the shared uploader’s limits', () => {
  it('refuses a GIF with 400 and keeps nothing', async () => {
    const before = await countRows(h.db, 'documents');
    const answer = await upload(Buffer.concat([GIF, Buffer.alloc(120_000)]), 'image/gif', 'scan.gif');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/the type image\/gif is not allowed/);
    expect(await countRows(h.db, 'documents')).toBe(before);
  });

  it('refuses a document under 100 KB with 400; exactly 100 KB is stored; a small passport image is read', async () => {
    const before = await countRows(h.db, 'documents');
    const small = await upload(pdfOf(99_999), 'application/pdf', 'small.pdf');
    expect(small.status).toBe(400);
    expect(small.body.message).toMatch(/less than the smallest allowed/);
    expect(await countRows(h.db, 'documents')).toBe(before);
    expect((await upload(pdfOf(100_000), 'application/pdf', 'fits.pdf')).status).toBe(200);
    const passport = await postForm(
      h.main,
      '/api/v1/lead/upload-file',
      form(
        { lead_id: lead.id, doc_key: 'passport_eu' },
        { field: 'file', bytes: pdfOf(2_000), type: 'application/pdf', name: 'passport.pdf' },
      ),
      await leadHeaders(h.main, lead),
    );
    expect(passport.status).toBe(200);
  });

  it('refuses a PDF over 10 MB (10,000,000 bytes) with 413; exactly 10 MB is stored', async () => {
    const before = await countRows(h.db, 'documents');
    const over = await upload(pdfOf(10_000_001), 'application/pdf', 'big.pdf');
    expect(over.status).toBe(413);
    expect(over.body.message).toMatch(/more than the largest allowed/);
    expect(await countRows(h.db, 'documents')).toBe(before);
    const fits = await upload(pdfOf(10_000_000), 'application/pdf', 'fits.pdf');
    expect(fits.status).toBe(200);
    expect(fits.body).toEqual({ doc_id: expect.stringMatching(/^\d+$/) });
  });
});
