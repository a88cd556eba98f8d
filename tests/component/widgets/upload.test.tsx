import type { RJSFSchema } from '@rjsf/utils';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shortFileName, storedFileName } from '../../../packages/react/src/widgets/upload/fileName.js';
import { renderForm } from './renderForm.js';

const schema = {
  type: 'object' as const,
  properties: { passport: { type: 'array' as const, items: { type: 'object' as const } } },
};
const uiSchema = {
  passport: {
    'ui:field': 'upload',
    'ui:title': 'Passport scan',
    'ui:options': {
      accept: ['.jpg', '.jpeg', '.png', '.gif', '.pdf'],
      mimeTypes: ['application/pdf', 'image/gif', 'image/jpeg', 'image/jpg', 'image/png'],
      maxBytes: 5 * 1024 * 1024,
      maxFiles: 1,
      unitBase: 1024,
      messages: { type: 'upload.typeBooking', size: 'upload.size5MB', count: 'upload.count', failed: 'upload.failed' },
      docKey: 'passport',
      target: 'signed',
    },
  },
};

/** Test double for the storage POST: records the request and answers with progress then 204. */
class FakeXhr {
  static sent: Array<{ url: string; body: FormData }> = [];
  static status = 204;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  send(body: FormData) {
    FakeXhr.sent.push({ url: this.url, body });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
      setTimeout(() => {
        this.status = FakeXhr.status;
        this.onload?.();
      }, 20);
    }, 20);
  }
  abort() {}
}

function stubNetwork(signedOk = true) {
  const fetchDouble = vi.fn(async (_url: string) =>
    signedOk
      ? new Response(JSON.stringify({ url: 'https://storage.test/bucket', fields: { key: 'k', policy: 'p' } }), {
          status: 200,
        })
      : new Response('nope', { status: 500 }),
  );
  vi.stubGlobal('fetch', fetchDouble);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  FakeXhr.sent = [];
  return fetchDouble;
}

afterEach(() => vi.unstubAllGlobals());

const pdf = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });

