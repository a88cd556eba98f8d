/**
 * The passport answers (spec 000 §3) turned into form values. Pure: no React, no DOM, no network.
 *
 * - POST /api/mrz-ocr answers `extractedData`, a JSON string with PassportNumber, DateofBirth, PassportIssueDate,
 *   PassportExpiryDate, Nationality and CountryofBirth (ISO alpha-3), PlaceofBirth and, in one variant,
 *   PassportIssuedPlaceAndCountry.
 * - verify-doc answers `data.details` {documentNumber, dob, expiry, issued, nationalityIso3, countryIso3,
 *   placeOfBirth}, read here under the extraction's property names so one `fills` map serves both.
 * The extraction wins when any of its values is non-empty, else the verification details fill (spec 000 §4).
 */

import { parseFormattedDate } from '@antrag/core/payload';
import countries from 'i18n-iso-countries';
import { countryOptions } from '../../i18n/countryNames.js';

/** Extracted passport properties by the extraction's names; every value a string ('' = not found). */
export type PassportFacts = Record<string, string>;

/** verify-doc `data.details` property → the extraction property it stands for. */
export const DETAILS_AS_EXTRACTED: Readonly<Record<string, string>> = {
  documentNumber: 'PassportNumber',
  dob: 'DateofBirth',
  issued: 'PassportIssueDate',
  expiry: 'PassportExpiryDate',
  nationalityIso3: 'Nationality',
  countryIso3: 'CountryofBirth',
  placeOfBirth: 'PlaceofBirth',
};

function stringsOf(value: unknown): PassportFacts {
  const out: PassportFacts = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string') out[k] = v.trim();
    else if (typeof v === 'number') out[k] = String(v);
  }
  return out;
}

/** `extractedData` as the server sends it: a JSON string (an object is taken as well); anything else is empty. */
export function parseExtractedData(extractedData: unknown): PassportFacts {
  if (typeof extractedData === 'string') {
    try {
      return stringsOf(JSON.parse(extractedData));
    } catch {
      return {};
    }
  }
  return stringsOf(extractedData);
}

/** verify-doc `data.details` under the extraction's property names. */
export function detailsAsFacts(details: unknown): PassportFacts {
  const raw = stringsOf(details);
  const out: PassportFacts = {};
  for (const [detail, property] of Object.entries(DETAILS_AS_EXTRACTED)) if (raw[detail]) out[property] = raw[detail];
  return out;
}

export function hasAnyValue(facts: PassportFacts): boolean {
  return Object.values(facts).some((v) => v !== '');
}

/** The extraction when it found anything, else the verification details (spec 000 §4). */
export function chooseFacts(
  extraction: PassportFacts,
  details: PassportFacts,
): { source: 'extraction' | 'verification' | 'none'; facts: PassportFacts } {
  if (hasAnyValue(extraction)) return { source: 'extraction', facts: extraction };
  if (hasAnyValue(details)) return { source: 'verification', facts: details };
  return { source: 'none', facts: {} };
}

// ---------------------------------------------------------------------------------------------- dates

/** Which century a two-digit year falls in: birth and issue dates lie in the past, expiry dates ahead. */
export type DateKind = 'past' | 'future';

const MONTHS: ReadonlyArray<[prefix: string, month: number]> = [
  ['JAN', 1],
  ['JÄN', 1],
  ['FEB', 2],
  ['FEV', 2],
  ['FÉV', 2],
  ['MAR', 3],
  ['MÄR', 3],
  ['APR', 4],
  ['AVR', 4],
  ['MAY', 5],
  ['MAI', 5],
  ['JUIN', 6],
  ['JUIL', 7],
  ['JUN', 6],
  ['JUL', 7],
  ['AUG', 8],
  ['AOU', 8],
  ['AOÛ', 8],
  ['SEP', 9],
  ['OCT', 10],
  ['OKT', 10],
  ['NOV', 11],
  ['DEC', 12],
  ['DÉC', 12],
  ['DEZ', 12],
];

