/**
 * How a person fills the forms, shared by the browser tests of the contact, pre-subscription, review and
 * booking forms: fields by their labels, choices by their visible texts, files through the file dialog.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible } from './fixtures.js';

// the spec's exact English texts (001 §5, §8)
export const REQUIRED = 'This field is required!';
export const REQUIRED_PLAIN = 'This field is required';
export const INVALID = 'The data is invalid!';
export const UPLOAD_TYPE = 'You can only upload .jpg, .png, .gif, .pdf file!';
export const UPLOAD_SIZE = 'File size must be smaller than 5MB!';
export const RESUME_TITLE = 'You have an in-progress booking!';
export const RESUME_TEXT = 'Do you want to continue to complete it?';

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A field's accessible name: its label, after antd's required mark (a CSS '*' Chromium counts into the name). */
export function named(label: string): RegExp {
  return new RegExp(`^(\\* )?${escaped(label)}$`);
}

/** The input, textarea, picker or checkbox labelled `label`. */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(named(label)).or(page.getByRole('checkbox', { name: named(label) }));
}

/** The form item (label, input, messages) of the field labelled `label`: the innermost one holding it. */
export function itemOf(page: Page, label: string): Locator {
  return page
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(named(label)) })
    .last();
}

/**
 * The field labelled `label` shows `message` (its error, tied to it by aria-describedby, before any help
 * text); with '' it shows neither the required nor the invalid message.
 */
export async function expectMessage(page: Page, label: string, message: string): Promise<void> {
  if (message) await expect(field(page, label)).toHaveAccessibleDescription(new RegExp(`^${escaped(message)}`));
  else await expect(field(page, label)).not.toHaveAccessibleDescription(/This field is required|The data is invalid/);
}

/**
 * Picks `option` in the select labelled `label`: the platform's own (a plain select) by the option's label, antd's
 * (a searchable one) by a click into its list after typing `search` when given.
 */
export async function choose(page: Page, label: string, option: string, search?: string): Promise<void> {
  const box = page.getByRole('combobox', { name: named(label) });
  if (await box.evaluate((el) => el instanceof HTMLSelectElement)) {
    await box.selectOption({ label: option });
    await expect(box.locator('option:checked')).toHaveText(option);
    return;
  }
  await box.click();
  // antd's visible list items carry no role (its role=option copies for screen readers are 0×0): the item is
  // found by its title (the option's label) inside the popup of the listbox the combobox controls
  const list = await box.getAttribute('aria-controls');
  const popup = page.locator(`[id="${list}"]`).locator('xpath=..');
  if (search) {
    await box.pressSequentially(search);
    // the search is debounced: pick only from the filtered list, not from the one about to be replaced
    const needle = search.toLocaleLowerCase();
    await expect
      .poll(async () =>
        (
          await popup
            .locator('.ant-select-item-option')
            .evaluateAll((items) => items.map((i) => i.getAttribute('title') ?? ''))
        ).every((title) => title.toLocaleLowerCase().includes(needle)),
      )
      .toBe(true);
  }
  const item = popup.getByTitle(option, { exact: true });
  const shown = box.locator('xpath=ancestor::*[contains(@class, "ant-select")][1]');
  // one click, as a person gives it: a click that picks nothing is a defect to find, not to click again
  await item.click();
  await expect(shown).toContainText(option);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
}

/** Ticks the radio `option` of the radio group labelled `group`. */
export async function pick(page: Page, group: string, option: string): Promise<void> {
  const radio = page.getByRole('radiogroup', { name: group }).getByRole('radio', { name: option, exact: true });
  await radio.check();
  await expect(radio).toBeChecked();
}

/** Types a date (or month) in its display format into the picker labelled `label` and confirms it with Enter. */
export async function typeDate(page: Page, label: string, text: string): Promise<void> {
  const input = field(page, label);
  await input.click();
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue(text);
}

export interface SampleFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Chooses a file through the upload button of the field labelled `label`, as with the file dialog. */
export async function chooseFile(page: Page, label: string, file: SampleFile): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await itemOf(page, label)
    .getByRole('button', { name: /Select file/ })
    .click();
  await (await chooser).setFiles(file);
}

/** The file is listed and its upload (signed policy, then the post to storage) has finished. */
export async function expectUploaded(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

export const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** The step headline (the wizard's level-2 heading), optionally with the mobile '(step/total)'. */
export const headline = (page: Page, text: string | RegExp) => page.getByRole('heading', { level: 2, name: text });

/**
 * axe-core on the page once its motions have ended: antd fades messages and dialogs in, and a half-faded
 * message measures as low contrast. (Endless animations, like a spinner, are not waited for.) `within`: only
 * that part (an open dialog), as in `expectAccessible`.
 */
export async function accessible(page: Page, where: string, within?: string): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  await expectAccessible(page, where, within);
}

/** Local calendar dates for the pickers: `DD/MM/YYYY` input, ISO in the form data, `DD.MM.YYYY` in v2 payloads. */
export function dateIn(days: number): { ddmmyyyy: string; iso: string; dotted: string } {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const dd = String(d.getDate()).padStart(2, '0');
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  const yyyy = String(d.getFullYear());
  return { ddmmyyyy: `${dd}/${mm}/${yyyy}`, iso: `${yyyy}-${mm}-${dd}`, dotted: `${dd}.${mm}.${yyyy}` };
}

/** Types into the place search labelled `label` and picks the first suggestion starting with `text`. */
export async function choosePlace(page: Page, label: string, text: string): Promise<void> {
  const box = page.getByRole('combobox', { name: named(label) });
  await box.click();
  await box.pressSequentially(text);
  const list = await box.getAttribute('aria-controls');
  const popup = page.locator(`[id="${list}"]`).locator('xpath=..');
  await popup
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${text}`) })
    .first()
    .click();
  await expect(page.locator('.ant-form-item').filter({ has: box }).last()).toContainText(text);
  // the list closes with an animation that starts a frame later: an accessibility check right after the choice
  // would still find the open list (its screen-reader listbox has no name of its own)
  await expect(popup).toBeHidden();
}
