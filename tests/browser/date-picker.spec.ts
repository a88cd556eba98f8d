/**
 * antd's date picker, loaded when a date field is first used, draws in the engine's theme and its UI font: the
 * month and year in its header are buttons, which Chromium gives a font of its own (Arial) unless told otherwise.
 */
import { expect, test } from './fixtures.js';

test('the calendar opened from a date field uses the UI font and the theme', async ({ page, server }) => {
  await page.goto(`${server}/forms/health-insurance-booking`);
  await page.locator('#root[data-hydrated]').waitFor();
  await page.getByLabel('Date of birth').click();
  const header = page.locator('.ant-picker-dropdown .ant-picker-header-view button').first();
  await expect(header).toBeVisible();
  const bodyFont = await page
    .locator('.ant-picker-dropdown .ant-picker-content')
    .evaluate((e) => getComputedStyle(e).fontFamily);
  expect(bodyFont).toMatch(/system-ui/);
  expect(await header.evaluate((e) => getComputedStyle(e).fontFamily)).toBe(bodyFont);
  // today's cell in the engine's accessible blue (#0958d9), not antd's default (#1677ff)
  const today = page.locator('.ant-picker-dropdown .ant-picker-cell-today .ant-picker-cell-inner');
  expect(await today.evaluate((e) => getComputedStyle(e, '::before').borderColor)).toBe('rgb(9, 88, 217)');
});

test.describe('a date typed on a phone while the calendar’s code loads', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('keeps every character typed, and the field the answer', async ({ page, server }) => {
    // the calendar's code arrives while the applicant types, as on a slow network
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/DatePicker-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server}/forms/health-insurance-booking`);
    await page.locator('#root[data-hydrated]').waitFor();
    const box = page.getByLabel('Date of birth');
    await box.tap();
    await box.pressSequentially('17/05', { delay: 80 });
    release();
    // the calendar could take the box's place now: the typing goes on in the same box
    await box.pressSequentially('/1995', { delay: 80 });
    await expect(page.getByLabel('Date of birth')).toHaveValue('17/05/1995');
    // taken as the answer: leaving the field shows no message, and the calendar opens on the next press with it
    await page.getByLabel('First name').tap();
    await expect(page.getByLabel('Date of birth')).toHaveValue('17/05/1995');
    await expect(page.getByLabel('Date of birth')).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Date of birth').tap();
    await expect(page.locator('.ant-picker-dropdown .ant-picker-cell-selected')).toHaveText('17');
  });

  test('takes a date typed after a second tap, with the code already there', async ({ page, server }) => {
    await page.goto(`${server}/forms/health-insurance-booking`);
    await page.locator('#root[data-hydrated]').waitFor();
    // the calendar's code loaded by a first use of the field, then the field left
    await page.getByLabel('Date of birth').tap();
    await expect(page.locator('.ant-picker-dropdown')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByLabel('First name').tap();
    const box = page.getByLabel('Date of birth');
    await box.tap();
    // typed once the calendar shows, as a person sees it (the phone's keyboard takes longer to come up)
    await expect(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toBeVisible();
    await page.keyboard.type('17/05/1995', { delay: 20 });
    await expect(box).toHaveValue('17/05/1995');
    await page.getByLabel('First name').tap();
    await expect(page.getByLabel('Date of birth')).toHaveValue('17/05/1995');
  });
});
