import { beforeAll, describe, expect, it } from 'vitest';
import {
  autocomplete,
  MAX_PREDICTIONS,
  normalizePlaceName,
  placeDetails,
  preloadPlaces,
} from '../../../../site/server/places/index.js';

const descriptions = (answer: ReturnType<typeof autocomplete>) => answer.predictions.map((p) => p.description);
const first = (input: string, types?: string) => {
  const p = autocomplete({ input, types }).predictions[0];
  if (!p) throw new Error(`no prediction for ${input}`);
  return p;
};

beforeAll(() => {
  const stats = preloadPlaces();
  expect(stats).toMatchObject({ countries: 250, states: expect.any(Number), cities: expect.any(Number) });
  expect(stats.cities).toBeGreaterThan(100_000);
});

describe('autocomplete', () => {
  it('answers in the spec shape: description, place_id, types, structured_formatting', () => {
    const answer = autocomplete({ input: 'Berlin', types: 'locality' });
    expect(answer.status).toBe('OK');
    expect(answer.error).toBeUndefined();
    expect(answer.predictions[0]).toEqual({
      description: 'Berlin, Berlin, Germany',
      place_id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
      types: ['locality', 'political'],
      structured_formatting: { main_text: 'Berlin', secondary_text: 'Berlin, Germany' },
    });
    expect(answer.predictions.length).toBeLessThanOrEqual(MAX_PREDICTIONS);
  });

  it('filters by the spec types: country, administrative_area_level_1, cities', () => {
    expect(descriptions(autocomplete({ input: 'Berlin', types: 'administrative_area_level_1' }))).toEqual([
      'Berlin, Germany',
    ]);
    expect(autocomplete({ input: 'germ', types: 'country' }).predictions).toEqual([
      {
        description: 'Germany',
        place_id: expect.any(String),
        types: ['country', 'political'],
        structured_formatting: { main_text: 'Germany', secondary_text: '' },
      },
    ]);
    expect(descriptions(autocomplete({ input: 'Bavaria', types: 'administrative_area_level_1' }))).toEqual([
      'Bavaria, Germany',
    ]);
    // As cities only the package's districts that carry the name: no city is called Bavaria.
    expect(descriptions(autocomplete({ input: 'Bavaria', types: 'locality' }))).toEqual([
      'Lower Bavaria, Bavaria, Germany',
      'Upper Bavaria, Bavaria, Germany',
    ]);
    for (const types of ['locality', 'administrative_area_level_2', 'administrative_area_level_3', '(cities)']) {
      expect(first('Ho Chi Minh City', types).description).toBe('Ho Chi Minh City, Hồ Chí Minh, Vietnam');
    }
    expect(autocomplete({ input: 'Ho Chi Minh City', types: 'administrative_area_level_1' }).status).toBe(
      'ZERO_RESULTS',
    );
  });

  it('mixes kinds without a filter, or with several types, countries and states before cities', () => {
    expect(descriptions(autocomplete({ input: 'Berlin' })).slice(0, 2)).toEqual([
      'Berlin, Germany',
      'Berlin, Berlin, Germany',
    ]);
    const both = autocomplete({ input: 'Berlin', types: 'administrative_area_level_1|locality' });
    expect(both.predictions.map((p) => p.types[0]).slice(0, 2)).toEqual(['administrative_area_level_1', 'locality']);
    expect(autocomplete({ input: 'Berlin', types: ['country', 'locality'] }).predictions[0].types[0]).toBe('locality');
  });

  it('ranks the exact name first, then prefixes, then other matches, at most 10', () => {
    const berlin = descriptions(autocomplete({ input: 'berlin', types: 'locality' }));
    expect(berlin).toHaveLength(10);
    // Exact names first: Germany's Berlin (preferred country), the American ones, then accented 'Berlín'.
    expect(berlin[0]).toBe('Berlin, Berlin, Germany');
    const exact = berlin.filter((d) => /^Berl[ií]n,/.test(d));
    expect(berlin.slice(0, exact.length)).toEqual(exact);
    expect(berlin.indexOf('Berlin, Wisconsin, United States')).toBeLessThan(
      berlin.indexOf('Berlín, Santa Bárbara Department, Honduras'),
    );
    // Word and substring matches come last ('New Berlin').
    const wide = descriptions(autocomplete({ input: 'berlin, us', types: 'locality' }));
    expect(wide.indexOf('New Berlin, Wisconsin, United States')).toBeGreaterThan(
      wide.indexOf('Berlin, Wisconsin, United States'),
    );
  });

  it('ignores case and accents: dusseldorf finds Düsseldorf, ho chi minh finds Hồ Chí Minh', () => {
    expect(first('dusseldorf', 'locality').description).toBe('Düsseldorf, North Rhine-Westphalia, Germany');
    expect(first('DÜSSELDORF', 'locality').description).toBe('Düsseldorf, North Rhine-Westphalia, Germany');
    expect(first('ho chi minh', 'administrative_area_level_1').description).toBe('Hồ Chí Minh, Vietnam');
    expect(first('baden wurttemberg').description).toBe('Baden-Württemberg, Germany');
    expect(first('da nang', 'locality').description).toMatch(/^Da Nang, /);
  });

  it("accepts German transliteration: 'muenchen' and 'münchen' find the same places", () => {
    expect(normalizePlaceName('München')).toBe('munchen');
    const umlaut = descriptions(autocomplete({ input: 'münchen', types: 'locality' }));
    const transliterated = descriptions(autocomplete({ input: 'muenchen', types: 'locality' }));
    expect(umlaut.length).toBeGreaterThan(0);
    expect(transliterated).toEqual(umlaut);
    expect(umlaut).toContain('Garching bei München, Bavaria, Germany');
    expect(first('duesseldorf', 'locality').description).toBe('Düsseldorf, North Rhine-Westphalia, Germany');
    // The data names the city in English.
    expect(first('Munich', 'locality').description).toBe('Munich, Bavaria, Germany');
  });

  it('narrows by state or country after a comma', () => {
    const us = descriptions(autocomplete({ input: 'berlin, new hampshire', types: 'locality' }));
    expect(us).toEqual(['Berlin, New Hampshire, United States']);
    expect(descriptions(autocomplete({ input: 'berlin, de', types: 'locality' }))[0]).toBe('Berlin, Berlin, Germany');
  });

  it('answers ZERO_RESULTS for nothing found and INVALID_REQUEST for a missing input or unknown type', () => {
    expect(autocomplete({ input: 'xqzzyv' })).toEqual({ status: 'ZERO_RESULTS', predictions: [] });
    expect(autocomplete({ input: '!!!' })).toEqual({ status: 'ZERO_RESULTS', predictions: [] });
    expect(autocomplete({ input: '  ' })).toMatchObject({ status: 'INVALID_REQUEST', predictions: [] });
    expect(autocomplete({})).toMatchObject({ status: 'INVALID_REQUEST', error: 'input is required' });
    const bad = autocomplete({ input: 'Berlin', types: 'airport' });
    expect(bad).toMatchObject({ status: 'INVALID_REQUEST', predictions: [] });
    expect(bad.error).toContain("'airport'");
  });

  it('answers a typical query in a few milliseconds once the index is built', () => {
    autocomplete({ input: 'warm up' });
    const started = performance.now();
    for (const input of ['Berlin', 'ho chi', 'dusseldorf', 'a', 'xqzzyv']) autocomplete({ input });
    // Generous bound for slow CI machines; locally ~5–15 ms a query.
    expect((performance.now() - started) / 5).toBeLessThan(100);
  });
});

