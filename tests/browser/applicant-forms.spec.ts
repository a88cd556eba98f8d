/**
 * What an applicant sees around the review, contact and health-insurance forms (issue 15, spec 001 §2, §3, §8):
 * the review form's result at the top of the form with a readable 'Back to home', only its own error message,
 * its dots and step tooltips; the contact page's company panel and emergency line; calling codes named by
 * country in the page's language; the health-insurance answer to an address that differs from the previous
 * booking's; one UI font on every form page. Filled as a person would, on the real server.
 */
import type { Locator, Page } from '@playwright/test';
import { JPEG, PDF } from '../unit/server/files/samples.js';
import { accessible, button, choose, field, headline, pick, typeDate } from './filling.js';
import { expect, latestSubmission, test } from './fixtures.js';

const REVIEW_PAGE = '/review-university-form';
const REVIEW_FORM = 'review-your-university';
const REVIEW_ACTION = '**/api/reviews/university';
const SUCCESS = 'Thanks for your review!';
const FAILURE = 'Your review could not be sent.';
// what the tests saw, for a person to look at (kept with the other test results)
const SHOTS = '.test-results/screens/forms';

/** The three steps of the review form, filled with valid answers up to (not including) Done. */
async function fillReview(page: Page, next = 'Next'): Promise<void> {
  await expect(headline(page, /^Which university\?/)).toBeVisible();
  await choose(page, 'University', 'Technical University of Munich');
  await choose(page, 'Program', 'Informatics', 'inform');
  await typeDate(page, 'Start of studies', '10/2024');
  await button(page, next).click();
  await expect(headline(page, /^Ratings/)).toBeVisible();
  await page.getByRole('list', { name: 'Overall' }).getByRole('radio').nth(3).click();
  await choose(page, 'Semester', 'Second');
  await pick(page, 'Would you recommend it?', 'Yes');
  await button(page, next).click();
  await expect(headline(page, /^Details/)).toBeVisible();
  await field(page, 'Your experience').fill('Great labs and helpful tutors.');
  await page.getByRole('checkbox', { name: 'I agree to publish' }).check();
}

/** The text's colour and the colour it sits on (the nearest ancestor with a background), as CSS gives them. */
async function colours(locator: Locator): Promise<{ text: string; background: string }> {
  return locator.evaluate((element) => {
    let node: Element | null = element;
    let background = 'rgba(0, 0, 0, 0)';
    while (node && background === 'rgba(0, 0, 0, 0)') {
      background = getComputedStyle(node).backgroundColor;
      node = node.parentElement;
    }
    return { text: getComputedStyle(element).color, background };
  });
}

/** The result shows whole in the viewport, below the site's sticky header. */
async function expectResultInView(page: Page, text: string): Promise<void> {
  await expect(page.getByText(text, { exact: true })).toBeInViewport();
  const back = page.getByRole('link', { name: 'Back to home' });
  await expect(back).toBeInViewport();
  await expect(back).toHaveAttribute('href', '/');
  // the title is not hidden under the sticky header
  const header = await page.locator('.cs-header').boundingBox();
  const title = await page.getByText(text, { exact: true }).boundingBox();
  expect(title && header ? title.y : -1).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  // white on the primary blue, not blue on blue
  const { text: colour, background } = await colours(back);
  expect(colour).toBe('rgb(255, 255, 255)');
  expect(background).toBe('rgb(9, 88, 217)');
}

test.describe('the review page (/review-university-form)', () => {
  test('after Done shows the success at the top of the form, with a readable Back to home', async ({
    page,
    server,
  }) => {
    await page.goto(`${server}${REVIEW_PAGE}`);
    await fillReview(page);
    await button(page, 'Done').click();
    await expectResultInView(page, SUCCESS);
    await accessible(page, 'the success result on the review page', '.antrag-result');
    await page.screenshot({ path: `${SHOTS}/review-success-1280.png` });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('a refused review shows only the configured errorMsg in a warning, at the top of the form', async ({
      page,
      server,
    }) => {
      await page.goto(`${server}${REVIEW_PAGE}`);
      await fillReview(page);
      await page.route(REVIEW_ACTION, (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"ok":false}' }),
      );
      await button(page, 'Done').click();
      await expectResultInView(page, FAILURE);
      const result = page.locator('.antrag-result');
      await expect(result.locator('.ant-result-warning')).toBeVisible();
      await expect(result).not.toContainText('An error occurred while submitting your application.');
      await expect(result.locator('.ant-result-subtitle')).toHaveCount(0);
      await accessible(page, 'the failure result on the review page', '.antrag-result');
      await page.screenshot({ path: `${SHOTS}/review-failure-390.png` });
    });
  });
});