describe('upload field', () => {
  it('refuses a file of the wrong type with its message', async () => {
    stubNetwork();
    const user = userEvent.setup({ applyAccept: false });
    const { latest } = renderForm({ schema, uiSchema });
    await user.upload(screen.getByLabelText('Passport scan'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You can only upload .jpg, .png, .gif, .pdf file!');
    expect(latest()?.passport).toBeUndefined();
  });

  it('refuses a file larger than the limit with its message', async () => {
    stubNetwork();
    const user = userEvent.setup({ applyAccept: false });
    renderForm({ schema, uiSchema });
    await user.upload(screen.getByLabelText('Passport scan'), pdf('big.pdf', 5 * 1024 * 1024 + 1));
    expect((await screen.findByRole('alert')).textContent).toBe('File size must be smaller than 5MB!');
  });

  it('uploads a good file through the signed target (network test doubles) and ends with status done', async () => {
    const fetchDouble = stubNetwork();
    const inFlight: number[] = [];
    // the in-flight count the wizard holds at the moment the form learns of each status
    const countAtStatus: Array<[string, number | undefined]> = [];
    const user = userEvent.setup({ applyAccept: false });
    const { latest } = renderForm({
      schema,
      uiSchema,
      formContext: { onUploadChange: (n) => inFlight.push(n) },
      onChange: (data) => {
        const [record] = ((data as Record<string, unknown>).passport ?? []) as Array<{ status: string }>;
        if (record) countAtStatus.push([record.status, inFlight.at(-1)]);
      },
    });
    await user.upload(screen.getByLabelText('Passport scan'), pdf('my-passport-scan-2024-final.pdf', 1000));
    await waitFor(() => expect((latest().passport as Array<{ status: string }>)[0].status).toBe('done'));
    const [record] = latest().passport as Array<Record<string, unknown>>;
    expect(record).toMatchObject({ name: 'my-passport-scan-2024-final.pdf', type: 'application/pdf', size: 1000 });
    expect(record.storedName).toMatch(/^passport_[0-9a-f-]{36}\.pdf$/);
    const url = new URL(String(fetchDouble.mock.calls[0][0]), 'http://localhost');
    expect(url.pathname).toBe('/api/upload-file');
    expect(url.searchParams.get('file')).toBe(record.storedName);
    expect(url.searchParams.get('fileType')).toBe('application/pdf');
    expect(FakeXhr.sent[0].url).toBe('https://storage.test/bucket');
    expect(FakeXhr.sent[0].body.get('key')).toBe('k');
    expect(FakeXhr.sent[0].body.get('file')).toBeInstanceOf(File);
    // the count changes with the status, never after it: Next is free as soon as the file is done
    expect(countAtStatus).toEqual([
      ['uploading', 1],
      ['done', 0],
    ]);
    expect(inFlight).toEqual([0, 1, 0]);
    // the long name is shown shortened, the full name kept in the value
    expect(screen.getByText('my-passpor…-final.pdf')).toBeTruthy();
    // one file per field: the trigger is disabled, removing the file frees it again
    // getByLabelText, not getByRole: role queries compute styles of the whole antd page and take seconds in jsdom
    await user.click(screen.getByLabelText('Remove my-passport-scan-2024-final.pdf'));
    expect(latest().passport).toBeUndefined();
  });

  it('marks a failed upload and shows the per-file toast', async () => {
    stubNetwork(false);
    const user = userEvent.setup({ applyAccept: false });
    const { latest } = renderForm({ schema, uiSchema });
    await user.upload(screen.getByLabelText('Passport scan'), pdf('a.pdf', 10));
    expect(await screen.findByText('a.pdf upload failed.')).toBeTruthy();
    expect((latest().passport as Array<{ status: string }>)[0].status).toBe('error');
  });
});

describe('file names', () => {
  it('stores as {id}_{unique}.{ext}, passports as Passport_{unique}.{ext}', () => {
    expect(storedFileName('Scan.PDF', 'doc7', { uniqueId: () => 'u1' })).toBe('doc7_u1.pdf');
    expect(storedFileName('Scan.jpg', 'doc7', { prefix: 'Passport', uniqueId: () => 'u1' })).toBe('Passport_u1.jpg');
  });
  it('shortens names longer than 20 characters to 10 + … + 10', () => {
    expect(shortFileName('short.pdf')).toBe('short.pdf');
    expect(shortFileName('abcdefghijKLMNOPQRSTUVWXYZ.pdf')).toBe('abcdefghij…UVWXYZ.pdf');
  });
});

describe('upload field that needs another field first (DSL rule `requires`)', () => {
  // the compiled shape: our keyword `requiresField` beside RJSF's JSON Schema
  const needs = {
    type: 'object',
    properties: {
      kind: { type: 'string' as const },
      document: {
        type: 'array' as const,
        items: { type: 'object' as const },
        allOf: [{ requiresField: 'kind', errorMessage: 'Please select a Visa Eligibility Document' }],
      },
    },
  } as unknown as RJSFSchema;
  const ui = {
    document: {
      'ui:field': 'upload',
      'ui:title': 'Eligibility document',
      'ui:options': { maxFiles: 1, docKeyFrom: 'kind', target: 'signed' },
    },
  };

  it('refuses a file while the field is empty: the message at the upload, nothing listed, nothing sent', async () => {
    const fetchDouble = stubNetwork();
    const user = userEvent.setup({ applyAccept: false });
    const { latest } = renderForm({ schema: needs, uiSchema: ui, formContext: { formData: {} } });
    await user.upload(screen.getByLabelText('Eligibility document'), pdf('admission.pdf', 120_000));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a Visa Eligibility Document');
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(latest()?.document).toBeUndefined();
    expect(fetchDouble).not.toHaveBeenCalled();
  });

  it('takes the file once the field is filled', async () => {
    const fetchDouble = stubNetwork();
    const user = userEvent.setup({ applyAccept: false });
    renderForm({
      schema: needs,
      uiSchema: ui,
      formData: { kind: 'admission_certificate' },
      formContext: { formData: { kind: 'admission_certificate' } },
    });
    await user.upload(screen.getByLabelText('Eligibility document'), pdf('admission.pdf', 120_000));
    expect(await screen.findByRole('listitem')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(fetchDouble).toHaveBeenCalled());
  });
});
