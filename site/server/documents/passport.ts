/**
 * Passport reading and document verification from the machine-readable zone (MRZ) alone.
 *
 * Both server calls of a passport upload use this module: POST /api/mrz-ocr (`extractPassport`, the
 * fields that prefill the passport step) and the identity verify-doc call (`verifyDocument`, accept /
 * reject / review). The form sends both in parallel with the same file, so the OCR result is shared
 * for a short while by the image's hash instead of reading the image twice.
 *
 * Hostile or oversized images are turned away by the OCR layer (ocr.ts) before anything decodes them,
 * and its errors carry their HTTP answer, which both routes pass on unchanged: 413 for more pixels than
 * OCR_MAX_PIXELS (read from the header), 503 with Retry-After when the reader's waiting line is full,
 * 422 when a read runs out of time. An image whose header gives no size is "not a readable image".
 *
 * What the MRZ does not contain, and this module therefore cannot deliver: the issue date, the place of
 * birth and the country of birth (a TD3 MRZ carries document code, issuing state, name, document number,
 * nationality, birth date, sex, expiry date and an optional personal number). Those fields are returned
 * as empty strings; the form treats empty extraction fields as "not found" and lets the applicant type them.
 */
import { createHash } from 'node:crypto';
import { type Details, type ParseResult, parse } from 'mrz';
import { type MrzReadResult, OcrImageError, readMrz } from './ocr.js';

/** extractedData of POST /api/mrz-ocr (spec section 3), before JSON encoding. Dates are YYYY-MM-DD. */
export interface ExtractedPassport {
  PassportNumber: string;
  DateofBirth: string;
  /** Not in the MRZ: always ''. */
  PassportIssueDate: string;
  PassportExpiryDate: string;
  /** ISO 3166 alpha-3 code. */
  Nationality: string;
  /** Not in the MRZ (the issuing state is not the country of birth): always ''. */
  CountryofBirth: string;
  /** Not in the MRZ: always ''. */
  PlaceofBirth: string;
}

export interface PassportExtraction {
  /** False when no MRZ was found; all fields are then empty. */
  found: boolean;
  fields: ExtractedPassport;
  /** `fields` as a JSON string, which is what the endpoint answers as `extractedData`. */
  extractedData: string;
}

/** data.details of the verify-doc answer (spec section 3). */
export interface DocumentDetails {
  documentNumber: string;
  /** YYYY-MM-DD */
  dob: string;
  /** YYYY-MM-DD */
  expiry: string;
  /** Issue date: not in the MRZ, always ''. */
  issued: string;
  nationalityIso3: string;
  /** The issuing state of the passport (the MRZ's only country besides the nationality). */
  countryIso3: string;
  /** Not in the MRZ, always ''. */
  placeOfBirth: string;
}

export type DocStatus = 'accept' | 'reject' | 'review';

export interface DocumentVerification {
  doc_status: DocStatus;
  details: DocumentDetails;
  message: string;
}

/** Mean character confidence (0–100) below which a human should look. Clean scans read above 90. */
export const LOW_CONFIDENCE = 75;
/** A passport that expires this soon cannot carry a visa for a stay; flag it for review. */
export const EXPIRY_REVIEW_MONTHS = 6;

/**
 * ICAO codes in passports that are not ISO 3166 alpha-3 codes. Germany writes a single D; the British
 * nationality variants (overseas territories citizen, national (overseas), overseas citizen, protected
 * person, subject) belong to the United Kingdom, which is what the form's country list knows.
 */
const ICAO_TO_ISO3: Record<string, string> = {
  D: 'DEU',
  GBD: 'GBR',
  GBN: 'GBR',
  GBO: 'GBR',
  GBP: 'GBR',
  GBS: 'GBR',
};

function iso3(code: string | null | undefined): string {
  if (!code) return '';
  return ICAO_TO_ISO3[code] ?? code;
}

function realDate(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return '';
  return date.toISOString().slice(0, 10);
}

/**
 * YYMMDD → YYYY-MM-DD. The MRZ has two-digit years: a birth year after the current year must be from
 * the last century; an expiry lies in the future or the recent past, so it is in this century unless
 * that would put it more than 50 years ahead. '' for unknown (`<`) or impossible dates.
 */
export function mrzDate(value: string | null | undefined, kind: 'birth' | 'expiry', now: Date): string {
  if (!value || !/^\d{6}$/.test(value)) return '';
  const yy = Number(value.slice(0, 2));
  const thisYear = now.getUTCFullYear();
  let year = 2000 + yy;
  if (kind === 'birth' && year > thisYear) year -= 100;
  if (kind === 'expiry' && year > thisYear + 50) year -= 100;
  return realDate(year, Number(value.slice(2, 4)), Number(value.slice(4, 6)));
}

