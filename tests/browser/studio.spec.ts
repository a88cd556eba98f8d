/**
 * The authoring studio end to end: `antrag studio` on a temporary copy of two forms (started here, on a free port,
 * serving the web app the global setup built and a fresh build of the studio's bundle), driven in Chromium as an
 * author would: open a form, break it and see the error at its place (the same lines `antrag validate` prints),
 * fix it, add a field and use it in the preview, import a CMS booking v2, save, and find the files on disk.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ROOT } from '../integration/server/durability/harness.js';
import { expect, expectAccessible, test } from './fixtures.js';

interface Studio {
  child: ChildProcess;
  url: string;
  base: string;
  folder: string;
}

let studio: Studio;

const PRE_SUBSCRIPTION = 'health-insurance/pre-subscription.form.json';
const CONTACT = 'contact/contact-enquiry.form.json';

function startStudio(folder: string, studioRoot: string): Promise<{ child: ChildProcess; url: string }> {
  const webRoot = process.env.BROWSER_WEB_ROOT;
  if (!webRoot) throw new Error('BROWSER_WEB_ROOT is not set: run the browser tests through playwright.config.ts');
  const child = spawn(
    process.execPath,
    ['packages/cli/bin/antrag.js', 'studio', folder, '--port', '0', '--web-root', webRoot, '--studio-root', studioRoot],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (found) resolve({ child, url: found[0] });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`antrag studio exited with ${code}: ${err}`)));
  });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const base = mkdtempSync(join(tmpdir(), 'antrag-studio-spec-'));
  const folder = join(base, 'forms');
  // a folder of forms with its own copy of the meta-schema, as a repository using the CLI may keep one
  mkdirSync(folder, { recursive: true });
  copyFileSync(join(ROOT, 'packages/core/src/dsl/dsl.schema.json'), join(folder, 'dsl.schema.json'));
  for (const file of [PRE_SUBSCRIPTION, CONTACT]) {
    mkdirSync(join(folder, file, '..'), { recursive: true });
    const text = readFileSync(join(ROOT, 'schemas', file), 'utf8');
    writeFileSync(join(folder, file), text.replace(/"\$schema": "[^"]*"/, '"$schema": "../dsl.schema.json"'));
  }
  // the global setup's build of the studio's bundle, from the sources under test
  const studioRoot = process.env.BROWSER_STUDIO_ROOT;
  if (!studioRoot)
    throw new Error('BROWSER_STUDIO_ROOT is not set: run the browser tests through playwright.config.ts');
  const { child, url } = await startStudio(folder, studioRoot);
  studio = { child, url, base, folder };
});

test.afterAll(async () => {
  if (!studio) return;
  const exited = new Promise((done) => studio.child.once('exit', done));
  studio.child.kill('SIGTERM');
  await exited;
  rmSync(studio.base, { recursive: true, force: true });
});

const editor = (page: Page) => page.getByRole('textbox', { name: /Form definition \(JSON\)/ });
const preview = (page: Page) => page.frameLocator('iframe[title="Form preview"]');
const problems = (page: Page) => page.getByTestId('studio-problems').getByRole('listitem');

async function openStudio(page: Page): Promise<void> {
  await page.goto(`${studio.url}/studio`);
  await expect(page.getByRole('heading', { name: 'Form studio' })).toBeVisible();
  // the builder is the first view; these tests write the JSON
  await page.getByRole('tab', { name: 'JSON', exact: true }).click();
  await expect(editor(page)).toBeVisible();
}

async function openFile(page: Page, path: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Form file' });
  await picker.click();
  await picker.fill(path.slice(path.lastIndexOf('/') + 1));
  await page.locator('.ant-select-item-option', { hasText: path }).click();
  await expect(editor(page)).toHaveAttribute('aria-label', new RegExp(path.replace(/[.]/g, '\\.')));
}

/** Selects the first match of `find` with the editor's search (Ctrl+F) and types `text` over it. */
async function replaceInEditor(page: Page, find: string, text: string): Promise<void> {
  await editor(page).click();
  // from the top: the search finds the first match after the cursor
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Control+f');
  const search = page.getByRole('textbox', { name: 'Find' });
  // typed: the search panel takes its query on key up
  await search.pressSequentially(find);
  await search.press('Enter');
  await search.press('Escape');
  await page.keyboard.insertText(text);
}

function validate(file: string): Promise<string[]> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['packages/cli/bin/antrag.js', 'validate', file], { cwd: ROOT }, (_error, stdout) =>
      resolve(stdout.split('\n').filter((l) => l !== '' && !/^\d+ files? checked/.test(l))),
    );
  });
}

