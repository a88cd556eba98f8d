import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderLiveForm } from './liveForm.js';

const require = createRequire(import.meta.url);

const schema = {
  type: 'object' as const,
  properties: {
    guardianName: { type: 'string' as const, title: 'Guardian name' },
    guardianPassportNumber: { type: 'string' as const, title: 'Guardian passport or ID number' },
    parentalConsentLetter: { type: 'array' as const, items: { type: 'object' as const } },
  },
};
const uiSchema = (template = 'parentalConsent') => ({
  parentalConsentLetter: {
    'ui:field': 'consentPdf',
    'ui:title': 'Download',
    'ui:options': {
      template,
      fileName: 'Parental Consent.pdf',
      fills: {
        guardianName: 'guardianName',
        guardianPassportNumber: 'guardianPassportNumber',
        applicantName: 'applicantName',
        visaType: 'visaTypeTitle',
        dateOfBirth: 'dateOfBirth',
        nationality: 'nationalityName',
        passportNumber: 'passportNumber',
        cityAndCountry: 'cityAndCountry',
        date: 'consentDate',
      },
    },
  },
});
// the runner puts fields and computed values into formContext.formData; these stand for both
const applicant = {
  applicantName: 'Nguyễn Thị Ánh',
  visaTypeTitle: 'Student',
  dateOfBirth: '2009-04-07',
  nationalityName: 'Vietnam',
  passportNumber: 'C1234567',
  cityAndCountry: 'Hanoi, Vietnam',
  consentDate: '2026-03-12',
};

interface Download {
  fileName: string;
  href: string;
}
let downloads: Download[];
let blobs: Map<string, Blob>;
let revoked: string[];
const realBlobUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeEach(() => {
  downloads = [];
  blobs = new Map();
  revoked = [];
  // Test doubles: jsdom has no Blob URLs and does not download files. createObjectURL hands out a
  // made-up URL and keeps the Blob, revokeObjectURL records the URL, and clicking a link records what
  // the browser would have downloaded.
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:consent-${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    revoked.push(url);
  };
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ fileName: this.download, href: this.getAttribute('href') ?? '' });
  });
  // Test double for the web server: the font files the field fetches are read from the npm package
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const name = String(input).split('/').pop()?.split('?')[0] ?? '';
    const weight = name.includes('700Bold') ? '700Bold' : '400Regular';
    if (!name.endsWith('.ttf')) return new Response(null, { status: 404 });
    return new Response(readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${weight}/${name}`)));
  });
});

afterEach(() => {
  URL.createObjectURL = realBlobUrls.create;
  URL.revokeObjectURL = realBlobUrls.revoke;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe('consent PDF field', () => {
  it('stays disabled with a hint until the guardian name and passport are filled', async () => {
    const user = userEvent.setup();
    renderLiveForm({ schema, uiSchema: uiSchema(), formData: { ...applicant } });
    const button = screen.getByRole('button', { name: /Download/ });
    expect(button).toHaveProperty('disabled', true);
    const hint = screen.getByText(
      "Please fill in the guardian's name and passport or ID number to download the consent letter.",
    );
    expect(button.getAttribute('aria-describedby')).toContain(hint.id);

    await user.type(screen.getByLabelText('Guardian name'), 'Łukasz Nowak');
    expect(button).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Guardian passport or ID number'), 'EK4455667');
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    expect(screen.queryByText(/Please fill in the guardian's name/)).toBeNull();
  });

  it('builds the letter from the form data and downloads it as "Parental Consent.pdf", by keyboard too', async () => {
    const user = userEvent.setup();
    renderLiveForm({
      schema,
      uiSchema: uiSchema(),
      formData: { ...applicant, guardianName: 'Łukasz Nowak', guardianPassportNumber: 'EK4455667' },
    });
    const button = screen.getByRole('button', { name: /Download/ });
    button.focus();
    await user.keyboard('{Enter}');
    // while pdf-lib and the fonts load and the letter is drawn
    expect(screen.getByText('Preparing the letter…')).toBeTruthy();
    expect(button.getAttribute('aria-busy')).toBe('true');

    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 20_000 });
    expect(downloads[0].fileName).toBe('Parental Consent.pdf');
    const blob = blobs.get(downloads[0].href) as Blob;
    expect(blob.type).toBe('application/pdf');
    const pdf = await PDFDocument.load(await blobBytes(blob));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    await waitFor(() => expect(revoked).toEqual([downloads[0].href]), { timeout: 3000 });
    await waitFor(() => expect(screen.queryByText('Preparing the letter…')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reports characters the letter cannot print', async () => {
    const user = userEvent.setup();
    renderLiveForm({
      schema,
      uiSchema: uiSchema(),
      formData: { ...applicant, guardianName: '王伟', guardianPassportNumber: 'E12345678' },
    });
    await user.click(screen.getByRole('button', { name: /Download/ }));
    await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 20_000 });
    expect(
      await screen.findByText(
        'Some characters could not be printed in the letter (王 伟). Please correct them by hand before signing.',
      ),
    ).toBeTruthy();
  });

  it('shows an error when the letter cannot be built, and no download happens', async () => {
    const user = userEvent.setup();
    renderLiveForm({ schema, uiSchema: uiSchema('noSuchTemplate'), formData: { ...applicant } });
    await user.click(screen.getByRole('button', { name: /Download/ }));
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(alert.textContent).toBe('The letter could not be created. Please try again.');
    expect(downloads).toEqual([]);
    expect(screen.getByRole('button', { name: /Download/ })).toHaveProperty('disabled', false);
  });

  it('speaks the active language', async () => {
    renderLiveForm({ schema, uiSchema: uiSchema(), formData: { ...applicant }, locale: 'de' });
    expect(
      screen.getByText(
        'Bitte geben Sie den Namen und die Reisepass- oder Ausweisnummer des Erziehungsberechtigten ein, um die Einverständniserklärung herunterzuladen.',
      ),
    ).toBeTruthy();
  });
});
