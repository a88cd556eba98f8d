/**
 * The place search (spec 000 §7, calls 8 and 9): `GET /api/places-autocomplete?input&types` for predictions,
 * `GET /api/place-details?place_id` for the state and country of a chosen one.
 */
import { type GetJsonOptions, getJson } from '../shared/http.js';

export interface PlacePrediction {
  description: string;
  place_id: string;
  types?: string[];
  structured_formatting?: { main_text?: string; secondary_text?: string };
}

export interface PlaceDetails {
  city?: string;
  state?: string;
  country?: string;
  /** ISO 3166-1 alpha-2. */
  countryCode?: string;
}

/** The stored record of a place field (`valueShape` cityState / cityStateCountry). */
export interface PlaceValue {
  /** What the field shows: 'city, state' (cityState) or 'city, state, country' (cityStateCountry). */
  location: string;
  city: string;
  state: string;
  country: string;
  iso: string;
}

export type PlaceShape = 'text' | 'cityState' | 'cityStateCountry';

/** An answer other than OK / ZERO_RESULTS (e.g. INVALID_REQUEST): the search failed. */
export class PlaceSearchError extends Error {
  constructor(readonly status: string) {
    super(`place search answered ${status}`);
    this.name = 'PlaceSearchError';
  }
}

interface AutocompleteAnswer {
  status?: string;
  predictions?: PlacePrediction[];
}

interface DetailsAnswer {
  status?: string;
  state?: string;
  country?: string;
  country_code?: string;
  result?: { city?: string };
}

export async function autocompletePlaces(
  input: string,
  types: string[] | undefined,
  opts: GetJsonOptions,
): Promise<PlacePrediction[]> {
  const answer = await getJson<AutocompleteAnswer>(
    '/api/places-autocomplete',
    { input, types: types && types.length > 0 ? types.join('|') : undefined },
    opts,
  );
  if (answer.status === 'ZERO_RESULTS') return [];
  if (answer.status !== 'OK') throw new PlaceSearchError(String(answer.status));
  return (answer.predictions ?? []).filter((p) => p && typeof p.place_id === 'string' && p.description);
}

export async function placeDetails(placeId: string, opts: GetJsonOptions): Promise<PlaceDetails> {
  const answer = await getJson<DetailsAnswer>('/api/place-details', { place_id: placeId }, opts);
  if (answer.status !== 'OK') throw new PlaceSearchError(String(answer.status));
  return { city: answer.result?.city, state: answer.state, country: answer.country, countryCode: answer.country_code };
}

/**
 * The record of a chosen prediction: the city is the prediction's main text, state and country come from
 * the details, else from the prediction's secondary text ('State, Country') when the details call failed.
 */
export function placeValueOf(
  prediction: PlacePrediction,
  details: PlaceDetails | undefined,
  shape: Exclude<PlaceShape, 'text'>,
): PlaceValue {
  const parts = (prediction.structured_formatting?.secondary_text ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const city = details?.city || prediction.structured_formatting?.main_text || prediction.description.split(',')[0];
  const state = details?.state ?? (parts.length > 1 ? parts[0] : '');
  const country = details?.country ?? parts[parts.length - 1] ?? '';
  const shown = shape === 'cityStateCountry' ? [city, state, country] : [city, state];
  return {
    location: shown.filter(Boolean).join(', '),
    city: city.trim(),
    state,
    country,
    iso: details?.countryCode ?? '',
  };
}
