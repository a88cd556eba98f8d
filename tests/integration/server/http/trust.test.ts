/**
 * Each lead belongs to its applicant (issue 14), tried as an attacker would, against the whole server over
 * real HTTP on embedded PGlite and on PostgreSQL: a fresh bearer token from GET /api/get-token and a guessed
 * lead id, or another applicant's own lead token, must neither read nor change a lead (403, 404 where the lead
 * does not exist), before anything in the body is validated. A KYC link's key grants its lead's KYC calls
 * only, for a limited time. A completed application is closed. Retried submissions store nothing twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonValue } from '../../../../packages/core/src/dsl/types.js';
import { encodeRequest, flattenForForm } from '../../../../packages/core/src/payload/index.js';
import { createKycKey } from '../../../../site/server/routes/leadAccess.js';
import { application } from '../../../fixtures/forms/blocked-account.js';
import { makeMp4 } from '../../../fixtures/server/mp4.js';
import { renderPassportPage, SAMPLE, td3Lines } from '../../../fixtures/server/passport-image.js';
import { PDF } from '../../../unit/server/files/samples.js';
import {
  bearer,
  blockedAccountForm,
  type CreatedLead,
  countRows,
  createLead,
  ENGINES,
  form,
  type Harness,
  lastCodeFor,
  leadHeaders,
  outbox,
  postForm,
  SAMPLE_PAYER,
  SETUP_TIMEOUT,
  startHarness,
} from './harness.js';

/** The blocking step's request for `leadId`, encoded by the form's own settings (step 3 of spec 000 §7 call 1). */
function blockingStep(leadId: number | string, overrides: Record<string, unknown> = {}) {
  const blocked = blockedAccountForm();
  const step = blocked.steps.find((s) => s.id === 'blocking-details');
  if (!step?.submit) throw new Error('the blocked-account form has no blocking-details submission');
  const data = {
    contractDuration: 6,
    blockedAmountPerMonth: 992,
    visaEligibilityDocument: 'admission_certificate',
    ...overrides,
  };
  const request = encodeRequest(
    step.submit,
    data,
    { storage: (k) => (k === 'leadId' ? String(leadId) : null) },
    blocked,
  );
  return { body: request.body as string, contentType: request.headers['Content-Type'] };
}

