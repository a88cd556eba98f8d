/**
 * The passport reader's limits with the real OCR (tesseract.js workers, no doubles): a decompression
 * bomb is refused by its header before anything decodes it, a genuine scan still reads next to it, a
 * recognition that overruns its time is stopped and its worker replaced, and a full waiting line is
 * answered at once. The same errors reach both routes: POST /api/mrz-ocr (`extractPassport`) and
 * POST /api/v1/identity/verify-doc (`verifyDocument`); ../http/ocr-limits.test.ts checks the answers over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ocrSettings } from '../../../../site/server/config.js';
import { closeOcr, configureOcr, ocrStats, readMrz } from '../../../../site/server/documents/ocr.js';
import { extractPassport, verifyDocument } from '../../../../site/server/documents/passport.js';
import { gifFrames, jpegHeader, pngBomb } from '../../../fixtures/server/image-bombs.js';
import { renderPassportPage, SAMPLE, td3Lines } from '../../../fixtures/server/passport-image.js';
import { loadAverage } from '../http/harness.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const OCR_TIMEOUT = 90_000;
const mb = () => Math.round(process.memoryUsage().rss / 1e6);

let bomb: Buffer;
/** Past any pixel limit a test sets: a worker needs far longer than the 8 s limit to read it. */
let slowImage: Buffer;
let page: Buffer;

beforeAll(async () => {
  bomb = await pngBomb(12_000, 12_000);
  slowImage = await pngBomb(16_000, 16_000);
  page = renderPassportPage({ mrz: td3Lines(SAMPLE) });
  await configureOcr({ workers: 2, queue: 4, timeoutMs: 30_000, maxPixels: 25_000_000 });
}, 60_000);

afterAll(closeOcr);

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as Error,
  );

describe('the settings', () => {
  it('come from the environment, with the documented defaults, and refuse unusable values', () => {
    expect(ocrSettings({})).toEqual({
      maxPixels: 25_000_000,
      workers: 2,
      queue: 4,
      timeoutMs: 15_000,
      recyclePixels: 8_000_000,
    });
    expect(
      ocrSettings({ OCR_MAX_PIXELS: '12000000', OCR_WORKERS: '1', OCR_QUEUE: '0', OCR_TIMEOUT_MS: '5000' }),
    ).toMatchObject({ maxPixels: 12_000_000, workers: 1, queue: 0, timeoutMs: 5000 });
    expect(() => ocrSettings({ OCR_WORKERS: '0' })).toThrow("OCR_WORKERS must be a whole number ≥ 1, not '0'");
    expect(() => ocrSettings({ OCR_MAX_PIXELS: '25MP' })).toThrow(/OCR_MAX_PIXELS must be a whole number/);
  });
});

