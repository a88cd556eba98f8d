/**
 * The CMS booking v1 example (schemas/booking-v1/booking-v1.cms.json; spec 001 §2 generic booking, §3 booking v1
 * payload, §4, §5, §7 call 5, §8): every v1 field type (Dropdown, Text, Email, DatePicker, Radio, SwitchSlider,
 * Currency, Upload, Checkbox) and one the product does not know, shown as a warning while the rest works. Filled
 * as a person would; the body sent to POST /api/bookings/create and the stored submission are read back.
 */
import type { Page } from '@playwright/test';
import { PDF } from '../unit/server/files/samples.js';
import {
  accessible,
  button,
  choose,
  chooseFile,
  dateIn,
  expectMessage,
  expectUploaded,
  field,
  headline,
  INVALID,
  pick,
  REQUIRED,
  RESUME_TEXT,
  RESUME_TITLE,
  typeDate,
  UPLOAD_SIZE,
  UPLOAD_TYPE,
} from './filling.js';
import { expect, latestSubmission, test } from './fixtures.js';

const FORM = 'student-job-booking';
const ENDPOINT = '**/api/bookings/create';
const STORAGE_KEY = 'BOOKING_V1_Student-Job-Booking';
const STEPS = ['Your personal details', 'Your situation', 'Your order'];

type Chunk = { chunkId: string; fields: Array<{ fieldName: string; type: string; value: unknown }> };
type Booking = { id: string; customerData: Chunk[]; orderData: Chunk[] };

/** The `value` of every field of the sent booking, by field name. */
function valuesOf(body: Booking[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const chunk of [...body[0].customerData, ...body[0].orderData])
    for (const f of chunk.fields) out[f.fieldName] = f.value;
  return out;
}

async function expectStep(page: Page, index: number): Promise<void> {
  await expect(headline(page, STEPS[index])).toBeVisible();
}

