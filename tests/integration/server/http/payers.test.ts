/**
 * The payers of a lead over real HTTP: POST /api/v1/lead/payer and PUT /api/v1/lead/payer/:payerId (ours:
 * the spec does not show the call that saves a payer), with the payer files uploaded through the lead-level
 * upload (spec 000 §7 call 10) and DELETE (call 2), against the whole server with PGlite and the local file
 * store. Bodies are encoded as the payers widget encodes them: form-urlencoded with bracketed keys.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonValue } from '../../../../packages/core/src/dsl/types.js';
import { flattenForForm } from '../../../../packages/core/src/payload/index.js';
import { bigPdf } from '../../../unit/server/files/samples.js';
import {
  type CreatedLead,
  countRows,
  createLead,
  expiredToken,
  form,
  type Harness,
  leadHeaders,
  postForm,
  SAMPLE_PAYER,
  SETUP_TIMEOUT,
  startHarness,
} from './harness.js';

let h: Harness;
let lead: CreatedLead;
let otherLead: CreatedLead;

/**
 * Whose applicant makes a call naming `leadId`: otherLead's for its id, else lead's (so a lead_id that is no id
 * or names no application is sent with a valid lead token, and only the id is wrong).
 */
/** A scanned document of a realistic size (the payer files take 100 KB to 10 MB). */
const PDF = bigPdf(120_000);
const ownerOf = (leadId: unknown) => (leadId === otherLead.id || leadId === String(otherLead.id) ? otherLead : lead);

beforeAll(async () => {
  // this file makes more payer calls in a minute than an applicant may (30): the limit is tested elsewhere
  h = await startHarness({ RATE_LIMIT_SUBMISSIONS: '1000' });
  lead = await createLead(h.main, { email: 'lead@example.com' });
  otherLead = await createLead(h.main, { email: 'other@example.com' });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await h?.close();
});

type Payer = Record<string, unknown>;

