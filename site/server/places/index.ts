/**
 * Offline place search for GET /api/places-autocomplete and GET /api/place-details (spec 000,
 * section 7, calls 8 and 9), over the country/state/city data of the `country-state-city` package:
 * 250 countries, ~5,000 states, ~148,000 cities, no network, no API key.
 *
 * Answers keep the shape the forms read (Google-style): `{ status, predictions[], error? }` with
 * `description`, `place_id`, `types` and `structured_formatting { main_text, secondary_text }`.
 *
 * Matching is case- and accent-insensitive on names: 'dusseldorf' finds 'Düsseldorf', and German
 * transliteration is accepted too, so 'muenchen' and 'münchen' find the same places. The package
 * names places in English ('Munich', 'Bavaria', 'Cologne'), so German exonyms such as 'München'
 * find only places actually spelt that way (Münchberg, Münchenbuchsee, …).
 *
 * Ranking (the package has no population to rank by): exact name, then name prefix, then a word
 * of the name starting with the input, then any substring; within a tier countries before states
 * before cities, shorter names first, places in the preferred countries (Germany by default: the
 * site's users move there) before others, then alphabetical order for a stable answer.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type PlaceKind = 'country' | 'state' | 'city';

export interface Prediction {
  description: string;
  place_id: string;
  types: string[];
  structured_formatting: { main_text: string; secondary_text: string };
}

export interface AutocompleteAnswer {
  status: 'OK' | 'ZERO_RESULTS' | 'INVALID_REQUEST';
  predictions: Prediction[];
  error?: string;
}

export interface PlaceResult {
  kind: PlaceKind;
  /** The place's own name (city, state or country). */
  name: string;
  /** 'City, State, Country', as in the prediction's description. */
  formatted_address: string;
  types: string[];
  city?: string;
  /** Empty for a country. */
  state: string;
  /** ISO 3166-2 subdivision code without the country prefix ('BY'); empty for a country. */
  state_code: string;
  country: string;
  /** ISO 3166-1 alpha-2 ('DE'). */
  country_code: string;
}

/**
 * The spec's answer is "state and country (code or name)": both are at the top level, names in
 * `state` / `country` and codes beside them; `result` carries the whole place.
 */
export type PlaceDetailsAnswer =
  | ({ status: 'OK'; result: PlaceResult } & Pick<PlaceResult, 'state' | 'state_code' | 'country' | 'country_code'>)
  | { status: 'INVALID_REQUEST' | 'NOT_FOUND'; error: string };

export interface AutocompleteRequest {
  input?: string;
  /**
   * Google's `types`: 'country', 'administrative_area_level_1' (states), 'administrative_area_level_2',
   * 'administrative_area_level_3', 'locality' or '(cities)' (cities), '(regions)' (all). Several may
   * be given as a list or joined with '|' or ','. Absent or empty: all kinds.
   */
  types?: string | string[];
}

/** At most this many predictions, like Google's autocomplete. */
export const MAX_PREDICTIONS = 10;

const TYPE_KINDS: Record<string, PlaceKind[]> = {
  country: ['country'],
  administrative_area_level_1: ['state'],
  administrative_area_level_2: ['city'],
  administrative_area_level_3: ['city'],
  locality: ['city'],
  '(cities)': ['city'],
  '(regions)': ['country', 'state', 'city'],
};

/** The `types` of a prediction, by kind (what Google answers for such places). */
const KIND_TYPES: Record<PlaceKind, string[]> = {
  country: ['country', 'political'],
  state: ['administrative_area_level_1', 'political'],
  city: ['locality', 'political'],
};

// Normalisation -------------------------------------------------------------------------------------

/** Letters NFD does not decompose, folded to what people type on a plain keyboard. */
const FOLD: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
};
const FOLD_RE = new RegExp(`[${Object.keys(FOLD).join('')}]`, 'g');
/** German umlauts as transliterated ('München' → 'muenchen'); applied before accents are dropped. */
const UMLAUT: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue' };

function fold(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(FOLD_RE, (c) => FOLD[c])
      // Hyphens, apostrophes, commas and brackets separate words: 'baden wurttemberg' finds 'Baden-Württemberg'.
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  );
}

/** The search key of a name: lower case, without accents and punctuation. */
export function normalizePlaceName(text: string): string {
  return fold(text.toLowerCase());
}

