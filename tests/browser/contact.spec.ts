/**
 * The contact enquiry form (spec 001 §2 contact page, §3, §4, §5, §7 call 8, §8) on a desktop (1280 px) and a
 * phone (390 px). Under the contact page's medium breakpoint (1024 px) the web app loads the form's mobile
 * variant, where the phone number is required too, and the submission names that variant so the server
 * checks it against the same schema. Filled as a person would; the stored submission is read back.
 */
import type { Page } from '@playwright/test';
import {
  accessible,
  button,
  choose,
  expectMessage,
  field,
  headline,
  INVALID,
  named,
  REQUIRED_PLAIN,
} from './filling.js';
import { expect, latestSubmission, test } from './fixtures.js';

const FORM = 'contact-enquiry';
const ENDPOINT = '**/api/internal/contact-form';
const OOPS = 'Oops! Something went wrong, please try again.';
const THANKS = 'Thank you for reaching out to us. We will contact you shortly.';
const REQUIRED_ON_DESKTOP = [
  'Title',
  'First name',
  'Email',
  'Preferred language',
  'Type of enquiry',
  'Topic',
  'Message',
];

async function open(page: Page, server: string): Promise<void> {
  await page.goto(`${server}/forms/${FORM}`);
  await expect(headline(page, 'Get in touch with us')).toBeVisible();
}

/** Everything but the title and the phone number. */
async function fillMost(page: Page): Promise<void> {
  await field(page, 'First name').fill('Mai');
  await field(page, 'Last name').fill('Nguyen');
  await field(page, 'Email').fill('mai@example.com');
  await choose(page, 'Area code', 'Vietnam (+84)', '84');
  // the selects filter by label, whatever the case
  await choose(page, 'Preferred language', 'Vietnamese', 'VIET');
  await choose(page, 'Type of enquiry', 'Seeking information', 'seeking');
  await choose(page, 'Location', 'Vietnam', 'vietn');
  await choose(page, 'Topic', 'Visa Support', 'VISA');
  await field(page, 'Message').fill('When should I apply for my visa?');
}

const enquiry = {
  title: 'Female',
  firstName: 'Mai',
  lastName: 'Nguyen',
  email: 'mai@example.com',
  phoneArea: '+84',
  preferredLanguage: 'vi',
  inquiry: 'seeking_information',
  location: 'Vietnam',
  topic: 'Visa Support',
  message: 'When should I apply for my visa?',
};

test.describe('contact form on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('names the list each select box opens after its field, so an open list passes axe', async ({ page, server }) => {
    await open(page, server);
    // RJSF's antd select, the phone field's area code, a searchable select
    for (const label of ['Title', 'Area code', 'Type of enquiry']) {
      const box = page.getByRole('combobox', { name: named(label) });
      await box.click();
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('listbox', { name: named(label) })).toBeAttached();
      await accessible(page, `the form with the ${label} list open`);
      await box.press('Escape');
      await expect(box).toHaveAttribute('aria-expanded', 'false');
    }
  });

  test('requires the desktop fields, keeps the form on failure and shows the result page on success', async ({
    page,
    server,
    sql,
  }) => {
    await open(page, server);
    await accessible(page, 'the empty desktop form');

    await button(page, 'Send').click();
    for (const label of REQUIRED_ON_DESKTOP) await expectMessage(page, label, REQUIRED_PLAIN);
    await expect(page.getByText(REQUIRED_PLAIN, { exact: true })).toHaveCount(REQUIRED_ON_DESKTOP.length);
    await expectMessage(page, 'Phone number', '');
    await accessible(page, 'the desktop form with its required messages');

    await field(page, 'Email').fill('mai@');
    await button(page, 'Send').click();
    await expectMessage(page, 'Email', INVALID);

    await choose(page, 'Title', 'Mrs.');
    await fillMost(page);
    // failure: the server's error answer; a toast, and the form stays as it was
    await page.route(ENDPOINT, (route) => route.fulfill({ status: 500, json: { ok: false } }));
    await button(page, 'Send').click();
    await expect(page.getByRole('alert').filter({ hasText: OOPS })).toBeVisible();
    await expect(field(page, 'Message')).toHaveValue(enquiry.message);
    await expect(button(page, 'Send')).toBeEnabled();
    await accessible(page, 'the desktop form after a failed call');
    await page.unroute(ENDPOINT);

    const request = page.waitForRequest((r) => r.url().endsWith('/api/internal/contact-form'));
    await button(page, 'Send').click();
    const sent = await request;
    expect(sent.postDataJSON()).toEqual(enquiry);
    expect(sent.headers()['x-form-options']).toBe('mobile=false');

    await expect(page.getByText('Successfully Submitted!', { exact: true })).toBeVisible();
    await expect(page.getByText(THANKS)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
    await expect(field(page, 'Message')).toHaveCount(0);
    await accessible(page, 'the desktop result page');

    const stored = await latestSubmission(sql, FORM);
    expect(stored?.kind).toBe('/api/internal/contact-form');
    expect(stored?.data).toEqual(enquiry);
  });
});

test.describe('contact form on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('also requires the phone number, scrolls to the first error and says it was sent', async ({
    page,
    server,
    sql,
  }) => {
    await open(page, server);
    await accessible(page, 'the empty mobile form');

    await fillMost(page);
    // an e-mail address at an IP literal is an address too
    await field(page, 'Email').fill('mai@[192.168.10.1]');
    await button(page, 'Send').click();
    // the first invalid field is far above the button: the page scrolls it into view and focuses it
    await expect(field(page, 'Title')).toBeFocused();
    await expect(field(page, 'Title')).toBeInViewport();
    await expectMessage(page, 'Title', REQUIRED_PLAIN);
    await expectMessage(page, 'Phone number', REQUIRED_PLAIN);
    await expectMessage(page, 'Email', '');
    await expect(page.getByText(REQUIRED_PLAIN, { exact: true })).toHaveCount(2);
    await accessible(page, 'the mobile form with its required messages');

    await choose(page, 'Title', 'Mrs.');
    await field(page, 'Phone number').fill('912345678');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/internal/contact-form'));
    await button(page, 'Send').click();
    const sent = await request;
    const expected = { ...enquiry, email: 'mai@[192.168.10.1]', phoneNumber: '912345678' };
    expect(sent.postDataJSON()).toEqual(expected);
    expect(sent.headers()['x-form-options']).toBe('mobile=true');

    await expect(page.getByText('Successfully sent!', { exact: true })).toBeVisible();
    await expect(page.getByText(THANKS)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
    await accessible(page, 'the mobile result page');
    expect((await latestSubmission(sql, FORM))?.data).toEqual(expected);

    // the server checks a mobile submission against the mobile variant: without the phone it is refused
    const { phoneNumber: _left, ...withoutPhone } = expected;
    const refused = await page.request.post(`${server}/api/internal/contact-form`, {
      data: withoutPhone,
      headers: { 'X-Form-Options': 'mobile=true' },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).errors).toEqual([
      expect.objectContaining({ field: 'phoneNumber', message: REQUIRED_PLAIN }),
    ]);
  });
});
