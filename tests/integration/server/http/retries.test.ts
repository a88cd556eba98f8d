/**
 * A submission whose answer was lost is sent again by the engine with the same Idempotency-Key (issue 14): the
 * repeat gets the first answer and stores nothing new, whether it comes later or at the same moment; the same
 * key with another request is refused. And a completed blocked-account application is closed: the final
 * submission naming the lead closes it, and nothing changes it afterwards. On embedded PGlite and PostgreSQL.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileForm } from '../../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../../packages/core/src/compile/types.js';
import { withComputedValues } from '../../../../packages/core/src/expr/index.js';
import { encodeRequest } from '../../../../packages/core/src/payload/index.js';
import { application } from '../../../fixtures/forms/blocked-account.js';
import { prepareBooking, sendBooking } from '../durability/harness.js';
import {
  bearer,
  blockedAccountForm,
  countRows,
  createLead,
  ENGINES,
  type Harness,
  leadHeaders,
  ROOT,
  SETUP_TIMEOUT,
  startHarness,
} from './harness.js';

const enquiry = compileForm(JSON.parse(readFileSync(join(ROOT, 'schemas/contact/contact-enquiry.form.json'), 'utf8')))
  .form as CompiledForm;

function enquiryRequest(message = 'Which documents do I need?') {
  const data = {
    title: 'Female',
    firstName: 'Linh',
    email: 'linh@example.com',
    preferredLanguage: 'vi',
    inquiry: 'seeking_information',
    topic: 'Study in Germany',
    message,
  };
  const request = encodeRequest(enquiry.submit!, data, {}, enquiry);
  return { headers: request.headers, body: request.body as string };
}

describe.each(ENGINES)('retried submissions and completed applications, on $name', ({ database }) => {
  let h: Harness;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const db = await database();
    drop = db.drop;
    h = await startHarness(db.env);
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await h?.close();
    await drop?.();
  });

  const enquiries = () =>
    h.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('form_id', '=', 'contact-enquiry')
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));

  const send = (key: string | undefined, message?: string) => {
    const request = enquiryRequest(message);
    return h.main.fetch('/api/internal/contact-form', {
      method: 'POST',
      headers: { ...request.headers, ...(key ? { 'Idempotency-Key': key } : {}) },
      body: request.body,
    });
  };

  it('answers a repeated key with the first answer and stores the submission once', async () => {
    const before = await enquiries();
    const key = crypto.randomUUID();
    const first = await send(key);
    expect(first.status).toBe(200);
    const answer = await first.json();
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await send(key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(answer);
    expect(await enquiries()).toBe(before + 1);
    // without a key, a repeat is a new submission
    await send(undefined);
    await send(undefined);
    expect(await enquiries()).toBe(before + 3);
  });

  it('stores one submission when the same request arrives several times at once', async () => {
    const before = await enquiries();
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(key)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const ids = new Set(await Promise.all(answers.map(async (a) => (await a.json()).id)));
    expect(ids.size).toBe(1);
    expect(await enquiries()).toBe(before + 1);
  });

  it('refuses the same key with another request (422) and a key that is no key (400), storing nothing', async () => {
    const key = crypto.randomUUID();
    expect((await send(key, 'first question')).status).toBe(200);
    const before = await enquiries();
    const other = await send(key, 'another question');
    expect(other.status).toBe(422);
    expect((await other.json()).message).toMatch(/Idempotency-Key/);
    for (const bad of ['short', 'x'.repeat(256), 'has space in it', 'ümlaut-key-123']) {
      const response = await send(bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await enquiries()).toBe(before);
  });

  it('a repeated sign-up makes one lead and hands out a new token, which replaces the lost one', async () => {
    const blocked = blockedAccountForm();
    const signUp = blocked.steps[0].submit!;
    const request = encodeRequest(signUp, application({ email: 'retry@example.com' }), {}, blocked);
    const key = crypto.randomUUID();
    // the engine repeats a request with the bearer token it cached
    const auth = await bearer(h.main);
    const post = async (authorization = auth) =>
      h.main.fetch('/api/v1/lead/submit-application', {
        method: 'POST',
        headers: { ...request.headers, ...authorization, 'Idempotency-Key': key },
        body: request.body as string,
      });
    const leads = await countRows(h.db, 'leads');
    const first = await (await post()).json();
    // someone else who learnt the key and the body, under another bearer token, gets no token of this lead
    const stranger = await post(await bearer(h.main));
    expect(stranger.status).toBe(422);
    expect(await stranger.text()).not.toContain('lt_');
    const second = await (await post()).json();
    expect(await countRows(h.db, 'leads')).toBe(leads + 1);
    expect(second).toMatchObject({ status: true, id: first.id, account_id: first.account_id });
    expect(second.lead_token).toMatch(/^lt_/);
    expect(second.lead_token).not.toBe(first.lead_token);
    const row = await h.db
      .selectFrom('leads')
      .select('token_hash')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(await h.db.selectFrom('idempotency_keys').selectAll().execute())).not.toContain(
      second.lead_token.slice(3),
    );
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('forgets a key after its day: an old key is a new request', async () => {
    const before = await enquiries();
    const key = crypto.randomUUID();
    expect((await send(key)).status).toBe(200);
    await h.db
      .updateTable('idempotency_keys')
      .set({ created_at: sql`now() - interval '25 hours'` })
      .where('key', '=', key)
      .execute();
    const later = await send(key);
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(await enquiries()).toBe(before + 2);
  });

  it('answers a body with thousands of unknown keys briefly, naming the first 50', async () => {
    const request = enquiryRequest();
    const body = JSON.stringify({
      ...JSON.parse(request.body),
      ...Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`extra${i}`, 1])),
    });
    const response = await h.main.fetch('/api/internal/contact-form', {
      method: 'POST',
      headers: request.headers,
      body,
    });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { errors: unknown[]; moreErrors: number };
    expect(answer.errors).toHaveLength(50);
    expect(answer.moreErrors).toBe(4950);
  });

  it('answers a file name holding NUL with 400, never 500', async () => {
    const unlimited = await h.start({ RATE_LIMIT_SUBMISSIONS: '100000' });
    const booking = await prepareBooking(unlimited.base);
    const body = booking.body.replace(/admissionDocumentUpload_[0-9a-f]+\.pdf/, 'evil\\u0000.pdf');
    expect(body).not.toBe(booking.body);
    const response = await sendBooking(unlimited.base, { ...booking, body });
    expect(response.status).toBe(400);
  });

  it('takes many submissions naming the same files at once without a deadlock or a 500', async () => {
    // each submission marks its files used; rows locked in the order a scan met them deadlocked on PostgreSQL
    const unlimited = await h.start({ RATE_LIMIT_SUBMISSIONS: '100000' });
    const booking = await prepareBooking(unlimited.base);
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(Array.from({ length: 24 }, () => sendBooking(unlimited.base, booking)));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    }
  });

  it('closes the application on its final submission: nothing changes the lead afterwards', async () => {
    const lead = await createLead(h.main, { email: 'complete@example.com' });
    const blocked = blockedAccountForm();
    const data = withComputedValues(
      application({ email: 'complete@example.com' }),
      blocked.computed,
      blocked.reference,
    );
    // the files the application names were uploaded through the signed-upload contract
    for (const name of ['passport.pdf', 'admission.pdf'])
      await h.db
        .insertInto('uploads')
        .values({ key: `uploads/${name}`, content_type: 'application/pdf', size: 120_000 })
        .onConflict((oc) => oc.doNothing())
        .execute();
    const request = encodeRequest(
      blocked.submit!,
      data,
      { storage: (k) => ({ leadId: String(lead.id), leadToken: lead.token })[k] ?? null },
      blocked,
    );
    expect(request.headers['X-Lead-Token']).toBe(lead.token);
    const final = () =>
      h.main.fetch('/api/internal/services/blocked-account', {
        method: 'POST',
        headers: request.headers,
        body: request.body as string,
      });
    // someone else's token does not complete it
    const stranger = await createLead(h.main, { email: 'stranger@example.com' });
    const refused = await h.main.fetch('/api/internal/services/blocked-account', {
      method: 'POST',
      headers: { ...request.headers, 'X-Lead-Token': stranger.token },
      body: request.body as string,
    });
    expect(refused.status).toBe(403);

    const done = await final();
    expect(done.status, await done.clone().text()).toBe(200);
    const row = await h.db.selectFrom('leads').select('closed_at').where('id', '=', lead.id).executeTakeFirstOrThrow();
    expect(row.closed_at).not.toBeNull();
    // a second completion, a later step and an upload are refused with 409
    expect((await final()).status).toBe(409);
    // but a repeat of the completing request gets its answer again, also when copies arrive at once
    const other = await createLead(h.main, { email: 'complete-twice@example.com' });
    const again = encodeRequest(
      blocked.submit!,
      { ...data, email: 'complete-twice@example.com' },
      { storage: (k) => ({ leadId: String(other.id), leadToken: other.token })[k] ?? null },
      blocked,
    );
    const key = crypto.randomUUID();
    const completeOther = () =>
      h.main.fetch('/api/internal/services/blocked-account', {
        method: 'POST',
        headers: { ...again.headers, 'Idempotency-Key': key },
        body: again.body as string,
      });
    const copies = await Promise.all([completeOther(), completeOther(), completeOther(), completeOther()]);
    expect(copies.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    const ids = new Set(await Promise.all(copies.map(async (c) => (await c.json()).id)));
    expect(ids.size).toBe(1);
    const later = await completeOther();
    expect(later.status).toBe(200);
    expect((await later.json()).id).toBe([...ids][0]);
    const blocking = blocked.steps.find((s) => s.id === 'blocking-details')!.submit!;
    const step = encodeRequest(
      blocking,
      { contractDuration: 3, blockedAmountPerMonth: 992, visaEligibilityDocument: 'admission_certificate' },
      { storage: (k) => (k === 'leadId' ? String(lead.id) : null) },
      blocked,
    );
    const changed = await h.main.fetch('/api/v1/lead/submit-application', {
      method: 'POST',
      headers: { ...step.headers, ...(await leadHeaders(h.main, lead)) },
      body: step.body as string,
    });
    expect(changed.status).toBe(409);
  });
});