test.describe('booking v1 from the content service', () => {
  test('covers every field type, resumes a draft, uploads a file and books', async ({ page, server, sql }) => {
    const birth = dateIn(-365 * 22);
    const arrival = dateIn(30);
    await page.goto(`${server}/forms/${FORM}`);
    await expectStep(page, 0);
    await expect(page.getByText('Tell us who you are.')).toBeVisible();
    await accessible(page, 'step 1');

    // step 1: Dropdown, Text and Email with the CMS regexes, DatePicker
    await button(page, 'Next').click();
    for (const label of ['Salutation', 'First name', 'E-mail', 'Date of birth'])
      await expectMessage(page, label, REQUIRED);
    await expectMessage(page, 'Arrival date', '');
    await accessible(page, 'step 1 with its required messages');
    await field(page, 'First name').fill('Jane 2');
    await field(page, 'E-mail').fill('jane@elsewhere.org');
    await button(page, 'Next').click();
    await expectMessage(page, 'First name', INVALID);
    await expectMessage(page, 'E-mail', INVALID);

    await choose(page, 'Salutation', 'Ms.');
    await field(page, 'First name').fill('Jane Doe');
    await field(page, 'E-mail').fill('jane@example.com');
    await expect(field(page, 'Date of birth')).toHaveAttribute('placeholder', 'Select date');
    await typeDate(page, 'Date of birth', birth.ddmmyyyy);
    await typeDate(page, 'Arrival date', arrival.ddmmyyyy);
    await button(page, 'Next').click();
    await expectStep(page, 1);

    // the draft: a reload offers to continue; Yes restores the step and the values
    const draft = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
    expect(JSON.parse(draft ?? '{}')).toMatchObject({ currentStep: 1, data: { firstName: 'Jane Doe' } });
    await page.reload();
    const dialog = page.getByRole('dialog', { name: RESUME_TITLE });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(RESUME_TEXT)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'No, thanks!' })).toBeVisible();
    await accessible(page, 'the resume dialog');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expectStep(page, 1);
    await button(page, 'Previous').click();
    await expectStep(page, 0);
    await expect(field(page, 'First name')).toHaveValue('Jane Doe');
    await expect(field(page, 'Date of birth')).toHaveValue(birth.ddmmyyyy);
    await button(page, 'Next').click();

    // step 2: Radio, SwitchSlider, and a type the product does not know: a warning, and the step still works
    await expectStep(page, 1);
    await expect(page.getByText('Field type Signature is not implemented!')).toBeVisible();
    await accessible(page, 'step 2');
    await pick(page, 'Status', 'Trainee');
    await page.getByRole('switch', { name: 'I already have a job' }).click();
    await expect(page.getByRole('switch', { name: 'I already have a job' })).toBeChecked();
    await button(page, 'Next').click();

    // step 3: Currency, Upload (wrong type and size refused, then a real PDF), Checkbox
    await expectStep(page, 2);
    await expect(page.getByText('Almost done.')).toBeVisible();
    await expect(page.getByText('€')).toBeVisible();
    await button(page, 'Done').click();
    for (const label of ['Monthly budget', 'I accept the terms']) await expectMessage(page, label, REQUIRED);
    await expect(page.getByText(REQUIRED)).toHaveCount(3);
    await accessible(page, 'step 3 with its required messages');

    await field(page, 'Monthly budget').fill('850');
    await chooseFile(page, 'Passport copy', {
      name: 'passport.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hi'),
    });
    await expect(page.getByRole('alert').filter({ hasText: UPLOAD_TYPE })).toBeVisible();
    const big = Buffer.concat([PDF, Buffer.alloc(5_100_000)]);
    await chooseFile(page, 'Passport copy', { name: 'huge.pdf', mimeType: 'application/pdf', buffer: big });
    await expect(page.getByRole('alert').filter({ hasText: UPLOAD_SIZE })).toBeVisible();
    await chooseFile(page, 'Passport copy', { name: 'jane-passport.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expectUploaded(page, 'jane-passport.pdf');
    await page.getByRole('checkbox', { name: 'I accept the terms' }).check();
    await accessible(page, 'step 3 filled in');

    // failure: the server refuses what it receives (here the terms, taken out on the way); its title is shown
    await page.route(ENDPOINT, async (route) => {
      const body = route.request().postDataJSON() as Booking[];
      body[0].orderData[0].fields[2].value = false;
      await route.continue({ postData: JSON.stringify(body) });
    });
    await button(page, 'Done').click();
    await expect(page.getByRole('alert').filter({ hasText: REQUIRED })).toBeVisible();
    await expectStep(page, 2);
    await page.unroute(ENDPOINT);

    const request = page.waitForRequest((r) => r.url().endsWith('/api/bookings/create'));
    await button(page, 'Done').click();
    const sent = (await request).postDataJSON() as Booking[];
    // the booking as the content service delivered it, each field's value filled in
    expect(sent).toHaveLength(1);
    expect(sent[0].id).toBe('Student-Job-Booking');
    expect(sent[0].customerData.map((c) => c.chunkId)).toEqual(['Personal Details', 'Situation']);
    const values = valuesOf(sent);
    expect(values).toMatchObject({
      salutation: 'ms',
      firstName: 'Jane Doe',
      email: 'jane@example.com',
      dateOfBirth: birth.iso,
      arrivalDate: arrival.iso,
      status: 'trainee',
      hasJob: true,
      budget: 850,
      terms: true,
    });
    expect(values.passport).toEqual([expect.stringMatching(/^passport_[\w-]+\.pdf$/)]);
    // the unknown field keeps the value the content service gave it
    expect(values.signature).toBeNull();

    await expect(page.getByText('Thank you!', { exact: true })).toBeVisible();
    const stored = await latestSubmission(sql, FORM);
    await expect(page.getByText(`Your booking id: ${stored?.id}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await accessible(page, 'the thank-you page');
    expect(stored?.kind).toBe('booking-v1');
    expect(stored?.data).toMatchObject({ firstName: 'Jane Doe', dateOfBirth: birth.iso, budget: 850, terms: true });
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
  });

  test("'No, thanks!' deletes the draft and starts afresh", async ({ page, server }) => {
    await page.goto(`${server}/forms/${FORM}`);
    await page.evaluate(
      (key) => localStorage.setItem(key, JSON.stringify({ currentStep: 1, data: { firstName: 'Old' } })),
      STORAGE_KEY,
    );
    await page.reload();
    await page.getByRole('dialog', { name: RESUME_TITLE }).getByRole('button', { name: 'No, thanks!' }).click();
    await expectStep(page, 0);
    await expect(field(page, 'First name')).toHaveValue('');
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
  });
});
