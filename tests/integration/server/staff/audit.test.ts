/**
 * The audit log of the staff API (issue 17), over real HTTP on a PostgreSQL schema of its own: its actor is only
 * ever an account's address or a fixed name (a failed sign-in of an unknown address is `unknown-email` with a short
 * keyed hash, never what was typed); addresses with control, bidi or invisible characters are refused when an
 * account is made; refused publishes are recorded; `GET /api/admin/audit` pages with `before`/`limit`/`next` and
 * filters by `action`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff, StaffError } from '../../../../site/server/staff/accounts.js';
import { PROBE_FORM, probeForm } from '../forms/support.js';
import { ADMIN_TOKEN, type FormServer, signIn, startFormServer } from './harness.js';

const PASSWORD = 'correct horse battery staple';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

let server: FormServer;

beforeAll(async () => {
  server = await startFormServer({ RATE_LIMIT_SIGN_IN: '1000' });
});
afterAll(() => server?.close());

interface Entry {
  id: number;
  actor: string;
  action: string;
  formId: string | null;
  version: number | null;
  detail: Record<string, unknown> | null;
}
interface Page {
  entries: Entry[];
  next: number | null;
}

async function get(path: string): Promise<{ status: number; body: Page & { message?: string } }> {
  const response = await fetch(`${server.base}${path}`, { headers: admin });
  return { status: response.status, body: (await response.json()) as Page & { message?: string } };
}

function post(path: string, body: unknown, method = 'POST') {
  return fetch(`${server.base}${path}`, {
    method,
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Every actor the server writes: an account's address (visible characters only) or a fixed name. */
const SAFE_ACTOR = /^(staff:[^\p{C}\p{Z}]+|token|cms|shipped|cli|unknown-email)$/u;

