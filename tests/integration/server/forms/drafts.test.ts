/**
 * The studio's drafts on the staff API (issue 18), over real HTTP against the server built in process
 * (../staff/harness.ts) on a PostgreSQL schema of its own. Checked, authorisation first: no credentials 401, an
 * applicant's token 403, a viewer reads but may not write (403); then saves over the etag opened (409 with the new
 * etag when someone saved meanwhile, 428 without a precondition), the size limit (413), a hostile id (400, nothing
 * stored), a draft of a form with no version yet, the audit log, and that publishing the draft's content clears it
 * while publishing something else does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DEFINITION_BYTES } from '../../../../site/server/forms/store.js';
import { addStaff } from '../../../../site/server/staff/accounts.js';
import { ADMIN_TOKEN, type FormServer, signIn, startFormServer } from '../staff/harness.js';
import { call, PROBE_FORM, probeForm, publish } from './support.js';

const ADMIN = { Authorization: `Bearer ${ADMIN_TOKEN}` };
const PUBLISHER = { email: 'drafter@example.org', password: 'drafts are saved before they are published' };
const VIEWER = { email: 'reader@example.org', password: 'a viewer reads drafts, never writes them' };

let server: FormServer | undefined;
let base = '';
let publisher: Record<string, string> = {};
let viewer: Record<string, string> = {};

interface DraftAnswer {
  id: string;
  text: string;
  etag: string;
  basedOn: number | null;
  savedBy: string;
  message: string;
}

const draftPath = (id: string) => `/api/admin/forms/${id}/draft`;

function putDraft(id: string, body: unknown, headers: Record<string, string>) {
  return call<DraftAnswer>(base, draftPath(id), { method: 'PUT', headers, json: body });
}

const text = (nicknameRequired: boolean) => JSON.stringify(probeForm(nicknameRequired), null, 2);

async function sessionOf(account: { email: string; password: string }) {
  const answer = await signIn(base, account.email, account.password);
  if (!answer.cookie) throw new Error(`sign-in of ${account.email}: ${answer.status}`);
  return { Cookie: answer.cookie };
}

beforeAll(async () => {
  server = await startFormServer({ RATE_LIMIT_SIGN_IN: '100' });
  base = server.base;
  await addStaff(server.database.db, PUBLISHER);
  await addStaff(server.database.db, { ...VIEWER, role: 'viewer' });
  publisher = await sessionOf(PUBLISHER);
  viewer = await sessionOf(VIEWER);
  expect((await publish(base, PROBE_FORM, probeForm(false), ADMIN)).status).toBe(201);
});

afterAll(async () => {
  await server?.close();
});

describe('drafts: who may', () => {
  it('answers 401 without credentials and 403 to an applicant’s token, on every draft route', async () => {
    const create = { 'If-None-Match': '*' };
    expect((await call(base, draftPath(PROBE_FORM))).status).toBe(401);
    expect((await call(base, '/api/admin/drafts')).status).toBe(401);
    expect((await putDraft(PROBE_FORM, { text: text(true) }, create)).status).toBe(401);
    expect((await call(base, draftPath(PROBE_FORM), { method: 'DELETE', headers: { 'If-Match': '"x"' } })).status).toBe(
      401,
    );

    const token = await call<{ access_token: string }>(base, '/api/get-token');
    const applicant = { Authorization: `Bearer ${token.body.access_token}` };
    expect((await call(base, draftPath(PROBE_FORM), { headers: applicant })).status).toBe(403);
    expect((await putDraft(PROBE_FORM, { text: text(true) }, { ...applicant, ...create })).status).toBe(403);
    expect((await call(base, draftPath(PROBE_FORM), { headers: ADMIN })).status).toBe(404);
  });

  it('lets a viewer read drafts but not save or delete one (403)', async () => {
    const saved = await putDraft(PROBE_FORM, { text: text(true) }, { ...ADMIN, 'If-None-Match': '*' });
    expect(saved.status).toBe(201);
    const read = await call<DraftAnswer>(base, draftPath(PROBE_FORM), { headers: viewer });
    expect(read.status).toBe(200);
    expect(read.body.text).toBe(text(true));
    const refused = await putDraft(PROBE_FORM, { text: '{}' }, { ...viewer, 'If-Match': `"${saved.body.etag}"` });
    expect(refused.status).toBe(403);
    const del = { method: 'DELETE', headers: { ...viewer, 'If-Match': `"${saved.body.etag}"` } };
    expect((await call(base, draftPath(PROBE_FORM), del)).status).toBe(403);
    // untouched by the refusals
    expect((await call<DraftAnswer>(base, draftPath(PROBE_FORM), { headers: ADMIN })).body.text).toBe(text(true));
    const gone = { method: 'DELETE', headers: { ...ADMIN, 'If-Match': `"${saved.body.etag}"` } };
    expect((await call(base, draftPath(PROBE_FORM), gone)).status).toBe(200);
    expect((await call(base, draftPath(PROBE_FORM), { headers: ADMIN })).status).toBe(404);
  });
});

describe('drafts: saving', () => {
  it('saves over the etag opened; a save over an older one is a 409 naming the new etag', async () => {
    const first = await putDraft(PROBE_FORM, { text: '{ "id": "probe-form"' }, { ...publisher, 'If-None-Match': '*' });
    // a draft need not parse yet
    expect(first.status).toBe(201);
    expect(first.headers.get('etag')).toBe(`"${first.body.etag}"`);
    expect(first.body).toMatchObject({ id: PROBE_FORM, basedOn: 1, savedBy: `staff:${PUBLISHER.email}` });

    // a second editor who also thought there was none
    const twice = await putDraft(PROBE_FORM, { text: '{}' }, { ...ADMIN, 'If-None-Match': '*' });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ etag: first.body.etag });

    const second = await putDraft(PROBE_FORM, { text: text(true) }, { ...publisher, 'If-Match': first.body.etag });
    expect(second.status).toBe(200);
    expect(second.body.etag).not.toBe(first.body.etag);
    const stale = await putDraft(PROBE_FORM, { text: '{}' }, { ...ADMIN, 'If-Match': `"${first.body.etag}"` });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ etag: second.body.etag });
    expect(stale.body.message).toMatch(/saved by someone else/);

    const bare = await putDraft(PROBE_FORM, { text: '{}' }, publisher);
    expect(bare.status).toBe(428);
    expect(bare.body.message).toMatch(/If-Match/);

    const staleDelete = { method: 'DELETE', headers: { ...ADMIN, 'If-Match': `"${first.body.etag}"` } };
    expect((await call(base, draftPath(PROBE_FORM), staleDelete)).status).toBe(409);
    const read = await call<DraftAnswer>(base, draftPath(PROBE_FORM), { headers: publisher });
    expect(read.body).toMatchObject({ text: text(true), etag: second.body.etag });

    const listed = await call<{ drafts: Array<{ id: string; etag: string; bytes: number }> }>(
      base,
      '/api/admin/drafts',
      {
        headers: viewer,
      },
    );
    expect(listed.body.drafts).toEqual([
      expect.objectContaining({ id: PROBE_FORM, etag: second.body.etag, bytes: Buffer.byteLength(text(true)) }),
    ]);
    const audit = await call<{ entries: Array<{ actor: string; formId: string }> }>(
      base,
      '/api/admin/audit?action=draft-save',
      { headers: ADMIN },
    );
    expect(audit.body.entries.map((e) => [e.actor, e.formId])).toContainEqual([`staff:${PUBLISHER.email}`, PROBE_FORM]);
  });

  it('refuses a draft over MAX_DEFINITION_BYTES (413), a text that is no string and a version the form lacks (400)', async () => {
    const id = 'big-draft';
    const big = 'x'.repeat(MAX_DEFINITION_BYTES + 1);
    const tooLarge = await putDraft(id, { text: big }, { ...publisher, 'If-None-Match': '*' });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toContain(String(MAX_DEFINITION_BYTES));
    expect((await putDraft(id, { text: { id } }, { ...publisher, 'If-None-Match': '*' })).status).toBe(400);
    const noVersion = await putDraft(PROBE_FORM, { text: '{}', basedOn: 99 }, { ...publisher, 'If-Match': '"x"' });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.message).toBe(`basedOn: form '${PROBE_FORM}' has no version 99`);
    expect((await call(base, draftPath(id), { headers: ADMIN })).status).toBe(404);
  });

  it('answers 400 to a hostile id and stores nothing', async () => {
    // a path that climbs, capitals, NUL, SQL, 101 characters: 400 naming the rule
    for (const id of ['..%2F..%2Fetc', 'Probe-Form', '%00', 'a%27%3B%20drop%20table%20form_drafts']) {
      const answer = await putDraft(id, { text: '{}' }, { ...publisher, 'If-None-Match': '*' });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/is not a form id: lower-case letters, digits and hyphens/);
      expect((await call(base, draftPath(id), { headers: ADMIN })).status).toBe(400);
    }
    const long = await putDraft('a'.repeat(101), { text: '{}' }, { ...publisher, 'If-None-Match': '*' });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/at most 100 characters/);
    const listed = await call<{ drafts: Array<{ id: string }> }>(base, '/api/admin/drafts', { headers: ADMIN });
    expect(listed.body.drafts.map((d) => d.id)).toEqual([PROBE_FORM]);
  });

  it('keeps a draft of a form with no version yet (basedOn null)', async () => {
    const id = 'not-published-yet';
    const saved = await putDraft(id, { text: '{ "id": "not-published-yet" }' }, { ...publisher, 'If-None-Match': '*' });
    expect(saved.status).toBe(201);
    expect(saved.body.basedOn).toBeNull();
    expect((await call(base, `/api/admin/forms/${id}/versions`, { headers: ADMIN })).status).toBe(404);
    const del = { method: 'DELETE', headers: { ...publisher, 'If-Match': `"${saved.body.etag}"` } };
    expect((await call(base, draftPath(id), del)).status).toBe(200);
    expect((await call(base, draftPath(id), del)).status).toBe(404);
  });
});

describe('drafts: publishing', () => {
  it('publishing the draft’s content clears it; publishing something else leaves it', async () => {
    const open = await call<DraftAnswer>(base, draftPath(PROBE_FORM), { headers: publisher });
    expect(open.status).toBe(200);
    // the draft holds version 2's content (nickname required); something else is published first
    const other = { ...probeForm(false), title: 'Probe, by the CLI' };
    expect((await publish(base, PROBE_FORM, other, ADMIN)).status).toBe(201);
    expect((await call(base, draftPath(PROBE_FORM), { headers: publisher })).status).toBe(200);

    const published = await publish(base, PROBE_FORM, JSON.parse(open.body.text), publisher);
    expect(published.status).toBe(201);
    expect((await call(base, draftPath(PROBE_FORM), { headers: publisher })).status).toBe(404);
    const audit = await call<{ entries: Array<{ version: number; detail: { published?: number } }> }>(
      base,
      `/api/admin/audit?form=${PROBE_FORM}&action=draft-delete&limit=1`,
      { headers: ADMIN },
    );
    expect(audit.body.entries[0]).toMatchObject({ version: published.body.version });
  });
});
