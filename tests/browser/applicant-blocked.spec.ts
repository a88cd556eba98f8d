/**
 * Defects an applicant met in the blocked-account wizard and the KYC flow (issue 15), in Chromium against the
 * real server, at a phone's 390 px and a desktop's 1280 px: the payer dialog (an empty payer, its titles, the
 * internal id, the table on a phone), the face step's Continue, the progress on a phone, the agreements'
 * provider and links, the KYC code boxes after a wrong code and the KYC upload step's status line.
 *
 * The wizard is opened at the step under test as an applicant comes back to it: a lead made over the server's
 * API as the sign-up step makes it, its ids and token in browser storage and the saved draft at that step,
 * which the page offers to resume.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { newKycKey } from '../../site/server/routes/leadAccess.js';
import { renderPassportPage, SAMPLE, td3Lines } from '../fixtures/server/passport-image.js';
import { blockedAccount, createLeadByApi, type Lead, SIGN_UP } from './blocked-steps.js';
import { accessible, button, headline, named, REQUIRED } from './filling.js';
import { expect, type Fixtures, test } from './fixtures.js';
import { codeMailedTo, kycKeyFor } from './kyc-steps.js';

const FORM = 'blocked-account';
// what the tests saw, for a person to look at (kept with the other test results)
const SHOTS = '.test-results/screens/blocked';
const GERMANY = { name: 'Germany', iso: 'DE' };

async function bearer(request: APIRequestContext, server: string): Promise<string> {
  return (await (await request.get(`${server}/api/get-token`)).json()).access_token;
}

/** The seven-step variant's steps by id, as the draft counts them. */
const stepOf = (id: string) => {
  const index = blockedAccount.steps.findIndex((s) => s.id === id);
  if (index < 0) throw new Error(`no step ${id}`);
  return index;
};

/** What the steps before the payers hold once filled in (the draft's data). */
const EARLIER_STEPS = {
  ...SIGN_UP,
  passportUpload: [{ uid: 'p1', name: 'passport-page.png', type: 'image/png', size: 200_000, status: 'done' }],
  passportNumber: 'X4K7T9RN3',
  dateOfBirth: '2000-05-01',
  passportIssueDate: '2021-01-02',
  passportExpiryDate: '2031-01-01',
  nationality: GERMANY,
  countryOfBirth: GERMANY,
  placeOfBirth: { location: 'Berlin, Germany', city: 'Berlin', state: 'Berlin', country: 'Germany', iso: 'DE' },
  passportIssuedCountry: GERMANY,
  passportIssuedPlace: { location: 'Berlin, Germany', city: 'Berlin', state: 'Berlin', country: 'Germany', iso: 'DE' },
  contractDuration: 6,
  blockedAmountPerMonth: 992,
  visaEligibilityDocument: 'admission_certificate',
  visaEligibilityUpload: [{ uid: 'v1', name: 'admission.pdf', type: 'application/pdf', size: 200_000, status: 'done' }],
};

/**
 * The wizard at step `stepId`, as an applicant who left it there comes back: the lead's values and the draft in
 * browser storage, the resume question answered with `yes` (its label in the page's language).
 */
async function resumeAt(page: Page, server: string, lead: Lead, stepId: string, query = '', yes = 'Yes') {
  await page.goto(`${server}/favicon.svg`);
  await page.evaluate(
    ({ lead, step, data }) => {
      localStorage.setItem('leadId', String(lead.id));
      localStorage.setItem('account_id', lead.account);
      localStorage.setItem('leadToken', lead.token);
      localStorage.setItem('passport_id', '7');
      localStorage.setItem('BLOCKED_ACCOUNT_BOOKING_V2', JSON.stringify({ currentStep: step, data }));
    },
    { lead, step: stepOf(stepId), data: { ...EARLIER_STEPS, email: `erika.${lead.id}@example.com` } },
  );
  await page.goto(`${server}/forms/${FORM}${query}`);
  await page.getByRole('button', { name: yes, exact: true }).click();
}

const payersOf = (sql: Fixtures['sql'], leadId: number) =>
  sql<{ data: Record<string, unknown> }>('select data from payers where lead_id = $1 and deleted_at is null', [leadId]);

/** The element's box lies inside the viewport's width (nothing cut off at the right edge). */
async function withinWidth(page: Page, target: Locator) {
  const box = await target.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'visible').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width + 0.5);
}

