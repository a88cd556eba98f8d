/**
 * The passport upload (`ui:field: passportUpload`, spec 000 §2 step 1, §4 "Passport upload", §5 step 1, §7
 * calls 3, 4, 10). The network is replaced by test doubles (a fetch double routing by path and an
 * XMLHttpRequest double for the storage POST); the real server's answers are covered by
 * tests/integration/server and, end to end with real OCR, by tests/browser/passport.spec.ts.
 *
 * The field runs in a real RJSF antd form whose formContext behaves like the runner's: it carries the live
 * form data, `patch` (sets other fields, `undefined` clears) and `onUploadChange`, plus the compiled
 * blocked-account form, so the values are mapped to that form's real field shapes.
 */
import { readFileSync } from 'node:fs';
import Form from '@rjsf/antd';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useMemo, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import { fields, widgets } from '../../../packages/react/src/widgets/index.js';
import { compileDefinition, compileFile } from '../runner/forms.js';

const blockedAccount = compileFile('schemas/blocked-account/blocked-account.form.json');

/** The upload step's fields with the compiled schemas and UI options of the blocked-account form. */
const STEP_FIELDS = [
  'passportIssuedCountry',
  'passportUpload',
  'passportNumber',
  'nationality',
  'dateOfBirth',
  'countryOfBirth',
  'placeOfBirth',
  'passportIssueDate',
  'passportExpiryDate',
  'passportIssuedPlace',
];
const properties = blockedAccount.schema.properties as Record<string, Record<string, unknown>>;
const schema = {
  type: 'object',
  properties: Object.fromEntries(STEP_FIELDS.map((n) => [n, properties[n]])),
} as RJSFSchema;
const uiSchema = Object.fromEntries(STEP_FIELDS.map((n) => [n, blockedAccount.uiSchema[n]])) as UiSchema;
// labels as the runner shows them (it translates the form's text keys; a bare form shows the keys)
uiSchema.passportUpload = { ...uiSchema.passportUpload, 'ui:title': 'Passport' };

type Data = Record<string, unknown>;

const GERMANY = { name: 'Germany', iso: 'DE' };

interface HarnessProps {
  initial: Data;
  patches: Data[];
  inFlight: number[];
  onData: (data: Data) => void;
}

/** A real RJSF form with a runner-like formContext (live data, patch, onUploadChange, the compiled form). */
function Harness({ initial, patches, inFlight, onData }: HarnessProps) {
  const [data, setData] = useState<Data>(initial);
  const update = (next: Data) => {
    onData(next);
    setData(next);
  };
  const formContext = useMemo(
    () => ({
      locale: 'en',
      formData: data,
      form: blockedAccount,
      onUploadChange: (n: number) => inFlight.push(n),
      patch: (values: Data) => {
        patches.push(values);
        setData((current) => {
          const merged: Data = { ...current, ...values };
          for (const [k, v] of Object.entries(values)) if (v === undefined) delete merged[k];
          onData(merged);
          return merged;
        });
      },
    }),
    [data, patches, inFlight, onData],
  );
  return (
    <Form
      schema={schema}
      uiSchema={uiSchema}
      formData={data}
      formContext={formContext}
      validator={validator}
      widgets={widgets}
      fields={fields}
      showErrorList={false}
      onChange={(e) => update((e.formData ?? {}) as Data)}
    />
  );
}

function renderHarness(initial: Data = { passportIssuedCountry: GERMANY }) {
  const patches: Data[] = [];
  const inFlight: number[] = [];
  const changes: Data[] = [];
  let data: Data = initial;
  render(
    <Harness
      initial={initial}
      patches={patches}
      inFlight={inFlight}
      onData={(next) => {
        data = next;
        changes.push(next);
      }}
    />,
  );
  return { patches, inFlight, changes, latest: () => data };
}

// ------------------------------------------------------------------------------------------ test doubles

/** Test double for the storage POST of the signed upload: progress, then 204. */
class FakeXhr {
  static sent: string[] = [];
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  send() {
    FakeXhr.sent.push(this.url);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
      setTimeout(() => {
        this.status = 204;
        this.onload?.();
      }, 10);
    }, 10);
  }
  abort() {}
}

interface Call {
  path: string;
  at: number;
  headers: Record<string, string>;
  body?: FormData;
}

