/**
 * Numbers are never changed behind the applicant's back (issue 15; spec 000 blocking step, 001 §3 v2 Numeric,
 * §5): what was typed into a number or amount field stays in it, and a value the field does not take (a comma
 * or a decimal where a whole number is asked for, a comma that is not the page language's decimal mark, a number
 * beyond the field's min or max) shows the field's message instead of being cut, multiplied or clamped. A
 * decimal amount is read in the page's language, and the server gets it as a JSON number.
 */
import type { Page } from '@playwright/test';
import { JPEG } from '../unit/server/files/samples.js';
import { button, dateIn, expectMessage, expectUploaded, field, headline, INVALID, itemOf } from './filling.js';
import { expect, test } from './fixtures.js';

const WHOLE_NUMBER_NO_DECIMALS = 'Please enter a whole number (no decimals or commas)';
const WHOLE_NUMBER = 'Please enter a whole number';
const AT_MOST_6 = 'Please enter a value of at most 6';
const AT_LEAST_MINUS_1 = 'Please enter a value of at least -1';
// what the tests saw, for a person to look at (kept with the other test results)
const SHOTS = '.test-results/screens/numbers';

/** Opens `path` with a draft saved at `step` and takes the offer to continue it ('Yes', or `yes` in its language). */
async function resume(
  page: Page,
  url: string,
  key: string,
  draft: { currentStep: number; data: Record<string, unknown> },
  yes = 'Yes',
): Promise<void> {
  await page.goto(url);
  await page.evaluate(([k, d]) => localStorage.setItem(k, d), [key, JSON.stringify(draft)] as const);
  await page.reload();
  await page.getByRole('dialog').getByRole('button', { name: yes, exact: true }).click();
}

/** Types `text` into the field labelled `label` key by key, as a person does, and leaves the field. */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  const input = field(page, label);
  await input.fill('');
  await input.pressSequentially(text);
  await input.press('Tab');
}

/** The booking v2 example's first two steps, as a draft holds them once they were filled. */
const V2_STAY = {
  fullName: 'Lena Schmidt',
  homeAddress: 'Hamburg, Hamburg, Germany',
  birthDate: dateIn(-365 * 25).iso,
  guests: 2,
  floor: -1,
  room: 'single',
  view: 'garden',
  comfort: '2',
};

