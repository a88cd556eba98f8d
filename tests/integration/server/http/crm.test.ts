/**
 * The customer-relationship calls of the blocked-account flow over real HTTP (spec 000, section 7,
 * calls 2, 6, 7 and 10; spec 001, section 7, call 4): lead upload-file, payer removal and the KYC
 * codes, against the whole server with PGlite, the local file store and the mail outbox. Leads are
 * created as the form creates them, by posting the sign-up step.
 */
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLead, jsonValue } from '../../../../site/server/db/index.js';
import { newLeadToken } from '../../../../site/server/routes/leadAccess.js';
import { bigPng, JPEG, PDF, PNG } from '../../../unit/server/files/samples.js';
import {
  type CreatedLead,
  countRows,
  createLead,
  expiredToken,
  type FilePart,
  filesUnder,
  forgedToken,
  form,
  type Harness,
  lastCodeFor,
  leadHeaders,
  leaksNothing,
  outbox,
  postForm,
  SETUP_TIMEOUT,
  type Server,
  startHarness,
} from './harness.js';

const SMALL_LIMIT = 4096;
const UNAUTHORIZED: Array<[Record<string, string>, string]> = [
  [{}, 'missing'],
  [{ Authorization: `Bearer ${expiredToken()}` }, 'expired'],
  [{ Authorization: `Bearer ${forgedToken()}` }, 'bad-signature'],
];

let h: Harness;
let small: Server;
let lead: CreatedLead;
let otherLead: CreatedLead;

beforeAll(async () => {
  h = await startHarness();
  small = await h.start({ MAX_UPLOAD_BYTES: String(SMALL_LIMIT) });
  lead = await createLead(h.main, { email: 'lead@example.com' });
  otherLead = await createLead(h.main, { email: 'other@example.com' });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await h?.close();
});

const filesDir = () => join(h.dataDir, 'files');

