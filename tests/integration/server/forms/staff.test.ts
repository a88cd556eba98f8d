/**
 * Staff on the staff API (issue 17), over real HTTP against the server built in process (`buildApp` with the form
 * store, ../staff/harness.ts) on a PostgreSQL schema of its own. Accounts are made with `addStaff`, as
 * `npm run staff -- add` makes them. Checked: sign-in hands out an HttpOnly, SameSite=Strict session cookie that opens
 * the staff API, sign-out ends it, five wrong passwords lock an account (423 with Retry-After, the right password
 * refused too while locked), the audit log records publish, rollback, sign-in and lock-out; callers without
 * credentials get 401, an applicant's token and a viewer who publishes 403; a version beyond PostgreSQL's integers
 * gets 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff } from '../../../../site/server/staff/accounts.js';
import { ADMIN_TOKEN, type FormServer, startFormServer } from '../staff/harness.js';
import { call, PROBE_FORM, probeForm, publish, versionsOf } from './support.js';

const ADMIN = { Authorization: `Bearer ${ADMIN_TOKEN}` };

const PUBLISHER = { email: 'Publisher@Example.org', password: 'correct horse battery staple' };
const VIEWER = { email: 'viewer@example.org', password: 'a viewer reads only, never publishes' };
const LOCKED = { email: 'locked@example.org', password: 'the right one, sent too late' };

let server: FormServer | undefined;
let base = '';

beforeAll(async () => {
  // the sign-ins of this file come from one address; the lock-out, not the rate limit, is under test
  server = await startFormServer({ RATE_LIMIT_SIGN_IN: '100' });
  base = server.base;
  await addStaff(server.database.db, PUBLISHER);
  await addStaff(server.database.db, { ...VIEWER, role: 'viewer' });
  await addStaff(server.database.db, LOCKED);
});

afterAll(async () => {
  await server?.close();
});

interface Cookie {
  name: string;
  value: string;
  /** The attributes, lower-cased names: `httponly`, `samesite`, `path`, `expires`, … */
  attributes: Map<string, string>;
}

function cookieOf(headers: Headers): Cookie {
  const [line, ...more] = headers.getSetCookie();
  expect(more).toEqual([]);
  expect(line).toBeDefined();
  const [pair, ...attributes] = line.split(';').map((p) => p.trim());
  const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
  return {
    name,
    value,
    attributes: new Map(
      attributes.map((a) => {
        const [key, ...rest] = a.split('=');
        return [key.toLowerCase(), rest.join('=')];
      }),
    ),
  };
}

function signIn(account: { email: string; password: string }) {
  return call(base, '/api/admin/sign-in', { method: 'POST', json: account });
}

/** Signs in and returns the header that carries the session. */
async function session(account: { email: string; password: string }): Promise<Record<string, string>> {
  const answer = await signIn(account);
  expect(answer.status).toBe(200);
  const cookie = cookieOf(answer.headers);
  return { Cookie: `${cookie.name}=${cookie.value}` };
}

