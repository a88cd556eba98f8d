/**
 * University and study-program search over the site's content data (spec 002, section 7):
 * GET /api/new-search/ (`newSearch`) and GET /api/new-search (`searchUniversities`).
 *
 * Content: `site/content/universities.json` and `site/content/programs.json`, each an array of
 * records as the content service delivers them, `{ id, flatData: {...} }`, ids as strings.
 *
 * - University flatData: universityName, slug, typUniversity, universityRatingValue (0 = no
 *   ratings yet), foundingyear, studentnumber, location (comma-separated cities), country,
 *   infoProfileText; optional universityLogo / universityBackgroundPicture asset references.
 * - Program flatData: studyProgram (the name), slug (unique over all programs: the site also
 *   routes /studyprograms/{slug}), university (a list of university ids, like a content-service
 *   reference field), academicDegree, language (list), studyform (list), locations
 *   (comma-separated), infoProfileText; optional categoryIds (ids of the study fields the program
 *   belongs to, the `categoryId`s of the study-field cards that link to
 *   /studyportal/search?category_ids=…).
 *
 * Languages: a field whose value is an object keyed only by language codes (en, de, fr, vi, es,
 * zh, ru, uk) is localized, e.g. `"infoProfileText": { "en": "…", "de": "…" }`; any other value
 * is the same in every language. Reading a record in a language resolves each localized value
 * to that language, else English, else the first one given, also inside lists
 * (`"language": [{ "en": "English", "de": "Englisch" }]`). English is required wherever a field is
 * localized, so no language ever sees an empty field.
 *
 * Name searches are case- and accent-insensitive substring matches against the name in every
 * language ('munchen' and 'Munich' both find the Technical University of Munich); results come
 * with names starting with the text first, then in alphabetical order of the requested language.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LANGUAGES = ['en', 'de', 'fr', 'vi', 'es', 'zh', 'ru', 'uk'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Page size: the spec's search pages take 10; a caller may ask for at most 50. */
export const DEFAULT_TAKE = 10;
export const MAX_TAKE = 50;

export const DEFAULT_CONTENT_DIR = fileURLToPath(new URL('../../content/', import.meta.url));

export interface ContentRecord {
  id: string;
  flatData: Record<string, unknown>;
}

export interface Content {
  universities: ContentRecord[];
  programs: ContentRecord[];
}

// Languages -------------------------------------------------------------------------------------------

/**
 * The language of an X-Language header or content_language parameter: 'de', 'de-DE' and
 * 'de-DE,de;q=0.9' are German; 'vn' (the abbreviation the site shows for Vietnamese) is 'vi';
 * anything unknown is English.
 */
export function normalizeLanguage(value: unknown): Language {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'string') return DEFAULT_LANGUAGE;
  const primary = first.split(/[,;]/)[0].trim().toLowerCase().split(/[-_]/)[0];
  const code = primary === 'vn' ? 'vi' : primary;
  return (LANGUAGES as readonly string[]).includes(code) ? (code as Language) : DEFAULT_LANGUAGE;
}

function isLocalized(value: unknown): value is Partial<Record<Language, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => (LANGUAGES as readonly string[]).includes(k));
}

/** A value in one language: localized objects resolved, lists and nested objects too. */
export function localize(value: unknown, language: Language): unknown {
  if (Array.isArray(value)) return value.map((v) => localize(v, language));
  if (isLocalized(value)) {
    const chosen = value[language] ?? value.en ?? Object.values(value)[0];
    return localize(chosen, language);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, localize(v, language)]));
  }
  return value;
}

/** Every language's version of a value (one item when it is not localized). */
function variants(value: unknown): unknown[] {
  return isLocalized(value) ? Object.values(value) : [value];
}

/** A record in one language, flattened: `{ id, ...flatData }`. */
export function flattenRecord(record: ContentRecord, language: Language): Record<string, unknown> & { id: string } {
  return { id: record.id, ...(localize(record.flatData, language) as Record<string, unknown>) };
}

// Loading ---------------------------------------------------------------------------------------------

/**
 * Reads and checks the content files. Editors change these by hand, so mistakes are reported with
 * the file and record instead of surfacing later as empty or broken search results.
 */
export function loadContent(dir: string = DEFAULT_CONTENT_DIR): Content {
  const read = (file: string): ContentRecord[] => {
    const path = join(dir, file);
    const data: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (!Array.isArray(data)) throw new Error(`${path}: expected an array of records`);
    return data.map((record, i) => checkRecord(record, `${path} [${i}]`));
  };
  const content = { universities: read('universities.json'), programs: read('programs.json') };
  checkContent(content);
  return content;
}

