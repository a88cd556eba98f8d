/**
 * Turning OCR text into the two lines of a passport's machine-readable zone (ICAO 9303 part 4, TD3:
 * two lines of 44 characters). Pure functions, kept apart from the OCR worker so they can be tested
 * on strings.
 *
 * OCR of the MRZ is close but rarely perfect: with a `<`/A–Z/0–9 whitelist tesseract still confuses
 * O and 0, I and 1, B and 8, S and 5 (measured here: nationality read as 'UT0', document number
 * 'C01…' read as 'CO1…'), and it sometimes drops or adds a `<` in a long filler run. The TD3 layout
 * tells for every position whether only letters or only digits may stand there, so most confusions
 * can be undone without guessing; the document and personal numbers mix letters and digits, and
 * there the check digits decide.
 */

export const TD3_LENGTH = 44;

/** One line as the OCR gave it, with the mean confidence (0–100) of its characters. */
export interface OcrLine {
  text: string;
  confidence: number;
}

/** A character the correction changed. `guessed` = chosen by check digit in a mixed field, not by the layout. */
export interface MrzCorrection {
  line: 0 | 1;
  column: number;
  from: string;
  to: string;
  field: string;
  guessed: boolean;
}

export interface Td3Candidate {
  /** The two corrected lines of 44 characters. */
  lines: [string, string];
  /** The same lines as read (after whitespace removal), for logs. */
  raw: [string, string];
  /** Mean character confidence of both lines, 0–100. */
  confidence: number;
  corrections: MrzCorrection[];
  /** Check digits that hold after correction, out of 5 (document number, birth, expiry, personal number, composite). */
  validCheckDigits: number;
}

type Kind = 'alpha' | 'digit' | 'mixed';
interface Field {
  name: string;
  line: 0 | 1;
  start: number;
  end: number;
  kind: Kind;
}

/**
 * TD3 field layout. 'alpha' = letters and filler only, 'digit' = digits and filler only (dates may carry
 * `<` for an unknown day or month, a personal-number check digit is `<` when that field is empty).
 */
const FIELDS: Field[] = [
  { name: 'documentCode', line: 0, start: 0, end: 2, kind: 'alpha' },
  { name: 'issuingState', line: 0, start: 2, end: 5, kind: 'alpha' },
  { name: 'name', line: 0, start: 5, end: 44, kind: 'alpha' },
  { name: 'documentNumber', line: 1, start: 0, end: 9, kind: 'mixed' },
  { name: 'documentNumberCheckDigit', line: 1, start: 9, end: 10, kind: 'digit' },
  { name: 'nationality', line: 1, start: 10, end: 13, kind: 'alpha' },
  { name: 'birthDate', line: 1, start: 13, end: 19, kind: 'digit' },
  { name: 'birthDateCheckDigit', line: 1, start: 19, end: 20, kind: 'digit' },
  { name: 'sex', line: 1, start: 20, end: 21, kind: 'alpha' },
  { name: 'expirationDate', line: 1, start: 21, end: 27, kind: 'digit' },
  { name: 'expirationDateCheckDigit', line: 1, start: 27, end: 28, kind: 'digit' },
  { name: 'personalNumber', line: 1, start: 28, end: 42, kind: 'mixed' },
  { name: 'personalNumberCheckDigit', line: 1, start: 42, end: 43, kind: 'digit' },
  { name: 'compositeCheckDigit', line: 1, start: 43, end: 44, kind: 'digit' },
];

/** Letters OCR gives for a digit in a digits-only field, and back. Unambiguous there because of the layout. */
const LETTER_TO_DIGIT: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  U: '0',
  I: '1',
  L: '1',
  J: '1',
  Z: '2',
  A: '4',
  S: '5',
  G: '6',
  T: '7',
  B: '8',
};
const DIGIT_TO_LETTER: Record<string, string> = {
  '0': 'O',
  '1': 'I',
  '2': 'Z',
  '4': 'A',
  '5': 'S',
  '6': 'G',
  '7': 'T',
  '8': 'B',
};
/**
 * Pairs tried in the mixed fields: the classic OCR confusions. G/6 is left out on purpose: their values
 * (16 and 6) differ by 10, so no check digit can tell them apart.
 */
