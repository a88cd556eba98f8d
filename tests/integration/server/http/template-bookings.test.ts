/**
 * Template bookings over real HTTP (issue 14): a CMS booking (v1 at /api/bookings/create, v2 at
 * /api/v2/bookings/create) is sent as its published template with only the answers filled in. A body that
 * departs from the template in shape — an extra property, an extra list element, an extra step, a changed id,
 * label or type — is refused with 400 naming the place (a JSON pointer) and what is wrong, and nothing is stored.
 * The honest booking, as the engine encodes it, is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledForm } from '../../../../packages/core/src/compile/types.js';
import { encodeRequest } from '../../../../packages/core/src/payload/index.js';
import { application } from '../../../fixtures/forms/blocked-account.js';
import { PDF } from '../../../unit/server/files/samples.js';
import {
  blockedAccountForm,
  createLead,
  form,
  type Harness,
  leadHeaders,
  SETUP_TIMEOUT,
  startHarness,
} from './harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, SETUP_TIMEOUT);

afterAll(async () => {
  await h?.close();
});

type Json = Record<string, unknown> & Array<unknown>;
interface Refusal {
  status: false;
  ok: false;
  message: string;
  errors: Array<{ field: string; path: string; message: string; key: string }>;
}

async function compiled(id: string): Promise<CompiledForm> {
  const response = await h.main.fetch(`/api/forms/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CompiledForm;
}

let uploads = 0;
/** A file uploaded as the browser uploads it (signed target, then the form post): its file record. */
async function uploaded(): Promise<Record<string, unknown>> {
  const name = `Booking_t${Date.now().toString(36)}${++uploads}.pdf`;
  const target = await h.main.fetch(
    `/api/upload-file?${new URLSearchParams({ file: name, fileType: 'application/pdf' })}`,
  );
  const { url, fields } = (await target.json()) as { url: string; fields: Record<string, string> };
  const stored = await h.main.fetch(url, {
    method: 'POST',
    body: form(fields, { field: 'file', bytes: PDF, type: 'application/pdf', name }),
  });
  expect(stored.status).toBe(204);
  return { uid: name, name, storedName: name, type: 'application/pdf', size: PDF.byteLength, status: 'done' };
}

async function bookings(kind: string): Promise<number> {
  const rows = await h.db.selectFrom('submissions').select('id').where('kind', '=', kind).execute();
  return rows.length;
}

async function post(path: string, body: unknown) {
  const response = await h.main.fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Refusal & { id?: string } };
}

/** The body the engine sends for `data`, as parsed JSON, for tampering. */
function honest(f: CompiledForm, data: Record<string, unknown>): Json {
  const request = encodeRequest(f.submit!, data, {}, f);
  return JSON.parse(request.body as string) as Json;
}

/**
 * Posts a tampered body and checks the answer: 400, the first error at `pointer` with the message naming it,
 * and no booking stored.
 */
async function expectRefused(path: string, kind: string, body: unknown, pointer: string, key: string) {
  const before = await bookings(kind);
  const answer = await post(path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body).toMatchObject({ status: false, ok: false });
  expect(answer.body.errors[0]).toMatchObject({ path: pointer, key });
  expect(answer.body.message.startsWith(`${pointer}:`)).toBe(true);
  expect(await bookings(kind)).toBe(before);
  return answer.body;
}