/** The transliterated key ('muenchen'), or undefined when the name has no umlaut. */
function transliterated(text: string): string | undefined {
  const lower = text.toLowerCase().normalize('NFC');
  if (!/[äöü]/.test(lower)) return undefined;
  return fold(lower.replace(/[äöü]/g, (c) => UMLAUT[c]));
}

// The index -----------------------------------------------------------------------------------------

interface Country {
  name: string;
  code: string;
}
interface State {
  name: string;
  code: string;
  country: number;
}

/**
 * One array per attribute ("structure of arrays") over all places, countries first, then states,
 * then cities: ~153,000 entries scanned linearly per query (a few milliseconds), without an object
 * per city.
 */
interface PlaceIndex {
  countries: Country[];
  states: State[];
  /** Index of the first state entry and of the first city entry in the arrays below. */
  firstState: number;
  firstCity: number;
  names: string[];
  keys: string[];
  /**
   * Transliterated keys ('muenchen'), only for the few thousand names with umlauts, as two
   * parallel lists scanned after the main keys: a map lookup per entry would double a query's time.
   */
  altEntries: number[];
  altKeys: string[];
  /** For states: the country; for cities: the state (an index into `states`). */
  parent: Int32Array;
}

let index: PlaceIndex | undefined;

export interface PlaceIndexStats {
  countries: number;
  states: number;
  cities: number;
  loadMs: number;
}
let stats: PlaceIndexStats | undefined;

/**
 * Reads the package's data files (under its published `lib/assets`) rather than calling its API:
 * the API keeps both the raw rows and an object per city in module-level caches for the life of
 * the process (~50 MB of heap measured), while this index keeps ~15 MB. The shape is checked so a
 * package update that changes the files fails loudly here instead of answering nothing.
 */
function loadIndex(): PlaceIndex {
  const started = performance.now();
  const require = createRequire(import.meta.url);
  const assets = join(dirname(require.resolve('country-state-city/package.json')), 'lib', 'assets');
  const read = (file: string): unknown => JSON.parse(readFileSync(join(assets, file), 'utf8'));

  const rawCountries = read('country.json');
  const rawStates = read('state.json');
  const rawCities = read('city.json');
  if (
    !Array.isArray(rawCountries) ||
    !Array.isArray(rawStates) ||
    !Array.isArray(rawCities) ||
    !isNamedRecord(rawCountries[0], 'isoCode') ||
    !isNamedRecord(rawStates[0], 'countryCode') ||
    !Array.isArray(rawCities[0]) ||
    typeof rawCities[0][0] !== 'string'
  ) {
    throw new Error('country-state-city: unexpected data files (lib/assets/*.json); the place index needs updating');
  }

  const countries: Country[] = [];
  const countryAt = new Map<string, number>();
  for (const c of rawCountries as { name: string; isoCode: string }[]) {
    countryAt.set(c.isoCode, countries.length);
    countries.push({ name: c.name, code: c.isoCode });
  }
  const states: State[] = [];
  const stateAt = new Map<string, number>();
  for (const s of rawStates as { name: string; isoCode: string; countryCode: string }[]) {
    const country = countryAt.get(s.countryCode);
    if (country === undefined) continue;
    stateAt.set(`${s.countryCode}:${s.isoCode}`, states.length);
    states.push({ name: s.name, code: s.isoCode, country });
  }

  // City rows are [name, countryCode, stateCode, latitude, longitude].
  const cityRows = rawCities as string[][];
  const total = countries.length + states.length + cityRows.length;
  const names: string[] = new Array(total);
  const keys: string[] = new Array(total);
  const parent = new Int32Array(total).fill(-1);
  const altEntries: number[] = [];
  const altKeys: string[] = [];
  let n = 0;
  const add = (name: string, up: number) => {
    names[n] = name;
    keys[n] = normalizePlaceName(name);
    const alt = transliterated(name);
    if (alt !== undefined && alt !== keys[n]) {
      altEntries.push(n);
      altKeys.push(alt);
    }
    parent[n] = up;
    n++;
  };
  for (const c of countries) add(c.name, -1);
  const firstState = n;
  for (const s of states) add(s.name, s.country);
  const firstCity = n;
  for (const row of cityRows) {
    const state = stateAt.get(`${row[1]}:${row[2]}`);
    if (state !== undefined) add(row[0], state);
  }
  names.length = n;
  keys.length = n;

  const built: PlaceIndex = {
    countries,
    states,
    firstState,
    firstCity,
    names,
    keys,
    altEntries,
    altKeys,
    parent: parent.slice(0, n),
  };
  stats = {
    countries: countries.length,
    states: states.length,
    cities: n - firstCity,
    loadMs: Math.round(performance.now() - started),
  };
  return built;
}

