/**
 * Forms as versioned content (issue 17), as an applicant meets them: they start a published form, staff publish a
 * new version with a changed field, and the applicant reloads. Within the grace time they go on with the version
 * they started on (and the server stores their submission as that version); past it (FORM_VERSION_GRACE_DAYS=0
 * retires a replaced version at once) they are told that the form changed and keep every answer that still fits.
 * Each test runs a server of its own (the staff API needs ANTRAG_ADMIN_TOKEN, the grace time differs), serving the
 * web app the global setup built.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import pg from 'pg';
import type { FormDefinition } from '../../packages/core/src/dsl/types.js';
import { createSchema, dropSchema, type RunningServer, startServer } from '../integration/server/durability/harness.js';
import { accessible, button, field, headline, REQUIRED, RESUME_TITLE } from './filling.js';
import { expect, test } from './fixtures.js';

const ADMIN_TOKEN = 'browser-test-admin-token-0123456789abcdef';
const CHANGED = 'This form has changed since you started. We kept the answers that still fit; please check the rest.';

/**
 * Version 1: three steps of text fields, drafts offered on return. It names no submission of its own, as staff may
 * publish a form: the page sends its answers to the store's `POST /api/forms/{id}/submissions`.
 */
function version1(id: string): FormDefinition {
  return {
    id,
    title: { en: 'Moving in' },
    version: 1,
    draft: { storageKey: `DRAFT_${id}`, storage: 'local', resumePrompt: true, clearOnSuccess: true },
    results: { success: { status: 'success', title: { en: 'Thank you!' }, showId: 'id' } },
    steps: [
      {
        id: 'about',
        title: { en: 'About you' },
        headline: { en: 'About you' },
        sections: [{ fields: [{ name: 'firstName', type: 'text', label: { en: 'First name' }, required: true }] }],
      },
      {
        id: 'address',
        title: { en: 'Address' },
        headline: { en: 'Where you live' },
        sections: [{ fields: [{ name: 'city', type: 'text', label: { en: 'City' }, required: true }] }],
      },
      {
        id: 'end',
        title: { en: 'End' },
        headline: { en: 'Almost done' },
        sections: [{ fields: [{ name: 'note', type: 'text', label: { en: 'Note' } }] }],
      },
    ],
  } as FormDefinition;
}

/** Version 2 changes the city: at most three letters now (a short code), and a street is asked for. */
function version2(id: string): FormDefinition {
  const v1 = version1(id);
  return {
    ...v1,
    steps: [
      v1.steps[0],
      {
        id: 'address',
        title: { en: 'Address' },
        headline: { en: 'Your address' },
        sections: [
          {
            fields: [
              { name: 'city', type: 'text', label: { en: 'City' }, required: true, rules: [{ maxLength: 3 }] },
              { name: 'street', type: 'text', label: { en: 'Street' }, required: true },
            ],
          },
        ],
      },
      v1.steps[2],
    ],
  } as FormDefinition;
}

interface VersionServer {
  server: RunningServer;
  /** Publishes a definition through the staff API; returns the version it became. */
  publish(definition: FormDefinition): Promise<number>;
  /** The stored submissions of a form: version and data. */
  submissions(id: string): Promise<Array<{ form_version: number | null; data: Record<string, unknown> }>>;
  stop(): Promise<void>;
}