describe('place details', () => {
  it('round-trips a city: state and country by name and code', () => {
    const id = first('Berlin', 'locality').place_id;
    expect(placeDetails(id)).toEqual({
      status: 'OK',
      state: 'Berlin',
      state_code: 'BE',
      country: 'Germany',
      country_code: 'DE',
      result: {
        kind: 'city',
        name: 'Berlin',
        formatted_address: 'Berlin, Berlin, Germany',
        types: ['locality', 'political'],
        city: 'Berlin',
        state: 'Berlin',
        state_code: 'BE',
        country: 'Germany',
        country_code: 'DE',
      },
    });
    expect(placeDetails(first('Ho Chi Minh City', 'locality').place_id)).toMatchObject({
      status: 'OK',
      state: 'Hồ Chí Minh',
      country: 'Vietnam',
      country_code: 'VN',
      result: { city: 'Ho Chi Minh City' },
    });
  });

  it('round-trips states and countries', () => {
    expect(placeDetails(first('Bavaria', 'administrative_area_level_1').place_id)).toMatchObject({
      status: 'OK',
      state: 'Bavaria',
      state_code: 'BY',
      country: 'Germany',
      country_code: 'DE',
      result: { kind: 'state', name: 'Bavaria' },
    });
    const germany = placeDetails(first('Germany', 'country').place_id);
    expect(germany).toMatchObject({ status: 'OK', state: '', country: 'Germany', country_code: 'DE' });
    expect(germany.status === 'OK' && 'city' in germany.result).toBe(false);
  });

  it('keeps place ids stable and opaque', () => {
    const id = first('Berlin', 'locality').place_id;
    expect(id).toBe(Buffer.from('city:DE:BE:Berlin').toString('base64url'));
    expect(first('Berlin', 'locality').place_id).toBe(id);
  });

  it('refuses missing, malformed and unknown ids', () => {
    expect(placeDetails(undefined)).toEqual({ status: 'INVALID_REQUEST', error: 'place_id is required' });
    expect(placeDetails('not a place id!')).toMatchObject({ status: 'INVALID_REQUEST' });
    expect(placeDetails(Buffer.from('planet:earth').toString('base64url'))).toMatchObject({
      status: 'INVALID_REQUEST',
    });
    expect(placeDetails(Buffer.from('city:DE:BE:Atlantis').toString('base64url'))).toEqual({
      status: 'NOT_FOUND',
      error: 'no place has this id',
    });
    expect(placeDetails(Buffer.from('state:XX:YY').toString('base64url'))).toMatchObject({ status: 'NOT_FOUND' });
  });
});
