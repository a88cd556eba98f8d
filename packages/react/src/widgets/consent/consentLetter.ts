/**
 * The consent letters as PDF: one A4 page of vector text drawn with pdf-lib. Pure apart from the clock
 * (`now` is injectable); the caller supplies the font files, so this module loads nothing itself.
 */
import fontkit from '@pdf-lib/fontkit';
import { type Color, PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import { withEvenGlyphs } from './evenGlyphs.js';

/** A4 in PDF points, as the spec gives it. */
export const A4 = { width: 595.28, height: 841.89 } as const;

/** TrueType (or OpenType) files of one family; `bold` falls back to `regular`. */
export interface LetterFonts {
  regular: Uint8Array | ArrayBuffer;
  bold?: Uint8Array | ArrayBuffer;
}

export interface LetterOptions {
  /**
   * A Unicode font. Without it the PDF standard font Helvetica is used, which only covers the Windows-1252
   * letters: everything else is printed as its nearest letter (Ł → L) or '?', and reported.
   */
  fonts?: LetterFonts;
  /** The day the letter is dated when no `date` value is given (default: today). */
  now?: Date;
}

export interface ConsentLetter {
  bytes: Uint8Array;
  /** Characters of the filled values the font cannot show, printed as their nearest letter or '?'. */
  substituted: string[];
}

export type SlotValues = Readonly<Record<string, string | undefined>>;

export type ConsentLetterTemplate = (values: SlotValues, options?: LetterOptions) => Promise<ConsentLetter>;

/** The values the parental-consent letter fills. */
export interface ParentalConsentValues {
  guardianName?: string;
  guardianPassportNumber?: string;
  applicantName?: string;
  visaType?: string;
  /** ISO `YYYY-MM-DD`; printed as DD.MM.YYYY. */
  dateOfBirth?: string;
  nationality?: string;
  passportNumber?: string;
  cityAndCountry?: string;
  /** ISO `YYYY-MM-DD`; default: `now`. */
  date?: string;
}

/** `YYYY-MM-DD` (optionally followed by a time) as DD.MM.YYYY; anything else unchanged. */
export function formatLetterDate(value: string | undefined): string {
  const text = (value ?? '').trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : text;
}

function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(now.getDate())}.${pad(now.getMonth() + 1)}.${now.getFullYear()}`;
}

// ---------------------------------------------------------------------------------------------
// Characters the font lacks
// ---------------------------------------------------------------------------------------------

/** Letters without a Unicode decomposition, written as the Latin letters people use for them. */
const NEAREST: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ð: 'D',
  ð: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
  Ŧ: 'T',
  ŧ: 't',
  Ø: 'O',
  ø: 'o',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  ß: 'ss',
  ẞ: 'SS',
  Þ: 'Th',
  þ: 'th',
  Ə: 'E',
  ə: 'e',
  ŉ: "'n",
  ʻ: "'",
  ʼ: "'",
  '‘': "'",
  '’': "'",
  '‚': ',',
  '“': '"',
  '”': '"',
  '„': '"',
  '–': '-',
  '—': '-',
  '…': '...',
};

function bitCount(n: number): number {
  let count = 0;
  for (let v = n; v > 0; v >>= 1) count += v & 1;
  return count;
}

/** Maps text to what the embedded fonts can draw, remembering what had to be replaced. */
class Printable {
  readonly substituted = new Set<string>();
  constructor(private readonly covered: ReadonlySet<number>) {}

  private has(text: string): boolean {
    for (const ch of text) if (!this.covered.has(ch.codePointAt(0) ?? 0)) return false;
    return true;
  }

  /** The nearest drawable form: the letter with fewer accents (ễ → ê → e), a Latin look-alike, or '?'. */
  private nearest(ch: string): string {
    const [base, ...marks] = [...ch.normalize('NFD')];
    // drop as few accents as possible, whichever they are (ộ → ô, not ọ); letters carry at most a few
    const subsets = marks.length <= 4 ? Array.from({ length: 2 ** marks.length - 1 }, (_, mask) => mask) : [0];
    subsets.sort((a, b) => bitCount(b) - bitCount(a));
    for (const mask of subsets) {
      const candidate = (base + marks.filter((_, i) => mask & (1 << i)).join('')).normalize('NFC');
      if (this.has(candidate)) return candidate;
    }
    const look = NEAREST[ch] ?? NEAREST[base];
    if (look && this.has(look)) return look;
    return this.has('?') ? '?' : '';
  }

  text(value: string): string {
    let out = '';
    // precomposed letters: pdf-lib places glyphs one after another and cannot position combining marks
    for (const ch of value.normalize('NFC')) {
      const code = ch.codePointAt(0) ?? 0;
      if (this.covered.has(code)) out += ch;
      else if (/\s/u.test(ch)) out += ' ';
      else if (/[\p{Cc}\p{Cf}]/u.test(ch)) out += '';
      else {
        this.substituted.add(ch);
        out += this.nearest(ch);
      }
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Layout: paragraphs of runs wrapped into lines, recorded as drawing operations
// ---------------------------------------------------------------------------------------------

interface Run {
  text: string;
  bold?: boolean;
}
interface Piece {
  text: string;
  font: PDFFont;
}
type Word = Piece[];
type Op =
  | { kind: 'text'; text: string; x: number; y: number; size: number; font: PDFFont; color: Color }
  | { kind: 'rule'; x1: number; x2: number; y: number; thickness: number; color: Color };

const MARGIN = 56.69; // 20 mm
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.42);
const RULE = rgb(0.62, 0.62, 0.66);
/** Printed where a value is missing, to be completed by hand. */
const BLANK = '____________________';

interface ParagraphStyle {
  size: number;
  leading: number;
  color?: Color;
  /** Left edge and width of the text (default: the content box). */
  x?: number;
  width?: number;
  /** A list marker drawn left of the first line. */
  marker?: string;
  markerWidth?: number;
  align?: 'left' | 'right';
}

class LetterLayout {
  readonly ops: Op[] = [];
  /** Baseline of the last line written. */
  y = A4.height - MARGIN;

  constructor(
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly printable: Printable,
  ) {}

  gap(points: number): void {
    this.y -= points;
  }

  rule(thickness = 0.6, x1 = MARGIN, x2 = MARGIN + CONTENT_WIDTH): void {
    this.ops.push({ kind: 'rule', x1, x2, y: this.y, thickness, color: RULE });
  }

  paragraph(runs: Run[], style: ParagraphStyle): void {
    const { size, leading, color = INK, marker, markerWidth = 16 } = style;
    const x = (style.x ?? MARGIN) + (marker ? markerWidth : 0);
    const width = (style.width ?? CONTENT_WIDTH) - (marker ? markerWidth : 0);
    const lines = this.wrap(this.words(runs), width, size);
    lines.forEach((line, index) => {
      this.y -= leading;
      if (index === 0 && marker) {
        this.ops.push({ kind: 'text', text: marker, x: x - markerWidth, y: this.y, size, font: this.regular, color });
      }
      const segments = this.segments(line);
      const lineWidth = segments.reduce((w, s) => w + s.font.widthOfTextAtSize(s.text, size), 0);
      let at = style.align === 'right' ? x + width - lineWidth : x;
      for (const s of segments) {
        this.ops.push({ kind: 'text', text: s.text, x: at, y: this.y, size, font: s.font, color });
        at += s.font.widthOfTextAtSize(s.text, size);
      }
    });
  }

  /** Words broken only at whitespace; a word may change font inside ('Nguyễn,' with a bold name). */
  private words(runs: Run[]): Word[] {
    const words: Word[] = [];
    let word: Word = [];
    for (const run of runs) {
      const font = run.bold ? this.bold : this.regular;
      for (const part of this.printable.text(run.text).match(/\s+|\S+/gu) ?? []) {
        if (/^\s/u.test(part)) {
          if (word.length > 0) words.push(word);
          word = [];
        } else {
          word.push({ text: part, font });
        }
      }
    }
    if (word.length > 0) words.push(word);
    return words;
  }

  private width(word: Word, size: number): number {
    return word.reduce((w, p) => w + p.font.widthOfTextAtSize(p.text, size), 0);
  }

  /** A word wider than the line (a very long name without spaces) cut into pieces that fit. */
  private split(word: Word, width: number, size: number): Word[] {
    const parts: Word[] = [];
    let current: Word = [];
    let used = 0;
    for (const piece of word) {
      for (const ch of piece.text) {
        const w = piece.font.widthOfTextAtSize(ch, size);
        if (used + w > width && current.length > 0) {
          parts.push(current);
          current = [];
          used = 0;
        }
        const last = current[current.length - 1];
        if (last && last.font === piece.font) last.text += ch;
        else current.push({ text: ch, font: piece.font });
        used += w;
      }
    }
    if (current.length > 0) parts.push(current);
    return parts;
  }

  private wrap(words: Word[], width: number, size: number): Word[][] {
    const lines: Word[][] = [];
    let line: Word[] = [];
    let used = 0;
    for (const whole of words) {
      const parts = this.width(whole, size) > width ? this.split(whole, width, size) : [whole];
      for (const word of parts) {
        const w = this.width(word, size);
        // the space between two words is drawn in the font of the word before it
        const previous = line[line.length - 1];
        const space = previous ? previous[previous.length - 1].font.widthOfTextAtSize(' ', size) : 0;
        if (previous && used + space + w > width) {
          lines.push(line);
          line = [word];
          used = w;
        } else {
          line.push(word);
          used += space + w;
        }
      }
    }
    if (line.length > 0) lines.push(line);
    return lines;
  }

  /** A line as few text operations as possible: consecutive pieces in one font share one. */
  private segments(line: Word[]): Piece[] {
    const out: Piece[] = [];
    line.forEach((word, index) => {
      if (index > 0) out[out.length - 1].text += ' ';
      for (const piece of word) {
        const last = out[out.length - 1];
        if (last && last.font === piece.font) last.text += piece.text;
        else out.push({ ...piece });
      }
    });
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// The parental-consent letter
// ---------------------------------------------------------------------------------------------

/** The letter's body text, English then German, with the values in bold. */
function parentalConsentText(v: Required<ParentalConsentValues>) {
  const b = (text: string): Run => ({ text, bold: true });
  const r = (text: string): Run => ({ text });
  return {
    en: {
      heading: 'English',
      intro: [
        r('I, '),
        b(v.guardianName),
        r(', holder of passport or identity card no. '),
        b(v.guardianPassportNumber),
        r(', am the parent or legal guardian of '),
        b(v.applicantName),
        r(', born on '),
        b(v.dateOfBirth),
        r(', nationality '),
        b(v.nationality),
        r(', holder of passport no. '),
        b(v.passportNumber),
        r('.'),
      ],
      consent: [r("As the applicant's legal representative, I consent to the applicant")],
      items: [
        [
          r(
            'opening and holding a blocked account (Sperrkonto) in Germany as proof of financial means for the ' +
              'visa application (visa type: ',
          ),
          b(v.visaType),
          r('), and concluding the agreements this requires;'),
        ],
        [
          r(
            'travelling to Germany and staying there for the purpose stated in the visa application, such as ' +
              'studies, vocational training or employment.',
          ),
        ],
      ],
      confirm: [
        r(
          'I confirm that the information in this letter is correct and that I am entitled to give this consent ' +
            "on the applicant's behalf.",
        ),
      ],
    },
    de: {
      heading: 'Deutsch',
      intro: [
        r('Ich, '),
        b(v.guardianName),
        r(', Inhaber/in des Reisepasses bzw. Personalausweises Nr. '),
        b(v.guardianPassportNumber),
        r(', bin Elternteil bzw. gesetzliche/r Vertreter/in von '),
        b(v.applicantName),
        r(', geboren am '),
        b(v.dateOfBirth),
        r(', Staatsangehörigkeit '),
        b(v.nationality),
        r(', Inhaber/in des Reisepasses Nr. '),
        b(v.passportNumber),
        r('.'),
      ],
      consent: [r('Als gesetzliche/r Vertreter/in bin ich damit einverstanden, dass die antragstellende Person')],
      items: [
        [
          r('in Deutschland ein Sperrkonto als Finanzierungsnachweis für den Visumantrag (Visumart: '),
          b(v.visaType),
          r(') eröffnet und führt und die dafür erforderlichen Verträge abschließt;'),
        ],
        [
          r(
            'nach Deutschland reist und sich dort zu dem im Visumantrag angegebenen Zweck aufhält, etwa für ein ' +
              'Studium, eine Berufsausbildung oder eine Beschäftigung.',
          ),
        ],
      ],
      confirm: [
        r(
          'Ich bestätige, dass die Angaben in diesem Schreiben richtig sind und dass ich berechtigt bin, diese ' +
            'Einwilligung für die antragstellende Person zu erteilen.',
        ),
      ],
    },
  };
}

function layoutParentalConsent(
  layout: LetterLayout,
  v: Required<ParentalConsentValues>,
  placeAndDate: string,
  body: number,
): void {
  const leading = body * 1.45;
  const small = Math.max(7, body - 2);
  layout.paragraph([{ text: placeAndDate }], { size: body, leading: body, align: 'right' });
  layout.gap(22);
  layout.paragraph([{ text: 'Declaration of Parental Consent', bold: true }], { size: 17, leading: 20 });
  layout.paragraph([{ text: 'Einverständniserklärung der Eltern bzw. des gesetzlichen Vertreters', bold: true }], {
    size: 12.5,
    leading: 18,
    color: MUTED,
  });
  layout.gap(10);
  layout.rule();
  const text = parentalConsentText(v);
  for (const lang of [text.en, text.de]) {
    layout.gap(12);
    layout.paragraph([{ text: lang.heading, bold: true }], { size: small + 0.5, leading: small + 4, color: MUTED });
    layout.paragraph(lang.intro, { size: body, leading });
    layout.gap(body * 0.5);
    layout.paragraph(lang.consent, { size: body, leading });
    lang.items.forEach((item, i) => {
      layout.paragraph(item, { size: body, leading, marker: `${i + 1}.`, x: MARGIN + 8, width: CONTENT_WIDTH - 8 });
    });
    layout.gap(body * 0.5);
    layout.paragraph(lang.confirm, { size: body, leading });
  }
  // room to sign, then the line with the captions and the guardian's name below it
  layout.gap(62);
  const lineEnd = MARGIN + 260;
  layout.rule(0.8, MARGIN, lineEnd);
  for (const caption of [
    'Signature of parent or legal guardian',
    'Unterschrift des Elternteils bzw. gesetzlichen Vertreters',
  ]) {
    layout.paragraph([{ text: caption }], { size: small, leading: small + 3, color: MUTED });
  }
  layout.gap(3);
  layout.paragraph([{ text: v.guardianName, bold: true }], { size: body, leading: body + 6 });
}

const FOOTER = [
  'Prepared from the details entered in the blocked-account application. Please check all details before signing.',
  'Erstellt aus den Angaben im Sperrkonto-Antrag. Bitte prüfen Sie alle Angaben vor der Unterschrift.',
];

async function embedFonts(doc: PDFDocument, fonts: LetterFonts | undefined) {
  if (!fonts) {
    return {
      regular: await doc.embedFont(StandardFonts.Helvetica),
      bold: await doc.embedFont(StandardFonts.HelveticaBold),
    };
  }
  doc.registerFontkit(fontkit);
  // subset: only the glyphs used go into the file (a few kB instead of the whole font). No 'ccmp': it splits
  // letters such as 'ị' into base and mark glyphs, which copy (and text extraction) then get wrong.
  const embed = (file: Uint8Array | ArrayBuffer) =>
    doc.embedFont(withEvenGlyphs(file instanceof Uint8Array ? file : new Uint8Array(file)), {
      subset: true,
      features: { ccmp: false },
    });
  const regular = await embed(fonts.regular);
  const bold = fonts.bold ? await embed(fonts.bold) : regular;
  return { regular, bold };
}

const MAX_VALUE_LENGTH = 160;

/** Largest body size first; smaller ones only when long values would push the text off the page. */
const BODY_SIZES = [10.5, 9.5, 8.5, 7.5];

export async function buildParentalConsentLetter(
  values: ParentalConsentValues,
  options: LetterOptions = {},
): Promise<ConsentLetter> {
  const now = options.now ?? new Date();
  const doc = await PDFDocument.create();
  doc.setTitle('Parental Consent');
  doc.setSubject('Declaration of parental consent / Einverständniserklärung der Eltern');
  doc.setLanguage('en');
  doc.setCreator('Antrag');
  doc.setProducer('Antrag (pdf-lib)');
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  const { regular, bold } = await embedFonts(doc, options.fonts);
  const boldSet = new Set(bold.getCharacterSet());
  const printable = new Printable(new Set(regular.getCharacterSet().filter((c) => boldSet.has(c))));

  // a cap far above any real value keeps the letter on one page whatever is typed
  const clean = (s: string | undefined) => {
    const chars = [...(s ?? '').replace(/\s+/g, ' ').trim()];
    return chars.length > MAX_VALUE_LENGTH ? `${chars.slice(0, MAX_VALUE_LENGTH - 1).join('')}…` : chars.join('');
  };
  const filled: Required<ParentalConsentValues> = {
    guardianName: clean(values.guardianName) || BLANK,
    guardianPassportNumber: clean(values.guardianPassportNumber) || BLANK,
    applicantName: clean(values.applicantName) || BLANK,
    visaType: clean(values.visaType) || BLANK,
    dateOfBirth: formatLetterDate(values.dateOfBirth) || BLANK,
    nationality: clean(values.nationality) || BLANK,
    passportNumber: clean(values.passportNumber) || BLANK,
    cityAndCountry: clean(values.cityAndCountry),
    date: formatLetterDate(values.date) || localDate(now),
  };
  const placeAndDate = filled.cityAndCountry ? `${filled.cityAndCountry}, ${filled.date}` : filled.date;

  const footerTop = MARGIN + 26;
  let layout = new LetterLayout(regular, bold, printable);
  for (const body of BODY_SIZES) {
    layout = new LetterLayout(regular, bold, printable);
    layoutParentalConsent(layout, filled, placeAndDate, body);
    if (layout.y >= footerTop) break;
  }
  layout.y = MARGIN + 20;
  for (const line of FOOTER) layout.paragraph([{ text: line }], { size: 7.5, leading: 10, color: MUTED });

  const page = doc.addPage([A4.width, A4.height]);
  for (const op of layout.ops) {
    if (op.kind === 'text') {
      page.drawText(op.text, { x: op.x, y: op.y, size: op.size, font: op.font, color: op.color });
    } else {
      page.drawLine({
        start: { x: op.x1, y: op.y },
        end: { x: op.x2, y: op.y },
        thickness: op.thickness,
        color: op.color,
      });
    }
  }
  const bytes = await doc.save();
  return { bytes, substituted: [...printable.substituted] };
}

/** The templates a `consentPdf` field may name, registered once. */
export const consentLetterTemplates: Readonly<Record<string, ConsentLetterTemplate>> = {
  parentalConsent: (values, options) => buildParentalConsentLetter(values, options),
};

/** Builds the letter of a registered template; an unknown template name is an error. */
export function buildConsentLetter(
  template: string,
  values: SlotValues,
  options?: LetterOptions,
): Promise<ConsentLetter> {
  const build = Object.hasOwn(consentLetterTemplates, template) ? consentLetterTemplates[template] : undefined;
  if (!build) return Promise.reject(new Error(`No consent letter template named '${template}'`));
  return build(values, options);
}