interface PassportAnalysis {
  mrz: MrzReadResult;
  /** Null when no MRZ was found or the image could not be decoded. */
  parsed: ParseResult | null;
  /** Set when the upload is not a decodable image. */
  imageError?: string;
}

const SHARE_MS = 2 * 60_000;
const SHARE_MAX = 16;
const recent = new Map<string, { at: number; analysis: Promise<PassportAnalysis> }>();

/** Options of extractPassport and verifyDocument. */
export interface PassportOptions {
  /** Reference day for expiry (default: now). */
  now?: Date;
  /** The client asking (its address): one client gets a bounded share of the OCR (ocr.ts, PER_CLIENT). */
  owner?: string;
}

function optionsOf(given: Date | PassportOptions): { now: Date; owner?: string } {
  if (given instanceof Date) return { now: given };
  return { now: given.now ?? new Date(), owner: given.owner };
}

/**
 * OCR + parse, shared between the two parallel calls of one upload (same bytes within two minutes). The
 * read counts against the owner of the first call.
 */
function analyse(image: Uint8Array, owner?: string): Promise<PassportAnalysis> {
  const key = createHash('sha256').update(image).digest('hex');
  const now = Date.now();
  for (const [k, entry] of recent) if (now - entry.at > SHARE_MS) recent.delete(k);
  const hit = recent.get(key);
  if (hit) return hit.analysis;
  const analysis = analyseUncached(image, owner);
  analysis.catch(() => recent.delete(key));
  recent.set(key, { at: now, analysis });
  // Oldest first in a Map: drop from the front to stay small.
  while (recent.size > SHARE_MAX) recent.delete(recent.keys().next().value as string);
  return analysis;
}

async function analyseUncached(image: Uint8Array, owner?: string): Promise<PassportAnalysis> {
  let mrz: MrzReadResult;
  try {
    mrz = await readMrz(image, { owner });
  } catch (error) {
    // Only "not a decodable image" is an answer about the document; the limits' errors (413, 429, 503, 422) go up.
    if (error instanceof OcrImageError) {
      return { mrz: { lines: [], confidence: 0, corrections: [], raw: [] }, parsed: null, imageError: error.message };
    }
    throw error;
  }
  if (mrz.lines.length !== 2) return { mrz, parsed: null };
  try {
    // Our own correction already ran (ocr.ts / mrz-lines.ts); the package's autocorrect stays off so
    // that what it validates is exactly what we report.
    return { mrz, parsed: parse(mrz.lines) };
  } catch {
    return { mrz, parsed: null };
  }
}

function detail(parsed: ParseResult, field: Details['field']): Details | undefined {
  return parsed.details.find((d) => d.field === field);
}

/** A field's value, but only when the field and (if it has one) its check digit are valid. */
function checked(parsed: ParseResult, field: Details['field'], checkDigit?: Details['field']): string {
  const main = detail(parsed, field);
  if (!main?.valid || main.value == null) return '';
  if (checkDigit && !detail(parsed, checkDigit)?.valid) return '';
  return main.value;
}

function emptyFields(): ExtractedPassport {
  return {
    PassportNumber: '',
    DateofBirth: '',
    PassportIssueDate: '',
    PassportExpiryDate: '',
    Nationality: '',
    CountryofBirth: '',
    PlaceofBirth: '',
  };
}

function toFields(parsed: ParseResult, now: Date): ExtractedPassport {
  return {
    // A value whose check digit fails is most likely misread; an empty field the applicant fills in is
    // better than a wrong prefilled one.
    PassportNumber: checked(parsed, 'documentNumber', 'documentNumberCheckDigit'),
    DateofBirth: mrzDate(checked(parsed, 'birthDate', 'birthDateCheckDigit'), 'birth', now),
    PassportIssueDate: '', // not in the MRZ
    PassportExpiryDate: mrzDate(checked(parsed, 'expirationDate', 'expirationDateCheckDigit'), 'expiry', now),
    Nationality: iso3(checked(parsed, 'nationality')),
    CountryofBirth: '', // not in the MRZ
    PlaceofBirth: '', // not in the MRZ
  };
}

/**
 * POST /api/mrz-ocr: the passport fields read from the MRZ of an uploaded image. Never throws for a bad
 * image: "nothing found" is an answer with empty fields (`found: false`).
 */
export async function extractPassport(
  image: Uint8Array,
  options: Date | PassportOptions = {},
): Promise<PassportExtraction> {
  const { now, owner } = optionsOf(options);
  const { parsed } = await analyse(image, owner);
  const fields = parsed ? toFields(parsed, now) : emptyFields();
  return { found: parsed !== null, fields, extractedData: JSON.stringify(fields) };
}

