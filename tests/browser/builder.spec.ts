/**
 * The visual builder as content staff use it (issue 18): a staffer signs in to the studio on the main server and, with
 * the mouse only and then with the keyboard only, builds a two-step rental booking (a date, a select, an upload shown
 * only for one option, a required checkbox), translates its labels into German, previews it on a phone, saves a draft
 * and publishes it. An applicant on a phone then fills it in and submits it, and the server stores the answers.
 * Each test runs a server of its own (the staff API needs ANTRAG_ADMIN_TOKEN), serving the global setup's builds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import pg from 'pg';
import { createSchema, dropSchema, type RunningServer, startServer } from '../integration/server/durability/harness.js';
import { button, chooseFile, dateIn, expectUploaded, field, typeDate } from './filling.js';
import { expect, expectAccessible, test } from './fixtures.js';

const ADMIN_TOKEN = 'browser-test-admin-token-builder-0123456789';
const STAFF = { email: 'editor@example.org', password: 'correct horse battery staple 42' };

interface StudioServer {
  server: RunningServer;
  submissions(id: string): Promise<Array<{ form_version: number | null; data: Record<string, unknown> }>>;
  stop(): Promise<void>;
}

async function startStudioServer(): Promise<StudioServer> {
  const webRoot = process.env.BROWSER_WEB_ROOT;
  const studioRoot = process.env.BROWSER_STUDIO_ROOT;
  if (!webRoot || !studioRoot) throw new Error('run the browser tests through playwright.config.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'antrag-builder-'));
  const { schema, url } = await createSchema('builder');
  const server = await startServer({
    dataDir,
    databaseUrl: url,
    env: { WEB_ROOT: webRoot, STUDIO_ROOT: studioRoot, ANTRAG_ADMIN_TOKEN: ADMIN_TOKEN, MAIL_TRANSPORT: 'outbox' },
  });
  const created = await fetch(`${server.base}/api/admin/staff`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...STAFF, role: 'publisher' }),
  });
  if (created.status !== 201) throw new Error(`adding the staff member: ${created.status} ${await created.text()}`);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  return {
    server,
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

const preview = (page: Page) => page.frameLocator('iframe[title="Form preview"]');
const cell = (page: Page, label: RegExp) => page.getByRole('textbox', { name: label });
const LICENCE = { name: 'licence.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') };

/** The draft the studio saved, as the server holds it (read with the staffer's own session). */
async function savedDraft(page: Page, base: string, id: string): Promise<Record<string, unknown>> {
  const answer = await page.request.get(`${base}/api/admin/forms/${id}/draft`);
  expect(answer.status()).toBe(200);
  const draft = (await answer.json()) as { text: string };
  return JSON.parse(draft.text) as Record<string, unknown>;
}

/** The applicant's part, on a phone: fill the published form and submit it; the server stores the answers. */
async function applicantSubmits(browser: Browser, studio: StudioServer, id: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await page.goto(`${studio.server.base}/forms/${id}`);
    await expect(page.getByText('Start date')).toBeVisible();
    // the upload shows only for a car
    await expect(page.getByText('Driving licence')).toHaveCount(0);
    const start = dateIn(14);
    await typeDate(page, 'Start date', start.ddmmyyyy);
    await page.getByRole('radio', { name: 'Car' }).check();
    await expect(page.getByText('Driving licence')).toBeVisible();
    await chooseFile(page, 'Driving licence', LICENCE);
    await expectUploaded(page, LICENCE.name);
    await button(page, 'Next').click();
    await expect(field(page, 'I accept the terms')).toBeVisible();
    await field(page, 'I accept the terms').check();
    const sent = page.waitForResponse((r) => r.url().endsWith(`/api/forms/${id}/submissions`));
    await button(page, 'Done').click();
    expect((await sent).status()).toBeLessThan(300);
    const stored = await studio.submissions(id);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.form_version).toBe(1);
    expect(stored[0]?.data).toMatchObject({ startDate: start.iso, vehicle: 'car', iAcceptTheTerms: true });
    // the file as the server stored it: under the field's name, checked and done
    expect(stored[0]?.data.drivingLicence).toEqual([
      expect.objectContaining({ name: expect.stringMatching(/^drivingLicence_.+\.pdf$/), status: 'done' }),
    ]);
  } finally {
    await context.close();
  }
}

