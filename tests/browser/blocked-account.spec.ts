/**
 * The whole blocked-account application (spec 000) in Chromium against the real server, as an applicant
 * fills it: the seven-step variant for an adult (passport image read by OCR, a face video from Chromium's
 * fake camera, two payers of which one is deleted) and the six-step variant for a minor (the consent
 * modal, the downloaded consent letter read back, a reload that resumes). The stored lead and the final
 * application are read back from the database with the spec's field names.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { pdfText } from '../fixtures/pdf-text.js';
import { type Applicant, FORM, passport, passportStep, pdf, signUp } from './blocked-steps.js';
import {
  accessible,
  button,
  choose,
  dateIn,
  expectUploaded,
  field,
  headline,
  itemOf,
  named,
  RESUME_TEXT,
  RESUME_TITLE,
  type SampleFile,
} from './filling.js';
import { expect, type Fixtures, latestSubmission, test } from './fixtures.js';

/** The face step with Chromium's fake camera: permission, position, start, 5 s, the accepted result. */
async function faceStep(page: Page): Promise<void> {
  await expect(headline(page, 'Face Verification')).toBeVisible();
  await accessible(page, 'the face step');
  const face = page.locator('section.antrag-face');
  await expect(face).toHaveAttribute('data-stage', '1');
  await face.getByRole('button', { name: 'Start Face Verification' }).click();
  await expect(face).toHaveAttribute('data-stage', '3');
  await expect(face.locator('[data-tone]')).toHaveAttribute('data-tone', 'success', { timeout: 60_000 });
  await button(page, 'Continue').click();
}

async function leadOf(sql: Fixtures['sql'], email: string) {
  const rows = await sql<{
    id: number;
    account_id: string;
    data: Record<string, Record<string, unknown>>;
    sent: Record<string, Record<string, unknown>>;
  }>('select id, account_id, data, sent from leads where data::text like $1 order by id desc limit 1', [`%${email}%`]);
  return rows[0];
}

/** The text of the first page of a downloaded PDF, as pdf.js extracts it. */
async function downloadedText(download: Download): Promise<string> {
  return pdfText(new Uint8Array(await readFile(await download.path())));
}

/** Ticks the seven agreements; Submit waits for the last one. */
async function confirmStep(page: Page): Promise<void> {
  await expect(headline(page, 'Confirm and submit')).toBeVisible();
  const boxes = page.getByRole('checkbox');
  await expect(boxes).toHaveCount(7);
  const submit = button(page, 'Submit');
  for (let i = 0; i < 7; i++) {
    await expect(submit).toBeDisabled();
    await boxes.nth(i).check();
  }
  await expect(submit).toBeEnabled();
  await accessible(page, 'the confirm step');
  await submit.click();
}