const ann: Payer = SAMPLE_PAYER;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function send(
  method: 'POST' | 'PUT',
  path: string,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
): Promise<Answer> {
  const response = await h.main.fetch(path, {
    method,
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(headers ?? (await leadHeaders(h.main, ownerOf(body.lead_id)))),
    },
    body: new URLSearchParams(flattenForForm(body as JsonValue, 'brackets')).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const create = (leadId: number, payer: Payer, headers?: Record<string, string>) =>
  send('POST', '/api/v1/lead/payer', { lead_id: leadId, ...payer }, headers);
const update = (payerId: unknown, leadId: number, payer: Payer, headers?: Record<string, string>) =>
  send('PUT', `/api/v1/lead/payer/${payerId}`, { lead_id: leadId, ...payer }, headers);

const payerRow = (id: unknown) => h.db.selectFrom('payers').selectAll().where('id', '=', Number(id)).executeTakeFirst();
const documentRow = (id: unknown) =>
  h.db.selectFrom('documents').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();

/** A payer file through the lead-level upload, as the dialog's upload fields send it. */
async function uploadFile(fields: Record<string, string | number>): Promise<string> {
  const answer = await postForm(
    h.main,
    '/api/v1/lead/upload-file',
    form(fields, { field: 'file', name: 'id-front.pdf', bytes: PDF, type: 'application/pdf' }),
    await leadHeaders(h.main, ownerOf(fields.lead_id)),
  );
  expect(answer.status).toBe(200);
  return String(answer.body.doc_id);
}

/** An upload record as the upload field keeps it, naming the lead-level document. */
const record = (docId: string, extra: Payer = {}) => ({
  uid: `rc-${docId}`,
  name: 'id-front.pdf',
  type: 'application/pdf',
  size: PDF.byteLength,
  status: 'done',
  docId,
  ...extra,
});

describe('POST /api/v1/lead/payer', () => {
  it('creates a payer of the lead and answers its payer_id', async () => {
    const answer = await create(lead.id, { ...ann, address: '' });
    expect(answer).toEqual({
      status: 200,
      body: { status: true, message: 'Payer added successfully', payer_id: expect.stringMatching(/^\d+$/) },
    });
    const row = await payerRow(answer.body.payer_id);
    expect(row).toMatchObject({ lead_id: lead.id, deleted_at: null });
    // typed as the item schema says: the amount is a number again, nested objects are objects
    expect(row?.data).toMatchObject({
      firstName: 'Ann',
      transferedAmount: 5000,
      phoneNumber: { countryCode: '+49', phoneNumber: '15123456789' },
      country: { name: 'Germany', iso: 'DE' },
    });
    // the id is the row's, never part of the stored data; an empty text is no answer
    expect(row?.data).not.toHaveProperty('payerId');
    expect(row?.data).not.toHaveProperty('address');
  });

  it('updates the payer with the same e-mail address instead of adding a second one', async () => {
    const first = await create(lead.id, { ...ann, email: 'dup@example.com', relationshipWithApplicant: 'Aunt' });
    const before = await countRows(h.db, 'payers');
    const again = await create(lead.id, { ...ann, email: 'Dup@Example.COM', relationshipWithApplicant: 'Uncle' });
    expect(again).toEqual({
      status: 200,
      body: { status: true, message: 'Payer updated successfully', payer_id: first.body.payer_id },
    });
    expect(await countRows(h.db, 'payers')).toBe(before);
    expect((await payerRow(first.body.payer_id))?.data).toMatchObject({ relationshipWithApplicant: 'Uncle' });

    // per lead: another lead's payer with that address is a payer of its own
    const other = await create(otherLead.id, { ...ann, email: 'dup@example.com' });
    expect(other.status).toBe(200);
    expect(other.body.payer_id).not.toBe(first.body.payer_id);
  });

  it('answers 400 naming the failing field, in the request language, and stores nothing', async () => {
    const before = await countRows(h.db, 'payers');
    const answer = await create(lead.id, { ...ann, email: 'ann@' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      status: false,
      message: 'Email: Please enter a valid email address!',
      errors: [{ field: 'email', path: '/email', message: 'Please enter a valid email address!' }],
    });

    const german = await create(
      lead.id,
      { ...ann, transferedAmount: 'viel' },
      {
        ...(await leadHeaders(h.main, lead)),
        'X-Language': 'de',
      },
    );
    expect(german.status).toBe(400);
    expect(german.body.errors).toEqual([expect.objectContaining({ field: 'transferedAmount' })]);
    // the field's label and its message both in German (the form's texts are in seven languages)
    expect(german.body.message).toBe('Überwiesener Betrag: Die Angaben sind ungültig!');
    expect(await countRows(h.db, 'payers')).toBe(before);
  });

  it('refuses an empty payer, or one without names and e-mail address, with 400 naming each missing field', async () => {
    const before = await countRows(h.db, 'payers');
    const empty = await create(lead.id, {});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ status: false, message: 'First name: This field is required!' });
    expect((empty.body.errors as Array<{ field: string }>).map((e) => e.field).sort()).toEqual([
      'email',
      'firstName',
      'lastName',
    ]);
    // blank texts are no answer either
    const blank = await create(lead.id, { ...ann, firstName: ' ', lastName: '', email: '' });
    expect(blank.status).toBe(400);
    expect((blank.body.errors as Array<{ field: string }>).map((e) => e.field).sort()).toEqual([
      'email',
      'firstName',
      'lastName',
    ]);
    expect(await countRows(h.db, 'payers')).toBe(before);
  });

  it('refuses keys the payer does not have, a payer id on create and keys that reach a prototype', async () => {
    const unknown = await create(lead.id, { ...ann, favouriteColour: 'blue' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      message: 'favouriteColour: This field is not part of the form',
      errors: [{ field: 'favouriteColour', path: '/favouriteColour' }],
    });
    const nested = await create(lead.id, { ...ann, phoneNumber: { countryCode: '+49', extension: '12' } });
    expect(nested.status).toBe(400);
    expect(nested.body.errors).toEqual([expect.objectContaining({ path: '/phoneNumber/extension' })]);

    const withId = await create(lead.id, { ...ann, email: 'new@example.com', payerId: '1' });
    expect(withId.status).toBe(400);
    expect(withId.body.errors).toEqual([expect.objectContaining({ field: 'payerId' })]);

    const response = await h.main.fetch('/api/v1/lead/payer', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(await leadHeaders(h.main, lead)) },
      body: `lead_id=${lead.id}&email=x%40example.com&__proto__[polluted]=yes`,
    });
    expect(response.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers 404 for an unknown lead and 400 for a lead_id that is no id', async () => {
    // both sent with a valid lead token (lead's): the lead_id is the only thing wrong
    expect(await create(987_654, ann)).toEqual({
      status: 404,
      body: { status: false, ok: false, message: 'No application with this lead_id.' },
    });
    const response = await send('POST', '/api/v1/lead/payer', { lead_id: 'abc', ...ann });
    expect(response.status).toBe(400);
  });

  it('refuses a missing or expired token with 401 and stores nothing', async () => {
    const before = await countRows(h.db, 'payers');
    const refused: Array<Record<string, string>> = [{}, { Authorization: `Bearer ${expiredToken()}` }];
    for (const headers of refused) {
      // the lead's own token: only the bearer token is wrong
      const answer = await create(
        lead.id,
        { ...ann, email: 'token@example.com' },
        { ...headers, 'X-Lead-Token': lead.token },
      );
      expect(answer.status).toBe(401);
      expect(answer.body.status).toBe(false);
    }
    expect(await countRows(h.db, 'payers')).toBe(before);
  });

  it('takes form-urlencoded bodies only', async () => {
    const response = await h.main.fetch('/api/v1/lead/payer', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(await leadHeaders(h.main, lead)) },
      body: JSON.stringify({ lead_id: lead.id, ...ann }),
    });
    expect(response.status).toBe(415);
  });
});

