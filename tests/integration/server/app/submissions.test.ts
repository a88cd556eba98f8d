import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileForm } from '../../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../../packages/core/src/compile/types.js';
import { encodeRequest } from '../../../../packages/core/src/payload/index.js';
import { buildApp } from '../../../../site/server/app.js';
import { loadConfig } from '../../../../site/server/config.js';
import type { ServerContext } from '../../../../site/server/context.js';
import { type OpenDatabase, openDatabase } from '../../../../site/server/db/index.js';
import { FormRegistry } from '../../../../site/server/forms/registry.js';
import { application } from '../../../fixtures/forms/blocked-account.js';
import { student } from '../../../fixtures/forms/health-insurance.js';

const root = join(import.meta.dirname, '../../../..');
let dataDir: string;
let database: OpenDatabase;
let app: FastifyInstance;
let base: string;

const hi = compileForm(
  JSON.parse(readFileSync(join(root, 'schemas/health-insurance/health-insurance-booking.form.json'), 'utf8')),
).form as CompiledForm;
const blocked = compileForm(
  JSON.parse(readFileSync(join(root, 'schemas/blocked-account/blocked-account.form.json'), 'utf8')),
).form as CompiledForm;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'antrag-server-'));
  const config = loadConfig({ DATA_DIR: dataDir, ANTRAG_SECRET: 'test-secret', LOG_LEVEL: 'silent' });
  database = await openDatabase(config);
  // unit-test doubles: these routes do not touch the file store or the mail transport
  const ctx: ServerContext = {
    config,
    db: database.db,
    files: {} as ServerContext['files'],
    mail: { send: async () => {} },
  };
  app = await buildApp(ctx, FormRegistry.load(root), { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function token(): Promise<string> {
  return ((await (await fetch(`${base}/api/get-token`)).json()) as { access_token: string }).access_token;
}

async function count(kind: string): Promise<number> {
  const row = await database.db
    .selectFrom('submissions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function storeUploads(names: string[]) {
  for (const name of names) {
    await database.db
      .insertInto('uploads')
      .values({ key: `uploads/${name}`, content_type: 'application/pdf', size: 250_000 })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}

function send(path: string, request: ReturnType<typeof encodeRequest>, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: request.method,
    headers: { ...request.headers, ...headers },
    body: request.body as string,
  });
}

describe('server basics', () => {
  it('issues tokens valid for the configured time, with a strict Content-Security-Policy', async () => {
    const response = await fetch(`${base}/api/get-token`);
    const body = (await response.json()) as { access_token: string; valid_until: string };
    expect(response.status).toBe(200);
    expect(body.access_token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(Date.parse(body.valid_until) - Date.now()).toBeGreaterThan(3500_000);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers unknown routes with JSON, not a stack trace', async () => {
    const response = await fetch(`${base}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ ok: false });
  });
});

describe('compiled forms for the browser', () => {
  it('serves a compiled form and its step validators as an ES module without eval', async () => {
    const form = (await (await fetch(`${base}/api/forms/health-insurance-booking`)).json()) as CompiledForm;
    expect(form.steps).toHaveLength(9);
    const response = await fetch(`${base}/api/forms/health-insurance-booking/validators.js`);
    const code = await response.text();
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(code).toContain('export const step8');
    expect(code).toContain('/assets/validation-runtime.js');
    expect(code).not.toMatch(/\beval\(|new Function|\brequire\(/);
    expect((await fetch(`${base}/api/forms/nothing/validators.js`)).status).toBe(404);
  });

  it("serves each step's validators alone, and refuses a step the form does not have, naming its steps", async () => {
    const step3 = await fetch(`${base}/api/forms/health-insurance-booking/validators/3.js`);
    expect(step3.status).toBe(200);
    expect(step3.headers.get('content-type')).toContain('text/javascript');
    const code = await step3.text();
    expect(code).toContain('export const step3');
    expect(code).not.toMatch(/export const step[0-24-9]\b/);
    expect(code).not.toMatch(/\beval\(|new Function|\brequire\(/);
    for (const file of ['9.js', '03.js', '-1.js', '3', '3.mjs']) {
      const refused = await fetch(`${base}/api/forms/health-insurance-booking/validators/${file}`);
      expect(refused.status, file).toBe(404);
      expect(await refused.json()).toEqual({
        ok: false,
        message: `The form 'health-insurance-booking' has no step validators '${file}' (its steps: 0.js to 8.js)`,
      });
    }
    expect((await fetch(`${base}/api/forms/nothing/validators/0.js`)).status).toBe(404);
    // a retry after a failed load asks for another address, which serves the same module
    const again = await fetch(`${base}/api/forms/health-insurance-booking/validators/3.js?retry=2`);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(code);
  });

  it('compiles forms defined in the content service too', async () => {
    expect((await fetch(`${base}/api/forms/apartment-booking-2026/validators.js`)).status).toBe(200);
  });
});

describe('health-insurance booking (POST /api/internal/services/aok)', () => {
  const uploads = () => {
    const data = student();
    return ['admissionDocumentUpload', 'passportPhotoUpload'].flatMap((f) =>
      (data[f] as Array<{ name: string }>).map((r) => r.name),
    );
  };

  it('stores a valid booking and answers with its deal id', async () => {
    await storeUploads(uploads());
    const before = await count('/api/internal/services/aok');
    const response = await send('/api/internal/services/aok', encodeRequest(hi.submit!, student(), {}, hi));
    const body = (await response.json()) as { dealID: string };
    expect({ status: response.status, body }).toMatchObject({ status: 200, body: { dealID: expect.any(String) } });
    expect(await count('/api/internal/services/aok')).toBe(before + 1);
  });

  it('rejects a tampered booking with each failing field and its message, and stores nothing', async () => {
    await storeUploads(uploads());
    const before = await count('/api/internal/services/aok');
    const request = encodeRequest(hi.submit!, student(), {}, hi);
    const body = JSON.parse(request.body as string);
    body.email = 'not an email';
    body.workingHoursPerWeek = 'x';
    body.admin = true;
    const response = await fetch(`${base}/api/internal/services/aok`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Language': 'de' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { errors: Array<{ path: string; message: string }> };
    expect(response.status).toBe(400);
    expect(answer.errors.map((e) => e.path)).toEqual(expect.arrayContaining(['/email', '/admin']));
    expect(answer.errors.find((e) => e.path === '/admin')?.message).toBe('Dieses Feld gehört nicht zum Formular');
    expect(await count('/api/internal/services/aok')).toBe(before);
  });

  it('refuses files the server never received', async () => {
    const data = student();
    (data.passportPhotoUpload as Array<{ name: string }>)[0].name = 'never-uploaded.png';
    const response = await send('/api/internal/services/aok', encodeRequest(hi.submit!, data, {}, hi));
    const answer = (await response.json()) as { errors: Array<{ field: string }> };
    expect(response.status).toBe(400);
    expect(answer.errors.map((e) => e.field)).toContain('passportPhotoUpload');
  });
});

describe('customer-relationship lead steps (POST /api/v1/lead/submit-application)', () => {
  const step = (id: string) => blocked.steps.find((s) => s.id === id)!;
  const signUp = () => blocked.steps.find((s) => s.submit && s.index === 0)!;
  const path = '/api/v1/lead/submit-application';

  it('needs a valid bearer token', async () => {
    const request = encodeRequest(signUp().submit!, application(), {}, blocked);
    expect((await send(path, request)).status).toBe(401);
    expect((await send(path, request, { Authorization: 'Bearer forged.token' })).status).toBe(401);
  });

  it('creates a lead at sign-up and answers with its id and blocked-account number', async () => {
    const request = encodeRequest(signUp().submit!, application(), {}, blocked);
    const response = await send(path, request, { Authorization: `Bearer ${await token()}` });
    const body = (await response.json()) as { status: boolean; id: number; account_id: string };
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ status: true, id: expect.any(Number), account_id: expect.any(String) });
    const lead = await database.db.selectFrom('leads').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(lead.account_id).toBe(body.account_id);
  });

  it("keeps each step as sent, with the spec's names and the referral code, next to the form's field names", async () => {
    const data = application();
    const query = new URLSearchParams('partnerCode=UNI-7');
    const request = encodeRequest(signUp().submit!, data, { query }, blocked);
    const response = await send(path, request, { Authorization: `Bearer ${await token()}` });
    const { id } = (await response.json()) as { id: number };
    const lead = await database.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const sent = lead.sent as Record<string, Record<string, unknown>>;
    expect(sent[signUp().id]).toMatchObject({
      first_name: data.firstName,
      last_name: data.lastName,
      email_id: data.email,
      referral_code: 'UNI-7',
    });
    // nested objects as JSON text, as step 0 sends them
    expect(JSON.parse(String(sent[signUp().id].country))).toEqual(data.country);
    const stored = lead.data as Record<string, Record<string, unknown>>;
    expect(stored[signUp().id]).toMatchObject({ firstName: data.firstName, country: data.country });
  });

  it("rejects an invalid zip code with the spec's message in the requested language", async () => {
    const request = encodeRequest(signUp().submit!, application({ zipCode: '1' }), {}, blocked);
    const response = await send(path, request, { Authorization: `Bearer ${await token()}`, 'X-Language': 'de' });
    const body = (await response.json()) as { status: boolean; message: string };
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ status: false, message: 'Ungültige Postleitzahl!' });
  });

  it('takes the later steps for an existing lead only', async () => {
    const auth = { Authorization: `Bearer ${await token()}` };
    const later = blocked.steps.filter((s) => s.submit && s.index > 0);
    expect(later.length).toBeGreaterThan(0);
    const created = (await (
      await send(path, encodeRequest(signUp().submit!, application(), {}, blocked), auth)
    ).json()) as {
      id: number;
      lead_token: string;
    };
    expect(created.lead_token).toMatch(/^lt_/);
    for (const s of later) {
      // the applicant's lead token as the form sends it (X-Lead-Token from storage), but no lead id
      const withoutLead = encodeRequest(
        step(s.id).submit!,
        application(),
        { storage: (k) => (k === 'leadToken' ? created.lead_token : null) },
        blocked,
      );
      expect(withoutLead.headers['X-Lead-Token']).toBe(created.lead_token);
      const refused = await send(path, withoutLead, auth);
      expect(refused.status).toBe(400);
      await storeUploads(['passport.pdf', 'admission.pdf']);
      const request = encodeRequest(
        step(s.id).submit!,
        application(),
        {
          storage: (k) => (k === 'leadId' ? String(created.id) : k === 'leadToken' ? created.lead_token : null),
        },
        blocked,
      );
      const response = await send(path, request, auth);
      const answer = await response.json();
      expect({ step: s.id, status: response.status, body: answer }).toMatchObject({
        step: s.id,
        status: 200,
        body: { status: true, id: created.id },
      });
    }
  });
});

describe('two forms on one path (POST /api/internal/contact-form)', () => {
  const load = (file: string) => compileForm(JSON.parse(readFileSync(join(root, file), 'utf8'))).form as CompiledForm;
  const pre = load('schemas/health-insurance/pre-subscription.form.json');
  const enquiry = load('schemas/contact/contact-enquiry.form.json');

  it('tells the pre-subscription and the contact enquiry apart by their payload and validates each with its own schema', async () => {
    const preData = {
      title: 'Mr.',
      firstName: 'Kwame',
      lastName: 'Mensah',
      plan: 'AOK',
      passportNumber: 'G1234567',
      confirmPassportNumber: 'G1234567',
      termsAndConditions: true,
    };
    const enquiryData = {
      title: 'Female',
      firstName: 'Linh',
      email: 'linh@example.com',
      preferredLanguage: 'vi',
      inquiry: 'seeking_information',
      topic: 'Study in Germany',
      message: 'Which documents do I need?',
    };
    const first = await send('/api/internal/contact-form', encodeRequest(pre.submit!, preData, {}, pre));
    expect({ status: first.status, body: await first.json() }).toMatchObject({ status: 200, body: { ok: true } });
    const second = await send('/api/internal/contact-form', encodeRequest(enquiry.submit!, enquiryData, {}, enquiry));
    expect({ status: second.status, body: await second.json() }).toMatchObject({ status: 200, body: { ok: true } });
    const rows = await database.db
      .selectFrom('submissions')
      .select('form_id')
      .where('kind', '=', '/api/internal/contact-form')
      .execute();
    expect(rows.map((r) => r.form_id).sort()).toEqual(['contact-enquiry', 'pre-subscription']);
  });
});

describe('bookings defined in the content service (POST /api/v2/bookings/create)', () => {
  const v2 = () => {
    const registry = FormRegistry.load(root);
    return registry.forms.get('apartment-booking-2026') as CompiledForm;
  };
  const booking = {
    fullName: 'Lena Schmidt',
    homeAddress: 'Torstraße 1, Berlin',
    birthDate: '2001-05-04',
    guests: 2,
    room: 'double',
    deposit: 500,
    idCopy: [{ uid: 'id', name: 'lena-id.pdf', type: 'application/pdf', size: 250_000, status: 'done' }],
    agree: true,
  };

  it('compiles the content definition on the server and validates the booking with it', async () => {
    const form = v2();
    expect(form).toBeDefined();
    await storeUploads(['lena-id.pdf']);
    const request = encodeRequest(form.submit!, booking, {}, form);
    // dates travel as DD.MM.YYYY in v2 bookings
    expect(request.body).toContain('04.05.2001');
    const response = await send('/api/v2/bookings/create', request);
    expect({ status: response.status, body: await response.json() }).toMatchObject({
      status: 200,
      body: { id: expect.any(String) },
    });
  });

  it('rejects a booking that breaks the definition, naming each field', async () => {
    const form = v2();
    const before = await count('booking-v2');
    const request = encodeRequest(form.submit!, { ...booking, fullName: 'R2D2', guests: 9, agree: false }, {}, form);
    const response = await send('/api/v2/bookings/create', request);
    const body = (await response.json()) as { errors: Array<{ field: string }> };
    expect(response.status).toBe(400);
    expect(body.errors.map((e) => e.field).sort()).toEqual(['agree', 'fullName', 'guests']);
    expect(await count('booking-v2')).toBe(before);
  });
});

describe('the built web app', () => {
  it('is served at / with its shell for page routes, while unknown API paths stay JSON 404s', async () => {
    const web = mkdtempSync(join(tmpdir(), 'antrag-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Antrag</title><div id="root"></div>');
    writeFileSync(join(web, 'app.js'), 'export {};');
    const script = `export const text = ${JSON.stringify('x'.repeat(4096))};`;
    writeFileSync(join(web, 'big.js'), script);
    const config = loadConfig({ DATA_DIR: dataDir, ANTRAG_SECRET: 'test-secret', LOG_LEVEL: 'silent' });
    const ctx: ServerContext = {
      config,
      db: database.db,
      files: {} as ServerContext['files'],
      mail: { send: async () => {} },
    };
    const webServer = await buildApp(ctx, new FormRegistry(), { logger: false, webRoot: web });
    try {
      expect((await webServer.inject({ url: '/' })).body).toContain('<div id="root">');
      expect((await webServer.inject({ url: '/blocked-account/book' })).body).toContain('<div id="root">');
      expect((await webServer.inject({ url: '/app.js' })).headers['content-type']).toContain('javascript');
      // scripts travel gzip-compressed to a browser that accepts it, as they are to one that does not
      const zipped = await webServer.inject({ url: '/big.js', headers: { 'accept-encoding': 'gzip' } });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(script);
      const plain = await webServer.inject({ url: '/big.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      const api = await webServer.inject({ url: '/api/nope' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ ok: false });
    } finally {
      await webServer.close();
      rmSync(web, { recursive: true, force: true });
    }
  });
});
