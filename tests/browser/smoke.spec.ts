import { expect, test } from './fixtures.js';

test('pre-subscription renders and validates with precompiled validators', async ({ page, server }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${server}/forms/pre-subscription`);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await page.screenshot({ path: '.test-results/smoke-1.png', fullPage: true });
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.screenshot({ path: '.test-results/smoke-2.png', fullPage: true });
  console.log(errors);
});