test.describe('the review form', () => {
  test('on desktop shows a row of dots with each step tooltip, and the text area stops at inputLength', async ({
    page,
    server,
  }) => {
    await page.goto(`${server}/forms/${REVIEW_FORM}`);
    await expect(headline(page, 'Which university?')).toBeVisible();
    await choose(page, 'University', 'Technical University of Munich');
    await choose(page, 'Program', 'Informatics', 'inform');
    await typeDate(page, 'Start of studies', '10/2024');
    await button(page, 'Next').click();
    await expect(headline(page, 'Ratings')).toBeVisible();

    const dots = page.getByRole('list', { name: '(2/3)' });
    const items = dots.getByRole('listitem');
    await expect(items).toHaveCount(3);
    // dots, not a numbered list: no markers, one row, each a small circle
    await expect(dots).toHaveCSS('list-style-type', 'none');
    const boxes = await items.evaluateAll((list) => list.map((li) => li.getBoundingClientRect().toJSON()));
    const middles = boxes.map((b) => Math.round(b.y + b.height / 2));
    expect(new Set(middles).size).toBe(1);
    expect(boxes[0].x).toBeLessThan(boxes[1].x);
    expect(boxes[1].x).toBeLessThan(boxes[2].x);
    for (const b of boxes) expect(b.width).toBeLessThanOrEqual(16);
    await expect(items.nth(0)).toHaveCSS('border-radius', '50%');
    await expect(items.nth(1)).toHaveAttribute('aria-current', 'step');
    await expect(dots).not.toContainText(/\d\./);

    // each dot names its step and shows the step's tooltip
    await items.nth(0).hover();
    await expect(page.getByRole('tooltip')).toHaveText('Your University: Pick the one you attend.');
    await expect(items.nth(0)).toContainText('Your University: Pick the one you attend.');
    await page.screenshot({ path: `${SHOTS}/review-dots-1280.png` });

    await page.getByRole('list', { name: 'Overall' }).getByRole('radio').nth(3).click();
    await choose(page, 'Semester', 'Second');
    await pick(page, 'Would you recommend it?', 'Yes');
    await button(page, 'Next').click();
    await expect(headline(page, 'Details')).toBeVisible();
    await expect(field(page, 'Your experience')).toHaveAttribute('maxlength', '500');
    await field(page, 'Your experience').fill('x'.repeat(600));
    await expect(field(page, 'Your experience')).toHaveValue('x'.repeat(500));
    await accessible(page, 'the dots and the details step');
  });
});

/** The company panel of the contact page: its landmark, by the name it has in `locale`. */
const panel = (page: Page, name = 'Contact information') => page.getByRole('complementary', { name });

