/**
 * The blocked-account wizard's Blocking Details and Payers steps as an applicant meets them (issue 15, items 4, 5,
 * 6, 21 and 24), in Chromium against the real server, at 1280 × 800 and on a 390 × 844 phone:
 * - the contract duration shows nothing until one is chosen, and the total follows what is chosen;
 * - the eligibility upload is refused until a document type is chosen (spec 000 §5), then sent to the lead;
 * - every upload of the wizard checks type and size before a byte is sent (spec 001 §5, the shared uploader);
 * - an uploaded image or a PDF's first page is previewed, at most 500 px high, and goes with its file (spec 001 §4, §9);
 * - amounts are written as the page's language writes money.
 */
import { createCanvas } from '@napi-rs/canvas';
import type { Page } from '@playwright/test';
import { type Applicant, FORM, passport, passportStep, pdf, signUp } from './blocked-steps.js';
import { button, choose, chooseFile, expectUploaded, headline, itemOf, type SampleFile } from './filling.js';
import { expect, test } from './fixtures.js';

const TYPE_MESSAGE = 'You can only upload .jpg, .png, .pdf file.';
const SIZE_MESSAGE = 'File size must be between 100KB and 10MB!';
const ELIGIBILITY = 'Upload visa eligibility document';
// what the tests saw, for a person to look at (kept with the other test results)
const SHOTS = '.test-results/screens/uploads';

/** A PNG of random pixels: `side` × `side`, about 4 × side² bytes (noise does not compress). */
function noisePng(name: string, side: number): SampleFile {
  const canvas = createCanvas(side, side);
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(side, side);
  for (let i = 0; i < image.data.length; i++) image.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
  ctx.putImageData(image, 0, 0);
  return { name, mimeType: 'image/png', buffer: canvas.toBuffer('image/png') };
}

const textFile = (name: string): SampleFile => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.alloc(120_000, 'a'),
});

/** Every request that would carry a file: the lead's document upload and the signed storage upload. */
function fileRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/v1\/lead\/upload-file|\/api\/upload-file|\/api\/upload\b/.test(r.url())) seen.push(r.url());
  });
  return seen;
}

/** Sign-up and passport (six-step variant, no face step) up to Blocking Details. */
async function toBlockingDetails(page: Page, server: string, who: string): Promise<void> {
  const applicant: Applicant = {
    email: `${who}.${Date.now()}@example.com`,
    firstName: 'Erika',
    lastName: 'Mustermann',
    arrivalIn: 60,
  };
  await page.goto(`${server}/forms/${FORM}?faceVerification=false`);
  await signUp(page, applicant);
  await passportStep(page, passport('030812'));
  await expect(headline(page, 'Blocking Details')).toBeVisible();
}

const eligibilityItem = (page: Page) => itemOf(page, ELIGIBILITY);
const problemAt = (page: Page) => eligibilityItem(page).getByRole('alert');
const total = (page: Page) => page.locator('[data-field="totalDeposit"] output');