test.describe('blocked-account application', () => {
  test.describe.configure({ timeout: 240_000 });

  test('an adult applies in seven steps with passport OCR, face video and two payers, one deleted', async ({
    page,
    server,
    sql,
  }) => {
    const who: Applicant = {
      email: `erika.${Date.now()}@example.com`,
      firstName: 'Erika',
      lastName: 'Mustermann',
      arrivalIn: 60,
    };
    const posted: { url: string; body: string; headers: Record<string, string> }[] = [];
    page.on('request', (r) => {
      if (['POST', 'PUT', 'DELETE'].includes(r.method()))
        posted.push({ url: r.url(), body: r.postData() ?? '', headers: r.headers() });
    });
    await page.goto(`${server}/forms/${FORM}?partnerCode=UNI-42`);
    await signUp(page, who);
    const lead = await leadOf(sql, who.email);
    const leadToken = await page.evaluate(() => localStorage.getItem('leadToken'));
    expect(leadToken).toMatch(/^lt_[A-Za-z0-9_-]{43}$/);
    expect(lead).toBeDefined();
    expect(await page.evaluate(() => [localStorage.getItem('leadId'), localStorage.getItem('account_id')])).toEqual([
      String(lead.id),
      lead.account_id,
    ]);
    expect(
      await page.evaluate(() => ['gender', 'customerName', 'customerEmail'].map((k) => localStorage.getItem(k))),
    ).toEqual(['female', 'Erika Mustermann', who.email]);

    await passportStep(page, passport('030812'));
    await faceStep(page);

    // blocking details: the visa type's default amount, the fees, the total
    await blockingStep(page, { months: 6, total: '€6,150.40' });

    // payers: two added, the second deleted on the server and from the list, the e-mails and the draft
    await expect(headline(page, 'Payers')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('totalDeposit'))).toBe('6150.40');
    await addPayer(page, {
      firstName: 'max',
      lastName: 'Mustermann',
      email: 'max.payer@example.com',
      idProof: pdf('max-id.pdf'),
    });
    await addPayer(page, { firstName: 'Anna', lastName: 'Schmidt', email: 'anna.payer@example.com' });
    const rows = page.locator('[data-field="payers"] tbody tr.ant-table-row');
    await expect(rows).toHaveCount(2);
    await accessible(page, 'the payers step with two payers');
    await page.getByRole('button', { name: 'Delete Anna Schmidt' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Payer removed successfully')).toBeVisible();
    await expect(rows).toHaveCount(1);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('payersEmails'))) ?? '[]')).toEqual([
      'max.payer@example.com',
    ]);
    await button(page, 'Next').click();

    // review: the three cards
    await expect(headline(page, 'Review your application')).toBeVisible();
    for (const card of ['Personal Information', 'Passport Information', 'Visa Details'])
      await expect(page.getByText(card, { exact: true })).toBeVisible();
    await expect(page.getByText('X4K7T9RN3')).toBeVisible();
    await accessible(page, 'the review step');
    await button(page, 'Next').click();

    await confirmStep(page);
    await expect(page.getByText('Thank you!')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'Go to homepage' })).toHaveAttribute('href', '/');
    await accessible(page, 'the success screen');
    // the completed application is forgotten: the draft, the lead's id and token and every value it kept
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => !/^(access_token|valid_until)$/.test(k))),
    ).toEqual([]);

    // every call about the lead proved it was the applicant's; every submission carried an Idempotency-Key
    const leadCalls = posted.filter(
      (p) => /\/api\/v1\/(lead|identity)\//.test(p.url) || p.url.endsWith('/api/internal/services/blocked-account'),
    );
    const unproven = leadCalls.filter((p) => !(p.url.endsWith('/submit-application') && !p.body.includes('lead_id')));
    expect(unproven.length).toBeGreaterThan(8);
    expect(unproven.filter((p) => p.headers['x-lead-token'] !== leadToken).map((p) => p.url)).toEqual([]);
    const submissions = posted.filter((p) => /submit-application|services\/blocked-account/.test(p.url));
    expect(submissions.map((p) => p.headers['idempotency-key'])).toEqual(submissions.map(() => expect.any(String)));
    expect(new Set(submissions.map((p) => p.headers['idempotency-key'])).size).toBe(submissions.length);

    // what went over the wire: step 0 form-urlencoded with nested objects as JSON text and the partner code,
    // the later steps with bracketed keys, the application as JSON
    const [signUpBody, passportBody, blockingBody] = posted
      .filter((p) => p.url.endsWith('/api/v1/lead/submit-application'))
      .map((p) => new URLSearchParams(p.body));
    expect(Object.fromEntries(signUpBody)).toMatchObject({
      first_name: 'Erika',
      last_name: 'Mustermann',
      email_id: who.email,
      postal_code: '50667',
      phone_code: '+49',
      mobile_no: '15112345678',
      expected_date_arrival: dateIn(who.arrivalIn).iso,
      referral_code: 'UNI-42',
    });
    expect(JSON.parse(signUpBody.get('country') ?? '')).toEqual({ name: 'Germany', iso: 'DE' });
    expect(signUpBody.get('step') ?? '1').toBe('1');
    expect(Object.fromEntries(passportBody)).toMatchObject({
      step: '2',
      lead_id: String(lead.id),
      passport_num: 'X4K7T9RN3',
      date_of_birth: '2003-08-12',
      'nationality[iso]': 'DE',
      'nationality[name]': 'Germany',
      'passport_issue_place[city]': 'Berlin',
    });
    expect(Object.fromEntries(blockingBody)).toMatchObject({
      step: '3',
      lead_id: String(lead.id),
      blocked_acc_amt: '992',
      blocked_acc_duration: '6',
      visa_eligibility_doc_type: '8',
    });
    const final = posted.find((p) => p.url.endsWith('/api/internal/services/blocked-account'));
    expect(JSON.parse(final?.body ?? '{}')).toMatchObject({
      profession: 'student',
      firstName: 'Erika',
      passportNumber: 'X4K7T9RN3',
      partnerCode: 'UNI-42',
      payers: [expect.objectContaining({ email: 'max.payer@example.com' })],
    });

    // the stored lead, step by step with the spec's field names, and the application
    const stored = await leadOf(sql, who.email);
    expect(stored.data['sign-up']).toMatchObject({
      title: 'Ms.',
      firstName: 'Erika',
      lastName: 'Mustermann',
      gender: 'female',
      email: who.email,
      country: { iso: 'DE', name: 'Germany' },
      dateOfArrival: dateIn(who.arrivalIn).iso,
    });
    expect(stored.data['upload-documents']).toMatchObject({ passportNumber: 'X4K7T9RN3', dateOfBirth: '2003-08-12' });
    // and as sent, with the spec's names
    expect(stored.sent['sign-up']).toMatchObject({ first_name: 'Erika', email_id: who.email, referral_code: 'UNI-42' });
    expect(stored.sent['upload-documents']).toMatchObject({
      step: '2',
      passport_num: 'X4K7T9RN3',
      nationality: { iso: 'DE', name: 'Germany' },
    });
    expect(stored.sent['blocking-details']).toMatchObject({
      step: '3',
      blocked_acc_amt: '992',
      blocked_acc_duration: '6',
    });
    expect(stored.data['blocking-details']).toMatchObject({
      contractDuration: 6,
      blockedAmountPerMonth: 992,
      visaEligibilityDocument: 'admission_certificate',
    });
    // the payers on the server: Max with his ID scan linked, Anna removed
    const payers = await sql<{ id: number; data: Record<string, unknown>; deleted_at: Date | null }>(
      'select id, data, deleted_at from payers where lead_id = $1 order by id',
      [stored.id],
    );
    expect(payers.map((p) => [p.data.email, p.data.firstName, p.deleted_at === null])).toEqual([
      ['max.payer@example.com', 'Max', true],
      ['anna.payer@example.com', 'Anna', false],
    ]);
    // the lead's own documents: the passport and the eligibility document under the chosen kind
    const leadDocs = await sql<{ doc_key: string }>(
      'select doc_key from documents where lead_id = $1 and payer_id is null order by id',
      [stored.id],
    );
    expect(leadDocs.map((d) => d.doc_key)).toEqual(['passport_non_eu', 'admission_certificate']);
    const payerDocs = await sql<{ doc_key: string; payer_id: number | null }>(
      'select doc_key, payer_id from documents where lead_id = $1 and payer_id is not null',
      [stored.id],
    );
    expect(payerDocs).toEqual([{ doc_key: 'payer_id_front', payer_id: payers[0].id }]);
    const application = await latestSubmission(sql, FORM);
    expect(application?.data).toMatchObject({
      visaType: 1,
      firstName: 'Erika',
      passportNumber: 'X4K7T9RN3',
      contractDuration: 6,
      payers: [expect.objectContaining({ email: 'max.payer@example.com', firstName: 'Max' })],
    });
    expect(application?.data.payers).toHaveLength(1);
    // the lead is closed: nothing changes it any more
    const [closed] = await sql<{ closed_at: Date | null }>('select closed_at from leads where id = $1', [stored.id]);
    expect(closed.closed_at).not.toBeNull();

    // the next visit starts a new application and a new lead, instead of reopening the completed one
    await page.goto(`${server}/forms/${FORM}`);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await signUp(page, { ...who, firstName: 'Erika', lastName: 'Zweite' });
    const leads = await sql<{ id: number; account_id: string }>(
      "select id, account_id from leads where data -> 'sign-up' ->> 'email' = $1 order by id",
      [who.email],
    );
    expect(leads).toHaveLength(2);
    expect(leads[1].id).not.toBe(stored.id);
    expect(await page.evaluate(() => localStorage.getItem('leadId'))).toBe(String(leads[1].id));
    const [first] = await sql<{ data: Record<string, Record<string, unknown>> }>(
      'select data from leads where id = $1',
      [stored.id],
    );
    expect(first.data['sign-up']).toMatchObject({ lastName: 'Mustermann' });
  });
});