test.describe('a staffer building a booking in the studio', () => {
  let studio: StudioServer | undefined;
  test.afterEach(async () => {
    await studio?.stop();
    studio = undefined;
  });

  test('with the mouse: builds, translates, previews on a phone and publishes; an applicant submits', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    studio = await startStudioServer();
    const id = 'rental-mouse';
    await page.goto(`${studio.server.base}/studio`);
    await page.getByLabel('E-mail address').fill(STAFF.email);
    await page.getByLabel('Password').fill(STAFF.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Form studio' })).toBeVisible({ timeout: 30_000 });

    await page.getByRole('button', { name: 'New form' }).click();
    const dialog = page.getByRole('dialog', { name: 'New form in the form store' });
    await dialog.getByLabel('Form id').fill(id);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('tab', { name: 'Builder' })).toHaveAttribute('aria-selected', 'true');

    // step 1: "Rental", its template field gone
    await page.getByRole('button', { name: 'Rename Start' }).click();
    await page.getByLabel('New title for Start').fill('Rental');
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    await page.getByRole('button', { name: /^Full name/ }).click();
    await page.getByRole('button', { name: 'Delete field Full name' }).click();

    await addField(page, 'Date', 'Start date');
    await page.getByRole('checkbox', { name: 'Required' }).check();
    await addField(page, 'Radio', 'Vehicle');
    await page.getByLabel('Label of option 1').fill('Car');
    await page.getByLabel('Value of option 1').fill('car');
    await page.getByLabel('Label of option 2').fill('Bike');
    await page.getByLabel('Value of option 2').fill('bike');
    await addField(page, 'Upload', 'Driving licence');
    await pickIn(page, 'Show', 'Only when another field has a value');
    await pickIn(page, 'Field', 'Vehicle (vehicle)');
    await pickIn(page, 'Value', 'Car');

    // step 2: "Confirm" with a required checkbox
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByLabel('Title of the new step').fill('Confirm');
    await page.getByRole('button', { name: 'Add step' }).click();
    await expect(page.getByRole('heading', { name: 'Fields of “Confirm”' })).toBeVisible();
    await addField(page, 'Checkbox', 'I accept the terms');
    await page.getByRole('checkbox', { name: 'Required' }).check();
    await expectAccessible(page, 'the builder with a field selected');

    // German labels in the translations view
    await page.getByRole('tab', { name: 'Translations' }).click();
    for (const [english, german] of GERMAN) {
      const box = cell(page, new RegExp(`${english} › label, Deutsch$`));
      await box.fill(german);
      await box.blur();
    }
    await expectAccessible(page, 'the translations view');

    // the preview on a phone, in German
    await page
      .locator('label')
      .filter({ hasText: /^Mobile$/ })
      .click();
    await expect(page.getByRole('radio', { name: 'Mobile' })).toBeChecked();
    await pickIn(page, 'Language', 'Deutsch');
    await expect(preview(page).getByText('Ich akzeptiere die Bedingungen')).toBeVisible();

    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText(`Draft of “${id}” saved.`)).toBeVisible();
    const built = await savedDraft(page, studio.server.base, id);
    expect(built.steps).toMatchObject([
      {
        title: { en: 'Rental' },
        fields: [
          { name: 'startDate', type: 'date', required: true, label: { en: 'Start date', de: 'Startdatum' } },
          { name: 'vehicle', type: 'select', display: 'radio', label: { en: 'Vehicle', de: 'Fahrzeug' } },
          { name: 'drivingLicence', type: 'upload', visibleIf: { field: 'vehicle', equals: 'car' } },
        ],
      },
      { title: 'Confirm' },
    ]);
    expect(JSON.stringify(built.steps)).toContain('"name":"iAcceptTheTerms","type":"checkbox"');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const publish = page.getByRole('dialog', { name: `Publish “${id}”?` });
    await publish.getByRole('button', { name: 'Publish now' }).click();
    await expect(page.getByText(`“${id}” is published as version 1.`)).toBeVisible();

    await applicantSubmits(browser, studio, id);
  });

  test('with the keyboard only: builds, translates, previews on a phone and publishes; an applicant submits', async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    studio = await startStudioServer();
    const id = 'rental-keys';
    await page.goto(`${studio.server.base}/studio`);
    await tabTo(page, page.getByLabel('E-mail address'));
    await page.keyboard.type(STAFF.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(STAFF.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Form studio' })).toBeVisible({ timeout: 30_000 });

    await activate(page, page.getByRole('button', { name: 'New form' }));
    const dialog = page.getByRole('dialog', { name: 'New form in the form store' });
    await tabTo(page, dialog.getByLabel('Form id'));
    await page.keyboard.type(id);
    await activate(page, dialog.getByRole('button', { name: 'Create' }));
    await expect(page.getByRole('tab', { name: 'Builder' })).toHaveAttribute('aria-selected', 'true');

    await activate(page, page.getByRole('button', { name: 'Rename Start' }));
    await expect(page.getByLabel('New title for Start')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Rental');
    await page.keyboard.press('Enter');
    await activate(page, page.getByRole('button', { name: /^Full name/ }));
    await activate(page, page.getByRole('button', { name: 'Delete field Full name' }));

    await addFieldByKeys(page, 'Date', 'Start date');
    await activate(page, page.getByRole('checkbox', { name: 'Required' }), 'Space');
    await addFieldByKeys(page, 'Radio', 'Vehicle');
    for (const [n, label, value] of [
      [1, 'Car', 'car'],
      [2, 'Bike', 'bike'],
    ] as const) {
      await tabTo(page, page.getByLabel(`Label of option ${n}`));
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(label);
      await page.keyboard.press('Tab');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(value);
    }
    await addFieldByKeys(page, 'Upload', 'Driving licence');
    await pickByKeys(page, 'Show', 'Only when');
    await pickByKeys(page, 'Field', 'Vehicle');
    await pickByKeys(page, 'Value', 'Car');

    // the step order by keyboard: add "Confirm", move it up and down again with the buttons
    await activate(page, page.getByRole('button', { name: 'Add step' }));
    await expect(page.getByLabel('Title of the new step')).toBeFocused();
    await page.keyboard.type('Confirm');
    await page.keyboard.press('Enter');
    await activate(page, page.getByRole('button', { name: 'Move Confirm up' }));
    await expect(page.getByRole('button', { name: /^1\. Confirm/ })).toBeVisible();
    await activate(page, page.getByRole('button', { name: 'Move Confirm down' }));
    await activate(page, page.getByRole('button', { name: /^2\. Confirm/ }));
    await addFieldByKeys(page, 'Checkbox', 'I accept the terms');
    await activate(page, page.getByRole('checkbox', { name: 'Required' }), 'Space');

    // German labels: the tab list is reached by Tab and moved along by the arrow keys
    await tabTo(page, page.getByRole('tab', { name: 'Builder' }));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Translations' })).toHaveAttribute('aria-selected', 'true');
    for (const [english, german] of GERMAN) {
      await tabTo(page, cell(page, new RegExp(`${english} › label, Deutsch$`)));
      await page.keyboard.type(german);
    }
    await page.keyboard.press('Tab');

    // a radio group is one Tab stop (the checked radio); the arrows choose within it
    await tabTo(page, page.locator('.antrag-studio-preview-controls input[type="radio"]:checked'));
    if (!(await page.getByRole('radio', { name: 'Mobile' }).isChecked())) await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Mobile' })).toBeChecked();
    await pickByKeys(page, 'Language', 'Deutsch');
    await expect(preview(page).getByText('Ich akzeptiere die Bedingungen')).toBeVisible();

    await activate(page, page.getByRole('button', { name: 'Save draft' }));
    await expect(page.getByText(`Draft of “${id}” saved.`)).toBeVisible();
    await activate(page, page.getByRole('button', { name: 'Publish', exact: true }));
    const publish = page.getByRole('dialog', { name: `Publish “${id}”?` });
    await activate(page, publish.getByRole('button', { name: 'Publish now' }));
    await expect(page.getByText(`“${id}” is published as version 1.`)).toBeVisible();

    await applicantSubmits(browser, studio, id);
  });
});

