/**
 * The engine's side of retried submissions and of the lead token (issue 14): each submission attempt carries an
 * Idempotency-Key, the same one on the engine's own retries after a network failure or a gateway's 502/503/504,
 * and on a repeat of the same request after a lost answer; a definite answer ends it. Calls about a lead carry
 * the stored lead token. The server is a test double here (a fetch function); the real server's side is held by
 * tests/integration/server/http/retries.test.ts and trust.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import type { SubmitSettings } from '../../../packages/core/src/dsl/types.js';
import { LEAD_TOKEN_KEY, leadRequest } from '../../../packages/react/src/api/lead.js';
import { submit } from '../../../packages/react/src/engine/api.js';
import { memoryStorage } from './memoryStorage.js';

const token = { access_token: 'T', valid_until: '2999-01-01T00:00:00Z' };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const settings: SubmitSettings = {
  endpoint: '/api/x',
  payload: { mode: 'mapped', fields: { name: 'firstName' } },
  resultIdField: 'id',
};
const keyOf = (init: RequestInit | undefined) =>
  (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
const noWait = async () => {};

describe('submit: Idempotency-Key', () => {
  it('sends a new key with each submission attempt', async () => {
    const fetch = vi.fn(async (_u: RequestInfo | URL, _i?: RequestInit) => json({ id: 1 }));
    const env = { fetch, storage: memoryStorage(token), sleep: noWait };
    await submit(settings, { firstName: 'Ann' }, {}, undefined, env);
    await submit(settings, { firstName: 'Ann' }, {}, undefined, env);
    const keys = fetch.mock.calls.map(([, init]) => keyOf(init));
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{32,36}$/), expect.any(String)]);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('retries a network failure and a 503 with the same key, then takes the answer', async () => {
    const answers: Array<() => Response> = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => new Response('', { status: 503, headers: { 'Retry-After': '1' } }),
      () => json({ id: 7 }),
    ];
    const fetch = vi.fn(async (_u: RequestInfo | URL, _i?: RequestInit) => answers.shift()!());
    const sleep = vi.fn(async (_ms: number) => {});
    const out = await submit(settings, { firstName: 'Ann' }, {}, undefined, {
      fetch,
      storage: memoryStorage(token),
      sleep,
    });
    expect(out).toMatchObject({ ok: true, id: '7' });
    const keys = fetch.mock.calls.map(([, init]) => keyOf(init));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([500, 1000]);
  });

  it('does not retry a definite answer (400, 409)', async () => {
    for (const status of [400, 409]) {
      const fetch = vi.fn(async () => json({ message: 'no' }, status));
      const out = await submit(settings, { firstName: 'Ann' }, {}, undefined, {
        fetch,
        storage: memoryStorage(token),
        sleep: noWait,
      });
      expect(out.ok).toBe(false);
      expect(fetch).toHaveBeenCalledTimes(1);
    }
  });

  it('sends the same key again when the applicant repeats a request whose answer never came', async () => {
    const fail = vi.fn(async (_u: RequestInfo | URL, _i?: RequestInit): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    });
    const storage = memoryStorage(token);
    await expect(
      submit(settings, { firstName: 'Lost' }, {}, undefined, { fetch: fail, storage, sleep: noWait }),
    ).rejects.toThrow('Failed to fetch');
    const lost = keyOf(fail.mock.calls[0][1]);
    expect(fail.mock.calls.map(([, i]) => keyOf(i))).toEqual([lost, lost, lost]);
    const ok = vi.fn(async (_u: RequestInfo | URL, _i?: RequestInit) => json({ id: 1 }));
    await submit(settings, { firstName: 'Lost' }, {}, undefined, { fetch: ok, storage, sleep: noWait });
    expect(keyOf(ok.mock.calls[0][1])).toBe(lost);
    // answered: the next attempt is a new one
    await submit(settings, { firstName: 'Lost' }, {}, undefined, { fetch: ok, storage, sleep: noWait });
    expect(keyOf(ok.mock.calls[1][1])).not.toBe(lost);
  });
});

describe('calls about a lead carry its token', () => {
  it('adds X-Lead-Token from browser storage, and nothing before the sign-up stored one', async () => {
    const fetch = vi.fn(async (_u: RequestInfo | URL, _i?: RequestInit) => json({}));
    const storage = memoryStorage(token);
    await leadRequest('/api/v1/lead/payer/3', { method: 'DELETE' }, { fetch, storage });
    expect(fetch.mock.calls[0][1]?.headers).not.toHaveProperty('X-Lead-Token');
    storage.setItem(LEAD_TOKEN_KEY, 'lt_abc');
    await leadRequest('/api/v1/lead/payer/3', { method: 'DELETE' }, { fetch, storage });
    expect(fetch.mock.calls[1][1]?.headers).toMatchObject({ 'X-Lead-Token': 'lt_abc', Authorization: 'Bearer T' });
  });

  it('sends the header a submission names from storage (the blocked-account steps)', async () => {
    const fetch = vi.fn(async (_u: RequestInfo | URL, _i?: RequestInit) => json({ id: 1 }));
    await submit(
      { ...settings, headers: { 'X-Lead-Token': { storage: LEAD_TOKEN_KEY } } },
      { firstName: 'Ann' },
      {},
      undefined,
      { fetch, storage: memoryStorage({ ...token, [LEAD_TOKEN_KEY]: 'lt_xyz' }), sleep: noWait },
    );
    expect(fetch.mock.calls[0][1]?.headers).toMatchObject({ 'X-Lead-Token': 'lt_xyz' });
  });
});