const MIXED_SWAPS: Record<string, string> = {
  O: '0',
  '0': 'O',
  Q: '0',
  D: '0',
  I: '1',
  '1': 'I',
  B: '8',
  '8': 'B',
  S: '5',
  '5': 'S',
  Z: '2',
  '2': 'Z',
};

/** ICAO 9303 check digit: weights 7, 3, 1; digits as such, A–Z 10–35, `<` 0; sum mod 10. */
export function icaoCheckDigit(text: string): number {
  const weights = [7, 3, 1];
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    let value = 0;
    if (c >= '0' && c <= '9') value = c.charCodeAt(0) - 48;
    else if (c >= 'A' && c <= 'Z') value = c.charCodeAt(0) - 55;
    sum += value * weights[i % 3];
  }
  return sum % 10;
}

function checkDigitHolds(value: string, digit: string): boolean {
  return /^[0-9]$/.test(digit) && icaoCheckDigit(value) === Number(digit);
}

/** The five TD3 line-2 check digits, as booleans. */
export function td3CheckDigits(line2: string): Record<string, boolean> {
  const personal = line2.slice(28, 42);
  const personalDigit = line2[42];
  return {
    documentNumber: checkDigitHolds(line2.slice(0, 9), line2[9]),
    birthDate: checkDigitHolds(line2.slice(13, 19), line2[19]),
    expirationDate: checkDigitHolds(line2.slice(21, 27), line2[27]),
    // An empty personal number may carry `<` as its check digit (9303 part 4, 4.2.2.2).
    personalNumber: personalDigit === '<' ? /^<+$/.test(personal) : checkDigitHolds(personal, personalDigit),
    composite: checkDigitHolds(line2.slice(0, 10) + line2.slice(13, 20) + line2.slice(21, 43), line2[43]),
  };
}

/** Upper-case, drop spaces and anything outside the MRZ alphabet. */
export function cleanLine(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9<]/g, '');
}

/**
 * Bring a line that is a few characters off to 44 by growing or shrinking its longest run of `<`
 * (OCR loses or invents fillers in long runs, rarely anything else). Line 1 usually ends in filler,
 * so it is padded or trimmed at the end first.
 */
export function fitLength(text: string, lineIndex: 0 | 1): string | null {
  const diff = TD3_LENGTH - text.length;
  if (diff === 0) return text;
  if (Math.abs(diff) > 4) return null;
  if (lineIndex === 0) {
    if (diff > 0) return text + '<'.repeat(diff);
    if (text.endsWith('<'.repeat(-diff))) return text.slice(0, TD3_LENGTH);
  }
  let best = { start: -1, length: 0 };
  for (const m of text.matchAll(/<+/g)) {
    if (m[0].length > best.length) best = { start: m.index ?? 0, length: m[0].length };
  }
  // Only runs of fillers are touched, and a run of one could be a meaningful single `<`.
  if (best.length < 2 || best.length + diff < 1) return null;
  return text.slice(0, best.start) + '<'.repeat(best.length + diff) + text.slice(best.start + best.length);
}

function fixByLayout(lines: [string, string], corrections: MrzCorrection[]): [string, string] {
  const out = [lines[0].split(''), lines[1].split('')];
  for (const field of FIELDS) {
    if (field.kind === 'mixed') continue;
    const map = field.kind === 'digit' ? LETTER_TO_DIGIT : DIGIT_TO_LETTER;
    for (let col = field.start; col < field.end; col++) {
      const c = out[field.line][col];
      const to = map[c];
      if (to !== undefined) {
        out[field.line][col] = to;
        corrections.push({ line: field.line, column: col, from: c, to, field: field.name, guessed: false });
      }
    }
  }
  return [out[0].join(''), out[1].join('')];
}

/**
 * In a mixed field with a failing check digit, try swapping confusable characters, fewest swaps first
 * (at most three), and keep a result only if it is the single one with that few swaps that makes the
 * field's check digit (and the composite) hold. A check digit is one decimal digit, so a random wrong
 * candidate passes one time in ten (the composite adds nothing here: these fields sit at the same
 * weights in it); refusing ties and marking the change as guessed keeps such "fixes" from being trusted.
 */