test.describe('numbers as the applicant typed them', () => {
  test('health insurance: cents and a decimal in the whole-number fields show the message and stay as typed', async ({
    page,
    server,
  }) => {
    await resume(page, `${server}/forms/health-insurance-booking`, 'HEALTH_INSURANCE_BOOKING', {
      currentStep: 4,
      data: { profession: 'Student', sourceOfIncome: 'Employment' },
    });
    await expect(headline(page, 'Your studies or training in Germany')).toBeVisible();
    await typeInto(page, 'Monthly gross income', '900,50');
    await typeInto(page, 'Working hours per week', '12,5');
    await expect(field(page, 'Monthly gross income')).toHaveValue('900,50');
    await button(page, 'Next').click();
    await expectMessage(page, 'Monthly gross income', WHOLE_NUMBER_NO_DECIMALS);
    await expectMessage(page, 'Working hours per week', WHOLE_NUMBER_NO_DECIMALS);
    await expect(field(page, 'Monthly gross income')).toHaveValue('900,50');
    await expect(field(page, 'Working hours per week')).toHaveValue('12,5');
    await expect(headline(page, 'Your studies or training in Germany')).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await field(page, 'Monthly gross income').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/health-income-${width}.png` });
    }
    // a grouped thousand is no whole number either, as the message says
    await typeInto(page, 'Monthly gross income', '1,200');
    await expectMessage(page, 'Monthly gross income', WHOLE_NUMBER_NO_DECIMALS);
    await expect(field(page, 'Monthly gross income')).toHaveValue('1,200');
  });

  test('booking v2: a number beyond max or below min is kept with its message, not clamped; letters are invalid', async ({
    page,
    server,
  }) => {
    await resume(page, `${server}/forms/apartment-booking-2026`, 'BOOKING_V2_apartment-booking-2026', {
      currentStep: 1,
      data: { ...V2_STAY, guests: undefined, floor: undefined },
    });
    await expect(headline(page, 'Your stay')).toBeVisible();
    await typeInto(page, 'Guests', '7');
    await typeInto(page, 'Floor', '-2');
    await typeInto(page, 'Nights', '3 nights');
    await expect(field(page, 'Guests')).toHaveValue('7');
    await expect(field(page, 'Floor')).toHaveValue('-2');
    await button(page, 'Next').click();
    await expectMessage(page, 'Guests', AT_MOST_6);
    await expectMessage(page, 'Floor', AT_LEAST_MINUS_1);
    await expectMessage(page, 'Nights', INVALID);
    await expect(field(page, 'Guests')).toHaveValue('7');
    await expect(field(page, 'Floor')).toHaveValue('-2');
    await expect(field(page, 'Nights')).toHaveValue('3 nights');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/v2-bounds-${width}.png`, fullPage: true });
    }
    await typeInto(page, 'Guests', '6');
    await typeInto(page, 'Floor', '-1');
    await typeInto(page, 'Nights', '3');
    await button(page, 'Next').click();
    await expect(headline(page, 'Payment')).toBeVisible();
  });

  test("booking v2 on an English page: '1,5' is no amount and stays, with the invalid message", async ({
    page,
    server,
  }) => {
    await resume(page, `${server}/forms/apartment-booking-2026`, 'BOOKING_V2_apartment-booking-2026', {
      currentStep: 2,
      data: V2_STAY,
    });
    await expect(headline(page, 'Payment')).toBeVisible();
    await typeInto(page, 'Deposit', '1,5');
    await button(page, 'Done').click();
    await expectMessage(page, 'Deposit', INVALID);
    await expect(field(page, 'Deposit')).toHaveValue('1,5');
    // money is never below zero: a negative deposit was taken silently (found by a user, issue 15)
    await typeInto(page, 'Deposit', '-10');
    await expectMessage(page, 'Deposit', 'Please enter a value of at least 0');
    await expect(field(page, 'Deposit')).toHaveValue('-10');
  });

  test("booking v2 on a German page: the amount '1,5' is one and a half euros, sent as a JSON number", async ({
    page,
    server,
  }) => {
    await resume(
      page,
      `${server}/forms/apartment-booking-2026?lang=de`,
      'BOOKING_V2_apartment-booking-2026',
      { currentStep: 2, data: V2_STAY },
      'Ja',
    );
    // the definition's texts in German too (its translations)
    await expect(headline(page, 'Zahlung')).toBeVisible();
    await typeInto(page, 'Kaution', '1,5');
    await expect(field(page, 'Kaution')).toHaveValue('1,5');
    // the upload button in German: 'Datei auswählen'
    const chooser = page.waitForEvent('filechooser');
    await itemOf(page, 'Ausweiskopie')
      .getByRole('button', { name: /Datei auswählen/ })
      .click();
    await (await chooser).setFiles({ name: 'lena-id.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await expectUploaded(page, 'lena-id.jpg');
    await page.getByRole('checkbox', { name: 'Ich stimme zu' }).check();
    const request = page.waitForRequest((r) => r.url().endsWith('/api/v2/bookings/create'));
    await button(page, 'Fertig').click();
    const sent = (await request).postDataJSON() as {
      steps: Array<{ fields: Array<{ internalIdentifier: string; value: unknown }> }>;
    };
    const values = Object.fromEntries(sent.steps.flatMap((s) => s.fields.map((f) => [f.internalIdentifier, f.value])));
    expect(values.deposit).toBe(1.5);
  });

  test('booking v1: cents with a comma in the Currency field stay as typed, with the invalid message', async ({
    page,
    server,
  }) => {
    await resume(page, `${server}/forms/student-job-booking`, 'BOOKING_V1_Student-Job-Booking', {
      currentStep: 2,
      data: {},
    });
    await expect(headline(page, 'Your order')).toBeVisible();
    await typeInto(page, 'Monthly budget', '850,50');
    await button(page, 'Done').click();
    await expectMessage(page, 'Monthly budget', INVALID);
    await expect(field(page, 'Monthly budget')).toHaveValue('850,50');
  });

  test('blocked account: cents in the blocked amount per month show the whole-number message and stay', async ({
    page,
    server,
  }) => {
    await resume(page, `${server}/forms/blocked-account`, 'BLOCKED_ACCOUNT_BOOKING_V2', {
      currentStep: 3,
      data: { visaType: '1' },
    });
    await expect(headline(page, 'Blocking Details')).toBeVisible();
    await typeInto(page, 'Blocked amount per month', '992,50');
    await button(page, 'Next').click();
    await expectMessage(page, 'Blocked amount per month', WHOLE_NUMBER);
    await expect(field(page, 'Blocked amount per month')).toHaveValue('992,50');
  });
});
