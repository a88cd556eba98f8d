import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { FormDefinition, SubmitSettings } from '../../../packages/core/src/dsl/types.js';
import {
  buildPayload,
  dataToStore,
  encodeRequest,
  failureMessage,
  flattenForForm,
  isSuccessfulAnswer,
  valuesToStore,
} from '../../../packages/core/src/payload/index.js';

const data = {
  firstName: '  Anna ',
  country: { name: 'Germany', iso: 'DE' },
  phoneNumber: { countryCode: '+49', phoneNumber: '15123456789', isoCode: 'DE' },
  dateOfArrival: '2027-03-01',
  visaType: '4',
  blockedAmountPerMonth: 992,
  docs: [
    { uid: 'u1', name: 'admission.pdf', storedName: '17_ab12.pdf', type: 'application/pdf', size: 1, status: 'done' },
  ],
};

const signUp: SubmitSettings = {
  endpoint: '{host}/api/v1/lead/submit-application',
  encoding: 'form-urlencoded',
  nested: 'json',
  auth: 'bearer',
  payload: {
    fields: {
      first_name: { from: 'firstName', trim: true },
      country: 'country',
      phone_code: 'phoneNumber.countryCode',
      expected_date_arrival: { from: 'dateOfArrival', format: 'YYYY-MM-DD' },
      lead_id: { storage: 'leadId', omitIfEmpty: true },
      referral_code: { query: ['partnerCode', 'PartnerCode'], omitIfEmpty: true },
      profession: {
        from: 'visaType',
        map: { '1': 'student', '2': 'employee', '4': 'vocational trainee' },
        otherwise: 'other',
      },
      blocked_acc_amt: { from: 'blockedAmountPerMonth', as: 'string' },
      app_type: { const: 'blocked_account' },
    },
  },
};