function fixMixedField(line2: string, start: number, end: number, name: string, corrections: MrzCorrection[]): string {
  const holds = (l: string) => {
    const checks = td3CheckDigits(l);
    return (name === 'documentNumber' ? checks.documentNumber : checks.personalNumber) && checks.composite;
  };
  if (holds(line2)) return line2;
  const positions: number[] = [];
  for (let col = start; col < end; col++) if (MIXED_SWAPS[line2[col]]) positions.push(col);
  const maxSwaps = Math.min(3, positions.length);
  for (let k = 1; k <= maxSwaps; k++) {
    const found: { candidate: string; combo: number[] }[] = [];
    for (const combo of combinations(positions, k)) {
      const chars = line2.split('');
      for (const col of combo) chars[col] = MIXED_SWAPS[chars[col]];
      const candidate = chars.join('');
      if (holds(candidate)) found.push({ candidate, combo });
    }
    if (found.length > 1) return line2;
    if (found.length === 1) {
      const { candidate, combo } = found[0];
      for (const col of combo) {
        corrections.push({ line: 1, column: col, from: line2[col], to: candidate[col], field: name, guessed: true });
      }
      return candidate;
    }
  }
  return line2;
}

function* combinations(items: number[], k: number, from = 0): Generator<number[]> {
  if (k === 0) {
    yield [];
    return;
  }
  for (let i = from; i <= items.length - k; i++) {
    for (const rest of combinations(items, k - 1, i + 1)) yield [items[i], ...rest];
  }
}

/** Correct two 44-character lines by the TD3 layout, then the mixed fields by their check digits. */
export function correctTd3(lines: [string, string]): { lines: [string, string]; corrections: MrzCorrection[] } {
  const corrections: MrzCorrection[] = [];
  const [l1, l2] = fixByLayout(lines, corrections);
  let line2 = fixMixedField(l2, 0, 9, 'documentNumber', corrections);
  line2 = fixMixedField(line2, 28, 42, 'personalNumber', corrections);
  return { lines: [l1, line2], corrections };
}

/**
 * Ways to read line 2 as 44 characters. Besides growing or shrinking the filler run, a line one
 * character too long is tried without each of its characters: tesseract sometimes reads one glyph as
 * two (measured: 'C01' as 'CO01'), and the five check digits of line 2 tell which deletion is right.
 */
function line2Variants(text: string): string[] {
  const variants = new Set<string>();
  const fitted = fitLength(text, 1);
  if (fitted) variants.add(fitted);
  if (text.length === TD3_LENGTH + 1) {
    for (let i = 0; i < text.length; i++) variants.add(text.slice(0, i) + text.slice(i + 1));
  }
  return [...variants];
}

const guessedCount = (c: Td3Candidate) => c.corrections.filter((x) => x.guessed).length;

function better(a: Td3Candidate, b: Td3Candidate | null): boolean {
  if (!b) return true;
  if (a.validCheckDigits !== b.validCheckDigits) return a.validCheckDigits > b.validCheckDigits;
  return guessedCount(a) < guessedCount(b);
}

/**
 * Find the TD3 pair among OCR lines: two consecutive lines of about 44 characters, the first starting
 * like a passport (`P`). Every plausible reading is corrected and the one with most valid check digits
 * (then fewest guessed characters) wins, so header text above the MRZ does not matter.
 */
export function findTd3(ocrLines: OcrLine[]): Td3Candidate | null {
  const lines = ocrLines.map((l) => ({ text: cleanLine(l.text), confidence: l.confidence })).filter((l) => l.text);
  let best: Td3Candidate | null = null;
  for (let i = 0; i + 1 < lines.length; i++) {
    const first = fitLength(lines[i].text, 0);
    // A passport's document code starts with P; this also skips header lines that happen to be long.
    if (first?.[0] !== 'P') continue;
    for (const second of line2Variants(lines[i + 1].text)) {
      const { lines: fixed, corrections } = correctTd3([first, second]);
      const candidate: Td3Candidate = {
        lines: fixed,
        raw: [lines[i].text, lines[i + 1].text],
        confidence: (lines[i].confidence + lines[i + 1].confidence) / 2,
        corrections,
        validCheckDigits: Object.values(td3CheckDigits(fixed[1])).filter(Boolean).length,
      };
      if (better(candidate, best)) best = candidate;
    }
  }
  return best;
}
