/**
 * The passport upload of the blocked-account wizard (spec 000 §2 step 1, §4 "Passport upload", §5 step 1,
 * §7 calls 1, 3, 4, 10) in Chromium against the real server: step 0 is filled as a person would and the
 * server creates the lead; on step 1 a synthetic passport page (the OCR tests' renderer: a TD3 machine-readable
 * zone with correct check digits, drawn with @napi-rs/canvas) goes through the real uploads, the real document
 * verification and the real text extraction (tesseract.js), and the passport fields are filled from it.
 */
import type { Page } from '@playwright/test';
import { renderPassportPage, SAMPLE, td3Lines } from '../fixtures/server/passport-image.js';
import { choosePassport } from './blocked-steps.js';
import { accessible, button, choose, choosePlace, dateIn, field, headline, pick } from './filling.js';
import { expect, type Fixtures, test } from './fixtures.js';

const FORM = 'blocked-account';
/** The sample passport: MUSTERMANN, ERIKA, German, born 12 Aug 2003, number X4K7T9RN3, valid to 1 Jan 2031. */
const PASSPORT = {
  name: 'passport-page.png',
  mimeType: 'image/png',
  buffer: renderPassportPage({ mrz: td3Lines(SAMPLE) }),
};
/** The same passport, expired on 15 March 2024. */
const EXPIRED = {
  name: 'old-passport.jpg',
  mimeType: 'image/jpeg',
  buffer: renderPassportPage({ mrz: td3Lines({ ...SAMPLE, expiryDate: '240315' }), format: 'jpeg' }),
};

/** Step 0 as an applicant fills it; the server answers with the new lead's ids. */
async function signUp(page: Page, email: string): Promise<void> {
  await choose(page, 'Title', 'Ms.');
  await pick(page, 'Gender', 'Female');
  await field(page, 'First name').fill('Erika');
  await field(page, 'Last name').fill('Mustermann');
  await field(page, 'Street and house number').fill('Hauptstraße 5');
  await choose(page, 'Country', 'Germany', 'Germ');
  await field(page, 'Zip code').fill('50667');
  await field(page, 'City').fill('Köln');
  await field(page, 'District / State').fill('Nordrhein-Westfalen');
  await field(page, 'Email').fill(email);
  await choose(page, 'Country code', 'Germany (+49)', 'Germ');
  await field(page, 'Phone number').fill('15112345678');
  await choose(page, 'Visa type', 'Student');
  const arrival = dateIn(60).ddmmyyyy;
  const date = field(page, 'Date of arrival');
  await date.click();
  await date.fill(arrival);
  await date.press('Enter');
  await page.getByRole('checkbox', { name: /I agree to the Terms & Conditions/ }).check();
  await button(page, 'Next').click();
}

async function leadOf(sql: Fixtures['sql'], email: string) {
  const rows = await sql<{ id: number; account_id: string }>(
    `select id, account_id from leads where data::text like $1 order by id desc limit 1`,
    [`%${email}%`],
  );
  return rows[0];
}

