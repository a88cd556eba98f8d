/**
 * Issue 14, OCR: POST /api/mrz-ocr needs no credentials, and images within the pixel limit can still cost a
 * worker many seconds, so 18 requests from one client kept honest scans at 503 for 14 s and made one wait
 * 32.6 s. Over real HTTP (whole server, real tesseract.js workers): one client gets a bounded share of the
 * reader, and a PNG whose compressed data is out of proportion to its pixels gets 413 before any worker
 * sees it. The clients' addresses come from X-Forwarded-For on a server started with TRUST_PROXY=true, as
 * behind the deployment's proxy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOcr, configureOcr, ocrStats } from '../../../../site/server/documents/ocr.js';
import { pngBomb, pngWithTrailingZeros, zTxtChunk } from '../../../fixtures/server/image-bombs.js';
import { renderPassportPage, SAMPLE, td3Lines } from '../../../fixtures/server/passport-image.js';
import { form, type Harness, loadAverage, postForm, SETUP_TIMEOUT, type Server, startHarness } from './harness.js';

const OCR_TIMEOUT = 120_000;

let h: Harness;
let proxied: Server;
/** Three different images (the same bytes would share one read) that each hold a worker for its whole time. */
let slow: Buffer[];
let zeros: Buffer;

beforeAll(async () => {
  h = await startHarness();
  proxied = await h.start({ TRUST_PROXY: 'true' });
  slow = await Promise.all([pngBomb(16_000, 16_000), pngBomb(16_000, 15_999), pngBomb(15_999, 16_000)]);
  // 100 × 100 pixels, then 256 MB of deflated zeros in the image data: a 250 KB file
  zeros = await pngWithTrailingZeros(100, 100, 256_000_000);
}, SETUP_TIMEOUT);

afterAll(async () => {
  await closeOcr();
  await h?.close();
});

async function ocr(server: Server, bytes: Uint8Array, client: string) {
  const started = performance.now();
  const answer = await postForm(
    server,
    '/api/mrz-ocr',
    form({}, { field: 'file', name: 'passport.png', bytes, type: 'image/png' }),
    { 'X-Forwarded-For': client },
  );
  return { ...answer, ms: performance.now() - started };
}

describe('one client cannot hold the passport reader', () => {
  it(
    "answers a second client's honest scan while the first client's three slow images are refused or waiting",
    async () => {
      // two workers as by default; the pixel limit raised so that the bombs reach a worker like a slow photo would
      await configureOcr({ workers: 2, queue: 4, timeoutMs: 30_000, maxPixels: 300_000_000 });
      const flood = slow.map((bytes) => ocr(proxied, bytes, '203.0.113.7'));
      const settled: boolean[] = [false, false, false];
      flood.forEach((call, i) => {
        void call.then(() => {
          settled[i] = true;
        });
      });
      // wait until the first client's read holds a worker
      const deadline = Date.now() + 30_000;
      while ((ocrStats()?.busy ?? 0) < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const third = await Promise.race(flood.map((call, i) => call.then((a) => ({ ...a, i }))));
      expect(third.status).toBe(429);
      expect(third.ms).toBeLessThan(5000);
      const retryAfter = Number(third.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 30).toBe(true);
      expect(third.body).toEqual({
        status: false,
        ok: false,
        message: `the passport reader is already reading 2 of your images; please wait for them and try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}`,
      });

      const scan = await ocr(
        proxied,
        renderPassportPage({ mrz: td3Lines({ ...SAMPLE, number: 'C01X00T47' }) }),
        '198.51.100.23',
      );
      const stillBusy = settled.filter((s) => !s).length;
      console.info(
        `second client's scan ${scan.status} in ${scan.ms.toFixed(0)} ms beside the first client's 429 in ${third.ms.toFixed(0)} ms (Retry-After ${retryAfter}) and ${stillBusy} slow reads still running or waiting; load ${loadAverage()}`,
      );
      expect(scan.status).toBe(200);
      expect(JSON.parse(scan.body.extractedData as string)).toMatchObject({ PassportNumber: 'C01X00T47' });
      // answered while the first client's two reads were still running or waiting
      expect(stillBusy).toBe(2);
      expect(ocrStats()).toMatchObject({ ownerRefused: 1 });
      // end the slow reads instead of waiting for their time limit
      await closeOcr();
      await Promise.all(flood);
    },
    OCR_TIMEOUT,
  );

  it('refuses a 100 × 100 PNG whose image data goes on with 256 MB of zeros with 413 at once', async () => {
    await configureOcr({ workers: 2, queue: 4, timeoutMs: 15_000, maxPixels: 25_000_000 });
    expect(zeros.length).toBeLessThan(300_000);
    const jobs = ocrStats()?.jobs ?? 0;
    const answer = await ocr(h.main, zeros, '192.0.2.1');
    console.info(
      `PNG with 256 MB of zeros (${zeros.length} bytes): ${answer.status} in ${answer.ms.toFixed(0)} ms; load ${loadAverage()}`,
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      status: false,
      ok: false,
      message:
        "the PNG's image data is 248,876 bytes, more than a 100 × 100 image can need (76,899); please upload an ordinary photo of the passport page",
    });
    expect(answer.ms).toBeLessThan(3000);
    // no worker read it
    expect(ocrStats()?.jobs ?? 0).toBe(jobs);
  });

  it('refuses image data that inflates past its rows and a zTXt chunk that inflates to 20 MB with 413', async () => {
    const inflating = await ocr(h.main, await pngWithTrailingZeros(100, 100, 50_000_000), '192.0.2.2');
    expect(inflating.status).toBe(413);
    expect(inflating.body.message).toBe(
      "the PNG's image data inflates to more than the 10,100 bytes a 100 × 100 image has; please upload an ordinary photo of the passport page",
    );
    expect(inflating.ms).toBeLessThan(3000);
    const text = await ocr(h.main, await pngWithTrailingZeros(100, 100, 0, [zTxtChunk(20_000_000)]), '192.0.2.3');
    expect(text.status).toBe(413);
    expect(text.body.message).toMatch(
      /^the PNG's compressed text or colour profile inflates to more than 8,388,608 bytes/,
    );
    expect(text.ms).toBeLessThan(3000);
  });
});