describe.each(ENGINES)('a lead belongs to its applicant, on $name', ({ database }) => {
  let h: Harness;
  let drop: () => Promise<void>;
  let victim: CreatedLead;
  let attacker: CreatedLead;

  beforeAll(async () => {
    const db = await database();
    drop = db.drop;
    h = await startHarness(db.env);
    victim = await createLead(h.main, { email: 'victim@example.com' });
    attacker = await createLead(h.main, { email: 'attacker@example.com' });
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await h?.close();
    await drop?.();
  });

  const leadRow = (id: number) => h.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** Anonymous (a fresh bearer token only), and the attacker's own lead token: the two ways in that were open. */
  const strangers = async () => [
    { who: 'a fresh bearer token', headers: await bearer(h.main) },
    { who: "another applicant's lead token", headers: await leadHeaders(h.main, attacker) },
  ];

  it('hands out a lead token of at least 128 bits at sign-up and keeps only its hash', async () => {
    expect(victim.token).toMatch(/^lt_[A-Za-z0-9_-]{43}$/); // 256 random bits
    expect(attacker.token).not.toBe(victim.token);
    const row = await leadRow(victim.id);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(victim.token.slice(3));
  });

  it("refuses another applicant's later steps with 403 and changes nothing", async () => {
    const before = await leadRow(victim.id);
    for (const { who, headers } of await strangers()) {
      const step = blockingStep(victim.id, { contractDuration: 1 });
      const response = await h.main.fetch('/api/v1/lead/submit-application', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': step.contentType },
        body: step.body,
      });
      expect(response.status, who).toBe(403);
    }
    const after = await leadRow(victim.id);
    expect(after.data).toEqual(before.data);
    expect(after.sent).toEqual(before.sent);
    // the applicant's own token passes
    const own = blockingStep(victim.id);
    const response = await h.main.fetch('/api/v1/lead/submit-application', {
      method: 'POST',
      headers: { ...(await leadHeaders(h.main, victim)), 'Content-Type': own.contentType },
      body: own.body,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ status: true, id: victim.id, account_id: victim.account_id });
  });

  it('checks the token before the body: a stranger never gets a 400 that describes it', async () => {
    for (const { who, headers } of await strangers()) {
      const response = await h.main.fetch('/api/v1/lead/submit-application', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `step=3&lead_id=${victim.id}&blocked_acc_amt=lots&isAdmin=true`,
      });
      expect(response.status, who).toBe(403);
      const body = (await response.json()) as { message: string; errors?: unknown };
      expect(body.errors).toBeUndefined();
      expect(body.message).not.toMatch(/blocked_acc_amt|isAdmin|whole number|required/i);
    }
    // the lead calls that take files refuse a caller without a token before reading its body (not 415 or 413)
    for (const path of ['/api/v1/lead/upload-file', '/api/v1/identity/verify-doc', '/api/v1/identity/face-recog']) {
      const json = await h.main.fetch(path, {
        method: 'POST',
        headers: { ...(await bearer(h.main)), 'Content-Type': 'application/json' },
        body: JSON.stringify({ lead_id: victim.id, blocked_acc_no: victim.account_id }),
      });
      expect(json.status, path).toBe(403);
    }
    // a later step without any lead id or token: 403 too, not "missing lead identifier"
    const response = await h.main.fetch('/api/v1/lead/submit-application', {
      method: 'POST',
      headers: { ...(await bearer(h.main)), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'step=3&blocked_acc_amt=1',
    });
    expect(response.status).toBe(403);
  });

  it("refuses another applicant's payers: create, update and delete, with 403", async () => {
    const add = await h.main.fetch('/api/v1/lead/payer', {
      method: 'POST',
      headers: { ...(await leadHeaders(h.main, victim)), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(
        flattenForForm({ lead_id: victim.id, ...SAMPLE_PAYER } as JsonValue, 'brackets'),
      ).toString(),
    });
    const added = (await add.json()) as { payer_id?: string; message?: string };
    expect(add.status, JSON.stringify(added)).toBe(200);
    const payerId = added.payer_id as string;
    const payers = () => h.db.selectFrom('payers').selectAll().where('lead_id', '=', victim.id).execute();
    const before = await payers();

    for (const { who, headers } of await strangers()) {
      const body = new URLSearchParams({ lead_id: String(victim.id), firstName: 'Mallory' }).toString();
      const form = { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' };
      const create = await h.main.fetch('/api/v1/lead/payer', { method: 'POST', headers: form, body });
      expect(create.status, `${who}: create`).toBe(403);
      const update = await h.main.fetch(`/api/v1/lead/payer/${payerId}`, { method: 'PUT', headers: form, body });
      expect(update.status, `${who}: update`).toBe(403);
      const remove = await h.main.fetch(`/api/v1/lead/payer/${payerId}`, { method: 'DELETE', headers });
      expect(remove.status, `${who}: delete`).toBe(403);
    }
    expect(await payers()).toEqual(before);
  });

  it("refuses another applicant's documents, codes and identity checks with 403, storing and sending nothing", async () => {
    const documents = await countRows(h.db, 'documents');
    const verifications = await countRows(h.db, 'verifications');
    const mails = outbox(h.dataDir).length;
    const passport = renderPassportPage({ mrz: td3Lines(SAMPLE) });
    for (const { who, headers } of await strangers()) {
      const upload = await postForm(
        h.main,
        '/api/v1/lead/upload-file',
        form(
          { lead_id: victim.id, doc_key: 'passport_non_eu' },
          { field: 'file', bytes: PDF, type: 'application/pdf' },
        ),
        headers,
      );
      expect(upload.status, `${who}: upload`).toBe(403);
      const send = await postForm(h.main, '/api/v1/blkacct/send-kyc-otp', form({ lead_id: victim.id }), headers);
      expect(send.status, `${who}: send code`).toBe(403);
      // five wrong codes would lock the victim's code for 15 minutes
      for (let i = 0; i < 6; i++) {
        const verify = await postForm(
          h.main,
          '/api/v1/blkacct/verify-kyc-otp',
          form({ lead_id: victim.id, otp: '000000' }),
          headers,
        );
        expect(verify.status, `${who}: verify code`).toBe(403);
      }
      const doc = await postForm(
        h.main,
        '/api/v1/identity/verify-doc',
        form(
          { document_id: '1', doc_type: 'passport', blocked_acc_no: victim.account_id },
          { field: 'document', bytes: passport, type: 'image/png', name: 'passport.png' },
        ),
        headers,
      );
      expect(doc.status, `${who}: verify-doc`).toBe(403);
      const face = await postForm(
        h.main,
        '/api/v1/identity/face-recog',
        form(
          { blocked_acc_no: victim.account_id, doc_type: 'passport', document_id: '1' },
          { field: 'face', bytes: makeMp4({ seconds: 5 }), type: 'video/mp4', name: 'face.mp4' },
        ),
        headers,
      );
      expect(face.status, `${who}: face-recog`).toBe(403);
    }
    expect(await countRows(h.db, 'documents')).toBe(documents);
    expect(await countRows(h.db, 'verifications')).toBe(verifications);
    expect(outbox(h.dataDir).length).toBe(mails);
    const otp = await h.db.selectFrom('otps').selectAll().where('lead_id', '=', victim.id).executeTakeFirst();
    expect(otp?.locked_until ?? null).toBeNull();
  });

  it('answers 404 for a lead that does not exist and 400 for ids that are no ids, never 500', async () => {
    const headers = await leadHeaders(h.main, attacker);
    const upload = (leadId: string) =>
      postForm(
        h.main,
        '/api/v1/lead/upload-file',
        form({ lead_id: leadId, doc_key: 'passport_non_eu' }, { field: 'file', bytes: PDF, type: 'application/pdf' }),
        headers,
      );
    expect((await upload('2147483000')).status).toBe(404);
    for (const id of ['3000000000', '1e0', '0x1', '-1', '0', '1.0', ' 1', 'abc']) {
      const answer = await upload(id);
      expect(answer.status, `lead_id=${JSON.stringify(id)}`).toBe(400);
    }
    for (const id of ['3000000000', '1e0', '0x1']) {
      const step = blockingStep(id);
      const response = await h.main.fetch('/api/v1/lead/submit-application', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': step.contentType },
        body: step.body,
      });
      expect(response.status, `lead_id=${id}`).toBe(400);
    }
    // without any lead token the same ids are refused before they are read: 403
    const anonymous = await postForm(
      h.main,
      '/api/v1/lead/upload-file',
      form({ lead_id: '3000000000', doc_key: 'x' }, { field: 'file', bytes: PDF, type: 'application/pdf' }),
      await bearer(h.main),
    );
    expect(anonymous.status).toBe(403);
  });

  it('takes the bearer scheme in any case', async () => {
    const { Authorization } = await bearer(h.main);
    const token = Authorization.split(' ')[1];
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const step = blockingStep(victim.id);
      const response = await h.main.fetch('/api/v1/lead/submit-application', {
        method: 'POST',
        headers: {
          Authorization: `${scheme} ${token}`,
          'X-Lead-Token': victim.token,
          'Content-Type': step.contentType,
        },
        body: step.body,
      });
      expect(response.status, scheme).toBe(200);
    }
  });

  it("a KYC link's key grants its own lead's KYC calls only, after the code, until it expires", async () => {
    const lead = await createLead(h.main, { email: 'kyc-trust@example.com' });
    const { userKey } = await createKycKey(h.db, lead.id);
    expect(userKey).toMatch(/^kyc_[A-Za-z0-9_-]{22}$/); // 128 random bits
    const bearerOnly = await bearer(h.main);
    const asKey = { ...bearerOnly, 'X-Lead-Token': userKey };
    const upload = () =>
      postForm(
        h.main,
        '/api/v1/lead/upload-file',
        form({ lead_id: lead.id, doc_key: 'passport_non_eu' }, { field: 'file', bytes: PDF, type: 'application/pdf' }),
        asKey,
      );

    // the key in place of the lead id, as the KYC page sends it
    const sent = await postForm(h.main, '/api/v1/blkacct/send-kyc-otp', form({ lead_id: userKey }), bearerOnly);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ status: true, account_id: lead.account_id });
    // documents need the code first
    expect((await upload()).status).toBe(403);
    const code = lastCodeFor(h.dataDir, lead.email);
    const verified = await postForm(
      h.main,
      '/api/v1/blkacct/verify-kyc-otp',
      form({ lead_id: userKey, otp: code }),
      bearerOnly,
    );
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ status: true, result: { lead_id: lead.id, account_id: lead.account_id } });
    expect((await upload()).status).toBe(200);
    // the document calls take the key as the token (X-Lead-Token), not in place of the lead id
    const inBody = await postForm(
      h.main,
      '/api/v1/lead/upload-file',
      form({ lead_id: userKey, doc_key: 'passport_non_eu' }, { field: 'file', bytes: PDF, type: 'application/pdf' }),
      bearerOnly,
    );
    expect(inBody.status).toBe(403);

    // not the application's other calls
    const step = blockingStep(lead.id);
    const changed = await h.main.fetch('/api/v1/lead/submit-application', {
      method: 'POST',
      headers: { ...asKey, 'Content-Type': step.contentType },
      body: step.body,
    });
    expect(changed.status).toBe(403);
    const payer = await h.main.fetch('/api/v1/lead/payer', {
      method: 'POST',
      headers: { ...asKey, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `lead_id=${lead.id}&firstName=Ben`,
    });
    expect(payer.status).toBe(403);
    // nor another lead
    const other = await postForm(
      h.main,
      '/api/v1/lead/upload-file',
      form({ lead_id: victim.id, doc_key: 'passport_non_eu' }, { field: 'file', bytes: PDF, type: 'application/pdf' }),
      asKey,
    );
    expect(other.status).toBe(403);
    // nor any document but the passport, nor a payer's
    for (const fields of <Array<Record<string, string | number>>>[
      { lead_id: lead.id, doc_key: 'payer_declaration' },
      { lead_id: lead.id, doc_key: 'parental_consent' },
      { lead_id: lead.id, doc_key: 'passport_non_eu', payer_id: '1' },
    ]) {
      const answer = await postForm(
        h.main,
        '/api/v1/lead/upload-file',
        form(fields, { field: 'file', bytes: PDF, type: 'application/pdf' }),
        asKey,
      );
      expect(answer.status, JSON.stringify(fields)).toBe(403);
    }
    // the code calls take no file
    const withFile = await postForm(
      h.main,
      '/api/v1/blkacct/send-kyc-otp',
      form({ lead_id: userKey }, { field: 'file', bytes: PDF, type: 'application/pdf' }),
      bearerOnly,
    );
    expect(withFile.status).toBe(413);
    // a guessed key, or the lead id where the key belongs, opens nothing
    const guessed = await postForm(
      h.main,
      '/api/v1/blkacct/send-kyc-otp',
      form({ lead_id: `kyc_${'A'.repeat(22)}` }),
      bearerOnly,
    );
    expect(guessed.status).toBe(403);
    const byId = await postForm(h.main, '/api/v1/blkacct/send-kyc-otp', form({ lead_id: lead.id }), bearerOnly);
    expect(byId.status).toBe(403);

    // expired
    const old = await createKycKey(h.db, lead.id, 1, new Date(Date.now() - 2 * 3600_000));
    const expired = await postForm(h.main, '/api/v1/blkacct/send-kyc-otp', form({ lead_id: old.userKey }), bearerOnly);
    expect(expired.status).toBe(403);
    expect(expired.body.message).toMatch(/expired/);
  });

  it('refuses a made-up token before reading the body: no answer that describes it', async () => {
    const madeUp = { ...(await bearer(h.main)), 'X-Lead-Token': `lt_${'b'.repeat(43)}` };
    const payer = await h.main.fetch('/api/v1/lead/payer', {
      method: 'POST',
      headers: { ...madeUp, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '__proto__[x]=1',
    });
    expect(payer.status).toBe(403);
    for (const path of ['/api/v1/lead/upload-file', '/api/v1/identity/face-recog', '/api/v1/blkacct/send-kyc-otp']) {
      const json = await h.main.fetch(path, {
        method: 'POST',
        headers: { ...madeUp, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(json.status, path).toBe(403);
    }
    const face = await postForm(h.main, '/api/v1/identity/face-recog', form({}), madeUp);
    expect(face.status).toBe(403);
  });

  it('tells nobody which account numbers exist, and answers a NUL in one with 403, not 500', async () => {
    const own = await leadHeaders(h.main, attacker);
    for (const accountNo of [victim.account_id, 'BA-0000000000', 'BA-\u0000', 'x'.repeat(65)]) {
      const answer = await postForm(
        h.main,
        '/api/v1/identity/verify-doc',
        form(
          { document_id: '1', doc_type: 'passport', blocked_acc_no: accountNo },
          { field: 'document', bytes: renderPassportPage({ mrz: td3Lines(SAMPLE) }), type: 'image/png' },
        ),
        own,
      );
      expect(answer.status, JSON.stringify(accountNo)).toBe(403);
    }
  });

  it('keeps the lead token out of caches', async () => {
    const blocked = blockedAccountForm();
    const request = encodeRequest(blocked.steps[0].submit!, application({ email: 'cache@example.com' }), {}, blocked);
    const response = await h.main.fetch('/api/v1/lead/submit-application', {
      method: 'POST',
      headers: { ...request.headers, ...(await bearer(h.main)) },
      body: request.body as string,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('resending a step replaces its answers: what it leaves out is missing, not taken from before', async () => {
    const full = blockingStep(victim.id);
    const headers = { ...(await leadHeaders(h.main, victim)), 'Content-Type': full.contentType };
    expect(
      (await h.main.fetch('/api/v1/lead/submit-application', { method: 'POST', headers, body: full.body })).status,
    ).toBe(200);
    const partial = await h.main.fetch('/api/v1/lead/submit-application', {
      method: 'POST',
      headers,
      body: `step=3&lead_id=${victim.id}&blocked_acc_amt=500`,
    });
    expect(partial.status).toBe(400);
    const row = await leadRow(victim.id);
    expect((row.data as Record<string, Record<string, unknown>>)['blocking-details']).toMatchObject({
      contractDuration: 6,
    });
  });
});