test.describe('passport upload in the blocked-account wizard', () => {
  test('refuses an expired passport with the server message, then reads a valid one and fills the fields', async ({
    page,
    server,
    sql,
  }) => {
    const email = `erika.${Date.now()}@example.com`;
    await page.goto(`${server}/forms/${FORM}`);
    await expect(headline(page, 'Get Started with blocked account application')).toBeVisible();
    await signUp(page, email);
    await expect(headline(page, 'Upload your passport')).toBeVisible();
    const lead = await leadOf(sql, email);
    expect(lead).toBeDefined();
    expect(await page.evaluate(() => localStorage.getItem('leadId'))).toBe(String(lead.id));
    // a face verification of an earlier passport, which a new passport makes void
    await page.evaluate(() => localStorage.setItem('customer_face_verification', '{"status":"accept"}'));

    const upload = page.locator('.antrag-passport-upload');
    const status = upload.getByRole('status');
    const next = button(page, 'Next');
    const calls: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (r.method() === 'POST' && path.startsWith('/api/')) calls.push(path);
    });

    // no issued country yet: the passport may not be chosen, and nothing is sent
    await choosePassport(page, PASSPORT);
    await expect(upload.getByRole('alert')).toHaveText('This field is required!');
    expect(calls).toEqual([]);
    await choose(page, 'Passport issued country', 'Germany', 'Germ');

    // an expired passport: the server's verification rejects it with its message and nothing is filled
    await choosePassport(page, EXPIRED);
    await expect(next).toBeDisabled();
    await expect(upload.getByRole('alert')).toContainText('The passport was rejected.', { timeout: 30_000 });
    await expect(upload.getByRole('alert')).toContainText('The passport expired on 2024-03-15.');
    await expect(next).toBeEnabled();
    await expect(field(page, 'Passport number')).toHaveValue('');
    expect(await page.evaluate(() => localStorage.getItem('customer_face_verification'))).toBeNull();
    await accessible(page, 'the passport step with a rejected passport');
    await next.click();
    // Next does not pass: the field is empty again and says so, tied to its button
    await expect(page.locator('[data-field="passportUpload"]')).toContainText('This field is required');
    await expect(upload.getByRole('button', { name: /Select file/ })).toHaveAccessibleDescription(
      /This field is required/,
    );
    await expect(headline(page, 'Upload your passport')).toBeVisible();

    // a valid passport: uploads, verification and extraction, while Next waits. The verification call is held
    // until the in-between state has been seen: with the text recognition warm it can pass before a check looks.
    calls.length = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/identity/verify-doc', async (route) => {
      await held;
      await route.continue();
    });
    await choosePassport(page, PASSPORT);
    await expect(next).toBeDisabled();
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await expect(status).toHaveText('Verifying the passport and reading its data…');
    await expect(next).toBeDisabled();
    release();
    await expect(status).toHaveText('Passport verified. Please check the passport data below.', { timeout: 30_000 });
    await page.unroute('**/api/v1/identity/verify-doc');
    await expect(next).toBeEnabled();
    await expect(upload.getByRole('alert')).toHaveCount(0);
    expect(calls).toEqual(
      expect.arrayContaining([
        '/api/upload',
        '/api/v1/lead/upload-file',
        '/api/v1/identity/verify-doc',
        '/api/mrz-ocr',
      ]),
    );

    // the fields from the machine-readable zone, editable; what it does not hold is left to the applicant
    await expect(field(page, 'Passport number')).toHaveValue('X4K7T9RN3');
    await expect(field(page, 'Passport number')).toBeEditable();
    await expect(field(page, 'Date of birth')).toHaveValue('12/08/2003');
    await expect(field(page, 'Passport expiry date')).toHaveValue('01/01/2031');
    await expect(page.locator('[data-field="nationality"]')).toContainText('Germany');
    await expect(field(page, 'Passport issue date')).toHaveValue('');
    await accessible(page, 'the passport step with its filled fields');

    // the lead's documents and verifications on the server; passport_id names the accepted passport
    const passportId = await page.evaluate(() => localStorage.getItem('passport_id'));
    const docs = await sql<{ id: number; doc_key: string }>(
      'select id, doc_key from documents where lead_id = $1 order by id',
      [lead.id],
    );
    expect(docs.map((d) => d.doc_key)).toEqual(['passport_non_eu', 'passport_non_eu']);
    expect(Number(passportId)).toBe(docs[1].id);
    const checks = await sql<{ status: string }>(
      `select status from verifications where lead_id = $1 and kind = 'document' order by id`,
      [lead.id],
    );
    expect(checks.map((c) => c.status)).toEqual(['reject', 'accept']);

    // the applicant adds the rest and the server takes the step with the filled values
    await choose(page, 'Country of birth', 'Germany', 'Germ');
    await choosePlace(page, 'Place of birth', 'Berlin');
    const issued = field(page, 'Passport issue date');
    await issued.click();
    await issued.fill('02/01/2021');
    await issued.press('Enter');
    await choosePlace(page, 'Passport issued place', 'Berlin');
    await next.click();
    await expect(headline(page, 'Face Verification')).toBeVisible();
    const [stored] = await sql<{ data: Record<string, Record<string, unknown>> }>(
      'select data from leads where id = $1',
      [lead.id],
    );
    expect(stored.data['upload-documents']).toMatchObject({
      passportNumber: 'X4K7T9RN3',
      dateOfBirth: '2003-08-12',
      passportExpiryDate: '2031-01-01',
      passportIssueDate: '2021-01-02',
      nationality: { iso: 'DE', name: 'Germany' },
    });
  });
});
