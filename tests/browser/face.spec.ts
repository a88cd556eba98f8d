/**
 * The face-verification capture (spec 000 §2, §4, §7 call 5, §8, §9) in Chromium with its fake camera
 * (playwright.config.ts launches it with --use-fake-device-for-media-stream): a real getUserMedia stream,
 * a real 5-second MediaRecorder recording, and the real POST /api/v1/identity/face-recog of the server,
 * whose reference provider checks the MP4 and records the verification against the lead.
 *
 * Reaching the face step of the blocked-account or KYC wizard takes the earlier server steps (sign-up,
 * OTP, passport upload), so the widget runs in a one-step test form instead: the KYC form's own face
 * field compiled here and served through page.route as /api/forms/face-check (with its precompiled
 * validators). Only the form is routed; the face-recog call goes to the real server.
 */
import { readFileSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import { compileForm } from '../../packages/core/src/compile/index.js';
import type { FormDefinition } from '../../packages/core/src/dsl/types.js';
import { precompileValidators } from '../../packages/core/src/validate/index.js';
import { renderChecksOf } from '../../packages/react/src/engine/renderChecks.js';
import { newLeadToken } from '../../site/server/routes/leadAccess.js';
import { expect, expectAccessible, type Fixtures, test } from './fixtures.js';

const FORM_ID = 'face-check';

/** The KYC form's face step alone, as a one-step form. */
function testForm() {
  const kyc = JSON.parse(
    readFileSync(new URL('../../schemas/blocked-account/kyc-reverification.form.json', import.meta.url), 'utf8'),
  ) as FormDefinition;
  const kycFace = kyc.steps.find((s) => s.id === 'face-verification');
  if (!kycFace) throw new Error('the KYC form has no face-verification step');
  // the widget alone: without the KYC flow's own ending (back one step, success after 2 s) on an accept
  const face = {
    ...kycFace,
    fields: kycFace.fields?.map((f) => (f.type === 'faceCapture' ? { ...f, onAccept: undefined } : f)),
  } as typeof kycFace;
  const definition = {
    id: FORM_ID,
    title: 'Face verification check',
    version: 1,
    wizard: kyc.wizard,
    results: { success: { status: 'success', title: 'Face verification done.' } },
    // a form with a check's result sends it to a call of its own (the store's generic route would refuse it):
    // here a route the test answers
    submit: { endpoint: '/api/test/face-check-done', method: 'POST', encoding: 'json' },
    steps: [face],
  } as FormDefinition;
  const { form, diagnostics } = compileForm(definition);
  if (!form) throw new Error(`test form does not compile: ${JSON.stringify(diagnostics)}`);
  return {
    form,
    // its one step's validators, as `GET /api/forms/{id}/validators/0.js` serves them
    validators: precompileValidators(form, {
      runtimeImport: '/assets/validation-runtime.js',
      bundle: true,
      step: 0,
      checks: renderChecksOf(form, 0),
    }),
  };
}

const compiled = testForm();

declare global {
  interface Window {
    __faceStreams: MediaStream[];
    __recorderTypes: string[];
  }
}

/**
 * Serves the test form, puts the lead's ids where the blocked-account form keeps them, and records every
 * camera stream and recorder type the page creates (to check that tracks end and which path was taken).
 */
async function openForm(
  page: Page,
  server: string,
  ids: { account: string; passport: string; token: string },
  webmOnly = false,
) {
  await page.route(`**/api/forms/${FORM_ID}`, (route) => route.fulfill({ json: compiled.form }));
  await page.route('**/api/test/face-check-done', (route) => route.fulfill({ status: 201, json: { ok: true } }));
  await page.route(`**/api/forms/${FORM_ID}/validators/0.js`, (route) =>
    route.fulfill({ body: compiled.validators, contentType: 'text/javascript; charset=utf-8' }),
  );
  await page.addInitScript(
    ({ account, passport, token, webmOnly }) => {
      localStorage.setItem('account_id', account);
      localStorage.setItem('passport_id', passport);
      localStorage.setItem('leadToken', token);
      window.__faceStreams = [];
      window.__recorderTypes = [];
      const devices = navigator.mediaDevices;
      const getUserMedia = devices.getUserMedia.bind(devices);
      devices.getUserMedia = async (constraints) => {
        const stream = await getUserMedia(constraints);
        window.__faceStreams.push(stream);
        return stream;
      };
      const Recorder = window.MediaRecorder;
      const isTypeSupported = Recorder.isTypeSupported.bind(Recorder);
      class WatchedRecorder extends Recorder {
        static override isTypeSupported(type: string) {
          return webmOnly && type.startsWith('video/mp4') ? false : isTypeSupported(type);
        }
        constructor(stream: MediaStream, options?: MediaRecorderOptions) {
          super(stream, options);
          window.__recorderTypes.push(this.mimeType);
        }
      }
      window.MediaRecorder = WatchedRecorder;
    },
    { ...ids, webmOnly },
  );
  await page.goto(`${server}/forms/${FORM_ID}`);
  await expect(page.getByRole('heading', { name: 'Face Verification' })).toBeVisible();
}

const liveTracks = (page: Page) =>
  page.evaluate(() => window.__faceStreams.flatMap((s) => s.getTracks()).filter((t) => t.readyState === 'live').length);

/**
 * The pointer moved off the buttons: the layout moves under it (the preview folds away with the result, Start
 * takes Retry's place), and axe should judge the buttons at rest, not in antd's lighter hover colour.
 */
async function atRest(page: Page) {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300); // antd's colour transition
}

