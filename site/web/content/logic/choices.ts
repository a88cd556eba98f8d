/**
 * The search page's select boxes and result pages (spec 002, sections 5, 7 and 9), as pure functions: options
 * filtered by case-insensitive label substring, a typed text without a match kept as a custom option (and as the
 * sole option when the search failed), locations derived from universities' comma-separated location strings,
 * whether another page of options exists, the page buttons of a result list, and the filters in force, each of which
 * can be taken away on its own.
 */

export interface Choice {
  value: string;
  label: string;
  /** Typed by the person, not one of the offered options. */
  custom?: boolean;
  /** A university's locations, comma-separated (spec 7: location options derive from it). */
  location?: string;
}

/** Whether a label contains the typed text, ignoring case; an empty text matches everything. */
export function labelMatches(label: string, typed: string): boolean {
  const needle = typed.trim().toLocaleLowerCase();
  return needle === '' || label.toLocaleLowerCase().includes(needle);
}

/** The custom option for a typed text. */
export function customChoice(typed: string): Choice {
  const label = typed.trim();
  return { value: label, label, custom: true };
}

export interface ShownChoicesInput {
  options: readonly Choice[];
  typed: string;
  /** Filter `options` by label here (options known in full); else the server already searched for `typed`. */
  filterHere: boolean;
  /** The search request failed: the typed text is the sole option. */
  failed?: boolean;
  /** The first answer for `typed` is still awaited: no custom option yet. */
  pending?: boolean;
}

/** The options a select box lists for what was typed. */
export function shownChoices({ options, typed, filterHere, failed, pending }: ShownChoicesInput): Choice[] {
  const text = typed.trim();
  if (failed) return text ? [customChoice(text)] : [];
  const seen = new Set<string>();
  const shown = options.filter(
    (o) => (!filterHere || labelMatches(o.label, text)) && !seen.has(o.value) && seen.add(o.value),
  );
  if (shown.length === 0 && text && !pending) return [customChoice(text)];
  return shown;
}

/**
 * The distinct locations of universities, in alphabetical order of the language: each university's location is a
 * comma-separated string ('Munich, Garching'); the same city in different case is one location.
 */
export function locationsOf(universities: ReadonlyArray<{ location?: unknown }>, locale = 'en'): Choice[] {
  const byKey = new Map<string, string>();
  for (const u of universities) {
    if (typeof u.location !== 'string') continue;
    for (const part of u.location.split(',')) {
      const name = part.trim();
      const key = name.toLocaleLowerCase();
      if (name && !byKey.has(key)) byKey.set(key, name);
    }
  }
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return [...byKey.values()].sort(collator.compare).map((name) => ({ value: name, label: name }));
}

/** Whether a paged list has more to load: the next skip (what is loaded) is below the total. */
export function hasMore(loaded: number, total: number): boolean {
  return loaded < total;
}

/** The number of result pages. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/**
 * The page buttons of a result list: the first and last page, the current one with a neighbour either side, and
 * a gap ('gap') where two or more pages are left out; every page when there are at most 7.
 */
export function pageItems(current: number, count: number): Array<number | 'gap'> {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1);
  const page = Math.min(Math.max(1, current), count);
  const from = Math.max(2, Math.min(page - 1, count - 4));
  const to = Math.min(count - 1, Math.max(page + 1, 5));
  const items: Array<number | 'gap'> = [1];
  // a gap stands for two pages or more: one left-out page is shown instead
  if (from === 3) items.push(2);
  else if (from > 3) items.push('gap');
  for (let p = from; p <= to; p++) items.push(p);
  if (to === count - 2) items.push(count - 1);
  else if (to < count - 2) items.push('gap');
  items.push(count);
  return items;
}

/** What the results are narrowed to: the name, the study fields of a study-field card, a university, a location. */
export interface SearchFilters {
  name: string;
  /** Study-field ids, comma-separated, as `category_ids` of a study-field card's link. */
  categoryIds: string;
  university?: Choice;
  location?: Choice;
}

/** One filter in force, as the page lists it: what it narrows (kind), its value as shown, and its own key. */
export interface ActiveFilter {
  kind: 'studyField' | 'name' | 'university' | 'location';
  /** Unique among the filters in force: the kind, and for a study field its id. */
  key: string;
  /** The value shown: a study field's name (its id when the page has no name for it), the name searched for … */
  value: string;
}

/** The ids of a comma-separated id list, each once, without blanks. */
export function idList(ids: string): string[] {
  return [...new Set(ids.split(',').map((id) => id.trim()))].filter(Boolean);
}

/** The filters in force, study fields first (a study-field card's link sets them), by the names of `fieldNames`. */
export function activeFilters(filters: SearchFilters, fieldNames: ReadonlyMap<string, string>): ActiveFilter[] {
  const active: ActiveFilter[] = idList(filters.categoryIds).map((id) => ({
    kind: 'studyField',
    key: `studyField:${id}`,
    value: fieldNames.get(id) || id,
  }));
  const name = filters.name.trim();
  if (name) active.push({ kind: 'name', key: 'name', value: name });
  if (filters.university?.label)
    active.push({ kind: 'university', key: 'university', value: filters.university.label });
  if (filters.location?.label) active.push({ kind: 'location', key: 'location', value: filters.location.label });
  return active;
}

/** The filters without one of them (a study field leaves the others of a card's link in force). */
export function withoutFilter(filters: SearchFilters, key: string): SearchFilters {
  if (key.startsWith('studyField:')) {
    const id = key.slice('studyField:'.length);
    return {
      ...filters,
      categoryIds: idList(filters.categoryIds)
        .filter((other) => other !== id)
        .join(','),
    };
  }
  if (key === 'name') return { ...filters, name: '' };
  if (key === 'university') return { ...filters, university: undefined };
  if (key === 'location') return { ...filters, location: undefined };
  return filters;
}
