/**
 * The blocked-account wizard's first steps as an applicant fills them (spec 000), shared by the browser tests
 * that need a lead: sign-up, the passport upload, sample files.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { compileForm } from '../../packages/core/src/compile/index.js';
import type { FormDefinition } from '../../packages/core/src/dsl/types.js';
import { encodeRequest } from '../../packages/core/src/payload/index.js';
import { renderPassportPage, SAMPLE, td3Lines } from '../fixtures/server/passport-image.js';
import {
  accessible,
  button,
  choose,
  choosePlace,
  dateIn,
  field,
  headline,
  pick,
  type SampleFile,
  typeDate,
} from './filling.js';
import { expect } from './fixtures.js';

export const FORM = 'blocked-account';

/** The blocked-account form (seven-step variant), compiled from `schemas/`. */
export const blockedAccount = (() => {
  const path = new URL('../../schemas/blocked-account/blocked-account.form.json', import.meta.url);
  const { form } = compileForm(JSON.parse(readFileSync(path, 'utf8')) as FormDefinition);
  if (!form) throw new Error('the blocked-account form does not compile');
  return form;
})();

/** Step 0 as an adult applicant fills it (without the e-mail address). */
export const SIGN_UP = {
  title: 'Ms.',
  gender: 'female',
  firstName: 'Erika',
  lastName: 'Mustermann',
  street: 'Hauptstraße 5',
  city: 'Köln',
  district: 'Nordrhein-Westfalen',
  zipCode: '50667',
  country: { name: 'Germany', iso: 'DE' },
  phoneNumber: { countryCode: '+49', phoneNumber: '15112345678', isoCode: 'DE' },
  visaType: 1,
  dateOfArrival: dateIn(60).iso,
  terms: true,
};

export interface Lead {
  id: number;
  account: string;
  token: string;
}

/**
 * A lead as the sign-up step creates it: its step-0 submission, encoded by the form's own payload settings and
 * sent with a bearer token from GET /api/get-token.
 */
export async function createLeadByApi(request: APIRequestContext, server: string, email: string): Promise<Lead> {
  const signUp = blockedAccount.steps[0].submit;
  if (!signUp) throw new Error('the sign-up step has no submission');
  const encoded = encodeRequest(signUp, { ...SIGN_UP, email }, { host: server }, blockedAccount);
  const token = await (await request.get(`${server}/api/get-token`)).json();
  const response = await request.post(encoded.url, {
    headers: { ...encoded.headers, Authorization: `Bearer ${token.access_token}` },
    data: encoded.body as string,
  });
  const answer = await response.json();
  expect(response.status(), JSON.stringify(answer)).toBe(200);
  expect(answer.status).toBe(true);
  return { id: Number(answer.id), account: String(answer.account_id), token: String(answer.lead_token) };
}

/** Chooses `file` through the passport field's upload button, as with the file dialog. */
export async function choosePassport(page: Page, file: SampleFile): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page
    .locator('.antrag-passport-upload')
    .getByRole('button', { name: /Select file/ })
    .click();
  await (await chooser).setFiles(file);
}

/** A passport page whose machine-readable zone holds `birthDate` (YYMMDD); number X4K7T9RN3, valid to 2031. */
export function passport(birthDate: string): SampleFile {
  return {
    name: 'passport-page.png',
    mimeType: 'image/png',
    buffer: renderPassportPage({ mrz: td3Lines({ ...SAMPLE, birthDate }) }),
  };
}

/**
 * A one-page A4 PDF standing in for a scanned document: its name as a heading on a grey band, and an unused stream of
 * `padding` bytes that makes it as large as a scan (the blocked-account uploads take 100 KB to 10 MB).
 */
export function pdf(name: string, padding = 110_000): SampleFile {
  const text = name.replace(/[()\\]/g, '');
  const content = `0.85 g 40 640 515 160 re f 0 g BT /F1 28 Tf 60 710 Td (${text}) Tj ET`;
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    `<</Length ${content.length}>>\nstream\n${content}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
    `<</Length ${padding}>>\nstream\n${' '.repeat(padding)}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}

export interface Applicant {
  email: string;
  firstName: string;
  lastName: string;
  /** Days from today to the date of arrival. */
  arrivalIn: number;
}

/** Step 0 as an applicant fills it; the server creates the lead. */
export async function signUp(page: Page, who: Applicant): Promise<void> {
  await expect(headline(page, 'Get Started with blocked account application')).toBeVisible();
  await expect(page.getByText('Fill in the form below to obtain your blocked account and confirmation')).toBeVisible();
  // no progress bar on step 0
  await expect(page.locator('.antrag-wizard .ant-steps')).toHaveCount(0);
  await choose(page, 'Title', 'Ms.');
  await pick(page, 'Gender', 'Female');
  // typed in lower case: the first letter is capitalised
  await field(page, 'First name').fill(who.firstName.toLowerCase());
  await field(page, 'Last name').fill(who.lastName);
  await field(page, 'Street and house number').fill('Hauptstraße 5');
  await choose(page, 'Country', 'Germany', 'Germ');
  await field(page, 'Zip code').fill('50667');
  await field(page, 'City').fill('Köln');
  await field(page, 'District / State').fill('Nordrhein-Westfalen');
  await field(page, 'Email').fill(who.email);
  await choose(page, 'Country code', 'Germany (+49)', 'Germ');
  await field(page, 'Phone number').fill('15112345678');
  await choose(page, 'Visa type', 'Student');
  const date = field(page, 'Date of arrival');
  await date.click();
  await date.fill(dateIn(who.arrivalIn).ddmmyyyy);
  await date.press('Enter');
  await page.getByRole('checkbox', { name: /I agree to the Terms & Conditions/ }).check();
  await expect(field(page, 'First name')).toHaveValue(who.firstName);
  await accessible(page, 'step 0 filled in');
  await button(page, 'Next').click();
  await expect(headline(page, 'Upload your passport')).toBeVisible();
}

/** Step 1: the passport image goes through the real uploads, verification and OCR; the rest is typed. */
export async function passportStep(page: Page, file: SampleFile): Promise<void> {
  await choose(page, 'Passport issued country', 'Germany', 'Germ');
  await choosePassport(page, file);
  await expect(button(page, 'Next')).toBeDisabled();
  await expect(page.locator('.antrag-passport-upload').getByRole('status')).toHaveText(
    'Passport verified. Please check the passport data below.',
    { timeout: 60_000 },
  );
  await expect(field(page, 'Passport number')).toHaveValue('X4K7T9RN3');
  await choose(page, 'Country of birth', 'Germany', 'Germ');
  await choosePlace(page, 'Place of birth', 'Berlin');
  await typeDate(page, 'Passport issue date', '02/01/2021');
  await choosePlace(page, 'Passport issued place', 'Berlin');
  await accessible(page, 'the passport step filled in');
  await button(page, 'Next').click();
}