test.describe('blocked account on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('progress shows from step 1; the payer dialog refuses an empty payer, says what it does, scrolls its table', async ({
    page,
    request,
    server,
    sql,
  }) => {
    test.setTimeout(120_000);
    // step 0: no progress
    await page.goto(`${server}/forms/${FORM}`);
    await expect(headline(page, 'Get Started with blocked account application')).toBeVisible();
    await expect(page.locator('.antrag-steps-compact')).toHaveCount(0);

    const lead = await createLeadByApi(request, server, `payers.${Date.now()}@example.com`);
    await resumeAt(page, server, lead, 'upload-documents');
    await expect(headline(page, 'Upload your passport')).toBeVisible();
    const progress = page.locator('.antrag-steps-compact');
    await expect(progress.locator('li')).toHaveCount(7);
    expect(await progress.locator('li').evaluateAll((items) => items.map((li) => li.dataset.state))).toEqual([
      'done',
      'active',
      'pending',
      'pending',
      'pending',
      'pending',
      'pending',
    ]);
    await expect(progress.locator('.antrag-steps-compact-title')).toHaveText('Upload Documents');
    await withinWidth(page, progress);
    await page.screenshot({ path: `${SHOTS}/phone-progress-step1.png` });

    await resumeAt(page, server, lead, 'payers');
    await expect(headline(page, 'Payers')).toBeVisible();
    expect(await progress.locator('li').evaluateAll((items) => items.map((li) => li.dataset.state))).toEqual([
      'done',
      'done',
      'done',
      'done',
      'active',
      'pending',
      'pending',
    ]);
    await accessible(page, 'the payers step on a phone');

    // an empty payer: the dialog names each missing field and nothing is stored
    await page.getByRole('button', { name: 'Add payer' }).click();
    const adding = page.getByRole('dialog', { name: 'Add payer' });
    await expect(adding).toBeVisible();
    await expect(adding.getByLabel(/Payer id/)).toHaveCount(0);
    await expect(adding.getByText('Payer id')).toHaveCount(0);
    await adding.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(adding.getByText(REQUIRED)).toHaveCount(3);
    await expect(adding.getByLabel(named('First name'))).toHaveAttribute('aria-invalid', 'true');
    await expect(adding.getByLabel(named('Email'))).toHaveAttribute('aria-invalid', 'true');
    await expect(adding).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/phone-payer-empty.png` });
    expect(await payersOf(sql, lead.id)).toEqual([]);

    // the server refuses one too, with a clear message
    const refused = await request.post(`${server}/api/v1/lead/payer`, {
      headers: {
        Authorization: `Bearer ${await bearer(request, server)}`,
        'X-Lead-Token': lead.token,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      data: `lead_id=${lead.id}`,
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ status: false, message: 'First name: This field is required!' });
    expect(await payersOf(sql, lead.id)).toEqual([]);

    await adding.getByLabel(named('First name')).fill('Max');
    await adding.getByLabel(named('Last name')).fill('Payer');
    await adding.getByLabel(named('Email')).fill('max.payer@example.com');
    await adding.getByLabel(named('Relationship with the applicant')).fill('Father');
    await adding.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(adding).toBeHidden();
    expect((await payersOf(sql, lead.id)).map((p) => p.data.email)).toEqual(['max.payer@example.com']);

    // the table in a phone's width: it scrolls sideways inside itself, every column can be reached
    const table = page.getByRole('table', { name: 'Payers' });
    await expect(table).toContainText('Max Payer');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const header of ['Payer', 'Email', 'Relationship with the applicant', 'Transferred amount', 'Manage']) {
      const cell = table.getByRole('columnheader', { name: header, exact: true });
      await cell.scrollIntoViewIfNeeded();
      await withinWidth(page, cell);
    }
    const edit = page.getByRole('button', { name: 'Edit Max Payer' });
    await edit.scrollIntoViewIfNeeded();
    await withinWidth(page, edit);
    await page.screenshot({ path: `${SHOTS}/phone-payers-table.png` });

    // edit and view have their own titles; only viewing is the sworn statement
    await edit.click();
    const editing = page.getByRole('dialog', { name: 'Edit payer' });
    await expect(editing).toBeVisible();
    await expect(editing.getByLabel(named('First name'))).toHaveValue('Max');
    await expect(editing.getByText('Payer id')).toHaveCount(0);
    await editing.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(editing).toBeHidden();
    await page.getByRole('button', { name: 'View Max Payer' }).click();
    const viewing = page.getByRole('dialog', { name: 'Sworn statement of Max Payer' });
    await expect(viewing).toBeVisible();
    await expect(viewing.getByText('Payer id')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/phone-payer-view.png` });
    await viewing.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(viewing).toBeHidden();
  });
});

