/**
 * The university and program searches (specs 001 call 10 and 002 §7):
 * - `GET /api/new-search/?name&university_ids&skip&take` with `X-Language`: one page of programs and one of
 *   universities whose name contains `name`; `university_ids` narrows the programs;
 * - `GET /api/new-search?content_language&…` (the university lookup): university records by id or by a field
 *   filter such as `location`.
 */
import { type GetJsonOptions, getJson } from '../shared/http.js';

/** The spec's page size: the dropdown asks for ten more on every scroll to the bottom. */
export const PAGE_SIZE = 10;

export interface SearchChoice {
  value: string;
  label: string;
  /** A university's locations, comma-separated (what location selects are derived from). */
  location?: string;
}

export interface SearchPage {
  total: number;
  items: SearchChoice[];
}

interface NewSearchAnswer {
  program?: { total?: number; data?: Array<{ id?: string; name?: string; slug?: string }> };
  university?: { total?: number; data?: Array<{ id?: string; name?: string; slug?: string; location?: string }> };
}

interface UniversityRecordsAnswer {
  total?: number;
  data?: Array<{ id?: string; universityName?: unknown; location?: unknown }>;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** One page of universities by name: value the university id, label its name in the active language. */
export async function searchUniversities(name: string, skip: number, opts: GetJsonOptions): Promise<SearchPage> {
  const answer = await getJson<NewSearchAnswer>('/api/new-search/', { name, skip, take: PAGE_SIZE }, opts);
  const data = answer.university?.data ?? [];
  return {
    total: answer.university?.total ?? data.length,
    items: data.flatMap((u) =>
      u.id && u.name ? [{ value: u.id, label: u.name, location: text(u.location) || undefined }] : [],
    ),
  };
}

/**
 * One page of programs by name, of the given university when there is one. A program's answer is its name
 * in the active language (what a custom answer is too), so the list holds each name once.
 */
export async function searchPrograms(
  name: string,
  skip: number,
  universityId: string | undefined,
  opts: GetJsonOptions,
): Promise<SearchPage> {
  const answer = await getJson<NewSearchAnswer>(
    '/api/new-search/',
    { name, university_ids: universityId, skip, take: PAGE_SIZE },
    opts,
  );
  const data = answer.program?.data ?? [];
  return {
    total: answer.program?.total ?? data.length,
    items: data.flatMap((p) => (p.name ? [{ value: p.name, label: p.name }] : [])),
  };
}

/** One page of universities in a location (a location field narrowing the university select). */
export async function searchUniversitiesIn(
  location: string,
  name: string,
  skip: number,
  opts: GetJsonOptions,
): Promise<SearchPage> {
  const answer = await getJson<UniversityRecordsAnswer>(
    '/api/new-search',
    { content_language: opts.language, location, name, skip, take: PAGE_SIZE },
    opts,
  );
  const data = answer.data ?? [];
  return {
    total: answer.total ?? data.length,
    items: data.flatMap((u) =>
      u.id && text(u.universityName)
        ? [{ value: u.id, label: text(u.universityName), location: text(u.location) || undefined }]
        : [],
    ),
  };
}

/** The university lookup: the record of one id (name, locations), null when there is none. */
export async function lookupUniversity(id: string, opts: GetJsonOptions): Promise<SearchChoice | null> {
  const answer = await getJson<UniversityRecordsAnswer>(
    '/api/new-search',
    { content_language: opts.language, university_ids: id, take: 1 },
    opts,
  );
  const record = answer.data?.find((u) => u.id === id);
  if (!record || !text(record.universityName)) return null;
  return { value: id, label: text(record.universityName), location: text(record.location) || undefined };
}

/** The locations of a comma-separated location text, each once, in their order. */
export function locationsOf(location: string | undefined): string[] {
  return [
    ...new Set(
      (location ?? '')
        .split(',')
        .map((l) => l.trim())
        .filter(Boolean),
    ),
  ];
}