let payersAdded = 0;
/** A payer row of the lead; each with its own address (one payer per address and lead, migration 0002). */
async function addPayer(leadId: number): Promise<number> {
  payersAdded += 1;
  const email = `ben${payersAdded}@example.com`;
  const row = await h.db
    .insertInto('payers')
    .values({ lead_id: leadId, data: jsonValue({ firstName: 'Ben', lastName: 'Smith', email }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What a refused request must leave as it was: the documents table and the files folder. */
async function kept() {
  return { documents: await countRows(h.db, 'documents'), files: filesUnder(filesDir()) };
}

describe('POST /api/v1/lead/upload-file', () => {
  const upload = async (
    fields: Record<string, string | number>,
    file: FilePart | undefined,
    options: { server?: Server; headers?: Record<string, string> } = {},
  ) => {
    const server = options.server ?? h.main;
    return postForm(
      server,
      '/api/v1/lead/upload-file',
      form(fields, file && { field: 'file', name: 'passport.pdf', ...file }),
      // the applicant's own call: the bearer token and the lead's token
      options.headers ?? (await leadHeaders(server, lead)),
    );
  };
  const pdf = { bytes: PDF, type: 'application/pdf' };

  it('stores the file under the lead, records it and answers its doc_id', async () => {
    const before = await kept();
    const answer = await upload({ lead_id: lead.id, doc_key: 'passport_non_eu' }, pdf);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ doc_id: expect.stringMatching(/^\d+$/) });

    const row = await h.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', Number(answer.body.doc_id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      lead_id: lead.id,
      payer_id: null,
      doc_key: 'passport_non_eu',
      content_type: 'application/pdf',
      size: PDF.byteLength,
      file_key: expect.stringMatching(new RegExp(`^leads/${lead.id}/passport_non_eu-[0-9a-f]{16}$`)),
    });
    const after = await kept();
    expect(after.documents).toBe(before.documents + 1);
    expect(after.files).toEqual([...before.files, row.file_key].sort());
    expect(Buffer.from((await h.main.ctx.files.get(row.file_key))!)).toEqual(PDF);
  });

  it("records a payer's document with its payer_id", async () => {
    const payerId = await addPayer(lead.id);
    const answer = await upload(
      { lead_id: lead.id, doc_key: 'payer_passport', payer_id: payerId },
      // a scan of a realistic size (documents other than the passport take 100 KB to 10 MB)
      { bytes: Buffer.concat([JPEG, Buffer.alloc(120_000)]), type: 'image/jpeg', name: 'ben.jpg' },
    );
    expect(answer.status).toBe(200);
    const row = await h.db
      .selectFrom('documents')
      .selectAll()
      .where('id', '=', Number(answer.body.doc_id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ lead_id: lead.id, payer_id: payerId, doc_key: 'payer_passport' });
  });

  it('refuses a missing, expired or forged token with 401 and keeps nothing', async () => {
    const before = await kept();
    for (const [headers, reason] of UNAUTHORIZED) {
      // the lead's own token: only the bearer token is wrong
      const answer = await upload({ lead_id: lead.id, doc_key: 'passport_eu' }, pdf, {
        headers: { ...headers, 'X-Lead-Token': lead.token },
      });
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 401,
        message: `Unauthorized: token ${reason}`,
      });
    }
    expect(await kept()).toEqual(before);
  });

  it('refuses bad fields with 400 (404 for an unknown lead) and keeps nothing', async () => {
    // sent with the lead's own token: each case has only the one thing wrong that it names
    const before = await kept();
    const cases: Array<[Record<string, string | number>, FilePart | undefined, number, RegExp]> = [
      [{ lead_id: lead.id, doc_key: 'passport_eu' }, undefined, 400, /file is missing/],
      [{ doc_key: 'passport_eu' }, pdf, 400, /^Missing lead identifier/],
      [{ lead_id: 'abc', doc_key: 'passport_eu' }, pdf, 400, /lead_id/],
      [{ lead_id: '-3', doc_key: 'passport_eu' }, pdf, 400, /lead_id/],
      [{ lead_id: '1.5', doc_key: 'passport_eu' }, pdf, 400, /lead_id/],
      [{ lead_id: 987654, doc_key: 'passport_eu' }, pdf, 404, /No application/],
      [{ lead_id: lead.id }, pdf, 400, /doc_key/],
      [{ lead_id: lead.id, doc_key: '../../secret' }, pdf, 400, /doc_key/],
      [{ lead_id: lead.id, doc_key: 'Passport EU' }, pdf, 400, /doc_key/],
      [
        { lead_id: lead.id, doc_key: 'passport_eu' },
        { bytes: new Uint8Array(), type: 'application/pdf' },
        400,
        /empty/,
      ],
      [{ lead_id: lead.id, doc_key: 'passport_eu' }, { bytes: PDF, type: 'text/html' }, 400, /not allowed/],
    ];
    for (const [fields, file, status, message] of cases) {
      const answer = await upload(fields, file);
      expect({ fields, status: answer.status }).toEqual({ fields, status });
      expect(answer.body).toMatchObject({ status: false, message: expect.stringMatching(message) });
    }
    expect(await kept()).toEqual(before);
  });

  it('refuses PNG bytes declared as a PDF with 400 and keeps nothing', async () => {
    const before = await kept();
    const answer = await upload({ lead_id: lead.id, doc_key: 'passport_eu' }, { bytes: PNG, type: 'application/pdf' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('the file is a image/png, not the declared application/pdf');
    expect(await kept()).toEqual(before);
  });

  it('refuses a JSON body with 415 and keeps nothing', async () => {
    const before = await kept();
    const response = await h.main.fetch('/api/v1/lead/upload-file', {
      method: 'POST',
      headers: { ...(await leadHeaders(h.main, lead)), 'content-type': 'application/json' },
      body: JSON.stringify({ lead_id: lead.id, doc_key: 'passport_eu', file: 'JVBERi0=' }),
    });
    expect(response.status).toBe(415);
    expect(await kept()).toEqual(before);
  });

  it('refuses a file over the upload limit with 413 and keeps nothing', async () => {
    const before = await kept();
    const answer = await upload(
      { lead_id: lead.id, doc_key: 'passport_eu' },
      { bytes: bigPng(SMALL_LIMIT + 1), type: 'image/png', name: 'big.png' },
      { server: small },
    );
    expect(answer.status).toBe(413);
    expect(await kept()).toEqual(before);
    // one byte less is fine on the same server
    const fits = await upload(
      { lead_id: lead.id, doc_key: 'passport_eu' },
      { bytes: bigPng(SMALL_LIMIT), type: 'image/png', name: 'fits.png' },
      { server: small },
    );
    expect(fits.status).toBe(200);
  });

  it('keeps neither the file nor a row when recording the document fails, and says nothing of the cause', async () => {
    const before = await kept();
    // no payer has this id: the documents row cannot be written after the file was
    const answer = await upload({ lead_id: lead.id, doc_key: 'passport_eu', payer_id: 999_999 }, pdf);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(leaksNothing(JSON.stringify(answer.body))).toEqual([]);
    expect(await kept()).toEqual(before);
  });

  it('answers 400, not 500, for a payer_id that is not a number or names no payer', async () => {
    for (const payer_id of ['abc', '999999']) {
      const answer = await upload({ lead_id: lead.id, doc_key: 'passport_eu', payer_id }, pdf);
      expect({ payer_id, status: answer.status }).toEqual({ payer_id, status: 400 });
    }
  });

  it('refuses the payer of another lead and stores no document for it', async () => {
    const foreignPayer = await addPayer(otherLead.id);
    const before = await kept();
    const answer = await upload({ lead_id: lead.id, doc_key: 'payer_passport', payer_id: foreignPayer }, pdf);
    expect(answer.status).toBe(400);
    expect(await kept()).toEqual(before);
  });

  it('answers 400 or 404, not 500, for a lead_id beyond the integer range', async () => {
    const answer = await upload({ lead_id: '99999999999', doc_key: 'passport_eu' }, pdf);
    expect([400, 404]).toContain(answer.status);
  });
});

