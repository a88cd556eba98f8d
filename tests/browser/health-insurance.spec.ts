/**
 * The 9-step statutory health-insurance booking (spec 001 §2, §3, §4, §5, §7 call 7), filled in Chromium as a
 * person would: by labels, roles and visible texts. The server is the real one; the stored submission is read
 * back from its database.
 */
import type { Locator, Page } from '@playwright/test';
import { JPEG, PDF } from '../unit/server/files/samples.js';
import { expect, expectAccessible, latestSubmission, test } from './fixtures.js';

const FORM = 'health-insurance-booking';
const STORAGE_KEY = 'HEALTH_INSURANCE_BOOKING';

const HEADLINES = [
  'Tell us about yourself',
  'Your address in Germany',
  'How can we reach you?',
  'When should your insurance start?',
  'Your studies or training in Germany',
  'Your family status',
  'Upload your admission document',
  'Upload your passport photo',
  'How would you like to pay?',
] as const;

// the spec's exact English texts (§5, §8) and the catalogue's texts for rules the spec names without wording
const REQUIRED = 'This field is required!';
const INVALID = 'The data is invalid!';
const WHOLE_NUMBER = 'Please enter a whole number (no decimals or commas)';
const UPLOAD_TYPE = 'You can only upload .jpg, .png, .gif, .pdf file!';
const UPLOAD_SIZE = 'File size must be smaller than 5MB!';
const MISMATCH = 'The entries do not match';
const NOT_IN_FUTURE = 'The date cannot be in the future';

type Profession = 'Student' | 'Vocational Trainee';

/**
 * A field's accessible name: its label text, after antd's required mark (a CSS '*', which Chromium counts
 * into the name) when the field is required.
 */