const GERMAN = [
  ['Start date', 'Startdatum'],
  ['Vehicle', 'Fahrzeug'],
  ['Driving licence', 'Führerschein'],
  ['I accept the terms', 'Ich akzeptiere die Bedingungen'],
] as const;

/** "Add field", the type by its human name, then the label typed into the focused label box. */
async function addField(page: Page, type: string, label: string): Promise<void> {
  await page.getByRole('button', { name: 'Add field' }).click();
  const palette = page.getByRole('dialog', { name: /^Add a field to/ });
  // once antd's opening animation has ended: a click on a loaded machine could land while it was still running
  // and be lost (the palette stayed open)
  await expect(palette).not.toHaveClass(/ant-zoom/);
  await palette.getByRole('button', { name: type, exact: true }).click();
  await expect(palette).toBeHidden();
  const box = page.getByLabel('Label', { exact: true });
  await expect(box).toBeFocused();
  await box.fill(label);
}

/** Picks `option` (its title) in the antd select labelled `label`, by mouse. */
async function pickIn(page: Page, label: string, option: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  const list = await box.getAttribute('aria-controls');
  await page.locator(`[id="${list}"]`).locator('xpath=..').getByTitle(option, { exact: true }).click();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
}

/** Presses Tab until `target` has the focus (at most 250 times): how a keyboard user gets anywhere. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  await target.waitFor({ state: 'attached' });
  for (let i = 0; i < 250; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

async function activate(page: Page, target: Locator, key: 'Enter' | 'Space' = 'Enter'): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** "Add field" by keyboard: the palette's search has the focus; the type is reached by Tab and taken by Enter. */
async function addFieldByKeys(page: Page, type: string, label: string): Promise<void> {
  await activate(page, page.getByRole('button', { name: 'Add field' }));
  const palette = page.getByRole('dialog', { name: /^Add a field to/ });
  await expect(palette.getByLabel('Find a field type')).toBeFocused();
  await page.keyboard.type(type);
  await activate(page, palette.getByRole('button', { name: type, exact: true }));
  await expect(palette).toBeHidden();
  await expect(page.getByLabel('Label', { exact: true })).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(label);
}

/**
 * An antd select by keyboard: reached by Tab, opened by the down arrow, moved along by it until the option starting
 * with `typed` is the active one, taken by Enter.
 */
async function pickByKeys(page: Page, label: string, typed: string): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await tabTo(page, box);
  await page.keyboard.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const list = await box.getAttribute('aria-controls');
  const popup = page.locator(`[id="${list}"]`).locator('xpath=..');
  for (let i = 0; i < 60; i += 1) {
    const active = await popup.locator('.ant-select-item-option-active').getAttribute('title');
    if (active?.startsWith(typed)) {
      await page.keyboard.press('Enter');
      await expect(box).toHaveAttribute('aria-expanded', 'false');
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option of ${label} starts with ${typed}`);
}
