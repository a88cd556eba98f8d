/**
 * Passport and face calls over real HTTP (spec 000, section 7, calls 3–5): POST /api/mrz-ocr,
 * POST /api/v1/identity/verify-doc and POST /api/v1/identity/face-recog, against the whole server
 * (real OCR, the reference face provider, PGlite). Passport pages are drawn here with a real MRZ.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOcr } from '../../../../site/server/documents/ocr.js';
import { makeMp4, PNG_1X1 } from '../../../fixtures/server/mp4.js';
import { type PassportData, renderPassportPage, SAMPLE, td3Lines } from '../../../fixtures/server/passport-image.js';
import { bigPng, JPEG, PDF, PNG } from '../../../unit/server/files/samples.js';
import {
  type CreatedLead,
  countRows,
  createLead,
  expiredToken,
  type FilePart,
  forgedToken,
  form,
  type Harness,
  leadHeaders,
  postForm,
  SETUP_TIMEOUT,
  type Server,
  startHarness,
} from './harness.js';

/** OCR of one page takes a few seconds on this machine; the first also starts the worker. */
const OCR_TIMEOUT = 90_000;
const SMALL_LIMIT = 4096;

/**
 * A passport of another holder that ran out in 2020. The number avoids the look-alikes the check digits must
 * settle (O/0, I/1, B/8, S/5, Z/2) and a 9 between letters, which this model reads as O in DejaVu Sans Mono.
 */
const EXPIRED: PassportData = {
  ...SAMPLE,
  issuingState: 'AUT',
  nationality: 'AUT',
  surname: 'HUBER',
  givenNames: 'MARIA',
  number: 'M4K7T3RN6',
  birthDate: '970304',
  expiryDate: '200101',
};

let h: Harness;
let small: Server;
let lead: CreatedLead;
let validPage: Buffer;
let expiredPage: Buffer;

beforeAll(async () => {
  h = await startHarness();
  small = await h.start({ MAX_UPLOAD_BYTES: String(SMALL_LIMIT) });
  lead = await createLead(h.main, { email: 'documents@example.com' });
  validPage = renderPassportPage({ mrz: td3Lines(SAMPLE) });
  expiredPage = renderPassportPage({ mrz: td3Lines(EXPIRED) });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await closeOcr();
  await h?.close();
});

const verifications = () => countRows(h.db, 'verifications');

function parseExtracted(body: Record<string, unknown>): Record<string, string> {
  expect(typeof body.extractedData).toBe('string');
  return JSON.parse(body.extractedData as string) as Record<string, string>;
}

describe('POST /api/mrz-ocr', () => {
  const ocr = (server: Server, file: FilePart, fields: Record<string, string> = {}) =>
    postForm(server, '/api/mrz-ocr', form(fields, { field: 'file', name: 'passport.png', ...file }));

  it(
    'reads the passport fields from the machine-readable zone of a generated page',
    async () => {
      const answer = await ocr(h.main, { bytes: validPage, type: 'image/png' });
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body)).toEqual(['extractedData']);
      expect(parseExtracted(answer.body)).toEqual({
        PassportNumber: 'X4K7T9RN3',
        DateofBirth: '2003-08-12',
        PassportIssueDate: '',
        PassportExpiryDate: '2031-01-01',
        Nationality: 'DEU',
        CountryofBirth: '',
        PlaceofBirth: '',
      });
    },
    OCR_TIMEOUT,
  );

  it(
    'reads another passport with its own number, birth date and nationality',
    async () => {
      const answer = await ocr(h.main, { bytes: expiredPage, type: 'image/png' });
      expect(answer.status).toBe(200);
      expect(parseExtracted(answer.body)).toMatchObject({
        PassportNumber: 'M4K7T3RN6',
        DateofBirth: '1997-03-04',
        Nationality: 'AUT',
        PassportExpiryDate: '2020-01-01',
      });
    },
    OCR_TIMEOUT,
  );

  it(
    'answers empty fields for a page without a machine-readable zone',
    async () => {
      const answer = await ocr(h.main, { bytes: renderPassportPage(), type: 'image/png' });
      expect(answer.status).toBe(200);
      const fields = parseExtracted(answer.body);
      expect(Object.values(fields).every((v) => v === '')).toBe(true);
      expect(fields).toHaveProperty('PassportNumber', '');
    },
    OCR_TIMEOUT,
  );

  it('refuses a request without the image, a PDF, bytes that are not the declared type, and a JSON body', async () => {
    const noFile = await postForm(h.main, '/api/mrz-ocr', form({ file: 'passport.png' }));
    expect(noFile.status).toBe(400);
    expect(noFile.body).toMatchObject({ status: false, message: expect.stringMatching(/missing/) });

    const pdf = await ocr(h.main, { bytes: PDF, type: 'application/pdf', name: 'passport.pdf' });
    expect(pdf.status).toBe(400);
    expect(pdf.body.message).toMatch(/not allowed/);

    const mismatch = await ocr(h.main, { bytes: PNG, type: 'image/jpeg', name: 'passport.jpg' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toMatch(/image\/png, not the declared image\/jpeg/);

    const empty = await ocr(h.main, { bytes: new Uint8Array(), type: 'image/png' });
    expect(empty.status).toBe(400);

    const json = await h.main.fetch('/api/mrz-ocr', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ file: 'x' }),
    });
    expect(json.status).toBe(415);
  });

  it('refuses an image over the upload limit with 413', async () => {
    const answer = await ocr(small, { bytes: bigPng(SMALL_LIMIT + 1), type: 'image/png' });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ status: false });
  });
});