describe('the actor of the audit log', () => {
  it('is a fixed name with a short hash for failed sign-ins of unknown addresses, never the text typed', async () => {
    const typed = [
      '\u202Eevil@example.org',
      '\u001b[31mred@example.org\u001b[0m',
      'line\nbreak@example.org',
      'a password typed into the e-mail field',
      'Nobody@Example.org',
      ' nobody@example.org ',
    ];
    for (const email of typed) expect((await signIn(server.base, email, 'some wrong password')).status).toBe(401);

    const { entries } = (await get('/api/admin/audit?action=sign-in-failed')).body;
    expect(entries).toHaveLength(typed.length);
    for (const entry of entries) {
      expect(entry.actor).toBe('unknown-email');
      expect(entry.detail).toEqual({ known: false, emailHash: expect.stringMatching(/^[0-9a-f]{12}$/) });
    }
    // one address however it was typed: one hash; five addresses: five hashes
    const hashes = entries.map((e) => e.detail?.emailHash);
    expect(hashes[0]).toBe(hashes[1]);
    expect(new Set(hashes).size).toBe(typed.length - 1);
    const whole = JSON.stringify((await get('/api/admin/audit?limit=500')).body);
    for (const text of ['\u202E', '\u001b', 'evil', 'red@', 'a password typed', 'nobody']) {
      expect(whole).not.toContain(text);
    }
  });

  it('names a known account by its address, and an old account whose address has hidden characters by number', async () => {
    await addStaff(server.database.db, { email: 'ada@example.org', password: PASSWORD });
    expect((await signIn(server.base, 'ADA@example.org', 'wrong password')).status).toBe(401);
    expect((await signIn(server.base, 'ada@example.org', PASSWORD)).status).toBe(200);
    // made before such addresses were refused: written straight into the table
    const { id } = await server.database.db
      .insertInto('staff')
      .values({ email: 'old\u202Efedcba@example.org', password_hash: 'scrypt$x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await signIn(server.base, 'old\u202Efedcba@example.org', 'wrong password')).status).toBe(401);

    const { entries } = (await get('/api/admin/audit?limit=500')).body;
    expect(entries.filter((e) => e.actor === 'staff:ada@example.org').map((e) => e.action)).toEqual([
      'sign-in',
      'sign-in-failed',
    ]);
    expect(entries.filter((e) => e.actor === `staff:#${id}`).map((e) => e.action)).toEqual(['sign-in-failed']);
    for (const entry of entries) expect(entry.actor).toMatch(SAFE_ACTOR);
  });
});

describe('a staff address', () => {
  it('with control, bidi or invisible characters is refused with the character and where it is', async () => {
    const refused: Array<[string, string]> = [
      ['ev\u202Eil@example.org', 'U+202E) at position 3'],
      ['\u001b[31mansi@example.org', 'U+001B) at position 1'],
      ['zero\u200Bwidth@example.org', 'U+200B) at position 5'],
      ['filler\u3164@example.org', 'U+3164) at position 7'],
      ['nb\u00A0sp@example.org', 'U+00A0) at position 3'],
      ['isolate@example.org\u2066', 'U+2066) at position 20'],
    ];
    for (const [email, where] of refused) {
      const answer = await post('/api/admin/staff', { email, password: PASSWORD });
      expect(answer.status).toBe(400);
      const { message } = (await answer.json()) as { message: string };
      expect(message).toBe(`the e-mail address has an invisible or control character (${where}: type it again by hand`);
      // `npm run staff -- add` calls addStaff too
      await expect(addStaff(server.database.db, { email, password: PASSWORD })).rejects.toThrow(StaffError);
    }
    const listed = (await (await fetch(`${server.base}/api/admin/staff`, { headers: admin })).json()) as {
      staff: Array<{ email: string }>;
    };
    const made = listed.staff.map((m) => m.email);
    for (const [email] of refused) expect(made).not.toContain(email.trim().toLowerCase());
    // letters of any script are fine
    expect((await post('/api/admin/staff', { email: 'jürgen@bücher.example', password: PASSWORD })).status).toBe(201);
  });
});

describe('refused publishes', () => {
  it('are recorded with the number of problems', async () => {
    const broken = probeForm(false) as Record<string, unknown>;
    broken.steps = [{ id: 'about', title: 'About', fields: [{ name: 'a', type: 'no-such-type' }] }];
    const answer = await post(`/api/admin/forms/${PROBE_FORM}`, broken, 'PUT');
    expect(answer.status).toBe(400);
    const { diagnostics } = (await answer.json()) as { diagnostics: Array<{ severity: string }> };
    const problems = diagnostics.filter((d) => d.severity === 'error').length;
    expect(problems).toBeGreaterThan(0);
    expect((await post('/api/admin/forms/Not_An_Id', { id: 'Not_An_Id' }, 'PUT')).status).toBe(400);

    const { entries } = (await get('/api/admin/audit?action=publish-refused')).body;
    expect(entries.map((e) => [e.actor, e.formId, e.version, e.detail])).toEqual([
      ['token', null, null, { problems: 1 }],
      ['token', PROBE_FORM, null, { problems }],
    ]);
  });
});

describe('GET /api/admin/audit', () => {
  it('pages newest first with before and limit, next naming the following page', async () => {
    for (let i = 0; i < 7; i++) await signIn(server.base, `pager-${i}@example.org`, 'wrong password');
    const all = (await get('/api/admin/audit?limit=500')).body;
    expect(all.next).toBeNull();
    expect(all.entries.length).toBeGreaterThan(10);
    const ids = all.entries.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const paged: number[] = [];
    let path = '/api/admin/audit?limit=3';
    for (let pages = 0; pages < 100; pages++) {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      expect(body.entries.length).toBeLessThanOrEqual(3);
      paged.push(...body.entries.map((e) => e.id));
      if (body.next === null) break;
      expect(body.next).toBe(body.entries[body.entries.length - 1].id);
      path = `/api/admin/audit?limit=3&before=${body.next}`;
    }
    expect(paged).toEqual(ids);
    // the default page is 200 entries at most
    expect((await get('/api/admin/audit')).body.entries).toEqual(all.entries.slice(0, 200));
  });

  it('filters by action, together with form and paging', async () => {
    const failed = (await get('/api/admin/audit?action=sign-in-failed&limit=2')).body;
    expect(failed.entries).toHaveLength(2);
    expect(failed.entries.every((e) => e.action === 'sign-in-failed')).toBe(true);
    expect(failed.next).not.toBeNull();
    const more = (await get(`/api/admin/audit?action=sign-in-failed&limit=2&before=${failed.next}`)).body;
    expect(more.entries.every((e) => e.action === 'sign-in-failed' && e.id < (failed.next ?? 0))).toBe(true);
    const ofForm = (await get(`/api/admin/audit?form=${PROBE_FORM}&action=publish-refused`)).body;
    expect(ofForm.entries.map((e) => e.formId)).toEqual([PROBE_FORM]);
  });

  it('answers 400 naming what is wrong with a filter or page', async () => {
    const wrong: Array<[string, RegExp]> = [
      ['limit=0', /^limit must be a whole number from 1 to 500$/],
      ['limit=501', /^limit/],
      ['limit=ten', /^limit/],
      ['before=0', /^before must be an entry id/],
      ['before=-3', /^before/],
      ['before=2147483648', /^before/],
      ['action=drop-table', /^action must be one of publish, publish-refused, .*sign-in-failed, locked/],
      ['form=NOT%20A%20FORM', /^form must be a form id$/],
    ];
    for (const [query, message] of wrong) {
      const { status, body } = await get(`/api/admin/audit?${query}`);
      expect({ query, status }).toEqual({ query, status: 400 });
      expect(body.message).toMatch(message);
    }
  });
});