describe('DELETE /api/v1/lead/payer/:payerId', () => {
  const remove = async (id: string | number, headers?: Record<string, string>) => {
    const response = await h.main.fetch(`/api/v1/lead/payer/${id}`, {
      method: 'DELETE',
      headers: headers ?? (await leadHeaders(h.main, lead)),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const payerRow = (id: number) => h.db.selectFrom('payers').selectAll().where('id', '=', id).executeTakeFirst();

  it('removes a payer (200), then answers 404 for the same payer', async () => {
    const id = await addPayer(lead.id);
    expect(await remove(id)).toEqual({ status: 200, body: { status: true, message: 'Payer removed successfully' } });
    const row = await payerRow(id);
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect(await remove(id)).toEqual({ status: 404, body: { status: false, message: 'Failed to remove payer' } });
    // the first removal time stays
    expect((await payerRow(id))?.deleted_at).toEqual(row?.deleted_at);
  });

  it('answers 404 for an unknown payer and 400 for an id that is not a number', async () => {
    expect(await remove(987_654)).toEqual({ status: 404, body: { status: false, message: 'Failed to remove payer' } });
    expect(await remove('abc')).toEqual({ status: 400, body: { status: false, message: 'Failed to remove payer' } });
    expect((await remove('1.5')).status).toBe(400);
  });

  it('refuses a missing, expired or forged token with 401 and leaves the payer', async () => {
    const id = await addPayer(lead.id);
    for (const [headers, reason] of UNAUTHORIZED) {
      // the lead's own token: only the bearer token is wrong
      expect(await remove(id, { ...headers, 'X-Lead-Token': lead.token })).toEqual({
        status: 401,
        body: { status: false, message: `Unauthorized: token ${reason}` },
      });
    }
    expect((await payerRow(id))?.deleted_at).toBeNull();
  });

  it('answers 404 or 400, not 500, for an id beyond the integer range', async () => {
    expect([400, 404]).toContain((await remove('99999999999')).status);
  });

  it('refuses an id written in hexadecimal instead of removing that payer', async () => {
    const id = await addPayer(lead.id);
    const answer = await remove(`0x${id.toString(16)}`);
    expect(answer.status).toBe(400);
    expect((await payerRow(id))?.deleted_at).toBeNull();
  });
});

/**
 * KYC codes. send-kyc-otp allows 10 calls a minute from one address, so this block makes at most 10 of
 * them on the main server.
 */
describe('POST /api/v1/blkacct/send-kyc-otp and verify-kyc-otp', () => {
  type Fields = Record<string, string | number>;
  type Headers = Record<string, string>;
  /** Calls of the applicant of `owner` (default codeLead): the bearer token and the lead's own token. */
  const send = async (fields: Fields, headers?: Headers, owner: { token: string } = codeLead) =>
    postForm(h.main, '/api/v1/blkacct/send-kyc-otp', form(fields), headers ?? (await leadHeaders(h.main, owner)));
  const verify = async (fields: Fields, headers?: Headers, owner: { token: string } = codeLead) =>
    postForm(h.main, '/api/v1/blkacct/verify-kyc-otp', form(fields), headers ?? (await leadHeaders(h.main, owner)));
  const otpRow = (leadId: number) =>
    h.db.selectFrom('otps').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  let codeLead: CreatedLead;
  let lockLead: CreatedLead;

  beforeAll(async () => {
    codeLead = await createLead(h.main, { email: 'code@example.com' });
    lockLead = await createLead(h.main, { email: 'lock@example.com' });
  }, SETUP_TIMEOUT);

  it('send: refuses a missing or expired token with 401 and sends nothing', async () => {
    const mails = outbox(h.dataDir).length;
    for (const [headers, reason] of UNAUTHORIZED.slice(0, 2)) {
      // the lead's own token: only the bearer token is wrong
      const answer = await send({ lead_id: codeLead.id }, { ...headers, 'X-Lead-Token': codeLead.token });
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 401,
        message: `Unauthorized: token ${reason}`,
      });
    }
    expect(outbox(h.dataDir)).toHaveLength(mails);
    expect(await otpRow(codeLead.id)).toBeUndefined();
  });

  it('send: refuses a missing or unusable lead_id (400) and an unknown lead (404), sending nothing', async () => {
    // sent with a valid lead token (codeLead's): the lead_id is the only thing wrong
    const mails = outbox(h.dataDir).length;
    const otps = await countRows(h.db, 'otps');
    expect((await send({})).status).toBe(400);
    expect((await send({ lead_id: 'abc' })).status).toBe(400);
    expect(await send({ lead_id: 987_654 })).toMatchObject({ status: 404, body: { status: false } });
    expect(outbox(h.dataDir)).toHaveLength(mails);
    expect(await countRows(h.db, 'otps')).toBe(otps);
  });

  it('send: answers 409 for a lead without an e-mail address', async () => {
    // a lead with a token of its own, so that only the missing address is wrong
    const { token, hash } = newLeadToken();
    const bare = await insertLead(h.db, {
      data: jsonValue({ '1': { firstName: 'No', lastName: 'Mail' } }),
      token_hash: hash,
    });
    const answer = await send({ lead_id: bare.id }, undefined, { token });
    expect(answer).toMatchObject({ status: 409, body: { status: false } });
    expect(await otpRow(bare.id)).toBeUndefined();
  });

  it('send: mails a six-digit code to the lead, keeps only its hash and answers the account number', async () => {
    const answer = await send({ lead_id: codeLead.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: true, message: 'OTP sent successfully', account_id: codeLead.account_id });
    const code = lastCodeFor(h.dataDir, codeLead.email);
    expect(code).toMatch(/^\d{6}$/);
    const row = await otpRow(codeLead.id);
    expect(row).toMatchObject({ attempts: 0, locked_until: null, sends_in_window: 1 });
    expect(row?.code_hash).toMatch(/^scrypt\$/);
    expect(row?.code_hash).not.toContain(code);
  });

  it('send: a resend within 60 s is refused with 429 and Retry-After, and mails nothing', async () => {
    const mails = outbox(h.dataDir).length;
    const answer = await send({ lead_id: codeLead.id });
    expect(answer.status).toBe(429);
    expect(answer.body).toMatchObject({ status: false, message: 'Failed to send OTP' });
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(answer.body.retry_after).toBe(retryAfter);
    expect(outbox(h.dataDir)).toHaveLength(mails);
  });

  it('verify: refuses a missing or expired token with 401 and uses no attempt', async () => {
    const code = lastCodeFor(h.dataDir, codeLead.email);
    for (const [headers, reason] of UNAUTHORIZED.slice(0, 2)) {
      // the lead's own token: only the bearer token is wrong
      const answer = await verify({ lead_id: codeLead.id, otp: code }, { ...headers, 'X-Lead-Token': codeLead.token });
      expect({ status: answer.status, message: answer.body.message }).toEqual({
        status: 401,
        message: `Unauthorized: token ${reason}`,
      });
    }
    expect(await otpRow(codeLead.id)).toMatchObject({ attempts: 0 });
  });

  it('verify: refuses a bad body (400 / 404 / 415) without using an attempt', async () => {
    // sent with a valid lead token (codeLead's): the body is the only thing wrong
    expect((await verify({ otp: '123456' })).status).toBe(400);
    expect((await verify({ lead_id: 987_654, otp: '123456' })).status).toBe(404);
    const malformed = await verify({ lead_id: codeLead.id, otp: '12ab' });
    expect(malformed).toMatchObject({ status: 400, body: { status: false, message: 'Failed to verify OTP' } });
    const json = await h.main.fetch('/api/v1/blkacct/verify-kyc-otp', {
      method: 'POST',
      headers: { ...(await leadHeaders(h.main, codeLead)), 'content-type': 'application/json' },
      body: JSON.stringify({ lead_id: codeLead.id, otp: '123456' }),
    });
    expect(json.status).toBe(415);
    expect(await otpRow(codeLead.id)).toMatchObject({ attempts: 0 });
  });

  it('verify: a wrong code is refused with 400, the right one answers the lead and the account number', async () => {
    const code = lastCodeFor(h.dataDir, codeLead.email);
    const refused = await verify({ lead_id: codeLead.id, otp: wrong(code) });
    expect(refused).toMatchObject({
      status: 400,
      body: { status: false, message: 'Failed to verify OTP', reason: 'invalid' },
    });
    expect(await otpRow(codeLead.id)).toMatchObject({ attempts: 1 });

    const answer = await verify({ lead_id: codeLead.id, otp: code });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: true, result: { lead_id: codeLead.id, account_id: codeLead.account_id } });
    // used up: the row is gone and the same code does not work twice
    expect(await otpRow(codeLead.id)).toBeUndefined();
    expect(await verify({ lead_id: codeLead.id, otp: code })).toMatchObject({
      status: 400,
      body: { reason: 'no-code' },
    });
  });

  it('verify: five wrong codes lock the lead; the sixth attempt, with the right code, is refused with 423', async () => {
    expect((await send({ lead_id: lockLead.id }, undefined, lockLead)).status).toBe(200);
    const code = lastCodeFor(h.dataDir, lockLead.email);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const answer = await verify({ lead_id: lockLead.id, otp: wrong(code) }, undefined, lockLead);
      expect({ attempt, status: answer.status, reason: answer.body.reason }).toEqual({
        attempt,
        status: 400,
        reason: 'invalid',
      });
    }
    const fifth = await verify({ lead_id: lockLead.id, otp: wrong(code) }, undefined, lockLead);
    expect(fifth).toMatchObject({
      status: 423,
      body: { status: false, message: 'Failed to verify OTP', reason: 'locked' },
    });
    const sixth = await verify({ lead_id: lockLead.id, otp: code }, undefined, lockLead);
    expect(sixth).toMatchObject({ status: 423, body: { status: false, reason: 'locked' } });
    const row = await otpRow(lockLead.id);
    expect(row?.locked_until).toBeInstanceOf(Date);
    expect(row!.locked_until!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('a mail server that cannot be reached gives 500 without a stack, an address or the SMTP password', async () => {
    // a port nobody listens on: the connection is refused at once
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
      });
    });
    const smtp = await h.start({ MAIL_TRANSPORT: `smtp://mailer:hunter2-secret@127.0.0.1:${port}` });
    const failing = await createLead(h.main, { email: 'smtp-fails@example.com' });
    const response = await smtp.fetch('/api/v1/blkacct/send-kyc-otp', {
      method: 'POST',
      body: form({ lead_id: failing.id }),
      headers: await leadHeaders(smtp, failing),
    });
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({
      status: false,
      ok: false,
      message: 'An unexpected error occurred. Please try again.',
    });
    expect(leaksNothing(text)).toEqual([]);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain(String(port));
    expect(text).not.toContain('smtp-fails@example.com');
  });
});