test.describe('blocked-account application for a minor', () => {
  test.describe.configure({ timeout: 240_000 });

  test('six steps; the consent modal with the downloaded letter; a reload resumes; the minor fee is added', async ({
    page,
    server,
    sql,
  }) => {
    const who: Applicant = {
      email: `jonas.${Date.now()}@example.com`,
      firstName: 'Jonas',
      lastName: 'Weber',
      arrivalIn: 60,
    };
    await page.goto(`${server}/forms/${FORM}?faceVerification=false`);
    await signUp(page, who);
    // six steps: no face verification
    const indicator = page.locator('.antrag-wizard .ant-steps-item');
    await expect(indicator).toHaveCount(6);
    await expect(indicator.filter({ hasText: 'Face Verification' })).toHaveCount(0);
    // born 15 June 2009: 17 at the date of arrival
    await passportStep(page, passport('090615'));
    await expect(headline(page, 'Blocking Details')).toBeVisible();

    // a reload mid-way asks to resume and comes back to the blocking step with everything kept
    await page.reload();
    await expect(page.getByText(RESUME_TITLE)).toBeVisible();
    await expect(page.getByText(RESUME_TEXT)).toBeVisible();
    await accessible(page, 'the resume question');
    await page.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect(headline(page, 'Blocking Details')).toBeVisible();
    await expect(indicator).toHaveCount(6);
    await expect(page.locator('[data-field="minorFee"]')).toContainText('€20.00');

    // Next without consent: the modal, which cannot be closed, instead of a submission
    const slider = page.getByRole('slider', { name: /Contract duration/ });
    await slider.focus();
    await slider.press('Home');
    await slider.press('ArrowRight');
    await slider.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuetext', '3');
    await choose(page, 'Visa eligibility document', 'Admission certificate');
    const chooser = page.waitForEvent('filechooser');
    await itemOf(page, 'Upload visa eligibility document')
      .getByRole('button', { name: /Select file/ })
      .click();
    await (await chooser).setFiles(pdf('admission.pdf'));
    await expectUploaded(page, 'admission.pdf');
    await expect(page.locator('[data-field="totalDeposit"]')).toContainText('€3,179.70');
    const submissions: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/submit-application')) submissions.push(r.url());
    });
    await button(page, 'Next').click();
    const modal = page.getByRole('dialog', { name: 'Parental consent' });
    await expect(modal).toBeVisible();
    expect(submissions).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('button', { name: /close/i })).toHaveCount(0);

    // the guardian's details, capitalised and upper-cased as typed
    await modal.getByLabel(named('Guardian name')).fill('maria weber');
    await modal.getByLabel(named('Guardian passport or ID number')).fill('c7654321');
    await expect(modal.getByLabel(named('Guardian name'))).toHaveValue('Maria Weber');
    await expect(modal.getByLabel(named('Guardian passport or ID number'))).toHaveValue('C7654321');

    // the consent letter: a real PDF with the applicant's and the guardian's data, dated today
    const download = page.waitForEvent('download');
    await modal.getByRole('button', { name: /Download/ }).click();
    const letter = await download;
    expect(letter.suggestedFilename()).toBe('Parental Consent.pdf');
    const text = await downloadedText(letter);
    for (const part of ['Maria Weber', 'C7654321', 'Jonas Weber', 'Student', 'X4K7T9RN3', 'Germany', 'Köln'])
      expect(text).toContain(part);
    const today = new Date();
    expect(text).toContain(String(today.getFullYear()));

    // the signed letter uploaded; the modal's Next closes it and keeps the consent locally
    const consentChooser = page.waitForEvent('filechooser');
    await modal.getByRole('button', { name: /Select file/ }).click();
    await (await consentChooser).setFiles(pdf('signed-consent.pdf'));
    await expect(modal.getByRole('listitem').filter({ hasText: 'signed-consent.pdf' })).toBeVisible();
    await expect(modal.getByRole('progressbar')).toHaveCount(0);
    await accessible(page, 'the consent modal filled in', '.ant-modal');
    await modal.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(modal).toBeHidden();
    const consent = JSON.parse((await page.evaluate(() => localStorage.getItem('parentalConsentUpload'))) ?? 'null');
    expect(consent).toMatchObject({ guardianName: 'Maria Weber', guardianPassportNumber: 'C7654321' });

    await button(page, 'Next').click();
    await expect(headline(page, 'Payers')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('totalDeposit'))).toBe('3179.70');
    await expect(page.locator('[data-field="payersMinorFee"]')).toContainText('€20.00');
    await button(page, 'Next').click();
    await expect(headline(page, 'Review your application')).toBeVisible();
    await button(page, 'Next').click();
    await confirmStep(page);
    await expect(page.getByText('Thank you!')).toBeVisible({ timeout: 30_000 });

    const lead = await leadOf(sql, who.email);
    const docs = await sql<{ doc_key: string }>('select doc_key from documents where lead_id = $1 order by id', [
      lead.id,
    ]);
    expect(docs.map((d) => d.doc_key)).toEqual(['passport_non_eu', 'admission_certificate', 'parent_consent']);
    const application = await latestSubmission(sql, FORM);
    expect(application?.data).toMatchObject({
      firstName: 'Jonas',
      isMinor: true,
      minorFee: 20,
      guardianName: 'Maria Weber',
      guardianPassportNumber: 'C7654321',
      totalDeposit: 3179.7,
    });
  });
});

