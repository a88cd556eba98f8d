/**
 * Issue 14, face video: hostile MP4s over real HTTP (POST /api/v1/identity/face-recog on the whole server,
 * reference provider, PGlite). A 21 KB recording whose stsz box announced 1,000,000 one-byte samples was
 * answered 'accept' after 1 s with every other request waiting; 10,000,000 took 14.7 s and 4.4 GB, and
 * 4,294,967,295 ended the process. They must get 400 in well under a second while the server keeps answering.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp4, stszBomb, trunBomb } from '../../../fixtures/server/mp4.js';
import {
  type CreatedLead,
  countRows,
  createLead,
  form,
  type Harness,
  leadHeaders,
  loadAverage,
  postForm,
  SETUP_TIMEOUT,
  startHarness,
} from './harness.js';

let h: Harness;
let lead: CreatedLead;

beforeAll(async () => {
  h = await startHarness();
  lead = await createLead(h.main, { email: 'face-limits@example.com' });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await h?.close();
});

async function faceRecog(bytes: Uint8Array) {
  const body = form(
    { blocked_acc_no: lead.account_id, doc_type: 'passport', document_id: 'doc-1' },
    { field: 'face', name: 'face.mp4', bytes, type: 'video/mp4' },
  );
  const headers = await leadHeaders(h.main, lead);
  const started = performance.now();
  const answer = await postForm(h.main, '/api/v1/identity/face-recog', body, headers);
  return { ...answer, ms: performance.now() - started };
}

/** /api/health every 20 ms until `until` settles: the slowest answer, ms. */
async function healthWhile(until: Promise<unknown>): Promise<{ slowest: number; answers: number }> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  let slowest = 0;
  let answers = 0;
  while (!done) {
    const started = performance.now();
    const response = await h.main.fetch('/api/health');
    expect(response.status).toBe(200);
    await response.body?.cancel();
    slowest = Math.max(slowest, performance.now() - started);
    answers += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { slowest, answers };
}

describe('POST /api/v1/identity/face-recog with recordings that announce more than they hold', () => {
  it('refuses the 21 KB stsz bombs with 400 in well under a second while /api/health answers promptly', async () => {
    const before = await countRows(h.db, 'verifications');
    const bombs = [1_000_000, 10_000_000, 4_294_967_295].map((n) => stszBomb(n));
    const calls = Promise.all(bombs.map((bytes) => faceRecog(bytes)));
    const health = await healthWhile(calls);
    const answers = await calls;
    console.info(
      `stsz bombs: ${answers.map((a) => `${a.status} in ${a.ms.toFixed(0)} ms`).join(', ')}; /api/health slowest ${health.slowest.toFixed(0)} ms of ${health.answers}; load ${loadAverage()}`,
    );
    answers.forEach((answer, i) => {
      expect(bombs[i].length).toBeLessThan(25_000);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        status: false,
        ok: false,
        message: expect.stringMatching(
          /^The face video is damaged or not a genuine recording \(no readable MP4 movie\): its stsz box lists [\d,]+ samples, more than the 20,000 a short recording can have\.$/,
        ),
      });
      expect(answer.ms).toBeLessThan(3000);
    });
    expect(health.slowest).toBeLessThan(2000);
    expect(await countRows(h.db, 'verifications')).toBe(before);
  });

  it('refuses a fragment that announces a million samples with 400', async () => {
    const answer = await faceRecog(trunBomb(1_000_000));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/its trun box lists 1,000,000 samples/);
    expect(answer.ms).toBeLessThan(3000);
  });

  it('still answers honest recordings as before: accept for 5 s, review for 12 s, reject when the samples exceed the media data', async () => {
    const accept = await faceRecog(makeMp4({ seconds: 5, audio: true }));
    expect(accept).toMatchObject({
      status: 200,
      body: { data: { doc_status: 'accept' }, message: 'Face video received.' },
    });
    const review = await faceRecog(makeMp4({ seconds: 12 }));
    expect(review).toMatchObject({ status: 200, body: { data: { doc_status: 'review' } } });
    // within every limit, but 5 bytes more of samples than of media data: garbage, never 'accept'
    const garbage = await faceRecog(stszBomb(5, 1));
    expect(garbage).toMatchObject({ status: 200, body: { data: { doc_status: 'reject' } } });
  });
});