describe('the pixel limit', () => {
  it('refuses a 12,000 × 12,000 PNG of 169 KB with 413 in well under a second, without starting a worker or growing the process', async () => {
    const jobs = ocrStats()?.jobs ?? 0;
    const before = mb();
    const started = performance.now();
    const error = await caught(readMrz(bomb));
    const ms = performance.now() - started;
    console.info(
      `bomb (${bomb.length} bytes) refused in ${ms.toFixed(2)} ms; rss ${before} → ${mb()} MB; load ${loadAverage()}`,
    );
    expect(ms).toBeLessThan(500);
    expect(error).toMatchObject({
      name: 'OcrImageTooLargeError',
      statusCode: 413,
      message:
        'the image has 12000 × 12000 pixels (144 megapixels), more than the 25 megapixels that can be read; please upload a smaller photo',
    });
    expect(ocrStats()?.jobs ?? 0).toBe(jobs);
    expect(mb() - before).toBeLessThan(50);
  });

  it('refuses the bomb on both routes’ paths: text extraction and document verification', async () => {
    for (const call of [extractPassport(bomb, NOW), verifyDocument(bomb, NOW)]) {
      expect(await caught(call)).toMatchObject({ statusCode: 413, message: expect.stringMatching(/144 megapixels/) });
    }
    // a JPEG and a GIF announce theirs differently; a GIF's frames count, not its small logical screen
    expect(await caught(verifyDocument(jpegHeader(8000, 6000), NOW))).toMatchObject({ statusCode: 413 });
    expect(await caught(verifyDocument(gifFrames(10, 6000), NOW))).toMatchObject({ statusCode: 413 });
  });

  it('treats an image whose header gives no size as unreadable, without decoding it', async () => {
    const jobs = ocrStats()?.jobs ?? 0;
    const broken = Buffer.concat([page.subarray(0, 8), Buffer.from('garbage!')]);
    const verification = await verifyDocument(broken, NOW);
    expect(verification).toMatchObject({
      doc_status: 'reject',
      message: 'The upload is not a readable image of a passport.',
    });
    expect((await extractPassport(broken, NOW)).found).toBe(false);
    expect(ocrStats()?.jobs ?? 0).toBe(jobs);
  });

  it(
    'reads a genuine passport while bombs are refused, and the bombs never take a worker from it',
    async () => {
      const alone = performance.now();
      expect(
        (await extractPassport(renderPassportPage({ mrz: td3Lines({ ...SAMPLE, number: 'M4K7T3RN6' }) }), NOW)).found,
      ).toBe(true);
      const aloneMs = performance.now() - alone;
      const jobs = ocrStats()?.jobs ?? 0;
      const started = performance.now();
      const bombTimes: number[] = [];
      const bombs = Array.from({ length: 3 }, async () => {
        const error = await caught(readMrz(bomb));
        bombTimes.push(performance.now() - started);
        return error;
      });
      const [scan, ...refused] = await Promise.all([verifyDocument(page, NOW), ...bombs]);
      const scanMs = performance.now() - started;
      console.info(
        `scan alone ${aloneMs.toFixed(0)} ms; scan beside 3 bombs ${scanMs.toFixed(0)} ms; bombs refused after ${bombTimes.map((t) => t.toFixed(1)).join(', ')} ms; load ${loadAverage()}`,
      );
      expect(scan).toMatchObject({ doc_status: 'accept', details: { documentNumber: 'X4K7T9RN3' } });
      for (const error of refused) expect(error).toMatchObject({ statusCode: 413 });
      // one job ran: the scan; the bombs were answered before it finished
      expect(ocrStats()?.jobs).toBe(jobs + 1);
      expect(Math.max(...bombTimes)).toBeLessThan(scanMs);
    },
    OCR_TIMEOUT,
  );
});

describe('the worker pool', () => {
  it(
    'stops a recognition that overruns its time with 422, replaces its worker and answers a full line with 503',
    async () => {
      // Let a bomb through the pixel limit, so that it really occupies a worker (for many seconds) as a slow image would.
      await configureOcr({ workers: 1, queue: 1, timeoutMs: 8000, maxPixels: 300_000_000 });
      const before = mb();
      const slow = caught(readMrz(slowImage));
      // the PNG's data is checked (inflated, about a second for this one) before it takes a place: wait until it holds the worker
      const deadline = Date.now() + 20_000;
      while ((ocrStats()?.busy ?? 0) < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const started = performance.now();
      const waiting = readMrz(page);
      // its PNG check runs before it takes the one place in line: wait until it has, or the next upload could
      // pass its own check first and take the place instead
      while ((ocrStats()?.queued ?? 0) < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      const refusedAt = performance.now();
      // the worker is busy and the one place in line is taken: the next upload is refused at once
      const busy = await caught(readMrz(page));
      expect(performance.now() - refusedAt).toBeLessThan(500);
      expect(busy).toMatchObject({ name: 'PoolBusyError', statusCode: 503, expose: true });
      expect((busy as Error & { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(busy?.message).toMatch(
        /^the passport reader is busy with other uploads; please try again in \d+ seconds?$/,
      );

      const timeout = await slow;
      const timeoutMs = performance.now() - started;
      expect(timeout).toMatchObject({
        name: 'PoolTimeoutError',
        statusCode: 422,
        message:
          "the passport image could not be read within 8 seconds; please upload a smaller, sharper photo of the passport's photo page",
      });
      // the scan that waited runs on a fresh worker and reads right
      const read = await waiting;
      const total = performance.now() - started;
      expect(read.lines).toEqual(td3Lines(SAMPLE));
      expect(ocrStats()).toMatchObject({ timedOut: 1, started: 2, refused: 1, busy: 0, queued: 0 });

      // the stopped recognition no longer runs: the process idles, and its memory went with its worker
      const cpu = process.cpuUsage();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const usage = process.cpuUsage(cpu);
      const cpuMs = (usage.user + usage.system) / 1000;
      console.info(
        `timeout after ${timeoutMs.toFixed(0)} ms, waiting scan done after ${total.toFixed(0)} ms; cpu in the next second ${cpuMs.toFixed(0)} ms; rss ${before} → ${mb()} MB; load ${loadAverage()}`,
      );
      expect(cpuMs).toBeLessThan(600);
      expect(mb() - before).toBeLessThan(150);
    },
    OCR_TIMEOUT,
  );
});