function checkRecord(record: unknown, where: string): ContentRecord {
  const r = record as Partial<ContentRecord> | null;
  if (typeof r !== 'object' || r === null || typeof r.id !== 'string' || !r.id) {
    throw new Error(`${where}: a record needs a string id`);
  }
  if (typeof r.flatData !== 'object' || r.flatData === null || Array.isArray(r.flatData)) {
    throw new Error(`${where} (${r.id}): flatData must be an object`);
  }
  return r as ContentRecord;
}

/** Names, slugs, unique ids and resolvable university references; English wherever localized. */
export function checkContent(content: Content): void {
  const check = (records: ContentRecord[], kind: string, nameField: string) => {
    const ids = new Set<string>();
    const slugs = new Set<string>();
    for (const r of records) {
      const where = `${kind} ${r.id}`;
      if (ids.has(r.id)) throw new Error(`${where}: duplicate id`);
      ids.add(r.id);
      const slug = r.flatData.slug;
      if (typeof slug !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) {
        throw new Error(`${where}: slug must be lower-case words joined by hyphens`);
      }
      if (slugs.has(slug)) throw new Error(`${where}: duplicate slug '${slug}'`);
      slugs.add(slug);
      if (typeof localize(r.flatData[nameField], 'en') !== 'string' || !localize(r.flatData[nameField], 'en')) {
        throw new Error(`${where}: ${nameField} is required`);
      }
      for (const [field, value] of Object.entries(r.flatData)) missingEnglish(value, `${where}: ${field}`);
    }
    return ids;
  };
  const universityIds = check(content.universities, 'university', 'universityName');
  check(content.programs, 'program', 'studyProgram');
  for (const p of content.programs) {
    const refs = p.flatData.university;
    if (!Array.isArray(refs) || refs.length === 0 || !refs.every((id) => universityIds.has(String(id)))) {
      throw new Error(`program ${p.id}: university must list ids of universities in universities.json`);
    }
  }
}

function missingEnglish(value: unknown, where: string): void {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) missingEnglish(v, `${where}[${i}]`);
  } else if (isLocalized(value)) {
    if (value.en === undefined) throw new Error(`${where}: a localized value needs English ('en')`);
  } else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) missingEnglish(v, `${where}.${k}`);
  }
}

// Matching and paging ---------------------------------------------------------------------------------

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** 0 when a name starts with the text, 1 when it contains it, undefined otherwise. */
function nameMatch(name: unknown, text: string): number | undefined {
  if (!text) return 1;
  let best: number | undefined;
  for (const v of variants(name)) {
    if (typeof v !== 'string') continue;
    const at = fold(v).indexOf(text);
    if (at === 0) return 0;
    if (at > 0) best = 1;
  }
  return best;
}

function int(value: unknown, fallback: number): number {
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined || first === null || first === '') return fallback;
  const n = Number(first);
  return Number.isInteger(n) && n >= 0 ? n : fallback;
}

export interface Paging {
  skip: number;
  take: number;
}

/** skip ≥ 0 (default 0), take 0…50 (default 10); unusable values fall back to the defaults. */
export function paging(skip: unknown, take: unknown): Paging {
  return { skip: int(skip, 0), take: Math.min(int(take, DEFAULT_TAKE), MAX_TAKE) };
}

/**
 * University ids from a query: repeated parameters (a list), comma-separated text, or a JSON list
 * as text ('["uni-tum"]', what serialising a one-item list can give).
 */
export function parseIds(value: unknown): string[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const list = Array.isArray(value) ? value : [value];
  const ids = list.flatMap((item): string[] => {
    const text = String(item).trim();
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) return parsed.map(String);
      } catch {
        // Not JSON: read as comma-separated text.
      }
    }
    return text.split(',');
  });
  const cleaned = ids.map((id) => id.trim().replace(/^\[|\]$/g, '')).filter(Boolean);
  return cleaned.length > 0 ? cleaned : undefined;
}

interface Ranked {
  record: ContentRecord;
  rank: number;
  name: string;
}

function rankAndSort(records: ContentRecord[], nameField: string, text: string, language: Language): Ranked[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base', numeric: true });
  const ranked: Ranked[] = [];
  for (const record of records) {
    const rank = nameMatch(record.flatData[nameField], text);
    if (rank === undefined) continue;
    ranked.push({ record, rank, name: String(localize(record.flatData[nameField], language) ?? '') });
  }
  return ranked.sort(
    (a, b) => a.rank - b.rank || collator.compare(a.name, b.name) || (a.record.id < b.record.id ? -1 : 1),
  );
}

// The searches ----------------------------------------------------------------------------------------

export interface NewSearchParams {
  name?: unknown;
  university_ids?: unknown;
  /** Study-field ids (same forms as university_ids): programs in any of these fields. */
  category_ids?: unknown;
  /**
   * Locations (one, a repeated parameter, or comma-separated): programs taught in one of them and universities
   * located in one of them (the search page's location select, whose options are universities' locations).
   */
  location?: unknown;
  /** Text a university's name contains: programs of such universities (a university typed, not picked). */
  university_name?: unknown;
  skip?: unknown;
  take?: unknown;
  /** The X-Language header. */
  language?: unknown;
}