describe('payload encoding', () => {
  it('maps fields, storage, query parameters, constants and value maps', () => {
    const payload = buildPayload(signUp, data, {
      storage: (k) => (k === 'leadId' ? '42' : null),
      query: new URLSearchParams('PartnerCode=UNI7'),
    });
    expect(payload).toEqual({
      first_name: 'Anna',
      country: { name: 'Germany', iso: 'DE' },
      phone_code: '+49',
      expected_date_arrival: '2027-03-01',
      lead_id: '42',
      referral_code: 'UNI7',
      profession: 'vocational trainee',
      blocked_acc_amt: '992',
      app_type: 'blocked_account',
    });
  });

  it('leaves out empty optional values and falls back to otherwise', () => {
    const payload = buildPayload(signUp, { ...data, visaType: '9' }, {}) as Record<string, unknown>;
    expect(payload).not.toHaveProperty('lead_id');
    expect(payload).not.toHaveProperty('referral_code');
    expect(payload.profession).toBe('other');
  });

  it('sends nested objects as JSON text in form encoding, with {host} resolved', () => {
    const request = encodeRequest(signUp, data, { host: 'https://crm.example/' });
    expect(request.url).toBe('https://crm.example/api/v1/lead/submit-application');
    expect(request.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    const body = new URLSearchParams(request.body as string);
    expect(body.get('country')).toBe('{"name":"Germany","iso":"DE"}');
    expect(body.get('first_name')).toBe('Anna');
  });

  it('sends nested objects as bracketed keys when asked', () => {
    expect(
      flattenForForm({ step: 2, nationality: { name: 'Viet Nam', iso: 'VN' }, list: [{ a: 1 }] }, 'brackets'),
    ).toEqual([
      ['step', '2'],
      ['nationality[name]', 'Viet Nam'],
      ['nationality[iso]', 'VN'],
      ['list[0][a]', '1'],
    ]);
  });

  it('fills a template at JSON pointers, with dates in the output format and file names', () => {
    const settings: SubmitSettings = {
      endpoint: '/api/v2/bookings/create',
      payload: {
        mode: 'template',
        template: {
          steps: [
            {
              fields: [
                { internalIdentifier: 'arrival', value: null },
                { internalIdentifier: 'docs', value: null },
              ],
            },
          ],
        },
        set: [
          { pointer: '/steps/0/fields/0/value', from: 'dateOfArrival', format: 'DD.MM.YYYY' },
          { pointer: '/steps/0/fields/1/value', from: 'docs', as: 'fileNames' },
        ],
      },
    };
    const request = encodeRequest(settings, data, {});
    expect(JSON.parse(request.body as string)).toEqual({
      steps: [
        {
          fields: [
            { internalIdentifier: 'arrival', value: '01.03.2027' },
            { internalIdentifier: 'docs', value: ['17_ab12.pdf'] },
          ],
        },
      ],
    });
  });

  it("sends every visible field in 'all' mode, minus the omitted ones, with the locale header", () => {
    const def: FormDefinition = {
      id: 'review',
      title: 'Review',
      version: 1,
      steps: [
        {
          id: 's',
          title: 'S',
          fields: [
            { name: 'uni', type: 'text' },
            { name: 'semester', type: 'text', visibleIf: { field: 'uni', filled: true } },
            { name: 'start', type: 'date' },
            { name: 'confirm', type: 'text' },
          ],
        },
      ],
    };
    const form = compileForm(def).form!;
    const settings: SubmitSettings = {
      endpoint: '/api/review',
      headers: { 'X-Language': { locale: true } },
      payload: { mode: 'all', omit: ['confirm'], dateFormat: 'DD.MM.YYYY', trimStrings: true },
    };
    const request = encodeRequest(
      settings,
      { semester: 'ws', start: '2026-10-01', confirm: 'x', uni: ' TU ' },
      { locale: 'vi' },
      form,
    );
    expect(request.headers['X-Language']).toBe('vi');
    expect(JSON.parse(request.body as string)).toEqual({ uni: 'TU', semester: 'ws', start: '01.10.2026' });
    const hidden = encodeRequest(settings, { semester: 'ws' }, {}, form);
    expect(JSON.parse(hidden.body as string)).toEqual({});
  });

  it('gives multipart entries for multipart encoding and no body for DELETE', () => {
    const multipart = encodeRequest(
      { endpoint: '/x', encoding: 'multipart', payload: { fields: { lead_id: { const: 7 } } } },
      {},
      {},
    );
    expect(multipart.body).toEqual([['lead_id', '7']]);
    const del = encodeRequest({ endpoint: '{host}/api/v1/lead/payer/9', method: 'DELETE' }, {}, { host: 'http://h' });
    expect(del).toMatchObject({ method: 'DELETE', url: 'http://h/api/v1/lead/payer/9' });
    expect(del.body).toBeUndefined();
  });
});

describe('answers', () => {
  it("count as success on HTTP 2xx and a status of true or 'success'", () => {
    const rule = { field: 'status', values: [true, 'success'] };
    expect(isSuccessfulAnswer(rule, 200, { status: true })).toBe(true);
    expect(isSuccessfulAnswer(rule, 200, { status: 'success' })).toBe(true);
    expect(isSuccessfulAnswer(rule, 200, { status: false, message: 'no' })).toBe(false);
    expect(isSuccessfulAnswer(rule, 500, { status: true })).toBe(false);
    expect(isSuccessfulAnswer(undefined, 204, undefined)).toBe(true);
    expect(isSuccessfulAnswer({ field: 'ok' }, 200, { ok: false })).toBe(false);
  });

  it('name the values to keep in browser storage', () => {
    expect(
      valuesToStore({ leadId: 'id', account_id: 'account_id', missing: 'nope' }, { id: 17, account_id: 'DE00 1234' }),
    ).toEqual([
      ['leadId', '17'],
      ['account_id', 'DE00 1234'],
    ]);
  });

  it('can require an exact HTTP status (pre-subscription: 200 with ok true)', () => {
    const rule = { httpStatus: [200], field: 'ok' };
    expect(isSuccessfulAnswer(rule, 200, { ok: true })).toBe(true);
    expect(isSuccessfulAnswer(rule, 201, { ok: true })).toBe(false);
  });

  it('keep form values in browser storage after success', () => {
    const settings: SubmitSettings = {
      endpoint: '/x',
      storeData: { customerName: 'firstName', customerEmail: { from: 'email', trim: true }, missing: 'nothing' },
    };
    expect(dataToStore(settings, { firstName: 'Anna', email: ' anna@example.com ' })).toEqual([
      ['customerName', 'Anna'],
      ['customerEmail', 'anna@example.com'],
    ]);
  });

  it('keep amounts as text with two decimals (the blocked-account totalDeposit)', () => {
    const settings: SubmitSettings = {
      endpoint: '/x',
      storeData: { totalDeposit: { from: 'total', as: 'amount' }, fee: { from: 'fee', as: 'amount' } },
    };
    expect(dataToStore(settings, { total: 6150.4, fee: 'n/a' })).toEqual([['totalDeposit', '6150.40']]);
    expect(dataToStore(settings, { total: '992', fee: 4.9 })).toEqual([
      ['totalDeposit', '992.00'],
      ['fee', '4.90'],
    ]);
  });

  it("say why a submission failed: a mapped text, the server's message, or the form's own", () => {
    const settings: SubmitSettings = {
      endpoint: '/x',
      messageField: 'message',
      errorMessage: 'wizard.bookingFailed',
      messageMap: [{ contains: 'exactly one address', message: 'forms.aok.sameAddress' }],
    };
    expect(failureMessage(settings, { message: 'Customer does not have EXACTLY ONE ADDRESS' })).toEqual({
      key: 'forms.aok.sameAddress',
    });
    expect(failureMessage(settings, { message: 'Lead is closed' })).toEqual({ text: 'Lead is closed' });
    expect(failureMessage(settings, { status: false })).toEqual({ key: 'wizard.bookingFailed' });
    expect(failureMessage({ endpoint: '/x' }, {})).toEqual({});
  });
});
