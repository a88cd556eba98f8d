/**
 * Keys and names from the client that reach the file store (issue 14): each is refused with a clear
 * 400 naming the problem, nothing is written and nothing is recorded; never a 500. Over real HTTP
 * against the whole server (tests/integration/server/http/harness.ts).
 *
 * The policies here are signed with the test server's secret: that is what a leaked secret, an old
 * server's bug or a future caller of `createPolicy` would hand the upload target.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPolicy } from '../../../../site/server/files/policy.js';
import { PNG } from '../../../unit/server/files/samples.js';
import { prepareBooking, sendBooking } from '../durability/harness.js';
import { countRows, filesUnder, form, type Harness, SECRET, SETUP_TIMEOUT, startHarness } from '../http/harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, SETUP_TIMEOUT);

afterAll(async () => {
  await h?.close();
});

/** Posts PNG bytes to the local upload target under a policy for `key`, signed with the server's secret. */
async function postWithPolicy(key: string) {
  const signed = createPolicy(
    { key, contentType: 'image/png', minBytes: 1, maxBytes: 1024 * 1024 },
    { secret: SECRET, ttlSeconds: 600 },
  );
  const body = form(
    { key, 'Content-Type': 'image/png', policy: signed.policy, signature: signed.signature },
    { field: 'file', bytes: PNG, type: 'image/png', name: 'a.png' },
  );
  const response = await h.main.fetch('/api/upload', { method: 'POST', body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as { error?: string; message?: string } };
}

describe('a signed upload policy whose key is not an upload key', () => {
  it.each([
    ['uploads/../escape.png', /'\.\.'/],
    ['uploads/a/../../escape.png', /'\.\.'/],
    ['uploads/sub/folder.png', /no '\/'/],
    ['leads/1/passport-0123456789abcdef', /not under 'uploads\/'/],
    ['../../escape.png', /not under 'uploads\/'/],
  ])('%s: 400 naming the problem, nothing written or recorded', async (key, problem) => {
    const rowsBefore = await countRows(h.db, 'uploads');
    const filesBefore = filesUnder(h.dataDir);
    const answer = await postWithPolicy(key);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error).toBe('invalid-key');
    expect(answer.body.message).toContain("upload policy's key");
    expect(answer.body.message).toMatch(problem);
    expect(await countRows(h.db, 'uploads')).toBe(rowsBefore);
    expect(filesUnder(h.dataDir)).toEqual(filesBefore);
    expect(existsSync(join(h.dataDir, 'escape.png'))).toBe(false);
  });

  it('still takes a policy for a real upload key (204)', async () => {
    const answer = await h.main.fetch('/api/upload-file?file=Passport_t1.png&fileType=image/png');
    expect(answer.status).toBe(200);
    expect((await postWithPolicy('uploads/Passport_t2.png')).status).toBe(204);
  });
});

describe('other names from the client', () => {
  it.each(['../escape.png', 'a/../../escape.png', 'sub/x.png', '.hidden.png'])(
    'GET /api/upload-file?file=%s: 400 naming the rule',
    async (file) => {
      const answer = await h.main.fetch(`/api/upload-file?${new URLSearchParams({ file, fileType: 'image/png' })}`);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toMatch(/generated file name/);
    },
  );

  it('a submission naming ../ as an uploaded file: 400 for that field, nothing stored', async () => {
    const booking = await prepareBooking(h.main.base);
    const hostile = {
      ...booking,
      body: booking.body.replace(/admissionDocumentUpload_[0-9a-f]+\.pdf/g, '../../../etc/passwd.pdf'),
    };
    expect(hostile.body).toContain('passwd');
    const before = await countRows(h.db, 'submissions');
    const answer = await sendBooking(h.main.base, hostile);
    const body = (await answer.json()) as { message?: string; errors?: Array<{ field: string }> };
    expect(answer.status, JSON.stringify(body)).toBe(400);
    expect(body.errors?.map((e) => e.field)).toContain('admissionDocumentUpload');
    expect(await countRows(h.db, 'submissions')).toBe(before);
  });
});