interface Answers {
  verify?: unknown;
  verifyStatus?: number;
  extractedData?: unknown;
  extractStatus?: number;
  /** Held until released: both passport calls wait, so a test can see that both started. */
  gate?: Promise<void>;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The fetch double (component tests only): answers by path and records every call in order. */
function stubNetwork(answers: Answers) {
  const calls: Call[] = [];
  let clock = 0;
  const fetchDouble = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({
      path: url.pathname,
      at: clock++,
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body instanceof FormData ? init.body : undefined,
    });
    switch (url.pathname) {
      case '/api/get-token':
        return json({ access_token: 'token-1', valid_until: new Date(Date.now() + 3_600_000).toISOString() });
      case '/api/upload-file':
        return json({ url: 'https://storage.test/bucket', fields: { key: 'k' } });
      case '/api/v1/lead/upload-file':
        return json({ doc_id: '41' });
      case '/api/v1/identity/verify-doc':
        await answers.gate;
        return json(answers.verify, answers.verifyStatus ?? 200);
      case '/api/mrz-ocr':
        await answers.gate;
        return json({ extractedData: answers.extractedData }, answers.extractStatus ?? 200);
      default:
        return json({ message: 'no such route' }, 404);
    }
  });
  vi.stubGlobal('fetch', fetchDouble);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  FakeXhr.sent = [];
  return { calls, paths: () => calls.map((c) => c.path) };
}

const EXTRACTED = {
  PassportNumber: 'x4k7t9rn3',
  DateofBirth: '12.08.2003',
  PassportIssueDate: '2021-01-02',
  PassportExpiryDate: '310101',
  Nationality: 'DEU',
  CountryofBirth: 'VNM',
  PlaceofBirth: 'HANOI',
  PassportIssuedPlaceAndCountry: 'KOELN, DEU',
};
const ACCEPTED = {
  data: {
    doc_status: 'accept',
    details: {
      documentNumber: 'ZZ9999999',
      dob: '1990-01-01',
      expiry: '2030-01-01',
      issued: '',
      nationalityIso3: 'FRA',
      countryIso3: 'FRA',
      placeOfBirth: 'Lyon',
    },
  },
  message: 'Passport verified.',
};

const passportImage = () => new File([new Uint8Array(2048)], 'my passport.png', { type: 'image/png' });

async function pick(file = passportImage()) {
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(screen.getByLabelText(/^Passport$/), file);
}

const statusText = () => screen.getAllByRole('status').find((s) => s.classList.contains('antrag-passport-status'));

beforeEach(() => {
  localStorage.setItem('leadId', '17');
  localStorage.setItem('account_id', 'BA-TEST1');
  localStorage.setItem('customer_face_verification', JSON.stringify({ status: 'accept' }));
  localStorage.setItem('passport_id', '3');
});
afterEach(() => vi.unstubAllGlobals());

