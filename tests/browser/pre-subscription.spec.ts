/**
 * The health-insurance pre-subscription (spec 001 §2, §3, §4, §5, §7 call 8, §8): one page, DAK or AOK,
 * texts trimmed before sending, the confirm field and the terms flag not sent, success only on HTTP 200
 * with `ok: true`. Filled in Chromium as a person would; the stored submission is read back.
 */
import type { Page } from '@playwright/test';
import { accessible, button, choose, expectMessage, field, headline, pick, REQUIRED } from './filling.js';
import { expect, latestSubmission, test } from './fixtures.js';

const FORM = 'pre-subscription';
const ENDPOINT = '**/api/internal/contact-form';
const MISMATCH = 'The entries do not match';
const FAILED = 'booking form submit failed';

async function open(page: Page, server: string): Promise<void> {
  await page.goto(`${server}/forms/${FORM}`);
  await expect(headline(page, 'Request your health insurance')).toBeVisible();
}

/** Fills every field with valid values (with spaces around the names, which are trimmed before sending). */
async function fillValid(page: Page): Promise<void> {
  await choose(page, 'Title', 'Ms.');
  await field(page, 'First name').fill('  Anna  ');
  await field(page, 'Last name').fill(' Schmidt ');
  await choose(page, 'Area code', 'Germany (+49)', '49');
  await field(page, 'Phone number').fill('1512345678');
  await pick(page, 'Plan', 'AOK');
  await field(page, 'Passport number').fill('c01x00t47');
  await field(page, 'Confirm passport number').fill('C01X00T47');
  await page.getByRole('checkbox', { name: /I accept the Terms & Conditions/ }).check();
}

test.describe('health-insurance pre-subscription', () => {
  test('validates, sends trimmed values without the confirm field and terms, and thanks', async ({
    page,
    server,
    sql,
  }) => {
    await open(page, server);
    await accessible(page, 'the empty form');
    // DAK is chosen at first; the links of the terms open the site's pages
    await expect(page.getByRole('radio', { name: 'DAK', exact: true })).toBeChecked();
    await expect(page.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms-conditions/');
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy/');

    await button(page, 'Submit').click();
    for (const label of ['Title', 'First name', 'Last name', 'Passport number', 'Confirm passport number']) {
      await expectMessage(page, label, REQUIRED);
    }
    await expect(page.getByText(REQUIRED)).toHaveCount(6);
    await expect(field(page, 'Title')).toBeFocused();
    await accessible(page, 'the form with its required messages');

    await fillValid(page);
    // the phone number is refused as typed (never stripped to digits), the passport number is upper case
    await field(page, 'Phone number').fill('0151 234-567x');
    await expect(field(page, 'Phone number')).toHaveValue('0151 234-567x');
    await expect(field(page, 'Passport number')).toHaveValue('C01X00T47');
    await field(page, 'Confirm passport number').fill('C01X00T48');
    await button(page, 'Submit').click();
    await expectMessage(page, 'Confirm passport number', MISMATCH);
    await expectMessage(page, 'Phone number', 'Please enter digits only');
    await field(page, 'Phone number').fill('0151234567');
    await expect(page.getByText(REQUIRED)).toHaveCount(0);
    await field(page, 'Confirm passport number').fill('C01X00T47');

    const request = page.waitForRequest((r) => r.url().endsWith('/api/internal/contact-form'));
    await button(page, 'Submit').click();
    const sent = (await request).postDataJSON();
    expect(sent).toEqual({
      title: 'Ms.',
      firstName: 'Anna',
      lastName: 'Schmidt',
      phoneArea: '+49',
      phoneNumber: '0151234567',
      plan: 'AOK',
      passportNumber: 'C01X00T47',
    });

    await expect(page.getByText('Thank you!', { exact: true })).toBeVisible();
    await expect(page.getByText('We have received your request and will contact you shortly.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to homepage' })).toHaveAttribute('href', '/');
    await accessible(page, 'the success screen');

    const stored = await latestSubmission(sql, FORM);
    expect(stored?.kind).toBe('/api/internal/contact-form');
    expect(stored?.data).toEqual(sent);
  });

  test('counts only HTTP 200 with ok true as success, keeping the form on failure', async ({ page, server, sql }) => {
    const before = (await latestSubmission(sql, FORM))?.id ?? 0;
    await open(page, server);
    await fillValid(page);

    // the spec's failure answers: ok false, and an OK status other than 200
    await page.route(ENDPOINT, (route) => route.fulfill({ status: 200, json: { ok: false } }));
    await button(page, 'Submit').click();
    await expect(page.getByText(FAILED, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to homepage' })).toHaveAttribute('href', '/');
    await accessible(page, 'the failure screen');

    await button(page, 'Back to the form').click();
    await expect(field(page, 'First name')).toHaveValue('  Anna  ');
    await expect(page.getByRole('radio', { name: 'AOK', exact: true })).toBeChecked();
    await page.unroute(ENDPOINT);
    await page.route(ENDPOINT, (route) => route.fulfill({ status: 201, json: { ok: true } }));
    await button(page, 'Submit').click();
    await expect(page.getByText(FAILED, { exact: true })).toBeVisible();
    expect((await latestSubmission(sql, FORM))?.id ?? 0).toBe(before);

    // the real server: HTTP 200 with ok true
    await page.unroute(ENDPOINT);
    await button(page, 'Back to the form').click();
    await button(page, 'Submit').click();
    await expect(page.getByText('Thank you!', { exact: true })).toBeVisible();
    expect((await latestSubmission(sql, FORM))?.id).toBeGreaterThan(before);
  });
});
