import { describe, expect, it, vi } from 'vitest';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import { ApiStatusError, getToken, submit, variantHeader } from '../../../packages/react/src/engine/api.js';
import { memoryStorage } from './memoryStorage.js';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('getToken', () => {
  it('fetches once and reuses the cached token until it expires', async () => {
    const storage = memoryStorage();
    // test double for the server's GET /api/get-token
    const fetch = vi.fn(async () => json({ access_token: 'T1', valid_until: '2030-01-01T00:00:00Z' }));
    const now = () => new Date('2029-01-01T00:00:00Z');
    expect(await getToken({ fetch, storage, now })).toBe('T1');
    expect(await getToken({ fetch, storage, now })).toBe('T1');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(storage.getItem('access_token')).toBe('T1');
    await getToken({ fetch, storage, now: () => new Date('2031-01-01T00:00:00Z') });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('raises API responded with status … on a non-OK answer', async () => {
    const fetch = vi.fn(async () => new Response('', { status: 503 }));
    await expect(getToken({ fetch, storage: memoryStorage() })).rejects.toThrow('API responded with status 503');
    await expect(getToken({ fetch, storage: memoryStorage() })).rejects.toBeInstanceOf(ApiStatusError);
  });
});

describe('submit', () => {
  it('sends JSON with a bearer token, stores answer values and returns the id', async () => {
    const storage = memoryStorage();
    storage.setItem('access_token', 'T');
    storage.setItem('valid_until', '2999-01-01T00:00:00Z');
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => json({ dealID: 'D7', lead: 'L1' }));
    const out = await submit(
      {
        endpoint: '/api/x',
        auth: 'bearer',
        payload: { mode: 'mapped', fields: { name: 'firstName' } },
        resultIdField: 'dealID',
        store: { leadId: 'lead' },
      },
      { firstName: 'Ann' },
      {},
      undefined,
      { fetch, storage },
    );
    expect(out).toMatchObject({ ok: true, id: 'D7' });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/x');
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer T');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Ann' });
    expect(storage.getItem('leadId')).toBe('L1');
  });

  it('sends multipart as FormData and reports the server message on failure', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      json({ status: false, message: 'Taken' }),
    );
    const out = await submit(
      {
        endpoint: '/api/y',
        encoding: 'multipart',
        payload: { mode: 'mapped', fields: { a: 'a' } },
        success: { field: 'status', values: [true, 'success'] },
        messageField: 'message',
      },
      { a: 'b' },
      {},
      undefined,
      { fetch, storage: memoryStorage() },
    );
    expect(fetch.mock.calls[0][1]?.body).toBeInstanceOf(FormData);
    expect(out).toMatchObject({ ok: false, message: { text: 'Taken' } });
  });
});

describe('variantHeader', () => {
  const form = (options: CompiledForm['options']) => ({ options }) as CompiledForm;

  it("names the compiled variant's option values for this site's own server", () => {
    expect(variantHeader(form({ mobile: true }), '/api/internal/contact-form')).toBe('mobile=true');
    expect(variantHeader(form({ mobile: false, a: 'x' }), 'http://localhost/api/x')).toBe('a=x&mobile=false');
  });

  it('says nothing for a form without options or a call to another service', () => {
    expect(variantHeader(form({}), '/api/internal/contact-form')).toBeUndefined();
    expect(variantHeader(form({ mobile: true }), 'https://crm.example.com/api/v1/lead')).toBeUndefined();
  });
});