function isNamedRecord(value: unknown, key: string): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).name === 'string' &&
    typeof (value as Record<string, unknown>)[key] === 'string'
  );
}

function getIndex(): PlaceIndex {
  index ??= loadIndex();
  return index;
}

/**
 * Builds the index now (~0.5 s, see `placeIndexStats`) instead of on the first request; a server
 * can call it at start-up so no user waits for it.
 */
export function preloadPlaces(): PlaceIndexStats {
  getIndex();
  return stats as PlaceIndexStats;
}

/** Sizes and build time of the index, once built. */
export function placeIndexStats(): PlaceIndexStats | undefined {
  return stats;
}

// Entries -------------------------------------------------------------------------------------------

function kindOf(ix: PlaceIndex, entry: number): PlaceKind {
  if (entry < ix.firstState) return 'country';
  return entry < ix.firstCity ? 'state' : 'city';
}

interface Resolved {
  kind: PlaceKind;
  name: string;
  state?: State;
  country: Country;
}

function resolve(ix: PlaceIndex, entry: number): Resolved {
  const kind = kindOf(ix, entry);
  const name = ix.names[entry];
  if (kind === 'country') return { kind, name, country: ix.countries[entry] };
  if (kind === 'state') {
    const state = ix.states[entry - ix.firstState];
    return { kind, name, state, country: ix.countries[state.country] };
  }
  const state = ix.states[ix.parent[entry]];
  return { kind, name, state, country: ix.countries[state.country] };
}

/**
 * Opaque, stable place id: base64url of 'country:DE', 'state:DE:BY' or 'city:DE:BE:Berlin'. Codes
 * and names come from the data package, so an id stays valid across restarts and index rebuilds;
 * the package has no two cities with one name in one state.
 */
function placeIdOf(place: Resolved): string {
  const plain =
    place.kind === 'country'
      ? `country:${place.country.code}`
      : place.kind === 'state'
        ? `state:${place.country.code}:${place.state?.code}`
        : `city:${place.country.code}:${place.state?.code}:${place.name}`;
  return Buffer.from(plain, 'utf8').toString('base64url');
}

function describePlace(place: Resolved): { main: string; secondary: string } {
  if (place.kind === 'country') return { main: place.name, secondary: '' };
  if (place.kind === 'state') return { main: place.name, secondary: place.country.name };
  return { main: place.name, secondary: `${place.state?.name}, ${place.country.name}` };
}

function prediction(place: Resolved): Prediction {
  const { main, secondary } = describePlace(place);
  return {
    description: secondary ? `${main}, ${secondary}` : main,
    place_id: placeIdOf(place),
    types: [...KIND_TYPES[place.kind]],
    structured_formatting: { main_text: main, secondary_text: secondary },
  };
}

// Autocomplete --------------------------------------------------------------------------------------

/** 0 exact, 1 prefix, 2 word prefix, 3 substring, -1 no match. */
function tier(key: string, query: string): number {
  if (key.length < query.length) return -1;
  if (key.startsWith(query)) return key.length === query.length ? 0 : 1;
  const at = key.indexOf(query, 1);
  if (at < 0) return -1;
  if (key[at - 1] === ' ') return 2;
  // A later occurrence may still start a word ('san jose del monte' for 'mon').
  return key.includes(` ${query}`) ? 2 : 3;
}

function parseTypes(types: AutocompleteRequest['types']): Set<PlaceKind> | string {
  const list = (Array.isArray(types) ? types : [types ?? ''])
    .flatMap((t) => String(t).split(/[|,]/))
    .map((t) => t.trim())
    .filter(Boolean);
  if (list.length === 0) return new Set(['country', 'state', 'city']);
  const kinds = new Set<PlaceKind>();
  for (const t of list) {
    const mapped = TYPE_KINDS[t];
    if (!mapped) return `unsupported type '${t}'; use ${Object.keys(TYPE_KINDS).join(', ')}`;
    for (const k of mapped) kinds.add(k);
  }
  return kinds;
}