test('a broken pattern is marked at its place with the lines `antrag validate` prints, and undo fixes it', async ({
  page,
}) => {
  await openStudio(page);
  await openFile(page, PRE_SUBSCRIPTION);
  await expect(preview(page).getByRole('heading', { name: 'Request your health insurance' })).toBeVisible();
  await expect(page.getByTestId('studio-problem-count')).toHaveText('No problems: the form is valid.');
  await expectAccessible(page, 'the studio');

  await replaceInEditor(page, '"^[0-9]*$"', '"^([0-9]*$"');
  await expect(page.getByTestId('studio-problem-count')).toHaveText('1 error, 0 warnings');
  // the mark sits on the pattern itself, and the problem names its line, column and pointer
  // (the mark is split where the syntax highlighting splits the string)
  await expect
    .poll(async () => (await page.locator('.cm-lintRange-error').allTextContents()).join(''))
    .toBe('"^([0-9]*$"');
  await expect(problems(page)).toHaveCount(1);
  const line = (await problems(page).first().textContent()) ?? '';
  // the pattern's line in the file as it ships (found, not written down: the form's texts move it)
  const at =
    readFileSync(join(ROOT, 'schemas', PRE_SUBSCRIPTION), 'utf8')
      .split('\n')
      .findIndex((l) => l.includes('"^[0-9]*$"')) + 1;
  expect(at).toBeGreaterThan(0);
  expect(line).toMatch(
    new RegExp(
      `pre-subscription\\.form\\.json:${at}:\\d+ /steps/0/sections/0/fields/4/rules/0/pattern pattern "\\^\\(\\[0-9\\]\\*\\$" is not a valid regular expression`,
    ),
  );
  // the preview keeps the last version without errors and says so
  await expect(page.getByText('The form has errors: the preview shows its last valid version.')).toBeVisible();

  // saved as it is, the CLI reports exactly what the studio shows
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('studio-status')).toHaveText('Saved');
  expect(await validate(join(studio.folder, PRE_SUBSCRIPTION))).toEqual([line]);

  // a click on the problem puts the cursor there
  await problems(page).first().getByRole('button').click();
  await expect(page.locator('.cm-activeLine')).toContainText('"pattern": "^([0-9]*$"');

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('studio-problem-count')).toHaveText('No problems: the form is valid.');
  await expect(page.locator('.cm-lintRange-error')).toHaveCount(0);
  // Ctrl+S from the editor saves once
  await editor(page).click();
  await page.keyboard.press('Control+s');
  await expect(page.getByTestId('studio-status')).toHaveText('Saved');
  expect(await validate(join(studio.folder, PRE_SUBSCRIPTION))).toEqual([]);
});

test('a field added in the editor appears in the preview, fills the data and payload, and is saved to disk', async ({
  page,
}) => {
  await openStudio(page);
  await openFile(page, PRE_SUBSCRIPTION);
  const before = readFileSync(join(studio.folder, PRE_SUBSCRIPTION), 'utf8');
  await replaceInEditor(
    page,
    '"fields": [',
    '"fields": [\n            { "name": "studioNote", "type": "text", "label": { "en": "Studio note", "de": "Notiz" } },',
  );
  await expect(page.getByTestId('studio-status')).toHaveText('Unsaved changes');
  const note = preview(page).getByLabel('Studio note');
  await expect(note).toBeVisible();
  await note.fill('Hello studio');
  await expect(page.getByTestId('studio-form-data')).toContainText('"studioNote": "Hello studio"');

  await page.getByRole('tab', { name: 'Payload' }).click();
  const payload = page.getByRole('region', { name: 'Form submission' });
  await expect(payload.getByText('POST /api/internal/contact-form')).toBeVisible();
  await expect(payload.getByLabel('Form submission: Body', { exact: true })).toContainText(
    '"studioNote": "Hello studio"',
  );
  await page.getByRole('tab', { name: 'JSON Schema' }).click();
  await expect(
    page.getByRole('tabpanel', { name: 'JSON Schema' }).getByLabel('JSON Schema', { exact: true }),
  ).toContainText('"studioNote"');
  await page.getByRole('tab', { name: 'TypeScript' }).click();
  await expect(
    page.getByRole('tabpanel', { name: 'TypeScript' }).getByLabel('TypeScript', { exact: true }),
  ).toContainText('studioNote?: string');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('studio-status')).toHaveText('Saved');
  const after = readFileSync(join(studio.folder, PRE_SUBSCRIPTION), 'utf8');
  expect(after).not.toEqual(before);
  expect(JSON.parse(after).steps[0].sections[0].fields[0]).toEqual({
    name: 'studioNote',
    type: 'text',
    label: { en: 'Studio note', de: 'Notiz' },
  });
});