describe('booking v1 (POST /api/bookings/create)', () => {
  const path = '/api/bookings/create';
  const kind = 'booking-v1';
  let f: CompiledForm;
  let data: Record<string, unknown>;

  beforeAll(async () => {
    f = await compiled('student-job-booking');
    data = {
      salutation: 'ms',
      firstName: 'Jane Doe',
      email: 'jane@example.com',
      dateOfBirth: '2000-01-02',
      hasJob: false,
      budget: 500,
      passport: [await uploaded()],
      terms: true,
    };
  });

  it('stores the honest booking', async () => {
    const before = await bookings(kind);
    const answer = await post(path, honest(f, data));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.id).toEqual(expect.any(String));
    const row = await h.db
      .selectFrom('submissions')
      .select(['data', 'form_id'])
      .where('id', '=', Number(answer.body.id))
      .executeTakeFirstOrThrow();
    expect(row.form_id).toBe('student-job-booking');
    expect(row.data).toMatchObject({ firstName: 'Jane Doe', email: 'jane@example.com', terms: true });
    expect(await bookings(kind)).toBe(before + 1);
  });

  it('refuses an extra property, naming it', async () => {
    const body = honest(f, data);
    (body[0] as Record<string, unknown>).isAdmin = true;
    const refusal = await expectRefused(path, kind, body, '/0/isAdmin', 'validation.templateProperty');
    expect(refusal.message).toBe('/0/isAdmin: the form has no property “isAdmin” here');
  });

  it('refuses an extra property on a field, naming the field', async () => {
    const body = honest(f, data) as unknown as Array<{
      customerData: Array<{ fields: Array<Record<string, unknown>> }>;
    }>;
    body[0].customerData[0].fields[1].role = 'admin';
    const refusal = await expectRefused(
      path,
      kind,
      body,
      '/0/customerData/0/fields/1/role',
      'validation.templateProperty',
    );
    expect(refusal.errors[0].field).toBe('firstName');
  });

  it('refuses an extra array element: a second booking, and a field added to a chunk', async () => {
    const twice = honest(f, data);
    twice.push(structuredClone(twice[0]));
    await expectRefused(path, kind, twice, '/1', 'validation.templateElement');
    const body = honest(f, data) as unknown as Array<{ orderData: Array<{ fields: unknown[] }> }>;
    body[0].orderData[0].fields.push({ fieldId: 'f-99', fieldName: 'isAdmin', type: 'Checkbox', value: true });
    const refusal = await expectRefused(path, kind, body, '/0/orderData/0/fields/3', 'validation.templateElement');
    expect(refusal.message).toBe('/0/orderData/0/fields/3: the form has only 3 entries here');
  });

  it('refuses an extra chunk (step) with an isAdmin field', async () => {
    const body = honest(f, data) as unknown as Array<{ customerData: unknown[] }>;
    body[0].customerData.push({
      chunkId: 'Admin',
      headline: 'Admin',
      subText: null,
      fields: [{ fieldId: 'f-x', fieldName: 'isAdmin', label: 'Admin', type: 'Checkbox', value: true }],
    });
    await expectRefused(path, kind, body, '/0/customerData/2', 'validation.templateElement');
  });

  it('refuses a changed booking id, field id, label and type, each naming the place and the published value', async () => {
    const changedBooking = honest(f, data);
    (changedBooking[0] as Record<string, unknown>).id = 'Other-Booking';
    const refusal = await expectRefused(path, kind, changedBooking, '/0/id', 'validation.templateValue');
    expect(refusal.message).toBe('/0/id: must be "Student-Job-Booking", as the form defines it');

    const change = async (key: string, value: unknown, expected: string) => {
      const body = honest(f, data) as unknown as Array<{
        customerData: Array<{ fields: Array<Record<string, unknown>> }>;
      }>;
      body[0].customerData[0].fields[1][key] = value;
      const pointer = `/0/customerData/0/fields/1/${key}`;
      const answer = await expectRefused(path, kind, body, pointer, 'validation.templateValue');
      expect(answer.message).toBe(`${pointer}: must be ${expected}, as the form defines it`);
      expect(answer.errors[0].field).toBe('firstName');
    };
    await change('fieldId', 'f-2b', '"f-2"');
    await change('label', 'Is admin', '"First name"');
    await change('type', 'Upload', '"Text"');
  });

  it('names the place in the request language', async () => {
    const body = honest(f, data);
    (body[0] as Record<string, unknown>).isAdmin = true;
    const response = await h.main.fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Language': 'de' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Refusal).message).toBe(
      '/0/isAdmin: Das Formular hat hier keine Eigenschaft „isAdmin“',
    );
  });
});