describe('PUT /api/v1/lead/payer/:payerId', () => {
  it("changes the payer's data and keeps its id", async () => {
    const created = await create(lead.id, { ...ann, email: 'put@example.com' });
    const id = created.body.payer_id;
    const answer = await update(id, lead.id, { ...ann, payerId: id, email: 'put@example.com', city: 'Hamburg' });
    expect(answer).toEqual({
      status: 200,
      body: { status: true, message: 'Payer updated successfully', payer_id: id },
    });
    expect((await payerRow(id))?.data).toMatchObject({ city: 'Hamburg', email: 'put@example.com' });
  });

  it('answers 409 for the e-mail address of another payer of the lead, 400 for a payerId of another payer', async () => {
    const one = await create(lead.id, { ...ann, email: 'one@example.com' });
    const two = await create(lead.id, { ...ann, email: 'two@example.com' });
    const clash = await update(two.body.payer_id, lead.id, { ...ann, email: 'ONE@example.com' });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ status: false, errors: [{ field: 'email' }] });
    expect(clash.body.message).toMatch(/^Email: /);
    expect((await payerRow(two.body.payer_id))?.data).toMatchObject({ email: 'two@example.com' });

    const mismatch = await update(two.body.payer_id, lead.id, {
      ...ann,
      email: 'two@example.com',
      payerId: one.body.payer_id,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual([expect.objectContaining({ field: 'payerId' })]);
  });

  it("answers 404 for an unknown payer, another lead's payer or an unknown lead; 401 without a token", async () => {
    const created = await create(lead.id, { ...ann, email: 'mine@example.com' });
    expect((await update(987_654, lead.id, ann)).status).toBe(404);
    // the applicant of otherLead, with its own token, naming lead's payer
    expect((await update(created.body.payer_id, otherLead.id, ann)).status).toBe(404);
    // an unknown lead, with lead's valid token
    expect((await update(created.body.payer_id, 987_654, ann)).status).toBe(404);
    expect((await update('abc', lead.id, ann)).status).toBe(400);
    // the lead's own token without the bearer token
    const noBearer = { 'X-Lead-Token': lead.token };
    expect((await update(created.body.payer_id, lead.id, { ...ann, city: 'Köln' }, noBearer)).status).toBe(401);
    expect((await payerRow(created.body.payer_id))?.data).toMatchObject({ city: 'Berlin' });
  });
});

