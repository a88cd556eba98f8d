/**
 * The attacker's pass over the studio's staff API (issue 18), over real HTTP against the server built in process
 * (../staff/harness.ts): a draft nested too deeply for any reader is refused (400 naming the limit); draft writes
 * have a rate limit per staff member and the drafts a cap in number; If-Match compares etags strongly; a form id
 * of 101 characters gets the API's own 400; a sign-out from another site leaves the browser's cookie alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff } from '../../../../site/server/staff/accounts.js';
import { ADMIN_TOKEN, type FormServer, signIn, startFormServer } from '../staff/harness.js';
import { call } from './support.js';

const ADMIN = { Authorization: `Bearer ${ADMIN_TOKEN}` };
const FIRST = { email: 'first@example.org', password: 'the first publisher writes many drafts' };
const SECOND = { email: 'second@example.org', password: 'the second publisher writes one draft' };
const WRITES_PER_MINUTE = 30;
const MAX_DRAFTS = 3;

let server: FormServer | undefined;
let base = '';
let first: Record<string, string> = {};
let second: Record<string, string> = {};

const draftPath = (id: string) => `/api/admin/forms/${id}/draft`;
const putDraft = (id: string, text: string, headers: Record<string, string>) =>
  call<{ etag: string; message: string }>(base, draftPath(id), { method: 'PUT', headers, json: { text } });
const deleteDraft = (id: string, headers: Record<string, string>) =>
  call<{ message: string }>(base, draftPath(id), { method: 'DELETE', headers });

async function sessionOf(account: { email: string; password: string }) {
  const answer = await signIn(base, account.email, account.password);
  if (!answer.cookie) throw new Error(`sign-in of ${account.email}: ${answer.status}`);
  return { Cookie: answer.cookie };
}

beforeAll(async () => {
  server = await startFormServer({
    RATE_LIMIT_SIGN_IN: '100',
    RATE_LIMIT_DRAFTS: String(WRITES_PER_MINUTE),
    FORM_DRAFTS_MAX: String(MAX_DRAFTS),
  });
  base = server.base;
  await addStaff(server.database.db, FIRST);
  await addStaff(server.database.db, SECOND);
  first = await sessionOf(FIRST);
  second = await sessionOf(SECOND);
});

afterAll(async () => {
  await server?.close();
});

describe('drafts: what a save may hold', () => {
  it('refuses a draft nested deeper than 256 levels with 400 naming the limit, and stores nothing', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const answer = await putDraft('deep-draft', deep, { ...ADMIN, 'If-None-Match': '*' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/nested deeper than 256 levels/);
    expect((await call(base, draftPath('deep-draft'), { headers: ADMIN })).status).toBe(404);
    // 256 levels (brackets in strings count not) are kept
    const ok = `{ "s": "${'['.repeat(300)}", "a": ${'['.repeat(255)}${']'.repeat(255)} }`;
    const kept = await putDraft('deep-draft', ok, { ...ADMIN, 'If-None-Match': '*' });
    expect(kept.status).toBe(201);
    expect((await deleteDraft('deep-draft', { ...ADMIN, 'If-Match': `"${kept.body.etag}"` })).status).toBe(200);
  });
});

describe('drafts: If-Match', () => {
  it('compares strongly: a weak etag is a mismatch (409), * matches the draft there is', async () => {
    const id = 'etag-draft';
    const saved = await putDraft(id, '{}', { ...ADMIN, 'If-None-Match': '*' });
    expect(saved.status).toBe(201);
    const weak = await putDraft(id, '{ "a": 1 }', { ...ADMIN, 'If-Match': `W/"${saved.body.etag}"` });
    expect(weak.status).toBe(409);
    expect(weak.body).toMatchObject({ etag: saved.body.etag });
    const weakDelete = await deleteDraft(id, { ...ADMIN, 'If-Match': `W/"${saved.body.etag}"` });
    expect(weakDelete.status).toBe(409);

    const any = await putDraft(id, '{ "b": 2 }', { ...ADMIN, 'If-Match': '*' });
    expect(any.status).toBe(200);
    expect(any.body.etag).not.toBe(saved.body.etag);
    expect((await deleteDraft(id, { ...ADMIN, 'If-Match': '*' })).status).toBe(200);
    // no draft: * matches nothing
    expect((await putDraft(id, '{}', { ...ADMIN, 'If-Match': '*' })).status).toBe(409);
    expect((await deleteDraft(id, { ...ADMIN, 'If-Match': '*' })).status).toBe(404);
  });
});

describe('form ids past 100 characters', () => {
  it('get the API’s 400 naming the rule on every route with an id, not the router’s 414', async () => {
    const id = 'a'.repeat(101);
    const routes: Array<[string, string, unknown?]> = [
      ['GET', draftPath(id)],
      ['PUT', draftPath(id), { text: '{}' }],
      ['DELETE', draftPath(id)],
      ['GET', `/api/admin/forms/${id}/versions`],
      ['GET', `/api/admin/forms/${id}/versions/1`],
      ['POST', `/api/admin/forms/${id}/rollback`, { version: 1 }],
      ['POST', `/api/admin/forms/${id}/versions/1/withdraw`, {}],
      ['GET', `/api/admin/forms/${id}/problems`],
      ['PUT', `/api/admin/forms/${id}`, { id }],
    ];
    for (const [method, path, json] of routes) {
      const headers = { ...ADMIN, 'If-None-Match': '*', 'If-Match': '"x"' };
      const answer = await call<{ ok: boolean; message: string }>(base, path, { method, headers, json });
      expect([method, path.replace(id, '…'), answer.status]).toEqual([method, path.replace(id, '…'), 400]);
      expect(answer.body).toMatchObject({ ok: false });
      expect(answer.body.message).toMatch(/at most 100 characters/);
    }
  });
});

describe('sign-out', () => {
  it('leaves the cookie alone on a post without a session (another site’s form), clears it with one', async () => {
    const crossSite = await fetch(`${base}/api/admin/sign-out`, {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(200);
    expect(crossSite.headers.get('set-cookie')).toBeNull();

    const session = await sessionOf(SECOND);
    const own = await fetch(`${base}/api/admin/sign-out`, { method: 'POST', headers: session });
    expect(own.status).toBe(200);
    expect(own.headers.get('set-cookie')).toMatch(/^antrag_staff=;.*Max-Age=0/);
    expect((await call(base, '/api/admin/me', { headers: session })).status).toBe(401);

    // the studio's own page, whose cookie is gone already: may clear it
    const sameOrigin = await fetch(`${base}/api/admin/sign-out`, {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(sameOrigin.headers.get('set-cookie')).toMatch(/^antrag_staff=;/);
  });
});

describe('drafts: how many and how often', () => {
  it('caps the drafts in number (409 naming FORM_DRAFTS_MAX); saving an existing one stays allowed', async () => {
    const etags: string[] = [];
    for (let i = 0; i < MAX_DRAFTS; i++) {
      const saved = await putDraft(`cap-${i}`, '{}', { ...ADMIN, 'If-None-Match': '*' });
      expect(saved.status).toBe(201);
      etags.push(saved.body.etag);
    }
    const over = await putDraft('cap-over', '{}', { ...ADMIN, 'If-None-Match': '*' });
    expect(over.status).toBe(409);
    expect(over.body.message).toMatch(new RegExp(`at most ${MAX_DRAFTS} drafts`, 'i'));
    expect(over.body.message).toContain('FORM_DRAFTS_MAX');
    expect((await putDraft('cap-0', '{ "a": 1 }', { ...ADMIN, 'If-Match': `"${etags[0]}"` })).status).toBe(200);
    const listed = await call<{ drafts: unknown[] }>(base, '/api/admin/drafts', { headers: ADMIN });
    expect(listed.body.drafts).toHaveLength(MAX_DRAFTS);
    for (let i = 0; i < MAX_DRAFTS; i++) await deleteDraft(`cap-${i}`, { ...ADMIN, 'If-Match': '*' });
  });

  it('limits draft writes a minute per staff member: past it 429 with Retry-After; others still write', async () => {
    let etag = (await putDraft('busy', '{}', { ...first, 'If-None-Match': '*' })).body.etag;
    let last = 201;
    let writes = 1;
    for (; writes <= WRITES_PER_MINUTE && last !== 429; writes++) {
      const answer = await putDraft('busy', `{ "n": ${writes} }`, { ...first, 'If-Match': `"${etag}"` });
      last = answer.status;
      if (answer.status === 200) etag = answer.body.etag;
    }
    expect(last).toBe(429);
    expect(writes).toBe(WRITES_PER_MINUTE + 1);
    const refused = await putDraft('busy', '{}', { ...first, 'If-Match': `"${etag}"` });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // another staff member, from the same address, is not held back by the first one's writes
    const other = await putDraft('other', '{}', { ...second, 'If-None-Match': '*' });
    expect(other.status).toBe(201);
    // reading is not a write
    expect((await call(base, draftPath('busy'), { headers: first })).status).toBe(200);
  });
});