test('a CMS booking v2 opened from a file is imported as a new form, renders, and is saved as a new file', async ({
  page,
}) => {
  await openStudio(page);
  await page.getByRole('button', { name: 'Import CMS definition' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a CMS definition' });
  await dialog.getByLabel('CMS definition file').setInputFiles(join(ROOT, 'schemas/booking-v2/booking-v2.cms.json'));
  await expect(dialog.getByLabel('File in', { exact: false })).toHaveValue('booking-v2.form.json');
  await expectAccessible(page, 'the import dialog', '.ant-modal');
  await dialog.getByRole('button', { name: 'Convert to a form' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByTestId('studio-status')).toHaveText('New file, not saved yet');
  await expect(editor(page)).toContainText('"id": "apartment-booking-2026"');
  await expect(preview(page).getByLabel('Full name')).toBeVisible();
  await expect(page.getByTestId('studio-problem-count')).toHaveText('No problems: the form is valid.');

  const target = join(studio.folder, 'booking-v2.form.json');
  expect(existsSync(target)).toBe(false);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('studio-status')).toHaveText('Saved');
  const saved = JSON.parse(readFileSync(target, 'utf8'));
  expect(saved).toMatchObject({ $schema: './dsl.schema.json', id: 'apartment-booking-2026' });
  expect(await validate(target)).toEqual([]);
});

test('nothing typed is lost on a reload, and a new form from a template previews step by step', async ({ page }) => {
  await openStudio(page);
  await openFile(page, CONTACT);
  await replaceInEditor(page, '"en": "Get in touch with us"', '"en": "Talk to us"');
  await expect(preview(page).getByRole('heading', { name: 'Talk to us' })).toBeVisible();

  await page.reload();
  const kept = page.getByRole('alert').filter({ hasText: 'Unsaved changes were kept for this file' });
  await expect(kept).toBeVisible();
  // not answered yet: the kept text stays kept past the check's pause, and a second reload offers it again
  await page.waitForTimeout(1_000);
  await page.reload();
  await expect(kept).toBeVisible();
  await kept.getByRole('button', { name: 'Restore my changes' }).click();
  await expect(editor(page)).toContainText('"en": "Talk to us"');
  await expect(preview(page).getByRole('heading', { name: 'Talk to us' })).toBeVisible();
  await expect(page.getByTestId('studio-status')).toHaveText('Unsaved changes');

  // the preview's language and width
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.locator('.ant-select-item-option', { hasText: 'Deutsch' }).click();
  await expect(preview(page).getByRole('heading', { name: 'Nehmen Sie Kontakt mit uns auf' })).toBeVisible();
  await page.getByText('Mobile', { exact: true }).click();
  await expect.poll(async () => (await page.locator('iframe[title="Form preview"]').boundingBox())?.width).toBe(375);

  await page.getByRole('button', { name: 'New form' }).click();
  const dialog = page.getByRole('dialog', { name: 'New form' });
  await dialog.getByRole('radio', { name: 'Booking: two steps with a condition' }).check();
  await dialog.getByLabel('File in', { exact: false }).fill('bookings/summer-school.form.json');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('studio-status')).toHaveText('New file, not saved yet');
  await expect(page.getByTestId('studio-problem-count')).toHaveText('No problems: the form is valid.');
  await expect(preview(page).getByLabel('First name')).toBeVisible();
  await page.getByRole('combobox', { name: 'Step' }).click();
  await page.locator('.ant-select-item-option', { hasText: '2. Your studies' }).click();
  await expect(preview(page).getByLabel('Occupation')).toBeVisible();

  // undo and redo through the buttons
  await replaceInEditor(page, '"en": "Occupation"', '"en": "Job"');
  await expect(preview(page).getByLabel('Job')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(preview(page).getByLabel('Occupation')).toBeVisible();
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(preview(page).getByLabel('Job')).toBeVisible();
});

test("the site's own server has no folder API: its /studio page asks staff to sign in and loads no studio code", async ({
  page,
  server,
}) => {
  const api = await page.request.get(`${server}/api/studio/files`);
  expect(api.status()).toBe(404);
  const save = await page.request.put(`${server}/api/studio/file?path=x.form.json`, { data: { text: '{}' } });
  expect(save.status()).toBe(404);
  const studioCode: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/studio-app/')) studioCode.push(r.url());
  });
  await page.goto(`${server}/studio`);
  await expect(page.getByRole('heading', { name: 'Sign in to the form studio' })).toBeVisible();
  await expect(page.getByLabel('E-mail address')).toBeVisible();
  await expectAccessible(page, "the site's /studio page");
  // the bundle itself is for signed-in staff only
  expect(studioCode).toEqual([]);
  expect((await page.request.get(`${server}/studio-app/studio-app.js`)).status()).toBe(401);
});