describe('payer files', () => {
  it('links the files a new payer uploaded before it had an id, with type and size from the store', async () => {
    const front = await uploadFile({ lead_id: lead.id, doc_key: 'payer_id_front' });
    expect((await documentRow(front)).payer_id).toBeNull();
    const answer = await create(lead.id, {
      ...ann,
      email: 'files@example.com',
      // declared otherwise than stored (within the field's bounds): the store's type and size are kept
      idProofFrontUpload: [record(front, { type: 'image/png', size: 150_000 })],
    });
    expect(answer.status).toBe(200);
    expect((await documentRow(front)).payer_id).toBe(Number(answer.body.payer_id));
    const stored = (await payerRow(answer.body.payer_id))?.data as Payer;
    expect(stored.idProofFrontUpload).toEqual([
      {
        uid: `rc-${front}`,
        name: 'id-front.pdf',
        type: 'application/pdf',
        size: PDF.byteLength,
        status: 'done',
        docId: front,
      },
    ]);
  });

  it("uploads with the payer's id once it has one, and keeps the link on update", async () => {
    const created = await create(lead.id, { ...ann, email: 'later@example.com' });
    const payerId = String(created.body.payer_id);
    const back = await uploadFile({ lead_id: lead.id, doc_key: 'payer_id_back', payer_id: payerId });
    expect(await documentRow(back)).toMatchObject({ payer_id: Number(payerId), doc_key: 'payer_id_back' });
    const answer = await update(payerId, lead.id, {
      ...ann,
      payerId,
      email: 'later@example.com',
      idProofBackUpload: [record(back)],
    });
    expect(answer.status).toBe(200);
    expect((await documentRow(back)).payer_id).toBe(Number(payerId));
  });

  it('refuses a file of another lead, another payer, another kind, or none at all, naming the field', async () => {
    const foreign = await uploadFile({ lead_id: otherLead.id, doc_key: 'payer_id_front' });
    const wrongKind = await uploadFile({ lead_id: lead.id, doc_key: 'passport_eu' });
    const owner = await create(lead.id, { ...ann, email: 'owner@example.com' });
    const owned = await uploadFile({
      lead_id: lead.id,
      doc_key: 'payer_id_front',
      payer_id: String(owner.body.payer_id),
    });
    const before = await countRows(h.db, 'payers');
    for (const docId of [foreign, wrongKind, owned, '987654', '']) {
      const answer = await create(lead.id, {
        ...ann,
        email: 'refused@example.com',
        idProofFrontUpload: [record(docId)],
      });
      expect({ docId, status: answer.status }).toEqual({ docId, status: 400 });
      expect(answer.body).toMatchObject({
        message: 'ID proof (front): This file was not uploaded for this application. Please upload it again.',
        errors: [{ field: 'idProofFrontUpload', path: '/idProofFrontUpload/0/docId' }],
      });
    }
    expect(await countRows(h.db, 'payers')).toBe(before);
    expect((await documentRow(foreign)).payer_id).toBeNull();
  });

  it('checks upload records with the item schema first: a file still uploading is refused', async () => {
    const front = await uploadFile({ lead_id: lead.id, doc_key: 'payer_id_front' });
    const answer = await create(lead.id, {
      ...ann,
      email: 'uploading@example.com',
      idProofFrontUpload: [record(front, { status: 'uploading' })],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ field: 'idProofFrontUpload' })]);
  });
});

describe('DELETE after create', () => {
  it('removes a created payer; it can then be neither changed nor named by uploads, and its address is free', async () => {
    const created = await create(lead.id, { ...ann, email: 'gone@example.com' });
    const id = String(created.body.payer_id);
    const removal = await h.main.fetch(`/api/v1/lead/payer/${id}`, {
      method: 'DELETE',
      headers: await leadHeaders(h.main, lead),
    });
    expect(removal.status).toBe(200);
    expect(await removal.json()).toEqual({ status: true, message: 'Payer removed successfully' });
    expect((await payerRow(id))?.deleted_at).not.toBeNull();

    expect((await update(id, lead.id, { ...ann, email: 'gone@example.com' })).status).toBe(404);
    const upload = await postForm(
      h.main,
      '/api/v1/lead/upload-file',
      form(
        { lead_id: lead.id, doc_key: 'payer_id_front', payer_id: id },
        { field: 'file', name: 'a.pdf', bytes: PDF, type: 'application/pdf' },
      ),
      await leadHeaders(h.main, lead),
    );
    expect(upload.status).toBe(400);

    const again = await create(lead.id, { ...ann, email: 'gone@example.com' });
    expect(again.body).toMatchObject({ status: true, message: 'Payer added successfully' });
    expect(again.body.payer_id).not.toBe(id);
  });
});