describe('staff sign-in', () => {
  it('hands out an HttpOnly, SameSite=Strict cookie whose session opens the staff API until sign-out', async () => {
    expect((await call(base, '/api/admin/me')).status).toBe(401);

    const answer = await signIn(PUBLISHER);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, email: 'publisher@example.org', role: 'publisher' });
    const cookie = cookieOf(answer.headers);
    expect(cookie.value.length).toBeGreaterThanOrEqual(32);
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Strict');
    expect(cookie.attributes.get('path')).toBe('/');
    // a session that ends: about STAFF_SESSION_HOURS (8) from now
    const expires = Date.parse(cookie.attributes.get('expires') ?? '');
    expect(Math.abs(expires - (Date.now() + 8 * 3_600_000))).toBeLessThan(5 * 60_000);
    const headers = { Cookie: `${cookie.name}=${cookie.value}` };

    const me = await call(base, '/api/admin/me', { headers });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ name: 'staff:publisher@example.org', role: 'publisher', origin: 'staff' });
    const published = await publish(base, PROBE_FORM, probeForm(false), headers);
    expect(published.status).toBe(201);
    expect(published.body.version).toBe(1);
    const { versions } = await versionsOf(base, PROBE_FORM, headers);
    expect(versions.map((v) => [v.version, v.origin, v.publishedBy])).toEqual([
      [1, 'staff', 'staff:publisher@example.org'],
    ]);

    const out = await call(base, '/api/admin/sign-out', { method: 'POST', headers });
    expect(out.status).toBe(200);
    // the browser is told to drop the cookie, and the server has forgotten the session anyway
    const cleared = cookieOf(out.headers);
    expect(cleared.name).toBe(cookie.name);
    expect(cleared.value).toBe('');
    expect((await call(base, '/api/admin/me', { headers })).status).toBe(401);
    expect((await publish(base, PROBE_FORM, probeForm(true), headers)).status).toBe(401);
  });

  it('refuses a wrong password with 401, and an unknown address alike', async () => {
    const wrong = await signIn({ email: VIEWER.email, password: 'not the password at all' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const unknown = await signIn({ email: 'nobody@example.org', password: 'not the password at all' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('locks an account after 5 wrong passwords: 423 with Retry-After, the right password refused too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await signIn({ ...LOCKED, password: `wrong password ${i}` })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 423]);

    const right = await signIn(LOCKED);
    expect(right.status).toBe(423);
    expect(right.headers.getSetCookie()).toEqual([]);
    const retryAfter = Number(right.headers.get('retry-after'));
    // STAFF_LOCKOUT_MINUTES: 15 by default
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // the lock is the account's alone
    expect((await signIn(VIEWER)).status).toBe(200);
  });
});

describe('the staff API', () => {
  it('answers 401 without credentials and with a wrong bearer, 403 to an applicant’s token', async () => {
    const none = await call(base, '/api/admin/forms');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect((await publish(base, PROBE_FORM, probeForm(true), {})).status).toBe(401);
    const forged = { Authorization: `Bearer ${'x'.repeat(ADMIN_TOKEN.length)}` };
    expect((await publish(base, PROBE_FORM, probeForm(true), forged)).status).toBe(401);

    const token = await call<{ access_token: string }>(base, '/api/get-token');
    expect(token.status).toBe(200);
    const applicant = { Authorization: `Bearer ${token.body.access_token}` };
    expect((await call(base, '/api/admin/forms', { headers: applicant })).status).toBe(403);
    expect((await publish(base, PROBE_FORM, probeForm(true), applicant)).status).toBe(403);
    const rollback = { method: 'POST', headers: applicant, json: { version: 1 } };
    expect((await call(base, `/api/admin/forms/${PROBE_FORM}/rollback`, rollback)).status).toBe(403);
    expect((await versionsOf(base, PROBE_FORM, ADMIN)).versions).toHaveLength(1);
  });

  it('lets a viewer read but not publish or roll back (403)', async () => {
    const headers = await session(VIEWER);
    expect((await call(base, '/api/admin/forms', { headers })).status).toBe(200);
    expect((await versionsOf(base, PROBE_FORM, headers)).versions).toHaveLength(1);
    expect((await publish(base, PROBE_FORM, probeForm(true), headers)).status).toBe(403);
    const rollback = { method: 'POST', headers, json: { version: 1 } };
    expect((await call(base, `/api/admin/forms/${PROBE_FORM}/rollback`, rollback)).status).toBe(403);
    expect((await versionsOf(base, PROBE_FORM, ADMIN)).versions).toHaveLength(1);
  });

  it('answers 400, not 500, to a version no PostgreSQL integer holds, in a rollback and in a version’s path', async () => {
    const range = 'A version is a whole number from 1 to 2147483647.';
    const rollback = (body: string) =>
      fetch(`${base}/api/admin/forms/${PROBE_FORM}/rollback`, {
        method: 'POST',
        headers: { ...ADMIN, 'Content-Type': 'application/json' },
        body,
      });
    for (const version of ['2147483648', '1e20', '0', '1.5', '-1']) {
      const answer = await rollback(`{"version": ${version}}`);
      expect({ version, status: answer.status }).toEqual({ version, status: 400 });
      expect(((await answer.json()) as { message: string }).message).toBe(range);
    }
    expect((await rollback('{"version": 2147483647}')).status).toBe(404);

    for (const version of ['2147483648', '99999999999', '0', '01']) {
      const answer = await call(base, `/api/admin/forms/${PROBE_FORM}/versions/${version}`, { headers: ADMIN });
      expect({ version, status: answer.status }).toEqual({ version, status: 400 });
      expect(answer.body.message).toBe(range);
    }
    expect((await call(base, `/api/admin/forms/${PROBE_FORM}/versions/2147483647`, { headers: ADMIN })).status).toBe(
      404,
    );
    expect((await call(base, `/api/admin/forms/${PROBE_FORM}/versions/1`, { headers: ADMIN })).status).toBe(200);
    expect((await versionsOf(base, PROBE_FORM, ADMIN)).versions).toHaveLength(1);
  });

  it('records publish, rollback, sign-in and lock-out in the audit log, with who and when', async () => {
    const started = Date.now();
    const headers = await session(PUBLISHER);
    expect((await publish(base, PROBE_FORM, probeForm(true), headers)).body.version).toBe(2);
    const rolled = await call(base, `/api/admin/forms/${PROBE_FORM}/rollback`, {
      method: 'POST',
      headers,
      json: { version: 1 },
    });
    expect(rolled.status).toBe(201);
    expect(rolled.body.version).toBe(3);

    type Entry = { at: string; actor: string; action: string; formId: string | null; version: number | null };
    const audit = await call<{ entries: Entry[] }>(base, '/api/admin/audit', { headers: ADMIN });
    expect(audit.status).toBe(200);
    const entries = audit.body.entries;
    const publisher = 'staff:publisher@example.org';
    const seen = (action: string, actor: string, formId: string | null = null, version: number | null = null) =>
      entries.filter((e) => e.action === action && e.actor === actor && e.formId === formId && e.version === version);
    expect(seen('publish', publisher, PROBE_FORM, 1)).toHaveLength(1);
    expect(seen('publish', publisher, PROBE_FORM, 2)).toHaveLength(1);
    expect(seen('rollback', publisher, PROBE_FORM, 3)).toHaveLength(1);
    expect(seen('sign-in', publisher)).toHaveLength(2);
    expect(seen('sign-out', publisher)).toHaveLength(1);
    expect(seen('locked', 'staff:locked@example.org')).toHaveLength(1);
    expect(seen('sign-in', 'staff:locked@example.org')).toEqual([]);
    // newest first, each with its time
    const rollback = seen('rollback', publisher, PROBE_FORM, 3)[0];
    expect(entries[0]).toEqual(rollback);
    expect(Date.parse(rollback.at)).toBeGreaterThanOrEqual(started - 1_000);

    // one form's entries alone
    const ofForm = await call<{ entries: Entry[] }>(base, `/api/admin/audit?form=${PROBE_FORM}`, { headers });
    expect(ofForm.body.entries.map((e) => [e.action, e.version])).toEqual([
      ['rollback', 3],
      ['publish', 2],
      ['publish', 1],
    ]);
  });
});