test.describe('the contact page (/contact)', () => {
  test('shows the company panel beside the two-column form, and the emergency line', async ({ page, server }) => {
    await page.goto(`${server}/contact`);
    const form = page.locator('.cs-form-block');
    await expect(form.getByRole('textbox', { name: /First name/ })).toBeVisible();
    const aside = panel(page);
    await expect(aside.getByRole('img', { name: 'Antrag GmbH' })).toBeVisible();
    await expect(aside.getByRole('heading', { name: 'Antrag GmbH' })).toBeVisible();
    await expect(aside.getByRole('link', { name: '+49 30 1208 4560' })).toHaveAttribute('href', 'tel:+493012084560');
    await expect(aside.getByRole('link', { name: 'hello@antrag.example' })).toHaveAttribute(
      'href',
      'mailto:hello@antrag.example',
    );
    await expect(aside.getByRole('link', { name: /Our office in Berlin/ })).toHaveAttribute(
      'href',
      /openstreetmap\.org.*Berlin/,
    );
    await expect(aside.getByRole('link', { name: 'Chat with us' })).toHaveAttribute('href', /^https:\/\//);
    for (const network of ['Facebook', 'Instagram', 'WeChat', 'LinkedIn']) {
      await expect(aside.getByRole('link', { name: network, exact: true })).toHaveAttribute('href', /^https:\/\//);
    }
    const emergency = aside.getByRole('heading', { name: 'Call Assistance for immediate help' });
    await expect(emergency).toBeVisible();
    await expect(aside.getByRole('link', { name: '+49 30 1208 4599' })).toHaveAttribute('href', 'tel:+493012084599');

    // desktop: the panel beside the form, the form in two columns
    const formBox = await form.boundingBox();
    const asideBox = await aside.boundingBox();
    expect(asideBox && formBox ? asideBox.x : 0).toBeGreaterThan((formBox?.x ?? 0) + (formBox?.width ?? 0) - 1);
    const last = await form.getByRole('textbox', { name: /Last name/ }).boundingBox();
    const email = await form.getByRole('textbox', { name: /Email/ }).boundingBox();
    expect(Math.round(last?.y ?? 0)).toBe(Math.round(email?.y ?? 1));
    expect(email?.x ?? 0).toBeGreaterThan((last?.x ?? 0) + (last?.width ?? 0) - 1);
    await accessible(page, 'the contact page with its panel');
    await page.screenshot({ path: `${SHOTS}/contact-1280.png`, fullPage: true });
  });

  test('speaks the page language in the panel', async ({ page, server }) => {
    await page.goto(`${server}/de/contact`);
    const aside = panel(page, 'Kontaktinformationen');
    await expect(
      aside.getByRole('heading', { name: 'Rufen Sie für sofortige Hilfe unseren Notfalldienst an' }),
    ).toBeVisible();
    await expect(aside.getByRole('link', { name: /Unser Büro in Berlin/ })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('puts the form in one column and the panel below it', async ({ page, server }) => {
      await page.goto(`${server}/contact`);
      const form = page.locator('.cs-form-block');
      const last = await form.getByRole('textbox', { name: /Last name/ }).boundingBox();
      const email = await form.getByRole('textbox', { name: /Email/ }).boundingBox();
      expect(email?.y ?? 0).toBeGreaterThan((last?.y ?? 0) + (last?.height ?? 0) - 1);
      const formBox = await form.boundingBox();
      const asideBox = await panel(page).boundingBox();
      expect(asideBox?.y ?? 0).toBeGreaterThanOrEqual((formBox?.y ?? 0) + (formBox?.height ?? 0) - 1);
      expect(asideBox?.width ?? 999).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${SHOTS}/contact-390.png`, fullPage: true });
    });
  });

  test('the Back button of the sent enquiry is readable', async ({ page, server }) => {
    await page.goto(`${server}/contact`);
    const form = page.locator('.cs-form-block');
    await choose(page, 'Title', 'Mrs.');
    await form.getByRole('textbox', { name: /First name/ }).fill('Linh');
    await form.getByRole('textbox', { name: /Email/ }).fill('linh@example.com');
    await choose(page, 'Preferred language', 'Vietnamese');
    await choose(page, 'Type of enquiry', 'Seeking information');
    await choose(page, 'Topic', 'Study in Germany');
    await form.getByRole('textbox', { name: /Message/ }).fill('Which documents do I need?');
    await button(page, 'Send').click();
    await expect(page.getByText('Successfully Submitted!')).toBeInViewport();
    const back = page.locator('.antrag-result').getByRole('link');
    await expect(back).toBeInViewport();
    const { text: colour, background } = await colours(back);
    expect(colour).toBe('rgb(255, 255, 255)');
    expect(background).toBe('rgb(9, 88, 217)');
    await accessible(page, 'the sent enquiry', '.antrag-result');
  });
});

test.describe('calling codes', () => {
  test('are named by country in the page language, sorted by name and found by name', async ({ page, server, sql }) => {
    await page.goto(`${server}/forms/contact-enquiry?lang=de`);
    const box = page.getByRole('combobox', { name: /Vorwahl/ });
    await box.click();
    // the stand-in loads antd's select on first use and opens it: its list is there once it says so
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const list = await box.getAttribute('aria-controls');
    const popup = page.locator(`[id="${list}"]`).locator('xpath=..');
    const titles = await popup
      .locator('.ant-select-item-option')
      .evaluateAll((items) => items.map((i) => i.getAttribute('title') ?? ''));
    expect(titles.length).toBeGreaterThan(3);
    for (const title of titles) expect(title).toMatch(/^\S.* \(\+\d+\)$/);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'de')));
    await page.keyboard.press('Escape');

    // found by the country's name in German; the value sent stays the code
    await choose(page, 'Vorwahl', 'Deutschland (+49)', 'deutsch');
    // two countries sharing +1: the one picked stays shown
    await choose(page, 'Vorwahl', 'Kanada (+1)', 'kanada');
    await expect(box.locator('xpath=ancestor::*[contains(@class, "ant-select")][1]')).toContainText('Kanada (+1)');
    const before = (await latestSubmission(sql, 'contact-enquiry'))?.id ?? 0;
    await choose(page, 'Anrede', 'Frau');
    await page.getByRole('textbox', { name: /Vorname/ }).fill('Linh');
    await page.getByRole('textbox', { name: /E-Mail/ }).fill('linh@example.com');
    await page.getByRole('textbox', { name: /Telefonnummer/ }).fill('5551234567');
    await choose(page, 'Bevorzugte Sprache', 'Vietnamesisch');
    await choose(page, 'Art der Anfrage', 'Informationsanfrage');
    await choose(page, 'Thema', 'Studium in Deutschland');
    await page.getByRole('textbox', { name: /Nachricht/ }).fill('Welche Unterlagen brauche ich?');
    await page.getByRole('button', { name: 'Senden' }).click();
    await expect.poll(async () => (await latestSubmission(sql, 'contact-enquiry'))?.id ?? 0).toBeGreaterThan(before);
    expect((await latestSubmission(sql, 'contact-enquiry'))?.data).toMatchObject({ phoneArea: '+1' });
  });
});

const HI_FORM = 'health-insurance-booking';

/** The booking's nine steps, up to the ticked agreements, with `email` and the address `street`. */
async function fillBooking(page: Page, email: string, street: string): Promise<void> {
  const next = async (to: string) => {
    await button(page, 'Next').click();
    await expect(headline(page, to)).toBeVisible();
  };
  await pick(page, 'Profession', 'Student');
  await choose(page, 'Title', 'Ms.');
  await field(page, 'First name').fill('Ana');
  await field(page, 'Last name').fill('Silva');
  await field(page, 'Maiden name').fill('Costa');
  await choose(page, 'Nationality', 'Brazil', 'Braz');
  await typeDate(page, 'Date of birth', '15/03/2001');
  await field(page, 'City of birth').fill('Recife');
  await choose(page, 'Country of birth', 'Brazil', 'bra');
  await field(page, 'Passport number').fill('FX123456');
  await field(page, 'Confirm passport number').fill('FX123456');
  await next('Your address in Germany');
  await field(page, 'Street and house number').fill(street);
  await field(page, 'Postal code').fill('10178');
  await field(page, 'City').fill('Berlin');
  await field(page, 'District').fill('Mitte');
  await next('How can we reach you?');
  // the calling codes by country name
  await choose(page, 'Country code', 'Brazil (+55)', 'brazil');
  await field(page, 'Phone number').fill('81987654321');
  await field(page, 'Email').fill(email);
  await field(page, 'Confirm email').fill(email);
  await next('When should your insurance start?');
  await typeDate(page, 'Start date of insurance cover', '01/10/2026');
  await pick(page, 'Where were you last health insured?', 'Germany');
  await field(page, 'Previous health insurance provider').fill('TK');
  for (const question of [/exempted from the statutory student/, /entitled to coverage/]) {
    await page.getByRole('radiogroup', { name: question }).getByRole('radio', { name: 'No', exact: true }).check();
  }
  await next('Your studies or training in Germany');
  await pick(page, 'Start semester', 'Winter semester (01.10)');
  await field(page, 'Start year').fill('2026');
  await choose(page, 'Source of income', 'Employment');
  await field(page, 'Working hours per week').fill('20');
  await field(page, 'Monthly gross income').fill('1200');
  await field(page, 'Name of the university').fill('Technische Universität Berlin');
  await field(page, 'Street and house number').fill('Straße des 17. Juni 135');
  await field(page, 'Postal code').fill('10623');
  await field(page, 'City').fill('Berlin');
  await next('Your family status');
  await choose(page, 'Marital status', 'Single');
  await pick(page, 'Do you have a spouse or children?', 'No');
  await next('Upload your admission document');
  await pick(page, 'Document type', 'Admission Certificate');
  await upload(page, { name: 'admission.pdf', mimeType: 'application/pdf', buffer: PDF });
  await next('Upload your passport photo');
  await upload(page, { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: JPEG });
  await next('How would you like to pay?');
  await pick(page, 'Payment method', 'SEPA monthly direct debit');
  await page.getByRole('checkbox', { name: 'I accept the Terms & Conditions.' }).check();
  await page
    .getByRole('checkbox', { name: 'I have read the Privacy Policy and agree to the processing of my data.' })
    .check();
}

async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Select file/ }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByRole('listitem').filter({ hasText: file.name })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(button(page, 'Next')).toBeEnabled();
}

test.describe('the health-insurance booking', () => {
  test('a customer who booked with another address is asked to use the same address', async ({ page, server, sql }) => {
    const email = `ana.${Date.now()}@example.org`;
    // the earlier booking of this customer (e-mail and passport number), with another address; and one of another
    // person with the same e-mail address, which blocks nothing (anyone may type a stranger's address)
    const earlier = { email, address: 'Torstraße 1', postalCode: '10119', city: 'Berlin' };
    for (const data of [
      { ...earlier, passportNumber: 'fx 123456' },
      { ...earlier, address: 'Attacker Road 9', passportNumber: 'ZZ999999' },
    ]) {
      await sql(`insert into submissions (kind, form_id, data, language) values ($1, $2, $3, 'en')`, [
        '/api/internal/services/aok',
        HI_FORM,
        JSON.stringify(data),
      ]);
    }
    const before = (await latestSubmission(sql, HI_FORM))?.id ?? 0;
    await page.goto(`${server}/forms/${HI_FORM}`);
    await fillBooking(page, email.toUpperCase(), 'Karl-Marx-Allee 1');
    await button(page, 'Done').click();
    await expect(page.getByText('Please use the same address as in your previous booking.')).toBeVisible();
    expect((await latestSubmission(sql, HI_FORM))?.id).toBe(before);
    await accessible(page, 'the address mismatch');

    // back to the form, the previous booking's address: booked
    await page.getByRole('button', { name: 'Back to the form' }).click();
    for (let step = 0; step < 7; step++) await button(page, 'Previous').click();
    await expect(headline(page, 'Your address in Germany')).toBeVisible();
    await field(page, 'Street and house number').fill('  torstraße   1 ');
    await field(page, 'Postal code').fill('10119');
    for (let step = 0; step < 7; step++) await button(page, 'Next').click();
    await expect(headline(page, 'How would you like to pay?')).toBeVisible();
    await button(page, 'Done').click();
    await expect(page.getByText(/Your deal id: \d+/)).toBeVisible();
  });
});

test.describe('one UI font', () => {
  for (const path of [`/forms/${REVIEW_FORM}`, `/forms/${HI_FORM}`, '/contact', REVIEW_PAGE]) {
    test(`headlines and fields share the content site's font on ${path}`, async ({ page, server }) => {
      await page.goto(`${server}${path}`);
      const heading = page.locator('.antrag-wizard h2').first();
      await expect(heading).toBeVisible();
      const input = page.locator('.antrag-wizard').getByRole('textbox').first();
      const fontOf = (l: Locator) => l.evaluate((e) => getComputedStyle(e).fontFamily);
      const headingFont = await fontOf(heading);
      expect(headingFont).not.toMatch(/Times/);
      expect(await fontOf(input)).toBe(headingFont);
      // the content site's own font
      await page.goto(`${server}/`);
      expect(await page.locator('.cs-site').evaluate((e) => getComputedStyle(e).fontFamily)).toBe(headingFont);
    });
  }
});