function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

const CHECK_DIGIT_LABELS: Partial<Record<NonNullable<Details['field']>, string>> = {
  documentNumberCheckDigit: 'passport number',
  birthDateCheckDigit: 'date of birth',
  expirationDateCheckDigit: 'expiry date',
  personalNumberCheckDigit: 'personal number',
  compositeCheckDigit: 'composite',
};

const GUESSED_LABELS: Record<string, string> = { documentNumber: 'passport number', personalNumber: 'personal number' };

/**
 * The verify-doc decision for a passport image:
 * - reject: no MRZ found (or not an image), not a passport, a check digit fails, or the passport expired;
 * - review: read, but the OCR was unsure, a mixed letter/digit field had to be guessed from check digits,
 *   another field is not valid (e.g. an unknown country code), or the passport expires within six months;
 * - accept: otherwise.
 * `now` (a Date, or in the options) is the reference day for expiry (a passport is valid through its
 * expiry date); `owner` is the client, for its share of the OCR.
 */
export async function verifyDocument(
  image: Uint8Array,
  options: Date | PassportOptions = {},
): Promise<DocumentVerification> {
  const { now, owner } = optionsOf(options);
  const { mrz, parsed, imageError } = await analyse(image, owner);
  const emptyDetails: DocumentDetails = {
    documentNumber: '',
    dob: '',
    expiry: '',
    issued: '',
    nationalityIso3: '',
    countryIso3: '',
    placeOfBirth: '',
  };
  if (imageError) {
    return {
      doc_status: 'reject',
      details: emptyDetails,
      message: 'The upload is not a readable image of a passport.',
    };
  }
  if (!parsed) {
    return {
      doc_status: 'reject',
      details: emptyDetails,
      message:
        'No machine-readable zone (the two lines of letters, digits and < at the bottom of the photo page) was found. Please upload a sharp, complete photo of the passport photo page.',
    };
  }

  const details: DocumentDetails = {
    documentNumber: parsed.fields.documentNumber ?? '',
    dob: mrzDate(parsed.fields.birthDate, 'birth', now),
    expiry: mrzDate(parsed.fields.expirationDate, 'expiry', now),
    issued: '', // not in the MRZ
    nationalityIso3: iso3(parsed.fields.nationality),
    countryIso3: iso3(parsed.fields.issuingState),
    placeOfBirth: '', // not in the MRZ
  };

  if (!detail(parsed, 'documentCode')?.valid) {
    return {
      doc_status: 'reject',
      details,
      message: 'The document is not a passport (its code does not start with P).',
    };
  }
  const failedChecks = parsed.details
    .filter((d) => d.field && CHECK_DIGIT_LABELS[d.field] && !d.valid)
    .map((d) => CHECK_DIGIT_LABELS[d.field as NonNullable<Details['field']>]);
  if (failedChecks.length) {
    return {
      doc_status: 'reject',
      details,
      message: `The passport's machine-readable zone failed its check digits (${failedChecks.join(', ')}). Please upload a sharper photo; if it persists, the document may not be genuine.`,
    };
  }
  const today = now.toISOString().slice(0, 10);
  if (!details.expiry) {
    return { doc_status: 'reject', details, message: 'The expiry date of the passport could not be read.' };
  }
  if (details.expiry < today) {
    return { doc_status: 'reject', details, message: `The passport expired on ${details.expiry}.` };
  }

  const reasons: string[] = [];
  if (mrz.confidence < LOW_CONFIDENCE) reasons.push(`the text recognition was unsure (${Math.round(mrz.confidence)}%)`);
  const guessed = [...new Set(mrz.corrections.filter((c) => c.guessed).map((c) => GUESSED_LABELS[c.field] ?? c.field))];
  if (guessed.length)
    reasons.push(`look-alike characters in the ${guessed.join(' and ')} were corrected by check digit`);
  const otherInvalid = parsed.details.filter((d) => !d.valid && !(d.field && CHECK_DIGIT_LABELS[d.field]));
  if (otherInvalid.length) reasons.push(otherInvalid.map((d) => `${d.label.toLowerCase()}: ${d.error}`).join('; '));
  if (!details.dob) reasons.push('the date of birth is incomplete');
  const soon = addMonths(now, EXPIRY_REVIEW_MONTHS).toISOString().slice(0, 10);
  if (details.expiry < soon)
    reasons.push(`the passport expires on ${details.expiry}, within ${EXPIRY_REVIEW_MONTHS} months`);

  if (reasons.length) {
    return {
      doc_status: 'review',
      details,
      message: `The passport was read but needs a manual review: ${reasons.join('; ')}.`,
    };
  }
  return { doc_status: 'accept', details, message: 'Passport verified.' };
}