test.describe('blocked account on a desktop', () => {
  test('the face step holds Continue until there is a result', async ({ page, request, server }) => {
    test.setTimeout(120_000);
    const lead = await createLeadByApi(request, server, `face.${Date.now()}@example.com`);
    await resumeAt(page, server, lead, 'face-verification');
    await expect(headline(page, 'Face Verification')).toBeVisible();
    const face = page.locator('section.antrag-face');
    await expect(face).toHaveAttribute('data-stage', '1');
    const next = button(page, 'Continue');
    await expect(next).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/desktop-face-waiting.png` });
    await face.getByRole('button', { name: 'Start Face Verification' }).click();
    await expect(face).toHaveAttribute('data-stage', '3');
    await expect(next).toBeDisabled();
    await expect(face.locator('[data-tone]')).toHaveAttribute('data-tone', 'success', { timeout: 60_000 });
    await expect(next).toBeEnabled();
    await next.click();
    await expect(headline(page, 'Blocking Details')).toBeVisible();
    // coming back: the recorded success counts at once
    await button(page, 'Back').click();
    await expect(headline(page, 'Face Verification')).toBeVisible();
    await expect(button(page, 'Continue')).toBeEnabled();
  });

  test('the agreements name the payment provider and the product and link their terms, in English and German', async ({
    page,
    request,
    server,
  }) => {
    const lead = await createLeadByApi(request, server, `confirm.${Date.now()}@example.com`);
    await resumeAt(page, server, lead, 'confirm');
    await expect(headline(page, 'Confirm and submit')).toBeVisible();
    const label = (pattern: RegExp) =>
      page.locator('label').filter({ has: page.getByRole('checkbox', { name: pattern }) });

    const provider = label(/terms and conditions of the payment provider/);
    const pdf = provider.getByRole('link', { name: /Zahlwerk Payments \(PDF\)/ });
    await expect(pdf).toHaveAttribute('href', /^https:\/\/.+\.pdf$/);
    await expect(pdf).toHaveAttribute('target', '_blank');

    const release = label(/bank secrecy/);
    await expect(release).toContainText('Zahlwerk Payments');
    await expect(release).toContainText('Antrag');
    const links = release.getByRole('link');
    expect(await links.evaluateAll((as) => as.map((a) => [a.getAttribute('href'), a.getAttribute('target')]))).toEqual([
      [await pdf.getAttribute('href'), '_blank'],
      ['/terms-conditions/', '_blank'],
      ['/privacy-policy/', '_blank'],
    ]);
    await expect(
      label(/individual banking services/).getByRole('link', { name: /individual banking services/ }),
    ).toHaveAttribute('href', /^\/terms-conditions\/#[a-z-]+$/);
    await page.screenshot({ path: `${SHOTS}/desktop-confirm.png`, fullPage: true });
    await accessible(page, 'the confirm step');

    await resumeAt(page, server, lead, 'confirm', '?lang=de', 'Ja');
    const releaseDe = label(/Bankgeheimnis/);
    await expect(releaseDe).toContainText('Zahlwerk Payments');
    // the site's page in German
    await expect(releaseDe.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute(
      'href',
      '/de/privacy-policy/',
    );
    await expect(label(/Zahlungsdienstleisters/).getByRole('link')).toHaveAttribute('href', /\.pdf$/);
  });
});

// The KYC flow ---------------------------------------------------------------------------------------------

const PASSPORT = {
  name: 'passport-page.png',
  mimeType: 'image/png',
  buffer: renderPassportPage({ mrz: td3Lines(SAMPLE) }),
};

test.describe('KYC re-verification', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width} px: a wrong code keeps its digits and is said once; the upload step says what is there; Submit waits`, async ({
      page,
      request,
      server,
      sql,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(viewport);
      const email = `kyc.blocked.${viewport.width}.${Date.now()}@example.com`;
      const lead = await createLeadByApi(request, server, email);
      const userKey = await kycKeyFor(sql, lead.id);
      await page.goto(`${server}/forms/kyc-reverification?user_key=${userKey}`);
      await expect(headline(page, 'Enter the verification code')).toBeVisible();
      await expect(page.locator('.antrag-otp').getByRole('status')).toHaveText('OTP sent successfully');
      await expect.poll(() => codeMailedTo(email), { timeout: 10_000 }).toMatch(/^\d{6}$/);
      const code = codeMailedTo(email) as string;

      const wrong = code.replace(/^\d/, (d) => String((Number(d) + 1) % 10));
      const group = page.getByRole('group', { name: /Verification code/ });
      const boxes = group.getByRole('textbox');
      /** The digits stay readable in their boxes, and no box has a ✕ of its own. */
      const expectReadable = async (digits: string) => {
        expect(await boxes.evaluateAll((bs) => bs.map((b) => (b as HTMLInputElement).value).join(''))).toBe(digits);
        await expect(page.locator('.ant-form-item-feedback-icon')).toHaveCount(0);
        for (const box of await boxes.all()) {
          expect(await box.evaluate((b) => b.getBoundingClientRect().width)).toBeGreaterThanOrEqual(16);
        }
      };

      // an incomplete code: the group is invalid, said once below it
      await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
      await page.keyboard.type(wrong.slice(0, 5));
      await button(page, 'Next').click();
      await expect(page.getByText('Please enter a valid verification code')).toHaveCount(1);
      await expectReadable(wrong.slice(0, 5));
      await expect(boxes.first()).toHaveAttribute('aria-invalid', 'true');
      await page.screenshot({ path: `${SHOTS}/kyc-incomplete-code-${viewport.width}.png` });
      await accessible(page, 'the OTP step with an incomplete code');
      // the sixth digit: a complete but wrong code, which the server refuses
      await page.getByRole('textbox', { name: 'Digit 6 of 6' }).click();
      await page.keyboard.type(wrong.slice(5));
      await expect(page.getByText('Please enter a valid verification code')).toHaveCount(0);
      await button(page, 'Next').click();
      await expect(page.getByRole('alert').filter({ hasText: 'Failed to verify OTP' })).toBeVisible();
      await expectReadable(wrong);
      await expect(page.getByText('Failed to verify OTP')).toHaveCount(1);
      await expect(headline(page, 'Enter the verification code')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/kyc-wrong-code-${viewport.width}.png` });
      await accessible(page, 'the OTP step after a wrong code');

      // the right code, pasted into the first box over the wrong one
      await page.getByRole('textbox', { name: 'Digit 1 of 6' }).evaluate((input, text) => {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      }, code);
      expect(await boxes.evaluateAll((bs) => bs.map((b) => (b as HTMLInputElement).value).join(''))).toBe(code);
      await button(page, 'Next').click();
      await expect(headline(page, 'Upload your passport')).toBeVisible();

      // Upload Documents: the step has the upload alone, and its status line says no more than that
      const upload = page.locator('.antrag-passport-upload');
      const chooser = page.waitForEvent('filechooser');
      await upload.getByRole('button', { name: /Select file/ }).click();
      await (await chooser).setFiles(PASSPORT);
      await expect(upload.getByRole('status')).toHaveText('Passport verified.', { timeout: 60_000 });
      await expect(page.getByText(/passport data below/)).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/kyc-upload-${viewport.width}.png` });
      await button(page, 'Next').click();

      // Face Verification in submit mode: Submit needs an 'accept'
      await expect(headline(page, 'Face Verification')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Start Face Verification' })).toBeEnabled();
      await expect(button(page, 'Submit')).toBeDisabled();
    });
  }
});

// After issue 15's fixes: the contract-duration slider, the payer dialog's focus, KYC with a refused link ------

/** As `resumeAt`, with the draft's values lacking `without` (a field the applicant has not filled in yet). */
async function resumeWithout(page: Page, server: string, lead: Lead, stepId: string, without: string[]) {
  await page.goto(`${server}/favicon.svg`);
  const data: Record<string, unknown> = { ...EARLIER_STEPS, email: `erika.${lead.id}@example.com` };
  for (const name of without) delete data[name];
  await page.evaluate(
    ({ lead, step, data }) => {
      localStorage.setItem('leadId', String(lead.id));
      localStorage.setItem('account_id', lead.account);
      localStorage.setItem('leadToken', lead.token);
      localStorage.setItem('passport_id', '7');
      localStorage.setItem('BLOCKED_ACCOUNT_BOOKING_V2', JSON.stringify({ currentStep: step, data }));
    },
    { lead, step: stepOf(stepId), data },
  );
  await page.goto(`${server}/forms/${FORM}`);
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
}

/** Whether the slider's handle is drawn (not transparent). */
const handleDrawn = (slider: Locator) => slider.evaluate((el) => getComputedStyle(el).opacity !== '0');

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`blocked account after issue 15 at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the contract-duration slider speaks in months, chooses 1 first, shows no value while empty and takes the focus of an empty Next', async ({
      page,
      request,
      server,
    }) => {
      const lead = await createLeadByApi(request, server, `slider.${viewport.width}.${Date.now()}@example.com`);
      await resumeWithout(page, server, lead, 'blocking-details', ['contractDuration', 'blockedAmountPerMonth']);
      await expect(headline(page, 'Blocking Details')).toBeVisible();
      const slider = page.getByRole('slider', { name: /Contract duration/ });
      await expect(slider).toHaveAttribute('aria-valuemin', '1');
      await expect(slider).toHaveAttribute('aria-valuemax', '12');
      await expect(slider).toHaveAttribute('aria-valuetext', 'Not chosen');
      await expect(slider).toHaveAttribute('aria-invalid', 'false');

      // an empty Next: the slider is the field that takes the focus, invalid, its message tied to it, no value shown
      await button(page, 'Next').click();
      await expect(slider).toBeFocused();
      await expect(slider).toHaveAttribute('id', 'root_contractDuration');
      await expect(slider).toHaveAttribute('aria-invalid', 'true');
      const describedBy = (await slider.getAttribute('aria-describedby')) ?? '';
      expect(describedBy.split(' ')).toContain('root_contractDuration__error');
      await expect(page.locator('#root_contractDuration__error')).toHaveText(REQUIRED);
      await expect(slider).toHaveAttribute('aria-valuetext', 'Not chosen');
      expect(await handleDrawn(slider)).toBe(false);
      await expect(page.locator('.ant-slider-tooltip')).toBeHidden();
      await page.screenshot({ path: `${SHOTS}/slider-empty-next-${viewport.width}.png` });
      await accessible(page, 'the blocking details after an empty Next');

      // the first key chooses the first month, the next one moves on
      await page.keyboard.press('ArrowRight');
      await expect(slider).toHaveAttribute('aria-valuenow', '1');
      await expect(slider).toHaveAttribute('aria-valuetext', '1');
      expect(await handleDrawn(slider)).toBe(true);
      await page.keyboard.press('ArrowRight');
      await expect(slider).toHaveAttribute('aria-valuenow', '2');
      await expect(slider).toHaveAttribute('aria-invalid', 'false');
      await page.screenshot({ path: `${SHOTS}/slider-two-months-${viewport.width}.png` });
    });

    test('an empty payer focuses the first field in error, First name', async ({ page, request, server }) => {
      const lead = await createLeadByApi(request, server, `payer.focus.${viewport.width}.${Date.now()}@example.com`);
      await resumeAt(page, server, lead, 'payers');
      await expect(headline(page, 'Payers')).toBeVisible();
      await page.getByRole('button', { name: 'Add payer' }).click();
      const adding = page.getByRole('dialog', { name: 'Add payer' });
      await adding.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(adding.getByText(REQUIRED)).toHaveCount(3);
      await expect(adding.getByLabel(named('First name'))).toBeFocused();
      await adding.getByLabel(named('First name')).fill('Max');
      await adding.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(adding.getByLabel(named('Last name'))).toBeFocused();
    });

    test('KYC with an invalid or expired link: the refusal once, no "we have sent", Next and Resend off; a good link still sends', async ({
      page,
      request,
      server,
      sql,
    }) => {
      const lead = await createLeadByApi(request, server, `kyc.refused.${viewport.width}.${Date.now()}@example.com`);
      const expired = newKycKey();
      await sql(
        "insert into lead_keys (key_hash, lead_id, scope, expires_at) values ($1, $2, 'kyc', now() - interval '1 hour')",
        [expired.hash, lead.id],
      );
      const refusal = 'This verification link is not valid or has expired. Please ask us for a new link.';
      for (const [name, key] of [
        ['invalid', newKycKey().key],
        ['expired', expired.key],
      ]) {
        const refused = page.waitForResponse((r) => r.url().includes('/send-kyc-otp'));
        await page.goto(`${server}/forms/kyc-reverification?user_key=${key}`);
        expect((await refused).status()).toBe(403);
        await expect(headline(page, 'Enter the verification code')).toBeVisible();
        await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
        await expect(page.getByText(refusal)).toHaveCount(1);
        await expect(page.getByText(/We have sent/)).toHaveCount(0);
        await expect(page.getByText('OTP sent successfully')).toHaveCount(0);
        await expect(button(page, 'Next')).toBeDisabled();
        await expect(page.getByRole('button', { name: /Resend/ })).toHaveCount(0);
        await page.screenshot({ path: `${SHOTS}/kyc-${name}-link-${viewport.width}.png` });
        await accessible(page, `the OTP step with an ${name} link`);
      }

      const good = await kycKeyFor(sql, lead.id);
      await page.goto(`${server}/forms/kyc-reverification?user_key=${good}`);
      await expect(page.locator('.antrag-otp').getByRole('status')).toHaveText('OTP sent successfully');
      await expect(page.getByText('We have sent a 6-digit verification code to you.')).toBeVisible();
      await expect(button(page, 'Next')).toBeEnabled();
      await expect(page.getByRole('button', { name: /Resend/ })).toBeDisabled();
    });
  });
}