function named(label: string): RegExp {
  return new RegExp(`^(\\* )?${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** The input, select or picker labelled `label`. */
function field(page: Page, label: string): Locator {
  return page.getByLabel(named(label));
}

async function open(page: Page, server: string): Promise<void> {
  await page.goto(`${server}/forms/${FORM}`);
  await expectStep(page, 0);
}

async function expectStep(page: Page, index: number): Promise<void> {
  await expect(page.getByRole('heading', { level: 2, name: HEADLINES[index] })).toBeVisible();
}

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
const previous = (page: Page) => page.getByRole('button', { name: 'Previous', exact: true });

async function goNext(page: Page, to: number): Promise<void> {
  await next(page).click();
  await expectStep(page, to);
}

/**
 * The message under a field, as a screen reader hears it: every input, select, picker, radio group and upload
 * button points at its field's messages with aria-describedby.
 */
async function expectMessage(control: Locator, text: string): Promise<void> {
  await expect(control).toHaveAccessibleDescription(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

/**
 * Waits for antd's finite animations and transitions (a dialog zooming in, a button turning enabled), so axe
 * measures the final colours rather than a blend.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
}

/** axe on the settled page. */
async function checkAccessible(page: Page, where: string): Promise<void> {
  await settled(page);
  await expectAccessible(page, where);
}

const radioGroup = (page: Page, label: string | RegExp) => page.getByRole('radiogroup', { name: label });
const combobox = (page: Page, label: string) => page.getByRole('combobox', { name: named(label) });

/** Ticks the radio `option` of the radio group labelled `group`. */
async function pick(page: Page, group: string | RegExp, option: string): Promise<void> {
  const radio = radioGroup(page, group).getByRole('radio', { name: option, exact: true });
  await radio.check();
  await expect(radio).toBeChecked();
}

/**
 * Picks `option` in the select labelled `label`: the platform's own (a plain select) by the option's label, antd's
 * (a searchable one) by a click into its list after typing `search` when given.
 */
async function choose(page: Page, label: string, option: string, search?: string): Promise<void> {
  const box = combobox(page, label);
  if (await box.evaluate((el) => el instanceof HTMLSelectElement)) {
    await box.selectOption({ label: option });
    await expect(box.locator('option:checked')).toHaveText(option);
    return;
  }
  await box.click();
  if (search) await box.pressSequentially(search);
  // antd's list items carry no role (its role=option copies for screen readers are 0×0 and hold only the
  // active item and its neighbours): the visible item is found by its title (the option's label), inside the
  // popup that holds the listbox the combobox controls
  const list = await box.getAttribute('aria-controls');
  const popup = page.locator(`[id="${list}"]`).locator('xpath=..');
  await popup.getByTitle(option, { exact: true }).click();
  // the chosen option's label is shown (with its title) right around the combobox's input
  await expect(box.locator('xpath=..')).toHaveAttribute('title', option);
}

/** Types a date as DD/MM/YYYY into the picker labelled `label` and confirms it with Enter. */
async function typeDate(page: Page, label: string, ddmmyyyy: string): Promise<void> {
  const input = field(page, label);
  await input.click();
  await input.fill(ddmmyyyy);
  await input.press('Enter');
  await expect(input).toHaveValue(ddmmyyyy);
}

/** Chooses a file through the field's Upload button, as a person does with the file dialog. */
async function uploadFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Select file/ }).click();
  await (await chooser).setFiles(file);
}

interface SignedUpload {
  /** The generated name asked for in call 1 (`file`), and its MIME type (`fileType`). */
  file: string;
  fileType: string;
  /** Where call 2 posted the file, and the storage's answer. */
  url: string;
  status: number;
}

/** Chooses a file and follows the signed-upload contract (spec §7 calls 1 and 2) it sets off. */
async function uploadSigned(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<SignedUpload> {
  const policy = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/upload-file');
  const post = page.waitForResponse((r) => r.request().method() === 'POST');
  await uploadFile(page, file);
  const asked = new URL((await policy).url()).searchParams;
  const target = (await (await policy).json()) as { url: string; fields: Record<string, string> };
  const stored = await post;
  expect(new URL(stored.url()).pathname).toBe(new URL(target.url, stored.url()).pathname);
  return {
    file: asked.get('file') ?? '',
    fileType: asked.get('fileType') ?? '',
    url: stored.url(),
    status: stored.status(),
  };
}

/** The file is listed and its upload (signed policy, then the post to storage) has finished. */
async function expectUploaded(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(next(page).or(done(page))).toBeEnabled();
}

const done = (page: Page) => page.getByRole('button', { name: 'Done', exact: true });

async function fillPersonalDetails(page: Page, profession: Profession, except: string[] = []): Promise<void> {
  const steps: Array<[string, () => Promise<void>]> = [
    ['Profession', () => pick(page, 'Profession', profession)],
    ['Title', () => choose(page, 'Title', 'Ms.')],
    ['First name', () => field(page, 'First name').fill('  Ana  ')],
    ['Last name', () => field(page, 'Last name').fill('Silva')],
    ['Maiden name', () => field(page, 'Maiden name').fill('Costa')],
    ['Nationality', () => choose(page, 'Nationality', 'Brazil', 'Braz')],
    ['Date of birth', () => typeDate(page, 'Date of birth', '15/03/2001')],
    ['City of birth', () => field(page, 'City of birth').fill('Recife')],
    ['Country of birth', () => choose(page, 'Country of birth', 'Brazil', 'bra')],
    ['Passport number', () => field(page, 'Passport number').fill('fx123456')],
    ['Confirm passport number', () => field(page, 'Confirm passport number').fill('FX123456')],
  ];
  for (const [label, fill] of steps) if (!except.includes(label)) await fill();
}

async function fillAddress(page: Page): Promise<void> {
  await field(page, 'Street and house number').fill('Karl-Marx-Allee 1');
  await field(page, 'Additional address information').fill('c/o Müller');
  await field(page, 'Postal code').fill('10178');
  await field(page, 'City').fill('Berlin');
  await field(page, 'District').fill('Mitte');
  // the country is Germany by default and the only choice
  await expect(combobox(page, 'Country').locator('xpath=..')).toHaveAttribute('title', 'Germany');
}

async function fillContact(page: Page): Promise<void> {
  await choose(page, 'Country code', 'Brazil (+55)', '55');
  await field(page, 'Phone number').fill('81987654321');
  await field(page, 'Email').fill('ana.silva@example.org');
  await field(page, 'Confirm email').fill('ana.silva@example.org');
}

async function fillInsuranceStart(page: Page): Promise<void> {
  await typeDate(page, 'Start date of insurance cover', '01/10/2026');
  await pick(page, 'Where were you last health insured?', 'Germany');
  await field(page, 'Previous health insurance provider').fill('  TK  ');
  await pick(page, /exempted from the statutory student/, 'No');
  await pick(page, /entitled to coverage/, 'No');
}

async function fillStudies(page: Page): Promise<void> {
  await pick(page, 'Start semester', 'Winter semester (01.10)');
  await field(page, 'Start year').fill('2026');
  await choose(page, 'Source of income', 'Employment');
  await field(page, 'Working hours per week').fill('20');
  await field(page, 'Monthly gross income').fill('1200');
  await field(page, 'Name of the university').fill('  Technische Universität Berlin ');
  await field(page, 'Street and house number').fill('Straße des 17. Juni 135');
  await field(page, 'Postal code').fill('10623');
  await field(page, 'City').fill('Berlin');
}

async function fillFamily(page: Page): Promise<void> {
  await choose(page, 'Marital status', 'Single');
  await expect(radioGroup(page, /insured free of charge/)).toHaveCount(0);
  await pick(page, 'Do you have a spouse or children?', 'Yes');
  // the family-insurance question appears only with a spouse or children
  await pick(page, /insured free of charge/, 'No');
}

test.describe('statutory health-insurance booking', () => {
  test('a student fills every step, uploads a PDF and a JPEG, agrees and books', async ({ page, server, sql }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (e) => pageErrors.push(e.message));
    await open(page, server);
    // Previous is hidden on step 1
    await expect(previous(page)).toHaveCount(0);
    await checkAccessible(page, 'step 1');
    await fillPersonalDetails(page, 'Student');
    await goNext(page, 1);

    await checkAccessible(page, 'step 2');
    await fillAddress(page);
    await goNext(page, 2);

    await checkAccessible(page, 'step 3');
    await fillContact(page);
    await goNext(page, 3);

    await checkAccessible(page, 'step 4');
    await fillInsuranceStart(page);
    await goNext(page, 4);

    // students are asked for their semester and name their university
    await expect(page.getByRole('heading', { name: 'Start of your studies' })).toBeVisible();
    await expect(page.getByText('Enter the university in Germany where you are or will be enrolled.')).toBeVisible();
    await expect(field(page, 'Name of the university')).toBeVisible();
    await checkAccessible(page, 'step 5');
    await fillStudies(page);
    await goNext(page, 5);

    await checkAccessible(page, 'step 6');
    await fillFamily(page);
    await goNext(page, 6);

    await checkAccessible(page, 'step 7');
    await pick(page, 'Document type', 'Admission Certificate');
    const pdf = await uploadSigned(page, { name: 'admission letter.pdf', mimeType: 'application/pdf', buffer: PDF });
    expect(pdf).toMatchObject({
      fileType: 'application/pdf',
      file: expect.stringMatching(/^admissionDocumentUpload_[\w-]+\.pdf$/),
    });
    expect(pdf.status).toBeLessThan(300);
    await expectUploaded(page, 'admission letter.pdf');
    await checkAccessible(page, 'step 7 with a file');
    await goNext(page, 7);

    await checkAccessible(page, 'step 8');
    const jpeg = await uploadSigned(page, { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    expect(jpeg).toMatchObject({
      fileType: 'image/jpeg',
      file: expect.stringMatching(/^passportPhotoUpload_[\w-]+\.jpg$/),
    });
    expect(jpeg.status).toBeLessThan(300);
    await expectUploaded(page, 'photo.jpg');
    await goNext(page, 8);

    await checkAccessible(page, 'step 9');
    await pick(page, 'Payment method', 'SEPA monthly direct debit');
    const terms = page.getByRole('checkbox', { name: 'I accept the Terms & Conditions.' });
    const privacy = page.getByRole('checkbox', {
      name: 'I have read the Privacy Policy and agree to the processing of my data.',
    });
    await expect(page.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms-conditions/');
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy/');
    // Done waits for both agreements
    await expect(done(page)).toBeDisabled();
    await terms.check();
    await expect(done(page)).toBeDisabled();
    await privacy.check();
    await expect(done(page)).toBeEnabled();
    await done(page).click();

    await expect(page.getByText('Thank you!')).toBeVisible();
    const idText = await page.getByText(/Your deal id: \d+/).textContent();
    const dealId = /Your deal id: (\d+)/.exec(idText ?? '')?.[1];
    await expect(page.getByRole('link', { name: 'Go to homepage' })).toHaveAttribute('href', '/');
    await checkAccessible(page, 'thank-you screen');
    // the draft is cleared on success
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();

    const stored = await latestSubmission(sql, FORM);
    expect(stored).toBeDefined();
    expect(String(stored?.id)).toBe(dealId);
    const data = stored?.data ?? {};
    expect(data).toMatchObject({
      profession: 'Student',
      title: 'Ms.',
      firstName: 'Ana',
      lastName: 'Silva',
      maidenName: 'Costa',
      nationality: 'BR',
      dateOfBirth: '2001-03-15',
      cityOfBirth: 'Recife',
      countryOfBirth: 'BR',
      passportNumber: 'FX123456',
      address: 'Karl-Marx-Allee 1',
      additionalAddressInfo: 'c/o Müller',
      postalCode: '10178',
      city: 'Berlin',
      district: 'Mitte',
      country: 'DE',
      phoneCountryCode: '+55',
      phoneNumber: '81987654321',
      email: 'ana.silva@example.org',
      startDateOfInsuranceCover: '2026-10-01',
      lastHealthInsured: 'Germany',
      previousHealthInsuranceProvider: 'TK',
      exemptedStudentInsuranceObligations: 'no',
      entitledToCoverage: 'no',
      startSemester: 'winter',
      startYear: 2026,
      sourceOfIncome: 'Employment',
      workingHoursPerWeek: 20,
      monthlyGrossIncome: 1200,
      universityOrCompanyInGermany: 'Technische Universität Berlin',
      universityOrCompanyPostalCode: '10623',
      maritalStatus: 'Single',
      haveSpouseOrChildren: 'yes',
      freeInsuranceForDependants: 'no',
      admissionDocumentType: 'Admission Certificate',
      insurancePaymentMethod: 'sepa_monthly_direct_debit',
    });
    // neither the confirm fields nor the two consent flags are sent
    for (const left of [
      'confirmEmail',
      'confirmPassportNumber',
      'termsAndConditions',
      'dataProtectionAndPrivacyPolicy',
    ])
      expect(data).not.toHaveProperty(left);
    // uploads are sent as the stored file names '{field}_{unique id}.{ext}'
    const names = (key: string) => (data[key] as Array<{ name: string }>).map((f) => f.name);
    expect(names('admissionDocumentUpload')).toEqual([pdf.file]);
    expect(names('passportPhotoUpload')).toEqual([jpeg.file]);
    // the server holds both files, with the types it read from their bytes
    const files = await sql<{ key: string; content_type: string; size: number }>(
      'select key, content_type, size from uploads where key = any($1) order by key',
      [[`uploads/${pdf.file}`, `uploads/${jpeg.file}`]],
    );
    expect(files.map((f) => [f.key, f.content_type, Number(f.size)])).toEqual([
      [`uploads/${pdf.file}`, 'application/pdf', PDF.length],
      [`uploads/${jpeg.file}`, 'image/jpeg', JPEG.length],
    ]);
    expect(pageErrors).toEqual([]);
  });

  test('a vocational trainee names the training company and is not asked for a semester', async ({ page, server }) => {
    await open(page, server);
    await fillPersonalDetails(page, 'Vocational Trainee');
    await goNext(page, 1);
    await fillAddress(page);
    await goNext(page, 2);
    await fillContact(page);
    await goNext(page, 3);
    await fillInsuranceStart(page);
    await goNext(page, 4);

    await expect(page.getByText('Enter the company in Germany where you do your vocational training.')).toBeVisible();
    await expect(page.getByText('Enter the university in Germany where you are or will be enrolled.')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Start of your studies' })).toHaveCount(0);
    await expect(radioGroup(page, 'Start semester')).toHaveCount(0);
    await expect(field(page, 'Start year')).toHaveCount(0);
    await expect(field(page, 'Name of the university')).toHaveCount(0);
    await expect(field(page, 'Name of the training company')).toBeVisible();
    await checkAccessible(page, 'step 5 (vocational trainee)');

    // no semester is required of a trainee; with no income, hours and income are not asked for either
    await choose(page, 'Source of income', 'None');
    await field(page, 'Name of the training company').fill('Siemens AG');
    await field(page, 'Street and house number').fill('Werner-von-Siemens-Straße 1');
    await field(page, 'Postal code').fill('80333');
    await field(page, 'City').fill('München');
    await goNext(page, 5);

    // back on step 1 as a student, step 5 asks for the semester and the university
    for (const to of [4, 3, 2, 1, 0]) {
      await previous(page).click();
      await expectStep(page, to);
    }
    await pick(page, 'Profession', 'Student');
    for (const to of [1, 2, 3, 4]) await goNext(page, to);
    await expect(radioGroup(page, 'Start semester')).toBeVisible();
    await expect(field(page, 'Name of the university')).toHaveValue('Siemens AG');
    await next(page).click();
    await expectMessage(radioGroup(page, 'Start semester'), REQUIRED);
    await expectMessage(field(page, 'Start year'), REQUIRED);
  });

  test("shows the spec's messages for each rule of the booking", async ({ page, server }) => {
    await open(page, server);

    // step 1: every required field says so
    await next(page).click();
    await expectMessage(radioGroup(page, 'Profession'), REQUIRED);
    for (const label of ['Title', 'Nationality', 'Country of birth'])
      await expectMessage(combobox(page, label), REQUIRED);
    for (const label of ['First name', 'Last name', 'Date of birth', 'City of birth', 'Passport number'])
      await expectMessage(field(page, label), REQUIRED);
    await expect(page.getByText(REQUIRED, { exact: true })).toHaveCount(10);
    await expect(page.getByText(REQUIRED, { exact: true }).first()).toBeVisible();
    await checkAccessible(page, 'step 1 with messages');

    // passports that differ, and a birthday in the future
    await fillPersonalDetails(page, 'Student');
    await field(page, 'Confirm passport number').fill('FX654321');
    const nextYear = new Date().getFullYear() + 1;
    await typeDate(page, 'Date of birth', `01/01/${nextYear}`);
    await next(page).click();
    await expectMessage(field(page, 'Confirm passport number'), MISMATCH);
    await expectMessage(field(page, 'Date of birth'), NOT_IN_FUTURE);
    await expectStep(page, 0);
    // mended, the messages go and Next moves on
    await field(page, 'Confirm passport number').fill('fx123456');
    await typeDate(page, 'Date of birth', '15/03/2001');
    await goNext(page, 1);

    // step 2: a German postal code has five digits
    await fillAddress(page);
    await field(page, 'Postal code').fill('1017');
    await next(page).click();
    await expectMessage(field(page, 'Postal code'), 'Invalid zip code!');
    await field(page, 'Postal code').fill('10178');
    await goNext(page, 2);

    // step 3: e-mail format, confirm e-mail, digits only in the phone number
    await fillContact(page);
    await field(page, 'Email').fill('ana.silva@');
    await field(page, 'Confirm email').fill('ana@example.org');
    // what is typed stays as typed, refused with the message (issue 15), never stripped to digits
    await field(page, 'Phone number').fill('0151 234-56a7');
    await expect(field(page, 'Phone number')).toHaveValue('0151 234-56a7');
    await next(page).click();
    await expectMessage(field(page, 'Email'), INVALID);
    await expectMessage(field(page, 'Confirm email'), MISMATCH);
    await expectMessage(field(page, 'Phone number'), 'Please enter digits only');
    await field(page, 'Phone number').fill('0151234567');
    await field(page, 'Email').fill('ana@example.org');
    await goNext(page, 3);

    // step 4: the previous insurer is required after 'Germany'
    await fillInsuranceStart(page);
    await field(page, 'Previous health insurance provider').fill('');
    await next(page).click();
    await expectMessage(field(page, 'Previous health insurance provider'), REQUIRED);
    await pick(page, 'Where were you last health insured?', 'Abroad');
    await goNext(page, 4);

    // step 5: hours and income are whole, non-negative numbers
    await fillStudies(page);
    await field(page, 'Working hours per week').fill('12.5');
    await field(page, 'Monthly gross income').fill('-300');
    await next(page).click();
    await expectMessage(field(page, 'Working hours per week'), WHOLE_NUMBER);
    await expectMessage(field(page, 'Monthly gross income'), WHOLE_NUMBER);
    await field(page, 'Working hours per week').fill('-2');
    await field(page, 'Monthly gross income').fill('1200.50');
    await next(page).click();
    await expectMessage(field(page, 'Working hours per week'), WHOLE_NUMBER);
    await expectMessage(field(page, 'Monthly gross income'), WHOLE_NUMBER);
    await checkAccessible(page, 'step 5 with messages');
    await field(page, 'Working hours per week').fill('12');
    await field(page, 'Monthly gross income').fill('1200');
    await goNext(page, 5);

    await fillFamily(page);
    await goNext(page, 6);

    // step 7: a document is required; a wrong type and a file over 5 MB are refused before any upload
    await next(page).click();
    await expectMessage(radioGroup(page, 'Document type'), REQUIRED);
    await expectMessage(page.getByRole('button', { name: /Select file/ }), REQUIRED);
    await uploadFile(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a document') });
    await expect(page.getByRole('alert').filter({ hasText: UPLOAD_TYPE })).toHaveText(UPLOAD_TYPE);
    const tooBig = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 + 1 - PDF.length)]);
    await uploadFile(page, { name: 'scan.pdf', mimeType: 'application/pdf', buffer: tooBig });
    await expect(page.getByRole('alert').filter({ hasText: UPLOAD_SIZE })).toHaveText(UPLOAD_SIZE);
    await expect(page.getByRole('listitem')).toHaveCount(0);
    await checkAccessible(page, 'step 7 with messages');
    // exactly 5 MB is still accepted
    const limit = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 - PDF.length)]);
    await uploadFile(page, { name: 'scan.pdf', mimeType: 'application/pdf', buffer: limit });
    await expectUploaded(page, 'scan.pdf');
    await expect(page.getByRole('alert').filter({ hasText: UPLOAD_SIZE })).toHaveCount(0);
    await pick(page, 'Document type', 'Visa Application');
    await goNext(page, 7);

    await next(page).click();
    await expectMessage(page.getByRole('button', { name: /Select file/ }), REQUIRED);
    // the storage refuses the post (call 2): the file shows as failed, with the spec's toast, and can be removed
    await page.route(
      (url) => url.pathname !== '/api/upload-file',
      (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 503 }) : route.fallback()),
    );
    await uploadFile(page, { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await expect(page.getByText('photo.jpg upload failed.', { exact: true })).toBeVisible();
    const failed = page.getByRole('listitem').filter({ hasText: 'photo.jpg' });
    await expect(failed.getByRole('progressbar')).toBeVisible();
    await page.unrouteAll();
    await next(page).click();
    await expectStep(page, 7);
    await failed.getByRole('button', { name: 'Remove photo.jpg' }).click();
    await expect(page.getByRole('listitem')).toHaveCount(0);
    await uploadFile(page, { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await expectUploaded(page, 'photo.jpg');
    await goNext(page, 8);

    // step 9: Done waits for both agreements; the payment method is required
    await expect(done(page)).toBeDisabled();
    await page.getByRole('checkbox', { name: /Terms & Conditions/ }).check();
    await page.getByRole('checkbox', { name: /Privacy Policy/ }).check();
    await done(page).click();
    await expectMessage(radioGroup(page, 'Payment method'), REQUIRED);
    await expectStep(page, 8);
  });

  test("resumes a draft after a reload with 'Yes', and starts over with 'No, thanks!'", async ({ page, server }) => {
    await open(page, server);
    await fillPersonalDetails(page, 'Student');
    await goNext(page, 1);
    await fillAddress(page);
    await goNext(page, 2);
    await fillContact(page);
    await goNext(page, 3);

    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'You have an in-progress booking!' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Do you want to continue to complete it?')).toBeVisible();
    await checkAccessible(page, 'resume dialog');
    await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expectStep(page, 3);
    await previous(page).click();
    await expectStep(page, 2);
    await expect(field(page, 'Email')).toHaveValue('ana.silva@example.org');
    await expect(field(page, 'Phone number')).toHaveValue('81987654321');
    await expect(combobox(page, 'Country code').locator('xpath=..')).toHaveAttribute('title', 'Brazil (+55)');
    await previous(page).click();
    await previous(page).click();
    await expectStep(page, 0);
    // the draft holds what was typed; the payload trims it
    await expect(field(page, 'First name')).toHaveValue('  Ana  ');
    await expect(field(page, 'Last name')).toHaveValue('Silva');
    await expect(radioGroup(page, 'Profession').getByRole('radio', { name: 'Student' })).toBeChecked();
    await expect(field(page, 'Date of birth')).toHaveValue('15/03/2001');
    await expect(combobox(page, 'Nationality').locator('xpath=..')).toHaveAttribute('title', 'Brazil');

    await page.reload();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'No, thanks!' }).click();
    await expect(dialog).toBeHidden();
    await expectStep(page, 0);
    await expect(field(page, 'First name')).toHaveValue('');
    await expect(radioGroup(page, 'Profession').getByRole('radio', { name: 'Student' })).not.toBeChecked();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
    await page.reload();
    await expectStep(page, 0);
    await expect(dialog).toHaveCount(0);
  });

  test('a failing Next scrolls to the first failing field and focuses it', async ({ page, server }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await open(page, server);
    const toBottom = () => page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight }));

    // nothing filled: the first radio of the profession, the topmost field
    await next(page).click();
    await expect(radioGroup(page, 'Profession').getByRole('radio', { name: 'Student' })).toBeFocused();

    // the nationality, a select half-way down, is the only one missing
    await fillPersonalDetails(page, 'Student', ['Nationality']);
    await toBottom();
    await next(page).click();
    await expect(combobox(page, 'Nationality')).toBeFocused();
    await expect(combobox(page, 'Nationality')).toBeInViewport();

    // a wrong date above a missing passport number: the date, the topmost failing field, comes first
    await choose(page, 'Nationality', 'Brazil', 'Braz');
    await typeDate(page, 'Date of birth', `01/01/${new Date().getFullYear() + 1}`);
    await field(page, 'Passport number').fill('');
    await field(page, 'Confirm passport number').fill('');
    await toBottom();
    await next(page).click();
    await expect(field(page, 'Date of birth')).toBeFocused();
    await expect(field(page, 'Date of birth')).toBeInViewport();

    // only the passport numbers at the bottom are left
    await page.keyboard.press('Escape');
    await typeDate(page, 'Date of birth', '15/03/2001');
    await page.evaluate(() => window.scrollTo({ top: 0 }));
    await next(page).click();
    await expect(field(page, 'Passport number')).toBeFocused();
    await expect(field(page, 'Passport number')).toBeInViewport();

    // on the upload step, the document type (radios) comes before the upload
    await field(page, 'Passport number').fill('FX123456');
    await field(page, 'Confirm passport number').fill('FX123456');
    await goNext(page, 1);
    await fillAddress(page);
    await goNext(page, 2);
    await fillContact(page);
    await goNext(page, 3);
    await fillInsuranceStart(page);
    await goNext(page, 4);
    await fillStudies(page);
    await goNext(page, 5);
    await fillFamily(page);
    await goNext(page, 6);
    await pick(page, 'Document type', 'Visa Application');
    await next(page).click();
    await expect(page.getByRole('button', { name: /Select file/ })).toBeFocused();
  });
});