function monthOfName(name: string): number | undefined {
  const word = name.toLocaleUpperCase('en').split('/')[0];
  return MONTHS.find(([prefix]) => word.startsWith(prefix))?.[1];
}

const pad2 = (n: number) => String(n).padStart(2, '0');

function calendarDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`;
}

function fullYear(yy: number, kind: DateKind, now: Date): number {
  const thisYear = now.getUTCFullYear();
  const year = 2000 + yy;
  if (kind === 'past') return year > thisYear ? year - 100 : year;
  return year > thisYear + 50 ? year - 100 : year;
}

/**
 * A date as the form keeps it (YYYY-MM-DD), from what passport readers answer: YYYY-MM-DD (with or without a
 * time), DD.MM.YYYY, DD/MM/YYYY, DD-MM-YYYY, YYYY/MM/DD, the MRZ's YYMMDD, and printed dates such as
 * '12 AUG 2003' or '12 AUG/AOÛT 03'. Day-first wherever the order is ambiguous (passports are). Impossible or
 * unreadable dates give undefined: a field left empty is better than a wrong one.
 */
export function normalizeDate(value: string, kind: DateKind, now: Date = new Date()): string | undefined {
  const text = value.trim();
  if (!text) return undefined;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  for (const format of ['DD.MM.YYYY', 'DD/MM/YYYY'] as const) {
    const parsed = parseFormattedDate(text, format);
    if (parsed) {
      const [y, m, d] = parsed.split('-').map(Number);
      return calendarDate(y, m, d);
    }
  }
  const dayFirst = /^(\d{1,2})[-. /](\d{1,2})[-. /](\d{4})$/.exec(text);
  if (dayFirst) return calendarDate(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));
  const yearFirst = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/.exec(text);
  if (yearFirst) return calendarDate(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]));
  const mrz = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (mrz) return calendarDate(fullYear(Number(mrz[1]), kind, now), Number(mrz[2]), Number(mrz[3]));
  const printed = /^(\d{1,2})[ .-]+([\p{L}/]{3,})\.?[ .-]+(\d{2}|\d{4})$/u.exec(text);
  if (printed) {
    const month = monthOfName(printed[2]);
    if (!month) return undefined;
    const year = printed[3].length === 2 ? fullYear(Number(printed[3]), kind, now) : Number(printed[3]);
    return calendarDate(year, month, Number(printed[1]));
  }
  return undefined;
}

// ------------------------------------------------------------------------------------------ countries

/** ICAO 9303 codes that are not ISO 3166 alpha-3 (Germany's D, the British nationality variants). */
const ICAO_CODES: Readonly<Record<string, string>> = { D: 'DE', GBD: 'GB', GBN: 'GB', GBO: 'GB', GBP: 'GB', GBS: 'GB' };

export interface CountryValue {
  /** English name, as the country field stores it. */
  name: string;
  /** ISO 3166-1 alpha-2. */
  iso: string;
}

/** A country from an alpha-3 code (the passport answers), an ICAO code, an alpha-2 code or an English name. */
export function countryOf(value: string): CountryValue | undefined {
  const text = value.trim();
  if (!text) return undefined;
  const upper = text.toUpperCase();
  let iso: string | undefined = ICAO_CODES[upper];
  if (!iso && /^[A-Z]{3}$/.test(upper)) iso = countries.alpha3ToAlpha2(upper);
  if (!iso && /^[A-Z]{2}$/.test(upper) && countries.isValid(upper)) iso = upper;
  if (!iso) iso = countries.getAlpha2Code(text, 'en');
  if (!iso) return undefined;
  const known = countryOptions('en').find((c) => c.iso === iso);
  return known ? { name: known.name, iso } : undefined;
}

// --------------------------------------------------------------------------------------------- places

export interface PlaceValue {
  location: string;
  city: string;
  state: string;
  country: string;
  iso: string;
}

export type PlaceShape = 'text' | 'cityState' | 'cityStateCountry';

/** 'BERLIN' → 'Berlin', 'SAO PAULO' → 'Sao Paulo'; short parts ('NRW', 'NY') and mixed case stay as written. */
function displayCase(text: string): string {
  if (text !== text.toLocaleUpperCase() || text.replace(/[^\p{L}]/gu, '').length <= 3) return text;
  return text.toLocaleLowerCase().replace(/(^|[\s\-'’(])(\p{L})/gu, (_m, before: string, c: string) => {
    return before + c.toLocaleUpperCase();
  });
}

/**
 * A place from the extracted text ('BERLIN', 'Hanoi, Vietnam', 'Koeln, NRW, DEU') in the place field's shape:
 * text, or the record the place search fills ({location, city, state, country, iso}; location 'city, state',
 * cityStateCountry adds the country). A last part that names a country becomes the country.
 */
export function placeOf(value: string, shape: PlaceShape): string | PlaceValue | undefined {
  const parts = value
    .split(',')
    .map((p) => displayCase(p.trim().replace(/\s+/g, ' ')))
    .filter(Boolean);
  if (parts.length === 0) return undefined;
  const country = parts.length > 1 ? countryOf(parts[parts.length - 1]) : undefined;
  const places = country ? parts.slice(0, -1) : parts;
  if (shape === 'text') return [...places, ...(country ? [country.name] : [])].join(', ');
  const city = places[0] ?? '';
  const state = places.slice(1).join(', ');
  const shown = shape === 'cityStateCountry' ? [city, state, country?.name ?? ''] : [city, state];
  const location = shown.filter(Boolean).join(', ');
  if (!location) return undefined;
  return { location, city, state, country: country?.name ?? '', iso: country?.iso ?? '' };
}

// ------------------------------------------------------------------------------------- form values

/** What the passport widget knows about a field it fills. */
export type FieldKind =
  | { kind: 'date' }
  | { kind: 'country'; shape: 'object' | 'code' | 'name'; allowed?: readonly string[] }
  | { kind: 'place'; shape: PlaceShape }
  | { kind: 'text' };

/** Extraction properties whose two-digit years lie ahead. */
const FUTURE_DATES = new Set(['PassportExpiryDate']);

/** One extracted value in the shape of the field it fills; undefined when it does not fit (left as it is). */
export function valueFor(property: string, raw: string, field: FieldKind, now: Date = new Date()): unknown {
  const text = raw.trim();
  if (!text) return undefined;
  switch (field.kind) {
    case 'date':
      return normalizeDate(text, FUTURE_DATES.has(property) ? 'future' : 'past', now);
    case 'country': {
      const country = countryOf(text);
      if (!country || (field.allowed && field.allowed.length > 0 && !field.allowed.includes(country.iso)))
        return undefined;
      if (field.shape === 'code') return country.iso;
      if (field.shape === 'name') return country.name;
      return country;
    }
    case 'place':
      return placeOf(text, field.shape);
    default:
      // passport numbers are letters and digits only: upper-case, without the spaces some readers keep
      return property === 'PassportNumber' ? text.replace(/\s+/g, '').toUpperCase() : text;
  }
}

/**
 * The values to set: for each `fills` entry (form field → extracted property) with a value that fits the
 * field. Fields the answer says nothing about are not in the result (they keep what the applicant typed).
 */
export function fillValues(
  fills: Readonly<Record<string, string>>,
  facts: PassportFacts,
  kindOf: (field: string) => FieldKind,
  now: Date = new Date(),
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, property] of Object.entries(fills)) {
    const raw = facts[property];
    if (typeof raw !== 'string') continue;
    const value = valueFor(property, raw, kindOf(field), now);
    if (value !== undefined) out[field] = value;
  }
  return out;
}
