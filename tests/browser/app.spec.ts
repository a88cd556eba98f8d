import { expect, expectAccessible, test } from './fixtures.js';

test.describe('the web app shell', () => {
  test('an unknown form gets a 404 page in the chosen language with a way home', async ({ page, server }) => {
    await page.goto(`${server}/forms/no-such-form?lang=de`);
    await expect(page.getByText('Dieses Formular gibt es nicht.')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    await expectAccessible(page, 'the 404 page');
  });

  test('serves forms under a CSP without eval: validation runs from the precompiled module', async ({
    page,
    server,
  }) => {
    const response = await page.goto(`${server}/forms/pre-subscription`);
    // scripts from the site itself, and one inline script by its hash (the drawn form page's loader of its code):
    // no eval, no inline script of any other text
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
    const modules: string[] = [];
    page.on('request', (r) => {
      // a drawn page preloads its validators as `validators/0.js?version=N`: the module is named by its path
      const { pathname } = new URL(r.url());
      if (pathname.endsWith('.js')) modules.push(pathname);
    });
    await page.reload();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('This field is required!').first()).toBeVisible();
    expect(modules).toContain('/api/forms/pre-subscription/validators/0.js');
    expect(modules).toContain('/assets/validation-runtime.js');
  });
});