describe('passport upload', () => {
  it('needs the issued country first: "This field is required!" and no call', async () => {
    const net = stubNetwork({ verify: ACCEPTED, extractedData: JSON.stringify(EXTRACTED) });
    const { latest } = renderHarness({});
    await pick();
    expect((await screen.findByRole('alert')).textContent).toBe('This field is required!');
    expect(net.calls).toEqual([]);
    expect(latest().passportUpload).toBeUndefined();
  });

  it('without a stored lead id says so and makes no call', async () => {
    localStorage.removeItem('leadId');
    const net = stubNetwork({ verify: ACCEPTED, extractedData: JSON.stringify(EXTRACTED) });
    const { latest } = renderHarness();
    await pick();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Missing lead identifier. Please complete Step 1 first.',
    );
    expect(net.calls).toEqual([]);
    expect(latest().passportUpload).toBeUndefined();
    // nothing of the previous passport is forgotten either
    expect(localStorage.getItem('customer_face_verification')).not.toBeNull();
  });

  it('uploads, then verifies and extracts in parallel while holding Next, and fills from the extraction', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const net = stubNetwork({ verify: ACCEPTED, extractedData: JSON.stringify(EXTRACTED), gate });
    const { patches, inFlight, latest } = renderHarness();
    await pick();

    // both passport calls are out before either has answered
    await waitFor(() =>
      expect(net.paths()).toEqual(expect.arrayContaining(['/api/v1/identity/verify-doc', '/api/mrz-ocr'])),
    );
    expect(statusText()?.textContent).toBe('Verifying the passport and reading its data…');
    expect(statusText()?.getAttribute('aria-live')).toBe('polite');
    expect(inFlight.at(-1)).toBe(1);
    expect((latest().passportUpload as Array<{ status: string }>)[0].status).toBe('uploading');

    // the uploads came first: the signed sequence and the lead-level upload, whose doc_id names the document
    const order = net.paths();
    const firstCheck = Math.min(order.indexOf('/api/v1/identity/verify-doc'), order.indexOf('/api/mrz-ocr'));
    expect(order.indexOf('/api/upload-file')).toBeLessThan(firstCheck);
    expect(order.indexOf('/api/v1/lead/upload-file')).toBeLessThan(firstCheck);
    expect(FakeXhr.sent).toEqual(['https://storage.test/bucket']);
    const lead = net.calls.find((c) => c.path === '/api/v1/lead/upload-file');
    expect(lead?.headers.Authorization).toBe('Bearer token-1');
    expect(lead?.body?.get('doc_key')).toBe('passport_non_eu');
    expect(lead?.body?.get('lead_id')).toBe('17');
    expect((lead?.body?.get('file') as File | undefined)?.name).toMatch(/^Passport_[0-9a-f-]{36}\.png$/);
    const verify = net.calls.find((c) => c.path === '/api/v1/identity/verify-doc');
    expect(verify?.headers.Authorization).toBe('Bearer token-1');
    expect(verify?.body?.get('document_id')).toBe('41');
    expect(verify?.body?.get('doc_type')).toBe('passport');
    expect(verify?.body?.get('blocked_acc_no')).toBe('BA-TEST1');
    expect(verify?.body?.get('document')).toBeInstanceOf(File);
    const ocr = net.calls.find((c) => c.path === '/api/mrz-ocr');
    expect(ocr?.headers.Authorization).toBeUndefined();
    expect(ocr?.body?.get('file')).toBeInstanceOf(File);
    // a new passport: the face verification of the old one no longer counts, its document id is gone
    expect(localStorage.getItem('customer_face_verification')).toBeNull();

    await act(async () => release());
    await waitFor(() => expect((latest().passportUpload as Array<{ status: string }>)[0].status).toBe('done'));
    expect(inFlight.at(-1)).toBe(0);
    expect(localStorage.getItem('passport_id')).toBe('41');
    expect(latest().passportUpload).toEqual([
      expect.objectContaining({ name: 'my passport.png', type: 'image/png', size: 2048, status: 'done', docId: '41' }),
    ]);
    expect((latest().passportUpload as Array<{ storedName: string }>)[0].storedName).toMatch(/^Passport_/);

    // the extraction wins over the verification details, in the blocked-account form's field shapes
    expect(patches).toEqual([
      {
        passportNumber: 'X4K7T9RN3',
        dateOfBirth: '2003-08-12',
        passportIssueDate: '2021-01-02',
        passportExpiryDate: '2031-01-01',
        nationality: GERMANY,
        countryOfBirth: { name: 'Vietnam', iso: 'VN' },
        placeOfBirth: { location: 'Hanoi', city: 'Hanoi', state: '', country: '', iso: '' },
        passportIssuedPlace: { location: 'Koeln, Germany', city: 'Koeln', state: '', country: 'Germany', iso: 'DE' },
      },
    ]);
    expect(latest()).toMatchObject({ passportNumber: 'X4K7T9RN3', nationality: GERMANY });
    expect(statusText()?.textContent).toBe('Passport verified. Please check the passport data below.');
    // the fields stay editable (a bare form shows the label keys, so the input is found by its id)
    const number = document.getElementById('root_passportNumber') as HTMLInputElement;
    expect(number.disabled).toBe(false);
    expect(number.value).toBe('X4K7T9RN3');
  });

  it('fills from the verification details when the extraction is empty', async () => {
    const empty = Object.fromEntries(Object.keys(EXTRACTED).map((k) => [k, '']));
    stubNetwork({ verify: ACCEPTED, extractedData: JSON.stringify(empty) });
    const { patches, latest } = renderHarness();
    await pick();
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toEqual({
      passportNumber: 'ZZ9999999',
      dateOfBirth: '1990-01-01',
      passportExpiryDate: '2030-01-01',
      nationality: { name: 'France', iso: 'FR' },
      countryOfBirth: { name: 'France', iso: 'FR' },
      placeOfBirth: { location: 'Lyon', city: 'Lyon', state: '', country: '', iso: '' },
    });
    expect((latest().passportUpload as Array<{ status: string }>)[0].status).toBe('done');
  });

  it('fills from the verification details when the extraction call fails (only logged)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubNetwork({ verify: ACCEPTED, extractStatus: 500 });
    const { patches } = renderHarness();
    await pick();
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches[0]).toMatchObject({ passportNumber: 'ZZ9999999', dateOfBirth: '1990-01-01' });
    expect(warn).toHaveBeenCalledWith('passport text extraction failed', expect.anything());
    expect(screen.queryByRole('alert')).toBeNull();
    warn.mockRestore();
  });

  it("stops at doc_status 'reject' with the server's message: nothing filled, the field empty again", async () => {
    const message = 'The passport expired on 2024-03-15.';
    const answers: Answers = {
      verify: { data: { doc_status: 'reject', details: ACCEPTED.data.details }, message },
      extractedData: JSON.stringify(EXTRACTED),
    };
    stubNetwork(answers);
    const { patches, inFlight, latest, changes } = renderHarness();
    await pick();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The passport was rejected.');
    expect(alert.textContent).toContain(message);
    expect(patches).toEqual([]);
    // it was held while it travelled, and is not this field's upload now: the required rule asks for another
    expect(changes.some((d) => Array.isArray(d.passportUpload))).toBe(true);
    expect(latest().passportUpload).toBeUndefined();
    expect(inFlight.at(-1)).toBe(0);
    // the rejected document's id is not kept for the face verification
    expect(localStorage.getItem('passport_id')).toBeNull();

    // another passport may be chosen at once
    answers.verify = ACCEPTED;
    await pick(new File([new Uint8Array(4096)], 'second.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(latest().passportUpload).toEqual([expect.objectContaining({ name: 'second.jpg', status: 'done' })]);
    expect(localStorage.getItem('passport_id')).toBe('41');
  });

  it('says "Document verification failed" when the verification call fails, and fills nothing', async () => {
    stubNetwork({ verify: { message: 'boom' }, verifyStatus: 500, extractedData: JSON.stringify(EXTRACTED) });
    const { patches, latest } = renderHarness();
    await pick();
    expect((await screen.findByRole('alert')).textContent).toContain('Document verification failed. Please try again.');
    expect(patches).toEqual([]);
    expect(latest().passportUpload).toBeUndefined();
  });

  it('refuses a file that is not a passport image before any call', async () => {
    const net = stubNetwork({ verify: ACCEPTED, extractedData: JSON.stringify(EXTRACTED) });
    renderHarness();
    await pick(new File(['%PDF-1.7'], 'passport.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You can only upload a .jpg or .png image of your passport.',
    );
    expect(net.calls).toEqual([]);
  });
});

/** Picks Germany as the passport's issued country in the runner's country select, as a person does. */
async function chooseIssuedCountry(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.click(screen.getByRole('combobox', { name: /Passport issued country/ }));
  await user.keyboard('Germ');
  const option = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('.ant-select-item-option[title="Germany"]');
    if (!found) throw new Error('no option Germany');
    return found;
  });
  await user.click(option);
}