export interface AutocompleteOptions {
  /** Country codes whose places come first among equally good matches; default ['DE']. */
  preferCountries?: string[];
  /** At most this many predictions; default 10. */
  limit?: number;
}

interface Candidate {
  entry: number;
  tier: number;
  kind: number;
  /** 0 when the name contains the input as typed, accents included ('Berlin' before 'Berlín'). */
  form: number;
  length: number;
  preferred: number;
}

function better(a: Candidate, b: Candidate, ix: PlaceIndex): boolean {
  if (a.tier !== b.tier) return a.tier < b.tier;
  if (a.kind !== b.kind) return a.kind < b.kind;
  if (a.form !== b.form) return a.form < b.form;
  if (a.length !== b.length) return a.length < b.length;
  if (a.preferred !== b.preferred) return a.preferred < b.preferred;
  // Alphabetical, then the data files' order (country, state): the same answer on every call.
  const ka = ix.keys[a.entry];
  const kb = ix.keys[b.entry];
  return ka !== kb ? ka < kb : a.entry < b.entry;
}

function kindRankOf(ix: PlaceIndex, entry: number): number {
  return entry < ix.firstState ? 0 : entry < ix.firstCity ? 1 : 2;
}

function countryIndexOf(ix: PlaceIndex, entry: number): number {
  if (entry < ix.firstState) return entry;
  if (entry < ix.firstCity) return ix.parent[entry];
  return ix.states[ix.parent[entry]].country;
}

/**
 * Predictions for what the user typed. Text after the first comma narrows by state or country
 * ('berlin, us', 'springfield, illinois'): one- and two-letter parts compare with codes, longer
 * ones with the start of a word of the state's or country's name.
 */
export function autocomplete(request: AutocompleteRequest, options: AutocompleteOptions = {}): AutocompleteAnswer {
  const input = typeof request.input === 'string' ? request.input : '';
  if (!input.trim()) return { status: 'INVALID_REQUEST', predictions: [], error: 'input is required' };
  const kinds = parseTypes(request.types);
  if (typeof kinds === 'string') return { status: 'INVALID_REQUEST', predictions: [], error: kinds };

  const [head, ...rest] = input.split(',');
  const query = normalizePlaceName(head);
  const typed = head.trim().toLowerCase().normalize('NFC');
  const context = rest.map(normalizePlaceName).filter(Boolean);
  if (!query) return { status: 'ZERO_RESULTS', predictions: [] };

  const ix = getIndex();
  const limit = Math.max(1, Math.min(options.limit ?? MAX_PREDICTIONS, MAX_PREDICTIONS));
  const preferred = new Set((options.preferCountries ?? ['DE']).map((c) => c.toUpperCase()));
  const preferredIndexes = new Set(ix.countries.flatMap((c, i) => (preferred.has(c.code) ? [i] : [])));
  const wanted = [kinds.has('country'), kinds.has('state'), kinds.has('city')];

  // The best `limit` candidates, kept sorted; most matches of a short input are rejected by tier
  // alone, before anything is allocated for them.
  const top: Candidate[] = [];
  const consider = (entry: number, t: number) => {
    const kind = kindRankOf(ix, entry);
    const worst = top.length === limit ? top[limit - 1] : undefined;
    if (worst && (t > worst.tier || (t === worst.tier && kind > worst.kind))) return;
    if (context.length > 0 && !matchesContext(ix, entry, context)) return;
    const candidate: Candidate = {
      entry,
      tier: t,
      kind,
      form: ix.names[entry].toLowerCase().normalize('NFC').includes(typed) ? 0 : 1,
      length: ix.keys[entry].length,
      preferred: preferredIndexes.has(countryIndexOf(ix, entry)) ? 0 : 1,
    };
    // An entry can match twice, by its key and by its transliterated key: keep the better.
    const seen = top.findIndex((c) => c.entry === entry);
    if (seen >= 0) {
      if (!better(candidate, top[seen], ix)) return;
      top.splice(seen, 1);
    }
    if (top.length === limit && !better(candidate, top[limit - 1], ix)) return;
    let at = top.length;
    while (at > 0 && better(candidate, top[at - 1], ix)) at--;
    top.splice(at, 0, candidate);
    if (top.length > limit) top.pop();
  };

  const bounds = [0, ix.firstState, ix.firstCity, ix.names.length];
  for (let kind = 0; kind < 3; kind++) {
    if (!wanted[kind]) continue;
    for (let entry = bounds[kind]; entry < bounds[kind + 1]; entry++) {
      const t = tier(ix.keys[entry], query);
      if (t >= 0) consider(entry, t);
    }
  }
  for (let i = 0; i < ix.altEntries.length; i++) {
    const entry = ix.altEntries[i];
    if (!wanted[kindRankOf(ix, entry)]) continue;
    const t = tier(ix.altKeys[i], query);
    if (t >= 0) consider(entry, t);
  }

  if (top.length === 0) return { status: 'ZERO_RESULTS', predictions: [] };
  return { status: 'OK', predictions: top.map((c) => prediction(resolve(ix, c.entry))) };
}