test.describe('blocked-account uploads and amounts at 1280 px', () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the duration shows nothing until chosen; the eligibility upload needs a type and checks files before sending; a PDF preview; amounts in English', async ({
    page,
    server,
    sql,
  }) => {
    const sent = fileRequests(page);
    await toBlockingDetails(page, server, 'uploads-desk');
    sent.length = 0; // the passport's uploads are not this step's

    // item 6: nothing chosen is shown as nothing: no handle drawn on the first mark, 'Not chosen', no total
    const duration = page.locator('[data-field="contractDuration"]');
    const slider = page.getByRole('slider', { name: /Contract duration/ });
    await expect(slider).toHaveAttribute('aria-valuetext', 'Not chosen');
    await expect(duration.locator('.ant-slider-handle')).toHaveCSS('opacity', '0');
    await expect(duration.getByText('Not chosen', { exact: true })).toBeVisible();
    await expect(total(page)).toHaveText('');

    // item 4: a file before the document type is refused at the upload, not listed, not sent
    await chooseFile(page, ELIGIBILITY, pdf('early-admission.pdf'));
    await expect(problemAt(page)).toHaveText('Please select a Visa Eligibility Document');
    await expect(page.getByRole('listitem').filter({ hasText: 'early-admission' })).toHaveCount(0);

    // item 5: the shared uploader's checks, before a byte is sent
    await choose(page, 'Visa eligibility document', 'Admission certificate');
    await chooseFile(page, ELIGIBILITY, textFile('notes.txt'));
    await expect(problemAt(page)).toHaveText(TYPE_MESSAGE);
    await chooseFile(page, ELIGIBILITY, pdf('huge-scan.pdf', 11_000_000));
    await expect(problemAt(page)).toHaveText(SIZE_MESSAGE);
    await chooseFile(page, ELIGIBILITY, pdf('tiny.pdf', 0));
    await expect(problemAt(page)).toHaveText(SIZE_MESSAGE);
    await expect(eligibilityItem(page).getByText('max. 10MB size')).toBeVisible();
    await expect(eligibilityItem(page).getByRole('listitem')).toHaveCount(0);
    expect(sent).toEqual([]);

    // now it is taken and goes to the lead as the chosen kind
    const longName = 'admission-certificate-university-of-cologne.pdf';
    await chooseFile(page, ELIGIBILITY, pdf(longName));
    // listed under its shortened name (the whole one in its title)
    await expectUploaded(page, `${longName.slice(0, 10)}…${longName.slice(-10)}`);
    expect(sent.some((url) => url.includes('/api/v1/lead/upload-file'))).toBe(true);
    const leadId = Number(await page.evaluate(() => localStorage.getItem('leadId')));
    const stored = await sql<{ doc_key: string; size: number }>(
      'select doc_key, size from documents where lead_id = $1 order by id',
      [leadId],
    );
    expect(stored.map((d) => d.doc_key)).toEqual(['passport_non_eu', 'admission_certificate']);
    await expect(problemAt(page)).toHaveCount(0);

    // item 21: the name shortened to its first and last 10 characters, the first page previewed, ≤ 500 px high
    const listed = eligibilityItem(page).getByRole('listitem');
    await expect(listed.getByText(`${longName.slice(0, 10)}…${longName.slice(-10)}`, { exact: true })).toBeVisible();
    const preview = listed.getByRole('img', { name: `Preview of ${longName}` });
    await expect(preview).toBeVisible({ timeout: 20_000 });
    await expect.poll(async () => (await preview.boundingBox())?.height ?? 0).toBeGreaterThan(100);
    const box = await preview.boundingBox();
    expect(box?.height).toBeLessThanOrEqual(500);
    // the page is drawn, not blank: the grey band and the name are in it
    expect(
      await preview.evaluate((img: HTMLImageElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const ctx = canvas.getContext('2d');
        if (!ctx) return 0;
        ctx.drawImage(img, 0, 0);
        const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i] < 128) dark++;
        return dark;
      }),
    ).toBeGreaterThan(100);
    await page.screenshot({ path: `${SHOTS}/blocking-desktop.png`, fullPage: true });

    // removing the file removes its preview
    await listed.getByRole('button', { name: `Remove ${longName}` }).click();
    await expect(eligibilityItem(page).getByRole('img', { name: /^Preview of/ })).toHaveCount(0);
    await chooseFile(page, ELIGIBILITY, pdf('admission.pdf'));
    await expectUploaded(page, 'admission.pdf');

    // item 6: the duration is chosen now, and the total with it; item 24: amounts as English writes them
    // (focused but not chosen, the handle stays undrawn: it would show a value nobody chose)
    await slider.focus();
    await expect(duration.locator('.ant-slider-handle')).toHaveCSS('opacity', '0');
    await slider.press('Home');
    await expect(duration.locator('.ant-slider-handle')).toHaveCSS('opacity', '1');
    for (let m = 1; m < 6; m++) await slider.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuetext', '6');
    await expect(duration.getByText('Not chosen', { exact: true })).toHaveCount(0);
    await expect(total(page)).toHaveText('€6,150.40');
    await expect(page.locator('[data-field="setupFee"] output')).toHaveText('€89.00');
    await button(page, 'Next').click();

    // the payers step: the fee table and the payer fee in the same way
    await expect(headline(page, 'Payers')).toBeVisible();
    await expect(page.locator('[data-field="payersTotalDeposit"] output')).toHaveText('€6,150.40');
    await expect(page.getByText('Every additional payer costs a fee of €35.00.')).toBeVisible();

    // item 5 in the payer dialog: a GIF and a small scan are refused there too, nothing sent
    const before = sent.length;
    await page.getByRole('button', { name: 'Add payer' }).click();
    const dialog = page.getByRole('dialog');
    const front = dialog.locator('.ant-form-item').filter({ hasText: 'ID proof (front)' }).last();
    const pickFront = async (file: SampleFile) => {
      const chooser = page.waitForEvent('filechooser');
      await front.getByRole('button', { name: /Select file/ }).click();
      await (await chooser).setFiles(file);
    };
    await pickFront({ name: 'id.gif', mimeType: 'image/gif', buffer: Buffer.alloc(150_000, 1) });
    await expect(front.getByRole('alert')).toHaveText(TYPE_MESSAGE);
    await pickFront(pdf('id-small.pdf', 10));
    await expect(front.getByRole('alert')).toHaveText(SIZE_MESSAGE);
    expect(sent.length).toBe(before);
  });
});

test.describe('blocked-account upload preview on a phone', () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ viewport: { width: 390, height: 844 } });

  test('an uploaded image is previewed within the screen, and goes when the file is removed', async ({
    page,
    server,
  }) => {
    await toBlockingDetails(page, server, 'uploads-phone');
    await choose(page, 'Visa eligibility document', 'Admission certificate');
    const image = noisePng('admission-photo.png', 900);
    expect(image.buffer.length).toBeGreaterThan(100_000);
    await chooseFile(page, ELIGIBILITY, image);
    await expectUploaded(page, image.name);
    const preview = eligibilityItem(page).getByRole('img', { name: `Preview of ${image.name}` });
    await expect(preview).toBeVisible();
    await expect.poll(async () => (await preview.boundingBox())?.width ?? 0).toBeGreaterThan(100);
    const box = await preview.boundingBox();
    // within the screen, never wider than it, at most 500 px high
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(box?.height).toBeLessThanOrEqual(500);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await preview.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/blocking-phone.png` });

    // a PDF's first page fits the phone as well
    await eligibilityItem(page)
      .getByRole('button', { name: `Remove ${image.name}` })
      .click();
    await expect(eligibilityItem(page).getByRole('img', { name: /^Preview of/ })).toHaveCount(0);
    await chooseFile(page, ELIGIBILITY, pdf('admission.pdf'));
    await expectUploaded(page, 'admission.pdf');
    const page1 = eligibilityItem(page).getByRole('img', { name: 'Preview of admission.pdf' });
    await expect(page1).toBeVisible({ timeout: 20_000 });
    await expect.poll(async () => (await page1.boundingBox())?.height ?? 0).toBeGreaterThan(100);
    const pdfBox = await page1.boundingBox();
    expect((pdfBox?.x ?? 0) + (pdfBox?.width ?? 0)).toBeLessThanOrEqual(390);
    expect(pdfBox?.height).toBeLessThanOrEqual(500);
    await page1.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/blocking-phone-pdf.png` });
  });
});
