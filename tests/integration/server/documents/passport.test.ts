/**
 * Real OCR (tesseract.js, offline model from @tesseract.js-data/eng) on passport pages rendered in the
 * test. One worker serves all tests; each page costs about a second on two cores.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { closeOcr } from '../../../../site/server/documents/ocr.js';
import { extractPassport, mrzDate, verifyDocument } from '../../../../site/server/documents/passport.js';
import { renderPassportPage, SAMPLE, td3Lines } from '../../../fixtures/server/passport-image.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const OCR_TIMEOUT = 60_000;

afterAll(closeOcr);

describe('passport MRZ by OCR', () => {
  it(
    'extracts the passport fields and accepts a valid passport',
    async () => {
      const page = renderPassportPage({ mrz: td3Lines(SAMPLE) });
      const started = Date.now();
      const extraction = await extractPassport(page, NOW);
      // Logged, not asserted: machines differ. The first OCR includes starting the worker.
      console.info(`first passport OCR: ${Date.now() - started} ms`);
      expect(extraction.found).toBe(true);
      expect(extraction.fields).toEqual({
        PassportNumber: 'X4K7T9RN3',
        DateofBirth: '2003-08-12',
        PassportIssueDate: '',
        PassportExpiryDate: '2031-01-01',
        Nationality: 'DEU',
        CountryofBirth: '',
        PlaceofBirth: '',
      });
      expect(JSON.parse(extraction.extractedData)).toEqual(extraction.fields);

      const verification = await verifyDocument(page, NOW);
      expect(verification).toEqual({
        doc_status: 'accept',
        message: 'Passport verified.',
        details: {
          documentNumber: 'X4K7T9RN3',
          dob: '2003-08-12',
          expiry: '2031-01-01',
          issued: '',
          nationalityIso3: 'DEU',
          countryIso3: 'DEU',
          placeOfBirth: '',
        },
      });
    },
    OCR_TIMEOUT,
  );

  it(
    'reads a JPEG and a document number full of O/0 and I/1 look-alikes right',
    async () => {
      const page = renderPassportPage({ mrz: td3Lines({ ...SAMPLE, number: 'C01X00T47' }), format: 'jpeg' });
      const extraction = await extractPassport(page, NOW);
      expect(extraction.fields.PassportNumber).toBe('C01X00T47');
      const verification = await verifyDocument(page, NOW);
      // accept, or review when the number had to be repaired by check digit (tesseract reads C01 as CO1 here).
      expect(['accept', 'review']).toContain(verification.doc_status);
    },
    OCR_TIMEOUT,
  );

  it(
    'rejects an expired passport',
    async () => {
      const page = renderPassportPage({ mrz: td3Lines({ ...SAMPLE, expiryDate: '240315' }) });
      const verification = await verifyDocument(page, NOW);
      expect(verification.doc_status).toBe('reject');
      expect(verification.message).toBe('The passport expired on 2024-03-15.');
      expect(verification.details.expiry).toBe('2024-03-15');
    },
    OCR_TIMEOUT,
  );

  it(
    'sends a passport that expires within six months to review',
    async () => {
      const page = renderPassportPage({ mrz: td3Lines({ ...SAMPLE, expiryDate: '261001' }) });
      const verification = await verifyDocument(page, NOW);
      expect(verification.doc_status).toBe('review');
      expect(verification.message).toMatch(/expires on 2026-10-01, within 6 months/);
    },
    OCR_TIMEOUT,
  );

  it(
    'rejects a passport whose check digit is wrong and leaves that field out of the extraction',
    async () => {
      const page = renderPassportPage({ mrz: td3Lines({ ...SAMPLE, birthCheckDigitOverride: '3' }) });
      const verification = await verifyDocument(page, NOW);
      expect(verification.doc_status).toBe('reject');
      expect(verification.message).toMatch(/failed its check digits \(date of birth\)/);
      const extraction = await extractPassport(page, NOW);
      expect(extraction.fields.DateofBirth).toBe('');
      expect(extraction.fields.PassportNumber).toBe('X4K7T9RN3');
    },
    OCR_TIMEOUT,
  );

  it(
    'rejects a page without MRZ and a file that is not an image',
    async () => {
      const page = renderPassportPage();
      const verification = await verifyDocument(page, NOW);
      expect(verification.doc_status).toBe('reject');
      expect(verification.message).toMatch(/No machine-readable zone/);
      const extraction = await extractPassport(page, NOW);
      expect(extraction.found).toBe(false);
      expect(JSON.parse(extraction.extractedData).PassportNumber).toBe('');

      const notImage = await verifyDocument(new TextEncoder().encode('%PDF-1.7 not an image'), NOW);
      expect(notImage.doc_status).toBe('reject');
    },
    OCR_TIMEOUT,
  );
});

describe('MRZ dates', () => {
  it('puts two-digit years in the right century', () => {
    expect(mrzDate('030812', 'birth', NOW)).toBe('2003-08-12');
    expect(mrzDate('830812', 'birth', NOW)).toBe('1983-08-12');
    expect(mrzDate('310101', 'expiry', NOW)).toBe('2031-01-01');
    expect(mrzDate('83<<<<', 'birth', NOW)).toBe('');
    expect(mrzDate('830231', 'birth', NOW)).toBe('');
  });
});