function matchesContext(ix: PlaceIndex, entry: number, context: string[]): boolean {
  const place = resolve(ix, entry);
  const codes = [place.country.code.toLowerCase(), place.state ? place.state.code.toLowerCase() : ''];
  const names = ` ${place.state ? normalizePlaceName(place.state.name) : ''} ${normalizePlaceName(place.country.name)}`;
  return context.every((part) => codes.includes(part) || (part.length > 2 && names.includes(` ${part}`)));
}

// Details -------------------------------------------------------------------------------------------

interface PlaceRef {
  kind: PlaceKind;
  country: string;
  state?: string;
  name?: string;
}

function decodePlaceId(placeId: string): PlaceRef | undefined {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(placeId)) return undefined;
  const [kind, country, state, ...name] = Buffer.from(placeId, 'base64url').toString('utf8').split(':');
  if (kind === 'country' && country && state === undefined) return { kind, country };
  if (kind === 'state' && country && state && name.length === 0) return { kind, country, state };
  // City names may contain ':'; everything after the state code is the name.
  if (kind === 'city' && country && state && name.length > 0) return { kind, country, state, name: name.join(':') };
  return undefined;
}

/**
 * The entry of a decoded id: countries and states by a short scan, a city by scanning for its name
 * within its state (~1 ms), so details need no id map of 150,000 strings in memory.
 */
function findEntry(ix: PlaceIndex, ref: PlaceRef): number | undefined {
  const country = ix.countries.findIndex((c) => c.code === ref.country);
  if (country < 0) return undefined;
  if (ref.kind === 'country') return country;
  const state = ix.states.findIndex((s) => s.country === country && s.code === ref.state);
  if (state < 0) return undefined;
  if (ref.kind === 'state') return ix.firstState + state;
  for (let entry = ix.firstCity; entry < ix.names.length; entry++) {
    if (ix.parent[entry] === state && ix.names[entry] === ref.name) return entry;
  }
  return undefined;
}

/** Details of a place id from `autocomplete`: names and codes of its state and country. */
export function placeDetails(placeId: string | undefined): PlaceDetailsAnswer {
  if (typeof placeId !== 'string' || !placeId) return { status: 'INVALID_REQUEST', error: 'place_id is required' };
  const ref = decodePlaceId(placeId);
  if (!ref) return { status: 'INVALID_REQUEST', error: 'place_id is not a valid place id' };
  const ix = getIndex();
  const entry = findEntry(ix, ref);
  if (entry === undefined) return { status: 'NOT_FOUND', error: 'no place has this id' };
  const place = resolve(ix, entry);
  const { main, secondary } = describePlace(place);
  const result: PlaceResult = {
    kind: place.kind,
    name: place.name,
    formatted_address: secondary ? `${main}, ${secondary}` : main,
    types: [...KIND_TYPES[place.kind]],
    ...(place.kind === 'city' ? { city: place.name } : {}),
    state: place.state?.name ?? '',
    state_code: place.state?.code ?? '',
    country: place.country.name,
    country_code: place.country.code,
  };
  return {
    status: 'OK',
    state: result.state,
    state_code: result.state_code,
    country: result.country,
    country_code: result.country_code,
    result,
  };
}