describe('POST /api/v1/identity/verify-doc', () => {
  const verifyDoc = async (server: Server, file: FilePart | undefined, headers?: Record<string, string>) =>
    postForm(
      server,
      '/api/v1/identity/verify-doc',
      form(
        { document_id: 'doc-1', doc_type: 'passport', blocked_acc_no: lead.account_id },
        file && { field: 'document', name: 'passport.png', ...file },
      ),
      // the applicant's own call: the bearer token and the lead's token
      headers ?? (await leadHeaders(server, lead)),
    );

  it('refuses a missing, expired, forged or malformed token with 401 and stores nothing', async () => {
    const before = await verifications();
    for (const [headers, reason] of [
      [{}, 'missing'],
      [{ Authorization: `Bearer ${expiredToken()}` }, 'expired'],
      [{ Authorization: `Bearer ${forgedToken()}` }, 'bad-signature'],
      [{ Authorization: 'Bearer nonsense' }, 'malformed'],
    ] as const) {
      // the lead's own token: only the bearer token is wrong
      const answer = await verifyDoc(
        h.main,
        { bytes: validPage, type: 'image/png' },
        { ...headers, 'X-Lead-Token': lead.token },
      );
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 401,
        body: { status: false, message: `Unauthorized: token ${reason}` },
      });
    }
    expect(await verifications()).toBe(before);
  });

  it(
    'accepts a valid passport, answers its details and records the verification for the lead',
    async () => {
      const before = await verifications();
      const answer = await verifyDoc(h.main, { bytes: validPage, type: 'image/png' });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        data: {
          doc_status: 'accept',
          details: {
            documentNumber: 'X4K7T9RN3',
            dob: '2003-08-12',
            expiry: '2031-01-01',
            issued: '',
            nationalityIso3: 'DEU',
            countryIso3: 'DEU',
            placeOfBirth: '',
          },
        },
        message: 'Passport verified.',
      });
      expect(await verifications()).toBe(before + 1);
      const row = await h.db
        .selectFrom('verifications')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ lead_id: lead.id, kind: 'document', status: 'accept' });
      expect(row.details).toMatchObject({ documentNumber: 'X4K7T9RN3', expiry: '2031-01-01' });
    },
    OCR_TIMEOUT,
  );

  it(
    'rejects an expired passport and records the rejection',
    async () => {
      const before = await verifications();
      const answer = await verifyDoc(h.main, { bytes: expiredPage, type: 'image/png' });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        data: { doc_status: 'reject', details: { documentNumber: 'M4K7T3RN6', expiry: '2020-01-01' } },
        message: 'The passport expired on 2020-01-01.',
      });
      expect(await verifications()).toBe(before + 1);
      const row = await h.db
        .selectFrom('verifications')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ lead_id: lead.id, kind: 'document', status: 'reject' });
    },
    OCR_TIMEOUT,
  );

  it('refuses a request without the document, a PDF and PNG bytes declared as JPEG with 400, storing nothing', async () => {
    const before = await verifications();
    const noFile = await verifyDoc(h.main, undefined);
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toMatch(/document is missing/);
    expect((await verifyDoc(h.main, { bytes: PDF, type: 'application/pdf', name: 'p.pdf' })).status).toBe(400);
    expect((await verifyDoc(h.main, { bytes: PNG, type: 'image/jpeg', name: 'p.jpg' })).status).toBe(400);
    expect((await verifyDoc(h.main, { bytes: JPEG, type: 'image/png', name: 'p.png' })).status).toBe(400);
    expect(await verifications()).toBe(before);
  });

  it('refuses a document over the upload limit with 413, storing nothing', async () => {
    const before = await verifications();
    const answer = await verifyDoc(small, { bytes: bigPng(SMALL_LIMIT + 1), type: 'image/png' });
    expect(answer.status).toBe(413);
    expect(await verifications()).toBe(before);
  });
});