export interface NewSearchAnswer {
  program: {
    total: number;
    data: {
      id: string;
      name: string;
      slug: string;
      /** The academic degree ('Master of Science'), '' when the record has none. */
      degree: string;
      /** Where it is taught: its own `locations`, else its university's; '' when neither is known. */
      location: string;
      university: { id: string; name: string; slug: string } | null;
    }[];
  };
  university: { total: number; data: { id: string; name: string; slug: string; location: string }[] };
}

export interface UniversitySearchAnswer {
  total: number;
  skip: number;
  take: number;
  language: Language;
  /** University records flattened in `language`: `{ id, universityName, slug, location, … }`. */
  data: Record<string, unknown>[];
}

/** Parameters of GET /api/new-search that are not field filters. */
const RESERVED = new Set([
  'content_language',
  'language',
  'name',
  'university_ids',
  'university_name',
  'category_ids',
  'skip',
  'take',
]);

/** Whether a program belongs to one of the study fields (its `categoryIds`). */
function inCategories(program: ContentRecord, categories: ReadonlySet<string>): boolean {
  const ids = program.flatData.categoryIds;
  return Array.isArray(ids) && ids.some((id) => categories.has(String(id)));
}

/** Locations from a query: one, a repeated parameter, or comma-separated text; undefined when none. */
export function parseLocations(value: unknown): string[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const list = (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));
  const cleaned = list.map((l) => l.trim()).filter(Boolean);
  return cleaned.length > 0 ? cleaned : undefined;
}

/** Whether a university's name (in some language) contains the folded text. */
function nameContains(university: ContentRecord | undefined, text: string): boolean {
  return !!university && nameMatch(university.flatData.universityName, text) !== undefined;
}

export interface ContentSearch {
  newSearch(params: NewSearchParams): NewSearchAnswer;
  searchUniversities(params: Record<string, unknown>): UniversitySearchAnswer;
}