async function startVersionServer(env: Record<string, string> = {}): Promise<VersionServer> {
  const webRoot = process.env.BROWSER_WEB_ROOT;
  if (!webRoot) throw new Error('BROWSER_WEB_ROOT is not set: run the browser tests through playwright.config.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'antrag-versions-'));
  const { schema, url } = await createSchema('versions');
  const server = await startServer({
    dataDir,
    databaseUrl: url,
    env: { WEB_ROOT: webRoot, ANTRAG_ADMIN_TOKEN: ADMIN_TOKEN, MAIL_TRANSPORT: 'outbox', ...env },
  });
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  return {
    server,
    async publish(definition) {
      const response = await fetch(`${server.base}/api/admin/forms/${definition.id}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(definition),
      });
      const answer = (await response.json()) as { version?: number };
      if (response.status !== 201 || typeof answer.version !== 'number')
        throw new Error(`publishing ${definition.id}: ${response.status} ${JSON.stringify(answer)}`);
      return answer.version;
    },
    async submissions(id) {
      const rows = await db.query('select form_version, data from submissions where form_id = $1 order by id', [id]);
      return rows.rows;
    },
    async stop() {
      await db.end();
      await server.stop();
      await dropSchema(schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the form: the first name, the city, and on to the last step (the draft is then saved on version 1). */
async function startApplication(page: Page, base: string, id: string): Promise<void> {
  await page.goto(`${base}/forms/${id}`);
  await expect(headline(page, 'About you')).toBeVisible();
  // the numbered steps are drawn a moment after the headline, and the form moves up when they are: the page has
  // settled once they show
  await expect(page.getByText('End', { exact: true })).toBeVisible();
  await field(page, 'First name').fill('Ann');
  await button(page, 'Next').click();
  await expect(headline(page, 'Where you live')).toBeVisible();
  await field(page, 'City').fill('Bonn');
  await button(page, 'Next').click();
  await expect(headline(page, 'Almost done')).toBeVisible();
}

/** Reloads the page and takes up the offered draft. */
async function resume(page: Page): Promise<void> {
  await page.reload();
  const dialog = page.getByRole('dialog', { name: RESUME_TITLE });
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('an applicant on a form republished while they fill it in', () => {
  let versions: VersionServer | undefined;
  test.afterEach(async () => {
    await versions?.stop();
    versions = undefined;
  });

  test('goes on with the version they started on, and the server stores it as that version', async ({ page }) => {
    versions = await startVersionServer();
    const id = 'moving-in-grace';
    const first = await versions.publish(version1(id));
    await startApplication(page, versions.server.base, id);
    const second = await versions.publish(version2(id));
    expect(second).toBeGreaterThan(first);

    const asked = page.waitForRequest((r) => r.url().endsWith(`/api/forms/${id}?version=${first}`));
    await resume(page);
    await asked;
    await expect(headline(page, 'Almost done')).toBeVisible();
    await expect(page.getByText(CHANGED)).toHaveCount(0);
    // the step before is version 1's: 'Bonn' is a city there, and no street is asked for
    await button(page, 'Previous').click();
    await expect(headline(page, 'Where you live')).toBeVisible();
    await expect(field(page, 'City')).toHaveValue('Bonn');
    await expect(field(page, 'Street')).toHaveCount(0);
    await button(page, 'Next').click();
    await expect(headline(page, 'Almost done')).toBeVisible();

    const sent = page.waitForRequest((r) => r.url().endsWith(`/api/forms/${id}/submissions`));
    await button(page, 'Done').click();
    await expect(page.getByText('Thank you!')).toBeVisible();
    expect((await sent).headers()['x-form-version']).toBe(String(first));
    expect(await versions.submissions(id)).toEqual([
      { form_version: first, data: expect.objectContaining({ firstName: 'Ann', city: 'Bonn' }) },
    ]);
  });

  test('past the grace time is told the form changed, and keeps the answers that still fit', async ({ page }) => {
    versions = await startVersionServer({ FORM_VERSION_GRACE_DAYS: '0' });
    const id = 'moving-in-retired';
    const first = await versions.publish(version1(id));
    await startApplication(page, versions.server.base, id);
    const second = await versions.publish(version2(id));

    const refused = page.waitForResponse((r) => r.url().endsWith(`/api/forms/${id}?version=${first}`));
    await resume(page);
    expect((await refused).status()).toBe(410);
    // the notice is a status, read out by screen readers
    const notice = page.getByRole('status').filter({ hasText: CHANGED });
    await expect(notice).toBeVisible();
    // 'Bonn' is no city of version 2 (three letters at most): left out, and the applicant is taken to that step
    // without an error shown
    await expect(headline(page, 'Your address')).toBeVisible();
    await expect(field(page, 'City')).toHaveValue('');
    await expect(field(page, 'Street')).toHaveValue('');
    await expect(page.getByText(REQUIRED)).toHaveCount(0);
    await accessible(page, 'the changed form with its notice');
    await notice.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText(CHANGED)).toHaveCount(0);

    // the first name fits and was kept
    await button(page, 'Previous').click();
    await expect(headline(page, 'About you')).toBeVisible();
    await expect(field(page, 'First name')).toHaveValue('Ann');
    await button(page, 'Next').click();
    await field(page, 'City').fill('BN');
    await field(page, 'Street').fill('Rheinweg 1');
    await button(page, 'Next').click();
    await expect(headline(page, 'Almost done')).toBeVisible();
    const sent = page.waitForRequest((r) => r.url().endsWith(`/api/forms/${id}/submissions`));
    await button(page, 'Done').click();
    await expect(page.getByText('Thank you!')).toBeVisible();
    expect((await sent).headers()['x-form-version']).toBe(String(second));
    expect(await versions.submissions(id)).toEqual([
      { form_version: second, data: { firstName: 'Ann', city: 'BN', street: 'Rheinweg 1' } },
    ]);
  });
});
