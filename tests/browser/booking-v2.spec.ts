/**
 * The CMS booking v2 example (schemas/booking-v2/booking-v2.cms.json; spec 001 §2 generic booking, §3 booking v2,
 * §4, §5, §7 call 6, §8): every v2 kind (Text, Address, Numeric, Selection as dropdown, radio and slider,
 * DatePicker, Currency, Upload, Checkbox) and one the product does not know, shown as a warning while the rest
 * works. The booking is sent with its steps and dates as DD.MM.YYYY; the stored submission is read back.
 */
import type { Page } from '@playwright/test';
import { JPEG } from '../unit/server/files/samples.js';
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
  RESUME_TITLE,
  typeDate,
  UPLOAD_TYPE,
} from './filling.js';
import { expect, latestSubmission, test } from './fixtures.js';

const FORM = 'apartment-booking-2026';
const ENDPOINT = '**/api/v2/bookings/create';
const STORAGE_KEY = 'BOOKING_V2_apartment-booking-2026';
const STEPS = ['About you', 'Your stay', 'Payment'];

type SentBooking = {
  id: string;
  name: string;
  steps: Array<{ headline: string; fields: Array<{ internalIdentifier: string; value: unknown }> }>;
};

async function expectStep(page: Page, index: number): Promise<void> {
  await expect(headline(page, STEPS[index])).toBeVisible();
}

test.describe('booking v2 from the content service', () => {
  test('covers every kind, resumes a draft, uploads a file and books with DD.MM.YYYY dates', async ({
    page,
    server,
    sql,
  }) => {
    const birth = dateIn(-365 * 25);
    await page.goto(`${server}/forms/${FORM}`);
    await expectStep(page, 0);
    await expect(page.getByText('We need a few details.')).toBeVisible();
    await accessible(page, 'step 1');

    // step 1: Text with the CMS regex, Address (the place search), DatePicker, an optional Text
    await button(page, 'Next').click();
    for (const label of ['Full name', 'Home address', 'Birth date']) await expectMessage(page, label, REQUIRED);
    await expectMessage(page, 'Note', '');
    await accessible(page, 'step 1 with its required messages');
    await field(page, 'Full name').fill('Lena 5chmidt');
    await button(page, 'Next').click();
    await expectMessage(page, 'Full name', INVALID);
    await field(page, 'Full name').fill('Lena Schmidt');
    await choose(page, 'Home address', 'Hamburg, Hamburg, Germany', 'Hamburg');
    await typeDate(page, 'Birth date', birth.ddmmyyyy);
    await field(page, 'Note').fill('Late arrival');
    await button(page, 'Next').click();

    // step 2: Numeric, Selection (dropdown with its default, radio, slider), and an unknown kind
    await expectStep(page, 1);
    await expect(page.getByText('Field type FloorPlan is not implemented!')).toBeVisible();
    await expect(page.getByRole('combobox', { name: /Room/ }).locator('option:checked')).toHaveText('Double');
    await accessible(page, 'step 2');
    await button(page, 'Next').click();
    await expectMessage(page, 'Guests', REQUIRED);
    await field(page, 'Guests').fill('2');
    await field(page, 'Floor').fill('-1');
    await choose(page, 'Room', 'Single');
    await pick(page, 'View', 'Garden');
    const comfort = page.getByRole('slider', { name: 'Comfort' });
    await comfort.focus();
    // from 'Not chosen' the first key chooses the first option, the next one moves on
    await comfort.press('ArrowRight');
    await expect(comfort).toHaveAttribute('aria-valuetext', 'Basic');
    await comfort.press('ArrowRight');
    await expect(comfort).toHaveAttribute('aria-valuetext', 'Plus');
    await button(page, 'Next').click();
    await expectStep(page, 2);

    // the draft: a reload offers to continue; Yes restores the step and the values
    await page.reload();
    await page.getByRole('dialog', { name: RESUME_TITLE }).getByRole('button', { name: 'Yes' }).click();
    await expectStep(page, 2);
    await button(page, 'Previous').click();
    await expectStep(page, 1);
    await expect(field(page, 'Guests')).toHaveValue('2');
    await expect(page.getByRole('slider', { name: 'Comfort' })).toHaveAttribute('aria-valuetext', 'Plus');
    await button(page, 'Next').click();

    // step 3: Currency, Upload (a wrong type refused, then a real JPEG), Checkbox
    await expectStep(page, 2);
    await button(page, 'Done').click();
    for (const label of ['Deposit', 'I agree']) await expectMessage(page, label, REQUIRED);
    await expect(page.getByText(REQUIRED)).toHaveCount(3);
    await accessible(page, 'step 3 with its required messages');
    await field(page, 'Deposit').fill('500');
    await chooseFile(page, 'ID copy', { name: 'id.docx', mimeType: 'application/msword', buffer: Buffer.from('doc') });
    await expect(page.getByRole('alert').filter({ hasText: UPLOAD_TYPE })).toBeVisible();
    await chooseFile(page, 'ID copy', { name: 'lena-id.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await expectUploaded(page, 'lena-id.jpg');
    await page.getByRole('checkbox', { name: 'I agree' }).check();
    await accessible(page, 'step 3 filled in');

    // failure: the server refuses a booking whose deposit is not a number; its error title is shown
    await page.route(ENDPOINT, async (route) => {
      const body = route.request().postDataJSON() as SentBooking;
      body.steps[2].fields[0].value = 'five hundred';
      await route.continue({ postData: JSON.stringify(body) });
    });
    await button(page, 'Done').click();
    await expect(page.getByRole('alert').filter({ hasText: INVALID })).toBeVisible();
    await expectStep(page, 2);
    await page.unroute(ENDPOINT);

    const request = page.waitForRequest((r) => r.url().endsWith('/api/v2/bookings/create'));
    await button(page, 'Done').click();
    const sent = (await request).postDataJSON() as SentBooking;
    expect(sent.id).toBe(FORM);
    expect(sent.name).toBe('Apartment booking');
    expect(sent.steps.map((s) => s.headline)).toEqual(STEPS);
    const values = Object.fromEntries(sent.steps.flatMap((s) => s.fields.map((f) => [f.internalIdentifier, f.value])));
    expect(values).toEqual({
      fullName: 'Lena Schmidt',
      homeAddress: 'Hamburg, Hamburg, Germany',
      birthDate: birth.dotted,
      note: 'Late arrival',
      guests: 2,
      nights: null,
      floor: -1,
      room: 'single',
      view: 'garden',
      comfort: '2',
      floorPlan: null,
      deposit: 500,
      idCopy: [expect.stringMatching(/^idCopy_[\w-]+\.jpg$/)],
      agree: true,
    });

    await expect(page.getByText('Thank you!', { exact: true })).toBeVisible();
    const stored = await latestSubmission(sql, FORM);
    await expect(page.getByText(`Your booking id: ${stored?.id}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await accessible(page, 'the thank-you page');
    expect(stored?.kind).toBe('booking-v2');
    // stored as form data: the date back in ISO form, the upload as its file record
    expect(stored?.data).toMatchObject({ fullName: 'Lena Schmidt', birthDate: birth.iso, deposit: 500 });
    expect(stored?.data.idCopy).toEqual([expect.objectContaining({ type: 'image/jpeg', status: 'done' })]);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
  });
});