export function createContentSearch(content: Content): ContentSearch {
  const universitiesById = new Map(content.universities.map((u) => [u.id, u]));

  /** Ids of the universities offering a program in one of the study fields. */
  const universitiesTeaching = (categories: ReadonlySet<string>): Set<string> =>
    new Set(
      content.programs
        .filter((p) => inCategories(p, categories))
        .flatMap((p) => (p.flatData.university as unknown[]).map(String)),
    );

  /**
   * GET /api/new-search/: programs and universities whose name contains `name`, one page of
   * each (the same skip and take for both), totals before paging. `university_ids` narrows the
   * programs to those universities; the universities themselves are not narrowed, because the
   * search page's university select keeps listing the others while one is chosen. Besides the
   * spec's fields each item carries its `id`, and a program its university (for the
   * /university/{uniSlug}/studyprograms/{programSlug} link), its degree and where it is taught (so that
   * the Bachelor and the Master of one name at one university can be told apart). `category_ids` (the study-field
   * cards' link) narrows the programs to those fields and the universities to those offering a
   * program in one of them. `location` narrows both: programs by their own `locations` (else their university's),
   * universities by theirs (a comma-separated list, one of whose items must be the location, in any language,
   * case- and accent-insensitively). `university_name` narrows the programs to universities whose name contains it.
   */
  function newSearch(params: NewSearchParams): NewSearchAnswer {
    const language = normalizeLanguage(params.language);
    const text = fold(typeof params.name === 'string' ? params.name : '');
    const { skip, take } = paging(params.skip, params.take);
    const ids = parseIds(params.university_ids);
    const wanted = ids ? new Set(ids) : undefined;
    const categoryIds = parseIds(params.category_ids);
    const categories = categoryIds ? new Set(categoryIds) : undefined;
    const teaching = categories ? universitiesTeaching(categories) : undefined;
    const locations = parseLocations(params.location);
    const uniName = fold(typeof params.university_name === 'string' ? params.university_name : '');
    const universitiesOf = (p: ContentRecord) =>
      (p.flatData.university as unknown[]).map((id) => universitiesById.get(String(id)));
    const taughtIn = (p: ContentRecord, wantedLocations: string[]) =>
      hasText(p.flatData.locations)
        ? fieldMatches(p.flatData.locations, wantedLocations)
        : universitiesOf(p).some((u) => !!u && fieldMatches(u.flatData.location, wantedLocations));

    const programs = rankAndSort(
      content.programs.filter(
        (p) =>
          (!wanted || (p.flatData.university as string[]).some((id) => wanted.has(id))) &&
          (!categories || inCategories(p, categories)) &&
          (!locations || taughtIn(p, locations)) &&
          (!uniName || universitiesOf(p).some((u) => nameContains(u, uniName))),
      ),
      'studyProgram',
      text,
      language,
    );
    const universities = rankAndSort(
      content.universities.filter(
        (u) => (!teaching || teaching.has(u.id)) && (!locations || fieldMatches(u.flatData.location, locations)),
      ),
      'universityName',
      text,
      language,
    );

    return {
      program: {
        total: programs.length,
        data: programs.slice(skip, skip + take).map(({ record, name }) => {
          const uni = universitiesById.get(String((record.flatData.university as string[])[0]));
          return {
            id: record.id,
            name,
            slug: String(record.flatData.slug),
            degree: textIn(record.flatData.academicDegree, language),
            location: textIn(
              hasText(record.flatData.locations) ? record.flatData.locations : uni?.flatData.location,
              language,
            ),
            university: uni
              ? {
                  id: uni.id,
                  name: String(localize(uni.flatData.universityName, language)),
                  slug: String(uni.flatData.slug),
                }
              : null,
          };
        }),
      },
      university: {
        total: universities.length,
        data: universities.slice(skip, skip + take).map(({ record, name }) => ({
          id: record.id,
          name,
          slug: String(record.flatData.slug),
          location: String(localize(record.flatData.location, language) ?? ''),
        })),
      },
    };
  }

  /**
   * GET /api/new-search: university records in `content_language` (default en), as
   * `{ total, skip, take, language, data: [{ id, ...flatData }] }` (the spec leaves the answer
   * open; the site's university lookup passes `university_ids` as a one-item list and reads
   * `data[0]`). Filters:
   * - `university_ids`: only these universities;
   * - `name`: as in `newSearch`;
   * - `university_name`: only universities whose name contains it (like `name`);
   * - `category_ids`: only universities offering a program in one of these study fields;
   * - any other parameter named after a university field (`location`, `typUniversity`,
   *   `foundingyear`, …): the field equals the value in some language, case- and
   *   accent-insensitively; for comma-separated fields (location) one of the items does; numbers
   *   compare as numbers; several values (a repeated parameter) mean any of them.
   * Parameters that are not university fields are ignored, so tracking parameters added to a link
   * do not empty the result.
   */
  function searchUniversities(params: Record<string, unknown>): UniversitySearchAnswer {
    const language = normalizeLanguage(params.content_language ?? params.language);
    const text = fold(typeof params.name === 'string' ? params.name : '');
    const { skip, take } = paging(params.skip, params.take);
    const ids = parseIds(params.university_ids);
    const categoryIds = parseIds(params.category_ids);
    const teaching = categoryIds ? universitiesTeaching(new Set(categoryIds)) : undefined;
    const uniName = fold(typeof params.university_name === 'string' ? params.university_name : '');
    const fields = new Set(content.universities.flatMap((u) => Object.keys(u.flatData)));
    const filters = Object.entries(params).filter(
      ([key, value]) => !RESERVED.has(key) && fields.has(key) && value !== undefined && value !== '',
    );

    const matching = content.universities.filter(
      (u) =>
        (!ids || ids.includes(u.id)) &&
        (!teaching || teaching.has(u.id)) &&
        (!uniName || nameContains(u, uniName)) &&
        filters.every(([field, wanted]) => fieldMatches(u.flatData[field], wanted)),
    );
    const ranked = rankAndSort(matching, 'universityName', text, language);
    return {
      total: ranked.length,
      skip,
      take,
      language,
      data: ranked.slice(skip, skip + take).map(({ record }) => flattenRecord(record, language)),
    };
  }

  return { newSearch, searchUniversities };
}

/** A text field in one language ('' when it is missing or no text). */
function textIn(value: unknown, language: Language): string {
  const localized = localize(value, language);
  return typeof localized === 'string' ? localized : '';
}

function hasText(value: unknown): boolean {
  return variants(value).some((v) => typeof v === 'string' && v.trim() !== '');
}

function fieldMatches(value: unknown, wanted: unknown): boolean {
  const options = (Array.isArray(wanted) ? wanted : [wanted]).map((w) => String(w));
  return variants(value).some((v) => {
    if (typeof v === 'number') return options.some((o) => o.trim() !== '' && Number(o) === v);
    if (typeof v !== 'string') return false;
    const items = v.split(',').map(fold);
    return options.some((o) => items.includes(fold(o)));
  });
}

// The site's content ----------------------------------------------------------------------------------

let site: ContentSearch | undefined;

/** The search over `site/content`, read and checked once, on first use. */
function siteSearch(): ContentSearch {
  site ??= createContentSearch(loadContent());
  return site;
}

export function newSearch(params: NewSearchParams): NewSearchAnswer {
  return siteSearch().newSearch(params);
}

export function searchUniversities(params: Record<string, unknown>): UniversitySearchAnswer {
  return siteSearch().searchUniversities(params);
}