interface Blocking {
  months: number;
  /** The expected total as shown in English, e.g. '€6,150.40'. */
  total: string;
}

/** Blocking details: duration by the slider's keys, the default amount, the eligibility document and its upload. */
async function blockingStep(page: Page, blocking: Blocking): Promise<void> {
  await expect(headline(page, 'Blocking Details')).toBeVisible();
  await expect(field(page, 'Blocked amount per month')).toHaveValue(/992/);
  // the upload is refused before a document type is chosen
  const upload = itemOf(page, 'Upload visa eligibility document');
  const slider = page.getByRole('slider', { name: /Contract duration/ });
  await slider.focus();
  await slider.press('Home');
  for (let m = 1; m < blocking.months; m++) await slider.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuetext', String(blocking.months));
  await choose(page, 'Visa eligibility document', 'Admission certificate');
  const chooser = page.waitForEvent('filechooser');
  await upload.getByRole('button', { name: /Select file/ }).click();
  await (await chooser).setFiles(pdf('admission.pdf'));
  await expectUploaded(page, 'admission.pdf');
  await expect(page.locator('[data-field="totalDeposit"]')).toContainText(blocking.total);
  await accessible(page, 'the blocking step filled in');
  await button(page, 'Next').click();
}

interface PayerEntry {
  firstName: string;
  lastName: string;
  email: string;
  /** A scan for 'ID proof (front)'. */
  idProof?: SampleFile;
}

/** Adds a payer through the sworn-statement dialog. */
async function addPayer(page: Page, payer: PayerEntry): Promise<void> {
  await page.getByRole('button', { name: 'Add payer' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(named('First name')).fill(payer.firstName);
  await dialog.getByLabel(named('Last name')).fill(payer.lastName);
  await dialog.getByLabel(named('Email')).fill(payer.email);
  if (payer.idProof) {
    const chooser = page.waitForEvent('filechooser');
    await dialog
      .locator('.ant-form-item')
      .filter({ hasText: 'ID proof (front)' })
      .last()
      .getByRole('button', { name: /Select file/ })
      .click();
    await (await chooser).setFiles(payer.idProof);
    await expect(dialog.getByRole('listitem').filter({ hasText: payer.idProof.name })).toBeVisible();
    await expect(dialog.getByRole('progressbar')).toHaveCount(0);
    await accessible(page, 'the payer dialog filled in', '.ant-modal');
  }
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  // names are capitalised as typed, as in the step's own fields
  const first = payer.firstName.charAt(0).toUpperCase() + payer.firstName.slice(1);
  await expect(page.locator('[data-field="payers"]')).toContainText(`${first} ${payer.lastName}`);
}
