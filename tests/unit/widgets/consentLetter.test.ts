import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  A4,
  buildConsentLetter,
  buildParentalConsentLetter,
  formatLetterDate,
  type LetterFonts,
} from '../../../packages/react/src/widgets/consent/consentLetter.js';
import { withEvenGlyphs } from '../../../packages/react/src/widgets/consent/evenGlyphs.js';
import { slotText } from '../../../packages/react/src/widgets/consent/templates.js';
import { pdfText } from '../../fixtures/pdf-text.js';

const require = createRequire(import.meta.url);
const fontFile = (path: string) =>
  new Uint8Array(readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${path}`)));
const noto: LetterFonts = {
  regular: fontFile('400Regular/NotoSans_400Regular.ttf'),
  bold: fontFile('700Bold/NotoSans_700Bold.ttf'),
};

const values = {
  guardianName: 'Łukasz Nguyễn-Żółć',
  guardianPassportNumber: 'EK4455667',
  applicantName: 'Nguyễn Thị Ánh',
  visaType: 'Student',
  dateOfBirth: '2009-04-07',
  nationality: 'Vietnam',
  passportNumber: 'C1234567',
  cityAndCountry: 'Hà Nội, Vietnam',
};
const march12 = new Date(2026, 2, 12, 10, 30);

describe('parental consent letter', () => {
  it('is one A4 page of 595.28 × 841.89 points', async () => {
    const { bytes } = await buildParentalConsentLetter(values, { fonts: noto, now: march12 });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect(width).toBe(A4.width);
    expect(height).toBe(A4.height);
    expect(pdf.getTitle()).toBe('Parental Consent');
  });

  it('prints every value in the English and the German text, names with non-Latin-1 letters included', async () => {
    const letter = await buildParentalConsentLetter(values, { fonts: noto, now: march12 });
    expect(letter.substituted).toEqual([]);
    const text = await pdfText(letter.bytes);
    expect(text).toContain('Declaration of Parental Consent');
    expect(text).toContain('Einverständniserklärung der Eltern bzw. des gesetzlichen Vertreters');
    // English
    expect(text).toMatch(/I, Łukasz Nguyễn-Żółć ?, holder of passport or identity card no\. EK4455667/);
    expect(text).toMatch(/parent or legal guardian of Nguyễn Thị Ánh ?, born on 07\.04\.2009/);
    expect(text).toMatch(/nationality Vietnam ?, holder of passport no\. C1234567/);
    expect(text).toMatch(/\(visa type: Student ?\)/);
    // German
    expect(text).toMatch(
      /Ich, Łukasz Nguyễn-Żółć ?, Inhaber\/in des Reisepasses bzw\. Personalausweises Nr\. EK4455667/,
    );
    expect(text).toMatch(/Vertreter\/in von Nguyễn Thị Ánh ?, geboren am 07\.04\.2009/);
    expect(text).toMatch(/Staatsangehörigkeit Vietnam ?, Inhaber\/in des Reisepasses Nr\. C1234567/);
    expect(text).toMatch(/\(Visumart: Student ?\)/);
    // place and today's date, the signature captions and the guardian's name under the line
    expect(text).toContain('Hà Nội, Vietnam, 12.03.2026');
    expect(text).toContain('Signature of parent or legal guardian');
    expect(text).toContain('Unterschrift des Elternteils bzw. gesetzlichen Vertreters');
    expect(text.match(/Łukasz Nguyễn-Żółć/g)).toHaveLength(3);
  });

  it('embeds only a subset of the font, so the file stays small', async () => {
    const { bytes } = await buildParentalConsentLetter(values, { fonts: noto, now: march12 });
    expect(bytes.length).toBeLessThan(40_000);
  });

  it('dates the letter with the given date, else today', async () => {
    const dated = await buildParentalConsentLetter({ ...values, date: '2026-05-01' }, { fonts: noto, now: march12 });
    expect(await pdfText(dated.bytes)).toContain('Hà Nội, Vietnam, 01.05.2026');
    const noPlace = await buildParentalConsentLetter(
      { guardianName: 'Anna Schmidt', guardianPassportNumber: 'X1234567' },
      { fonts: noto, now: march12 },
    );
    const text = await pdfText(noPlace.bytes);
    expect(text).toContain('12.03.2026');
    // missing values leave a line to complete by hand
    expect(text).toMatch(/parent or legal guardian of _{8,}/);
  });

  it('never fails on letters the font lacks: they are replaced and reported', async () => {
    const letter = await buildParentalConsentLetter(
      { ...values, guardianName: '王伟 Wang Wei', nationality: 'Россия' },
      { fonts: noto, now: march12 },
    );
    expect(letter.substituted.sort()).toEqual(['伟', '王']);
    const text = await pdfText(letter.bytes);
    expect(text).toContain('?? Wang Wei');
    expect(text).toContain('Россия');
  });

  it('without a Unicode font, uses Helvetica and writes letters outside Windows-1252 as their nearest form', async () => {
    const letter = await buildParentalConsentLetter(values, { now: march12 });
    expect(letter.substituted.sort()).toEqual(['Ł', 'ị', 'ộ', 'ễ', 'Ż', 'ł', 'ć'].sort());
    const text = await pdfText(letter.bytes);
    expect(text).toContain('Lukasz Nguyên-Zólc');
    expect(text).toContain('Nguyên Thi Ánh');
    expect(text).toContain('Hà Nôi, Vietnam, 12.03.2026');
  });

  it('long values shrink the text instead of leaving the page', async () => {
    const long = 'Maximilian Alexander Friedrich von Hohenzollern-Sigmaringen-Württemberg '.repeat(3);
    const { bytes } = await buildParentalConsentLetter(
      { ...values, guardianName: long, applicantName: long, nationality: long, visaType: long },
      { fonts: noto, now: march12 },
    );
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(await pdfText(bytes)).toContain('Prepared from the details entered');
  });
});

describe('template registry', () => {
  it('builds a registered template and rejects an unknown one', async () => {
    const letter = await buildConsentLetter('parentalConsent', values, { fonts: noto, now: march12 });
    expect((await PDFDocument.load(letter.bytes)).getPageCount()).toBe(1);
    await expect(buildConsentLetter('nope', values)).rejects.toThrow("No consent letter template named 'nope'");
  });
});

describe('helpers', () => {
  it('formats ISO dates as DD.MM.YYYY and leaves other text alone', () => {
    expect(formatLetterDate('2009-04-07')).toBe('07.04.2009');
    expect(formatLetterDate('2009-04-07T00:00:00Z')).toBe('07.04.2009');
    expect(formatLetterDate('07.04.2009')).toBe('07.04.2009');
    expect(formatLetterDate(undefined)).toBe('');
  });

  it('reads fills as text: trims separators of empty parts, country records give their name', () => {
    expect(slotText('  Hanoi, ')).toBe('Hanoi');
    expect(slotText(', Vietnam')).toBe('Vietnam');
    expect(slotText(' , ')).toBe('');
    expect(slotText({ name: 'Germany', iso: 'DE' })).toBe('Germany');
    expect(slotText(undefined)).toBe('');
    expect(slotText(42)).toBe('42');
  });

  it('pads odd-length glyphs of a long-loca font and keeps the outlines', () => {
    const original = noto.regular as Uint8Array;
    const padded = withEvenGlyphs(original);
    expect(padded).not.toBe(original);
    // a second pass finds nothing to pad
    expect(withEvenGlyphs(padded)).toBe(padded);
  });
});
