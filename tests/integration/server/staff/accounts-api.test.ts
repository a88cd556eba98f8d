/**
 * The staff-account routes of the staff API (`/api/admin/staff…`): the admin token adds, lists, unlocks and removes
 * accounts; the reasons of StaffError come back as 400, an address taken as 409; a staff sign-in (even a
 * publisher's) gets 403 on every one of these routes, no credentials 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_ONLY } from '../../../../site/server/routes/staffAccounts.js';
import { ADMIN_TOKEN, type FormServer, signIn, startFormServer } from './harness.js';

const PASSWORD = 'correct horse battery';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const json = { 'content-type': 'application/json' };

describe('staff accounts through the staff API', () => {
  let server: FormServer;
  const call = (method: string, path: string, headers: Record<string, string> = admin, body?: unknown) =>
    fetch(`${server.base}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, ...json },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    // two failed sign-ins lock an account, so the unlock can be seen to work; the lock-out is under test, not the
    // sign-in rate limit (this file's sign-ins all come from one address)
    server = await startFormServer({ STAFF_LOCKOUT_ATTEMPTS: '2', RATE_LIMIT_SIGN_IN: '100' });
  });
  afterAll(() => server?.close());

  it('adds an account with the admin token; the person signs in with it', async () => {
    const added = await call('POST', '/api/admin/staff', admin, {
      email: ' Ada@Example.org ',
      password: PASSWORD,
      role: 'publisher',
    });
    expect(added.status).toBe(201);
    expect(await added.json()).toEqual({ ok: true, email: 'ada@example.org', role: 'publisher' });
    const session = await signIn(server.base, 'ada@example.org', PASSWORD);
    expect(session.status).toBe(200);
    const me = await call('GET', '/api/admin/me', { cookie: session.cookie! });
    expect(await me.json()).toMatchObject({ name: 'staff:ada@example.org', role: 'publisher', origin: 'staff' });
  });

  it('refuses a short password, an address that is none and an unknown role with the reason, and stores nothing', async () => {
    const short = await call('POST', '/api/admin/staff', admin, { email: 'bea@example.org', password: 'short' });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe('the password must have at least 12 characters');
    const noAddress = await call('POST', '/api/admin/staff', admin, { email: 'bea', password: PASSWORD });
    expect(noAddress.status).toBe(400);
    expect((await noAddress.json()).message).toBe("'bea' is not an e-mail address");
    const role = await call('POST', '/api/admin/staff', admin, {
      email: 'bea@example.org',
      password: PASSWORD,
      role: 'admin',
    });
    expect(role.status).toBe(400);
    expect((await role.json()).message).toBe('the role must be one of publisher, viewer');
    const list = (await (await call('GET', '/api/admin/staff')).json()) as { staff: Array<{ email: string }> };
    expect(list.staff.map((m) => m.email)).not.toContain('bea@example.org');
  });

  it('answers 409 for an address that has an account (in any case), and keeps the first password', async () => {
    const again = await call('POST', '/api/admin/staff', admin, {
      email: 'ADA@example.org',
      password: 'another password 1',
    });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('there is already a staff account for ada@example.org');
    expect((await signIn(server.base, 'ada@example.org', 'another password 1')).status).toBe(401);
  });

  it('a staff session, even a publisher’s, may not call any staff-account route (403); no credentials get 401', async () => {
    const { cookie } = await signIn(server.base, 'ada@example.org', PASSWORD);
    const asStaff = { cookie: cookie! };
    const attempts = [
      call('POST', '/api/admin/staff', asStaff, { email: 'eve@example.org', password: PASSWORD }),
      call('GET', '/api/admin/staff', asStaff),
      call('DELETE', '/api/admin/staff/ada@example.org', asStaff),
      call('POST', '/api/admin/staff/ada@example.org/unlock', asStaff),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect((await response.json()).message).toBe(TOKEN_ONLY);
    }
    const anonymous = await call('GET', '/api/admin/staff', {});
    expect(anonymous.status).toBe(401);
    const wrongToken = await call('GET', '/api/admin/staff', { authorization: `Bearer ${'x'.repeat(40)}` });
    expect(wrongToken.status).toBe(401);
    // nothing was added, and ada is still there
    const list = (await (await call('GET', '/api/admin/staff')).json()) as { staff: Array<{ email: string }> };
    expect(list.staff.map((m) => m.email)).toEqual(['ada@example.org']);
  });

  it('lists a locked account with its lock, and unlocking lets the person sign in again', async () => {
    await call('POST', '/api/admin/staff', admin, { email: 'cy@example.org', password: PASSWORD, role: 'viewer' });
    expect((await signIn(server.base, 'cy@example.org', 'wrong password 1')).status).toBe(401);
    expect((await signIn(server.base, 'cy@example.org', 'wrong password 2')).status).toBe(423);
    expect((await signIn(server.base, 'cy@example.org', PASSWORD)).status).toBe(423);
    const listed = (await (await call('GET', '/api/admin/staff')).json()) as {
      staff: Array<{ email: string; role: string; lockedUntil: string | null }>;
    };
    const cy = listed.staff.find((m) => m.email === 'cy@example.org');
    expect(cy?.role).toBe('viewer');
    expect(new Date(cy?.lockedUntil ?? 0).getTime()).toBeGreaterThan(Date.now());
    expect(listed.staff.find((m) => m.email === 'ada@example.org')?.lockedUntil).toBeNull();

    const unlocked = await call('POST', '/api/admin/staff/cy@example.org/unlock');
    expect(unlocked.status).toBe(200);
    expect((await signIn(server.base, 'cy@example.org', PASSWORD)).status).toBe(200);
    expect((await call('POST', '/api/admin/staff/nobody@example.org/unlock')).status).toBe(404);
  });

  it('removes an account and ends its sign-ins; removing it again is 404', async () => {
    const { cookie } = await signIn(server.base, 'cy@example.org', PASSWORD);
    expect((await call('GET', '/api/admin/me', { cookie: cookie! })).status).toBe(200);
    const removed = await call('DELETE', `/api/admin/staff/${encodeURIComponent('CY@example.org')}`);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ ok: true, email: 'cy@example.org' });
    expect((await call('GET', '/api/admin/me', { cookie: cookie! })).status).toBe(401);
    expect((await signIn(server.base, 'cy@example.org', PASSWORD)).status).toBe(401);
    expect((await call('DELETE', '/api/admin/staff/cy@example.org')).status).toBe(404);
  });

  it('names the admin token as the actor in the audit log', async () => {
    const audit = (await (await call('GET', '/api/admin/audit')).json()) as {
      entries: Array<{ actor: string; action: string; detail: { email?: string } | null }>;
    };
    const staffEntries = audit.entries.filter((e) => e.action.startsWith('staff-'));
    expect(staffEntries.map((e) => [e.actor, e.action, e.detail?.email])).toEqual([
      ['token', 'staff-remove', 'cy@example.org'],
      ['token', 'staff-unlock', 'cy@example.org'],
      ['token', 'staff-add', 'cy@example.org'],
      ['token', 'staff-add', 'ada@example.org'],
    ]);
  });
});