/** The bytes of the multipart part `name` of a request. */
function partOf(request: Request, name: string): Buffer {
  const body = request.postDataBuffer();
  if (!body) throw new Error('the request has no body');
  const boundary = /boundary=(.+)$/.exec(request.headers()['content-type'] ?? '')?.[1];
  if (!boundary) throw new Error('not a multipart request');
  const header = body.indexOf(`name="${name}"`);
  if (header < 0) throw new Error(`no part '${name}'`);
  const start = body.indexOf('\r\n\r\n', header) + 4;
  const end = body.indexOf(`\r\n--${boundary}`, start);
  return body.subarray(start, end);
}

function partText(request: Request, name: string): string {
  return partOf(request, name).toString('utf8');
}

/** A lead in the server's database, as the sign-up step would have created it, with its lead token. */
async function newLead(sql: Fixtures['sql'], tag: string) {
  const account = `BA-FACE${tag}${Date.now().toString(36).toUpperCase()}`;
  const { token, hash } = newLeadToken();
  const [lead] = await sql<{ id: number }>(
    `insert into leads (account_id, data, token_hash) values ($1, '{}', $2) returning id`,
    [account, hash],
  );
  return { id: lead.id, account, token };
}

test.describe('face verification capture', () => {
  test('records 5 s from the camera, uploads an MP4 to face-recog and shows the accepted result', async ({
    page,
    server,
    sql,
  }) => {
    const lead = await newLead(sql, 'MP4');
    await openForm(page, server, { account: lead.account, passport: '7', token: lead.token });
    const section = page.locator('section.antrag-face');
    const start = page.getByRole('button', { name: 'Start Face Verification' });

    // stage 1: the live preview at the ideal size
    await expect(start).toBeEnabled();
    await expect(section).toHaveAttribute('data-stage', '1');
    await expect(page.getByRole('status')).toContainText('Position your face');
    await expect
      .poll(() => page.getByLabel('Camera preview').evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight]))
      .toEqual([1280, 720]);

    // no result yet: Submit waits for one (spec 000 §4)
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await atRest(page);
    await expectAccessible(page, 'the face step with the camera on');
    await expect(page.getByText('Face verification done.')).toHaveCount(0);

    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const upload = page.waitForRequest('**/api/v1/identity/face-recog');
    const clicked = Date.now();
    await start.click();
    await expect(section).toHaveAttribute('data-stage', '3');
    await expect(page.getByRole('status')).toContainText(/Recording… [45] s left/);
    await expect(page.getByRole('button', { name: 'Stop Recording' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('Recording… 1 s left', { timeout: 8_000 });
    const request = await upload;
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(4_500);

    // Chromium records MP4 itself: no conversion, nothing more loaded
    const [recorderType] = await page.evaluate(() => window.__recorderTypes);
    expect(recorderType).toMatch(/^video\/mp4/);
    test.info().annotations.push({ type: 'recorded as', description: recorderType });
    expect(scripts).toEqual([]);

    const face = partOf(request, 'face');
    expect(face.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(face.includes('vp09') || face.includes('avc1')).toBe(true);
    expect(partText(request, 'blocked_acc_no')).toBe(lead.account);
    expect(partText(request, 'doc_type')).toBe('passport');
    expect(partText(request, 'document_id')).toBe('7');
    expect(request.headers().authorization).toMatch(/^Bearer \S+/);

    // the reference provider's answer, in green
    const notice = section.locator('[data-tone]');
    await expect(notice).toHaveAttribute('data-tone', 'success');
    await expect(notice).toHaveText('Face video received.');
    await expect(notice).toHaveCSS('color', 'rgb(19, 82, 0)');
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('customer_face_verification'))) ?? 'null'),
    ).toEqual({ status: 'accept', message: 'Face video received.' });
    expect(await liveTracks(page)).toBe(0);
    await atRest(page);
    await expectAccessible(page, 'the face step with its result');

    const rows = await sql<{ status: string; details: { durationSeconds: number; width: number } }>(
      `select status, details from verifications where lead_id = $1 and kind = 'face'`,
      [lead.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe('accept');
    expect(rows[0].details.durationSeconds).toBeGreaterThanOrEqual(4);
    expect(rows[0].details.durationSeconds).toBeLessThanOrEqual(6);
    expect(rows[0].details.width).toBe(1280);

    // a result lets the step pass
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Face verification done.')).toBeVisible();
    expect(await liveTracks(page)).toBe(0);
  });

  test('converts a WebM recording to MP4 in the browser, loading the converter only then', async ({
    page,
    server,
    sql,
  }) => {
    const lead = await newLead(sql, 'WEBM');
    await openForm(page, server, { account: lead.account, passport: '8', token: lead.token }, true);
    const section = page.locator('section.antrag-face');
    await expect(page.getByRole('button', { name: 'Start Face Verification' })).toBeEnabled();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    const upload = page.waitForRequest('**/api/v1/identity/face-recog', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Start Face Verification' }).click();
    await expect(page.getByRole('status')).toContainText('Converting the video…', { timeout: 10_000 });
    const request = await upload;

    const [recorderType] = await page.evaluate(() => window.__recorderTypes);
    expect(recorderType).toMatch(/^video\/webm/);
    test.info().annotations.push({ type: 'recorded as', description: `${recorderType}, converted to MP4` });
    expect(scripts.some((s) => s.startsWith('/assets/'))).toBe(true); // the converter chunk, fetched on demand
    const face = partOf(request, 'face');
    expect(face.subarray(4, 8).toString('latin1')).toBe('ftyp');
    // re-encoded as H.264 (Chromium has the encoder), moov written before the media data
    expect(face.includes('avc1')).toBe(true);
    expect(face.indexOf('moov')).toBeLessThan(face.indexOf('mdat'));

    await expect(section.locator('[data-tone]')).toHaveAttribute('data-tone', 'success', { timeout: 20_000 });
    const [row] = await sql<{ status: string; details: { durationSeconds: number } }>(
      `select status, details from verifications where lead_id = $1 and kind = 'face'`,
      [lead.id],
    );
    expect(row.status).toBe('accept');
    expect(row.details.durationSeconds).toBeGreaterThanOrEqual(4);
  });

  test('on a phone-sized screen the buttons span the width; a hidden tab and Retry switch the camera', async ({
    page,
    server,
    sql,
  }) => {
    const lead = await newLead(sql, 'NARROW');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route('**/api/v1/identity/face-recog', (route) =>
      // the reference provider accepts only real recordings; this test needs a rejection, so it is answered here
      route.fulfill({ json: { data: { doc_status: 'reject' }, message: 'Face does not match with the document' } }),
    );
    await openForm(page, server, { account: lead.account, passport: '9', token: lead.token });
    const section = page.locator('section.antrag-face');
    const start = page.getByRole('button', { name: 'Start Face Verification' });
    await expect(start).toBeEnabled();
    await expect(section).toHaveClass(/antrag-face-narrow/);
    const [buttonWidth, sectionWidth] = await Promise.all([
      start.evaluate((b) => b.getBoundingClientRect().width),
      section.evaluate((s) => s.getBoundingClientRect().width),
    ]);
    expect(buttonWidth).toBeGreaterThan(sectionWidth * 0.95);

    // the tab hidden: camera and microphone off; shown again: the camera comes back
    expect(await liveTracks(page)).toBe(2);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => liveTracks(page)).toBe(0);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect(start).toBeEnabled();
    expect(await liveTracks(page)).toBe(2);

    // a rejection in red; Retry goes back to stage 1 with the camera on
    await start.click();
    const notice = section.locator('[data-tone]');
    await expect(notice).toHaveAttribute('data-tone', 'error', { timeout: 20_000 });
    await expect(notice).toHaveCSS('color', 'rgb(130, 0, 20)');
    await expect(notice).toHaveText('Face does not match with the document');
    expect(await liveTracks(page)).toBe(0);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(section).toHaveAttribute('data-stage', '1');
    await expect(start).toBeEnabled();
    expect(await liveTracks(page)).toBe(2);
    await atRest(page);
    await expectAccessible(page, 'the face step on a phone');
  });
});
