import { defineConfig } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium (`apt-get install -y chromium`), never a Playwright download: the
 * global setup builds the web app and starts the real server on PostgreSQL; tests fill the forms as a
 * person would and read what the server stored.
 */
export default defineConfig({
  testDir: 'tests/browser',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/browser/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.test-results/browser.json' }]],
  outputDir: '.test-results/browser',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
    // PW_TRACE=1 keeps a trace of each failing test (npm run test:stress -- --suite browser finds races this way)
    trace: process.env.PW_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
});