describe('POST /api/v1/identity/face-recog', () => {
  const faceRecog = async (server: Server, file: FilePart | undefined, headers?: Record<string, string>) =>
    postForm(
      server,
      '/api/v1/identity/face-recog',
      form(
        { blocked_acc_no: lead.account_id, doc_type: 'passport', document_id: 'doc-1' },
        file && { field: 'face', name: 'face.mp4', ...file },
      ),
      // the applicant's own call: the bearer token and the lead's token
      headers ?? (await leadHeaders(server, lead)),
    );
  const lastFaceRow = () =>
    h.db
      .selectFrom('verifications')
      .selectAll()
      .where('kind', '=', 'face')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();

  it('refuses a missing or expired token with 401 and stores nothing', async () => {
    const before = await verifications();
    const video = { bytes: makeMp4({ seconds: 5 }), type: 'video/mp4' };
    // the lead's own token: only the bearer token is wrong
    expect((await faceRecog(h.main, video, { 'X-Lead-Token': lead.token })).status).toBe(401);
    const expired = await faceRecog(h.main, video, {
      Authorization: `Bearer ${expiredToken()}`,
      'X-Lead-Token': lead.token,
    });
    expect(expired).toMatchObject({ status: 401, body: { message: 'Unauthorized: token expired' } });
    expect(await verifications()).toBe(before);
  });

  it('accepts a 5 s MP4 recording and records the result for the lead', async () => {
    const before = await verifications();
    const answer = await faceRecog(h.main, { bytes: makeMp4({ seconds: 5, audio: true }), type: 'video/mp4' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { doc_status: 'accept' }, message: 'Face video received.' });
    expect(await verifications()).toBe(before + 1);
    const row = await lastFaceRow();
    expect(row).toMatchObject({ lead_id: lead.id, status: 'accept' });
    expect(row.details).toMatchObject({ durationSeconds: 5, width: 640, height: 480, hasAudio: true });
  });

  it('asks for review of a 12 s recording', async () => {
    const answer = await faceRecog(h.main, { bytes: makeMp4({ seconds: 12 }), type: 'video/mp4' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: { doc_status: 'review' }, message: expect.stringMatching(/lasts 12 s/) });
    expect(await lastFaceRow()).toMatchObject({ lead_id: lead.id, status: 'review' });
  });

  it('refuses a PNG declared as video/mp4, a request without the video and a PDF with 400, storing nothing', async () => {
    const before = await verifications();
    const png = await faceRecog(h.main, { bytes: PNG_1X1, type: 'video/mp4' });
    expect(png.status).toBe(400);
    expect(png.body).toMatchObject({ status: false, message: 'the file is a image/png, not the declared video/mp4' });
    const noFile = await faceRecog(h.main, undefined);
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toMatch(/video is missing/);
    expect((await faceRecog(h.main, { bytes: PDF, type: 'application/pdf' })).status).toBe(400);
    expect(await verifications()).toBe(before);
  });

  it('refuses a video over the upload limit with 413, storing nothing', async () => {
    const video = makeMp4({ seconds: 5 });
    expect(video.byteLength).toBeGreaterThan(SMALL_LIMIT);
    const before = await verifications();
    const answer = await faceRecog(small, { bytes: video, type: 'video/mp4' });
    expect(answer.status).toBe(413);
    expect(await verifications()).toBe(before);
  });
});
