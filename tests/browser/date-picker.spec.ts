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
