/**
 * Hostile submissions of the blocked-account application over real HTTP (issue 14): unknown keys inside nested
 * values, prototype keys in JSON text, a profession the form never sends, more payers than the form takes, a list
 * where the payload is an object, and money and dates without sense. Each gets a 400 naming what is wrong, and
 * nothing is stored. On embedded PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withComputedValues } from '../../../../packages/core/src/expr/index.js';
import { encodeRequest } from '../../../../packages/core/src/payload/index.js';
import { application } from '../../../fixtures/forms/blocked-account.js';
import {
  bearer,
  blockedAccountForm,
  countRows,
  createLead,
  ENGINES,
  type Harness,
  leadHeaders,
  SAMPLE_PAYER,
  SETUP_TIMEOUT,
  startHarness,
} from './harness.js';

interface Answer {
  status: number;
  body: { message?: string; errors?: Array<{ path: string; message: string }> };
}

describe.each(ENGINES)('strict reading of submissions, on $name', ({ database }) => {
  let h: Harness;
  let drop: () => Promise<void>;
  const blocked = blockedAccountForm();

  beforeAll(async () => {
    const db = await database();
    drop = db.drop;
    h = await startHarness(db.env);
    // the files the final application names were uploaded through the signed-upload contract
    for (const name of ['passport.pdf', 'admission.pdf'])
      await h.db
        .insertInto('uploads')
        .values({ key: `uploads/${name}`, content_type: 'application/pdf', size: 120_000 })
        .onConflict((oc) => oc.doNothing())
        .execute();
  }, SETUP_TIMEOUT);

  afterAll(async () => {
    await h?.close();
    await drop?.();
  });

  const answer = async (response: Response): Promise<Answer> => ({
    status: response.status,
    body: (await response.json()) as Answer['body'],
  });
  const paths = (a: Answer) => (a.body.errors ?? []).map((e) => e.path).sort();

  /** The sign-up (step 0) as the form sends it, with some fields' text replaced. */
  async function signUp(replace: Record<string, string>): Promise<Answer> {
    const request = encodeRequest(blocked.steps[0].submit!, application(), {}, blocked);
    const params = new URLSearchParams(request.body as string);
    for (const [k, v] of Object.entries(replace)) params.set(k, v);
    const response = await h.main.fetch('/api/v1/lead/submit-application', {
      method: 'POST',
      headers: { ...request.headers, ...(await bearer(h.main)) },
      body: params.toString(),
    });
    return answer(response);
  }

  /** The final application (JSON) as the form sends it for `overrides` of the data, then with `body` keys replaced. */
  async function finalApplication(
    overrides: Record<string, unknown> = {},
    body: Record<string, unknown> = {},
  ): Promise<Answer> {
    const data = withComputedValues(application(overrides), blocked.computed, blocked.reference);
    const request = encodeRequest(blocked.submit!, data, {}, blocked);
    const payload = { ...JSON.parse(request.body as string), ...body };
    const response = await h.main.fetch('/api/internal/services/blocked-account', {
      method: 'POST',
      headers: request.headers,
      body: JSON.stringify(payload),
    });
    return answer(response);
  }

  const applications = () =>
    h.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('form_id', '=', 'blocked-account')
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));

  it('takes the application as the form sends it (the control for the refusals below)', async () => {
    const before = await applications();
    const done = await finalApplication();
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await applications()).toBe(before + 1);
    expect((await signUp({})).status).toBe(200);
  });

  it('refuses a sign-up whose country JSON text carries an unknown key (900 KB) or __proto__, storing nothing', async () => {
    const leads = await countRows(h.db, 'leads');
    const big = await signUp({ country: JSON.stringify({ name: 'Germany', iso: 'DE', evil: 'x'.repeat(900_000) }) });
    expect(big.status).toBe(400);
    expect(paths(big)).toEqual(['/country/evil']);
    expect(big.body.errors?.[0].message).toBe('This field is not part of the form');
    const proto = await signUp({ country: '{"name":"Germany","iso":"DE","__proto__":{"polluted":"yes"}}' });
    expect(proto.status).toBe(400);
    expect(paths(proto)).toEqual(['/country/__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await countRows(h.db, 'leads')).toBe(leads);
  });

  it('refuses unknown keys inside every structured value of the final application, naming each', async () => {
    const before = await applications();
    const base = application();
    const extra = (v: unknown) => ({ ...(v as Record<string, unknown>), evil: 'x' });
    const refused = await finalApplication(
      {
        payers: [extra({ ...SAMPLE_PAYER, country: extra(SAMPLE_PAYER.country) })],
        nationality: extra(base.nationality),
        countryOfBirth: extra(base.countryOfBirth),
        placeOfBirth: extra(base.placeOfBirth),
        passportIssuedCountry: extra(base.passportIssuedCountry),
        passportIssuedPlace: extra(base.passportIssuedPlace),
        country: extra(base.country),
        phoneNumber: extra(base.phoneNumber),
      },
      {},
    );
    expect(refused.status).toBe(400);
    expect(paths(refused)).toEqual(
      [
        '/country/evil',
        '/countryOfBirth/evil',
        '/nationality/evil',
        '/passportIssuedCountry/evil',
        '/passportIssuedPlace/evil',
        '/payers/0/country/evil',
        '/payers/0/evil',
        '/phoneNumber/evil',
        '/placeOfBirth/evil',
      ].sort(),
    );
    // __proto__ in a JSON body the JSON parser refuses already; `prototype` reaches the form's reading
    const proto = await finalApplication({}, { payers: [JSON.parse('{"firstName":"Ben","__proto__":{"x":1}}')] });
    expect(proto.status).toBe(400);
    const prototype = await finalApplication({}, { payers: [{ ...SAMPLE_PAYER, prototype: { x: 1 } }] });
    expect(prototype.status).toBe(400);
    expect(paths(prototype)).toEqual(['/payers/0/prototype']);
    expect(await applications()).toBe(before);
  });

  it('refuses more than 10 payers', async () => {
    const before = await applications();
    const payers = Array.from({ length: 25 }, (_, i) => ({ ...SAMPLE_PAYER, email: `payer${i}@example.com` }));
    const refused = await finalApplication({ payers });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual(
      expect.objectContaining({ path: '/payers', message: 'Please add no more than 10 entries' }),
    );
    expect(await applications()).toBe(before);
  });

  it('refuses a profession the form never sends, or one that contradicts the visa type', async () => {
    const before = await applications();
    for (const profession of [`student${'x'.repeat(921_600)}`, 'stud\u0000ent', '\u202Estudent', 'employee']) {
      const refused = await finalApplication({}, { profession });
      expect(refused.status, JSON.stringify(profession.slice(0, 20))).toBe(400);
      expect(refused.body.message).toMatch(/\/profession/);
    }
    expect(await applications()).toBe(before);
  });

  it('refuses a list sent where the step is an object, before it changes the lead', async () => {
    const lead = await createLead(h.main, { email: 'list-body@example.com' });
    const response = await h.main.fetch('/api/v1/lead/submit-application', {
      method: 'POST',
      headers: { ...(await leadHeaders(h.main, lead)), 'Content-Type': 'application/json' },
      body: JSON.stringify([{ step: 3, lead_id: lead.id }]),
    });
    const refused = await answer(response);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/must be an object/);
    const row = await h.db.selectFrom('leads').select('data').where('id', '=', lead.id).executeTakeFirstOrThrow();
    expect(Object.keys(row.data as object)).toEqual(['sign-up']);
  });

  it('refuses a monthly amount below 1 or above 100,000 euro, in the final application and in step 3', async () => {
    const before = await applications();
    for (const blockedAmountPerMonth of [-1000, 0, 1e20]) {
      const refused = await finalApplication({ blockedAmountPerMonth });
      expect(refused.status, String(blockedAmountPerMonth)).toBe(400);
      expect(paths(refused)).toEqual(['/blockedAmountPerMonth']);
    }
    expect(await applications()).toBe(before);

    const lead = await createLead(h.main, { email: 'amount@example.com' });
    const step3 = blocked.steps.find((s) => s.id === 'blocking-details')!.submit!;
    for (const amount of [-5, 0, 100_001]) {
      const request = encodeRequest(
        step3,
        { contractDuration: 3, blockedAmountPerMonth: amount, visaEligibilityDocument: 'admission_certificate' },
        { storage: (k) => (k === 'leadId' ? String(lead.id) : null) },
        blocked,
      );
      const refused = await answer(
        await h.main.fetch('/api/v1/lead/submit-application', {
          method: 'POST',
          headers: { ...request.headers, ...(await leadHeaders(h.main, lead)) },
          body: request.body as string,
        }),
      );
      expect(refused.status, String(amount)).toBe(400);
      expect(paths(refused)).toEqual(['/blockedAmountPerMonth']);
    }
    const row = await h.db.selectFrom('leads').select('data').where('id', '=', lead.id).executeTakeFirstOrThrow();
    expect(Object.keys(row.data as object)).toEqual(['sign-up']);
  });

  it("refuses a payer's negative amount and a payer born in 2020 or 1800", async () => {
    const before = await applications();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ transferedAmount: -5000 }, '/payers/0/transferedAmount'],
      [{ dateOfBirth: '2020-01-01' }, '/payers/0/dateOfBirth'],
      [{ dateOfBirth: '1800-01-01' }, '/payers/0/dateOfBirth'],
    ];
    for (const [change, path] of cases) {
      const refused = await finalApplication({ payers: [{ ...SAMPLE_PAYER, ...change }] });
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(paths(refused)).toEqual([path]);
    }
    expect(await applications()).toBe(before);
  });
});
