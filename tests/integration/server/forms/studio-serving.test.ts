/**
 * The studio on the main server (issue 18), over real HTTP against the server built in process
 * (../staff/harness.ts) with a web app and a studio bundle of a few bytes each: the bundle (`/studio-app/…`) goes to
 * signed-in staff only (401 without credentials, 403 to an applicant's token, not one byte of it either way), and
 * only a signed-in staff member's `/studio` page gets the studio's policy (scripts may `eval`, the preview may be
 * framed by the studio); the form and content pages and everyone else's `/studio` keep the site's.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaff } from '../../../../site/server/staff/accounts.js';
import { type FormServer, signIn, startFormServer } from '../staff/harness.js';

const BUNDLE = 'export function mount() { /* the studio */ }\n';
const STAFF = { email: 'studio@example.org', password: 'the studio is for staff only' };

let server: FormServer | undefined;
let base = '';
let folder = '';
let staff: Record<string, string> = {};

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'antrag-studio-serving-'));
  const [webRoot, studioRoot] = [join(folder, 'site'), join(folder, 'studio')];
  mkdirSync(join(studioRoot, 'assets'), { recursive: true });
  mkdirSync(webRoot);
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(studioRoot, 'studio-app.js'), BUNDLE);
  writeFileSync(join(studioRoot, 'assets', 'Studio-abc.js'), BUNDLE);
  server = await startFormServer({ RATE_LIMIT_SIGN_IN: '100' }, { webRoot, studioRoot });
  base = server.base;
  await addStaff(server.database.db, { ...STAFF, role: 'viewer' });
  const session = await signIn(base, STAFF.email, STAFF.password);
  staff = { Cookie: session.cookie ?? '' };
});

afterAll(async () => {
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

describe('the studio on the main server', () => {
  it('serves its bundle to signed-in staff only', async () => {
    for (const path of ['/studio-app/studio-app.js', '/studio-app/assets/Studio-abc.js']) {
      const none = await get(path);
      expect(none.status).toBe(401);
      expect(await none.text()).not.toContain('the studio');
      const token = (await (await get('/api/get-token')).json()) as { access_token: string };
      const applicant = await get(path, { Authorization: `Bearer ${token.access_token}` });
      expect(applicant.status).toBe(403);
      expect(await applicant.text()).not.toContain('the studio');
      const member = await get(path, staff);
      expect(member.status).toBe(200);
      expect(member.headers.get('content-type')).toMatch(/javascript/);
      expect(member.headers.get('cache-control')).toBe('private, no-cache');
      expect(await member.text()).toBe(BUNDLE);
    }
    expect((await get('/studio-app/missing.js', staff)).status).toBe(404);
  });

  it("gives the studio's policy to a signed-in staff member's /studio pages only", async () => {
    const site = (await get('/forms/probe')).headers.get('content-security-policy') ?? '';
    expect(site).toContain("script-src 'self'");
    expect(site).not.toContain('unsafe-eval');
    expect(site).toContain("frame-ancestors 'none'");

    for (const path of ['/studio', '/studio/preview']) {
      const anonymous = await get(path);
      expect(anonymous.status).toBe(200);
      expect(anonymous.headers.get('content-security-policy')).toBe(site);
      const member = await get(path, staff);
      const policy = member.headers.get('content-security-policy') ?? '';
      // the site's scripts (its own, and the drawn form page's loader by its hash), and eval
      const siteScripts = site
        .split(';')
        .find((d) => d.trim().startsWith('script-src '))
        ?.trim();
      expect(policy).toContain(`${siteScripts} 'unsafe-eval'`);
      expect(policy).toContain("frame-ancestors 'self'");
      expect(policy).toContain("object-src 'none'");
      // every other directive of the site's policy is kept as it is (script-src-attr 'none' among them)
      const directives = (text: string) => new Map(text.split(';').map((d) => [d.trim().split(' ')[0], d.trim()]));
      const [own, studio] = [directives(site), directives(policy)];
      expect([...studio.keys()].sort()).toEqual([...own.keys()].sort());
      expect(studio.get('script-src-attr')).toBe("script-src-attr 'none'");
      for (const [name, directive] of own) {
        if (name !== 'script-src' && name !== 'frame-ancestors') expect(studio.get(name)).toBe(directive);
      }
      expect(member.headers.get('cache-control')).toBe('no-store');
      // the answer differs by the cookie: no cache may hand one caller's to another
      for (const answer of [member, anonymous]) expect(answer.headers.get('vary') ?? '').toMatch(/\bCookie\b/i);
      // the same page: only its policy differs
      expect(await member.text()).toBe(await anonymous.text());
    }
    // the form and content pages are the same for staff and applicants, policy and all
    for (const path of ['/forms/probe', '/', '/blog/x/']) {
      const [a, b] = [await get(path), await get(path, staff)];
      expect(b.headers.get('content-security-policy')).toBe(a.headers.get('content-security-policy'));
      expect(await b.text()).toBe(await a.text());
    }
  });
});
