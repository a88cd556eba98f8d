/**
 * What every browser test shares: the running server's address, the database it writes to, and an
 * axe-core check that fails on serious or critical violations.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import pg from 'pg';

export interface StoredSubmission {
  id: number;
  kind: string;
  form_id: string;
  data: Record<string, unknown>;
  language: string | null;
}

export interface Fixtures {
  /** Fails the test on an uncaught page error or an engine fault logged to the console (automatic). */
  pageFaults: undefined;
  /** The server's origin, e.g. http://127.0.0.1:41234. */
  server: string;
  /** Runs a query against the server's database. */
  sql: <T extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<T[]>;
}

/** Console errors that mean the engine misbehaved (not third-party warnings). */
const ENGINE_FAULTS = /no precompiled check|could not be loaded|Maximum update depth/;

export const test = base.extend<Fixtures>({
  pageFaults: [
    async ({ page }, use) => {
      const faults: string[] = [];
      page.on('pageerror', (error) => faults.push(`uncaught: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && ENGINE_FAULTS.test(message.text())) faults.push(message.text());
      });
      await use(undefined);
      expect(faults, 'page errors').toEqual([]);
    },
    { auto: true },
  ],
  server: async ({}, use) => {
    const url = process.env.BROWSER_BASE_URL;
    if (!url) throw new Error('BROWSER_BASE_URL is not set: run the browser tests through playwright.config.ts');
    await use(url);
  },
  sql: async ({}, use) => {
    const client = new pg.Client({ connectionString: process.env.BROWSER_DATABASE_URL });
    await client.connect();
    await use(async (text, values) => (await client.query(text, values as unknown[])).rows);
    await client.end();
  },
});

export { expect };

/** The newest submission of a form, as the server stored it. */
export async function latestSubmission(sql: Fixtures['sql'], formId: string): Promise<StoredSubmission | undefined> {
  const rows = await sql<StoredSubmission>(
    'select id, kind, form_id, data, language from submissions where form_id = $1 order by id desc limit 1',
    [formId],
  );
  return rows[0];
}

/**
 * axe-core on the page as it is (a server-drawn form page once hydrated): no serious or critical violation (the
 * list names each one). `within` limits it to one part: an open dialog, whose mask dims the page behind it (which
 * axe would then measure as low contrast, although that page is inert).
 */
export async function expectAccessible(page: Page, where: string, within?: string): Promise<void> {
  // a form page drawn on the server turns its controls on as it hydrates: axe in the middle of that would measure
  // a button half-way through its colour transition, so the page is measured once hydrated
  await page.waitForFunction(
    () => !document.getElementById('antrag-form-page') || document.querySelector('#root[data-hydrated]'),
  );
  const builder = new AxeBuilder({ page });
  if (within) builder.include(within);
  const results = await builder.analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe violations on ${where}`).toEqual([]);
}