describe('passport upload in the runner', () => {
  /** The blocked-account form's upload step alone and a step after it, without the server submission. */
  function uploadStepForm(): CompiledForm {
    const doc = JSON.parse(readFileSync('schemas/blocked-account/blocked-account.form.json', 'utf8')) as {
      steps: Array<{ id: string; submit?: unknown }>;
    };
    const step = doc.steps.find((s) => s.id === 'upload-documents');
    if (!step) throw new Error('the blocked-account form has no upload-documents step');
    const { submit: _submit, ...withoutSubmit } = step;
    return compileDefinition({
      id: 'passport-step',
      title: 'Passport step',
      version: 1,
      steps: [withoutSubmit, { id: 'after', title: 'After', headline: 'After the passport', fields: [] }],
    } as unknown as FormDefinition);
  }

  it("refuses a PDF with a message that says which files it takes (the form's own text)", async () => {
    const net = stubNetwork({ verify: ACCEPTED, extractedData: JSON.stringify(EXTRACTED) });
    const form = uploadStepForm();
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
    await screen.findByRole('heading', { name: 'Upload your passport' });
    const user = userEvent.setup({ applyAccept: false });
    await chooseIssuedCountry(user);
    await user.upload(
      screen.getByLabelText(/^\*?\s*Passport$/),
      new File(['%PDF-1.7'], 'passport.pdf', { type: 'application/pdf' }),
    );
    // not the generic 'This file type is not allowed' a user met (issue 15)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You can only upload a .jpg or .png image of your passport.',
    );
    expect(net.calls).toEqual([]);
  });

  it('holds Next while the passport is on its way and shows the filled fields', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubNetwork({ verify: ACCEPTED, extractedData: JSON.stringify(EXTRACTED), gate });
    const form = uploadStepForm();
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
    await screen.findByRole('heading', { name: 'Upload your passport' });
    // the issued country through the form data the runner keeps: pick it in the country select
    const user = userEvent.setup({ applyAccept: false });
    await chooseIssuedCountry(user);
    await user.upload(screen.getByLabelText(/^\*?\s*Passport$/), passportImage());
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    await waitFor(() => expect(next.disabled).toBe(true));
    await act(async () => release());
    await waitFor(() => expect(next.disabled).toBe(false));
    await waitFor(() => expect((screen.getByLabelText(/Passport number/) as HTMLInputElement).value).toBe('X4K7T9RN3'));
    expect(document.querySelector('[data-field="nationality"]')?.textContent).toContain('Germany');
    expect(document.querySelector('[data-field="countryOfBirth"]')?.textContent).toContain('Vietnam');
  });
});