describe('booking v2 (POST /api/v2/bookings/create)', () => {
  const path = '/api/v2/bookings/create';
  const kind = 'booking-v2';
  let f: CompiledForm;
  let data: Record<string, unknown>;
  type V2Body = {
    id: string;
    name: string;
    steps: Array<{ headline: string; fields: Array<Record<string, unknown>> }>;
  };

  beforeAll(async () => {
    f = await compiled('apartment-booking-2026');
    data = {
      fullName: 'Lena Schmidt',
      homeAddress: 'Torstraße 1, Berlin',
      birthDate: '2001-05-04',
      guests: 2,
      room: 'double',
      deposit: 500,
      idCopy: [await uploaded()],
      agree: true,
    };
  });

  it('stores the honest booking', async () => {
    const before = await bookings(kind);
    const answer = await post(path, honest(f, data));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const row = await h.db
      .selectFrom('submissions')
      .select(['data'])
      .where('id', '=', Number(answer.body.id))
      .executeTakeFirstOrThrow();
    expect(row.data).toMatchObject({ fullName: 'Lena Schmidt', birthDate: '2001-05-04', guests: 2 });
    expect(await bookings(kind)).toBe(before + 1);
  });

  it('refuses an extra property at the top and on a field', async () => {
    const top = honest(f, data) as unknown as Record<string, unknown>;
    top.isAdmin = true;
    await expectRefused(path, kind, top, '/isAdmin', 'validation.templateProperty');
    const body = honest(f, data) as unknown as V2Body;
    body.steps[1].fields[0].label = 'Guests';
    const refusal = await expectRefused(path, kind, body, '/steps/1/fields/0/label', 'validation.templateProperty');
    expect(refusal.errors[0].field).toBe('guests');
  });

  it('refuses an extra array element in a step', async () => {
    const body = honest(f, data) as unknown as V2Body;
    body.steps[0].fields.push({ internalIdentifier: 'isAdmin', value: true });
    await expectRefused(path, kind, body, '/steps/0/fields/4', 'validation.templateElement');
  });

  it('refuses an extra step with an isAdmin field', async () => {
    const body = honest(f, data) as unknown as V2Body;
    body.steps.push({ headline: 'Admin', fields: [{ internalIdentifier: 'isAdmin', value: true }] });
    const refusal = await expectRefused(path, kind, body, '/steps/3', 'validation.templateElement');
    expect(refusal.message).toBe('/steps/3: the form has only 3 entries here');
  });

  it('refuses a changed booking id, field id and step headline, and a value slot turned into a list', async () => {
    const id = honest(f, data) as unknown as V2Body;
    id.id = 'another-booking';
    await expectRefused(path, kind, id, '/id', 'validation.templateValue');
    const field = honest(f, data) as unknown as V2Body;
    field.steps[0].fields[0].internalIdentifier = 'isAdmin';
    const refusal = await expectRefused(
      path,
      kind,
      field,
      '/steps/0/fields/0/internalIdentifier',
      'validation.templateValue',
    );
    expect(refusal.message).toBe('/steps/0/fields/0/internalIdentifier: must be "fullName", as the form defines it');
    const headline = honest(f, data) as unknown as V2Body;
    headline.steps[2].headline = 'Admin';
    await expectRefused(path, kind, headline, '/steps/2/headline', 'validation.templateValue');
    const shape = honest(f, data) as unknown as Record<string, unknown>;
    shape.steps = { 0: 'x' };
    await expectRefused(path, kind, shape, '/steps', 'validation.templateList');
  });

  it('refuses a missing part of the template', async () => {
    const body = honest(f, data) as unknown as V2Body;
    delete body.steps[1].fields[2].value;
    await expectRefused(path, kind, body, '/steps/1/fields/2/value', 'validation.templateMissing');
  });
});

describe('the other template submission: step 2 of the blocked account (form-encoded, bracketed keys)', () => {
  it('takes the honest step and refuses an extra nested key, naming it', async () => {
    const lead = await createLead(h.main);
    const blocked = blockedAccountForm();
    const step = blocked.steps.find((s) => s.submit?.payload?.mode === 'template');
    const request = encodeRequest(
      step!.submit!,
      application(),
      { storage: (k) => (k === 'leadId' ? String(lead.id) : null) },
      blocked,
    );
    const headers = { ...request.headers, ...(await leadHeaders(h.main, lead)) };
    const send = (body: string) =>
      h.main.fetch('/api/v1/lead/submit-application', { method: 'POST', headers, body }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as Refusal,
      }));
    const honest = await send(request.body as string);
    expect(honest.status, JSON.stringify(honest.body)).toBe(200);
    const extra = await send(`${request.body}&nationality[admin]=1`);
    expect(extra.status).toBe(400);
    expect(extra.body.errors[0]).toMatchObject({ path: '/nationality/admin', key: 'validation.templateProperty' });
  });
});
