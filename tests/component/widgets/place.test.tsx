import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, fakeFetch, renderLiveForm } from './liveForm.js';

// The place endpoints are answered by a fetch double (component tests only: the server's place search has
// its own tests in tests/unit/server).
const MUNICH = {
  description: 'Munich, Bavaria, Germany',
  place_id: 'cGxhY2U6bXVuaWNo',
  types: ['locality', 'political'],
  structured_formatting: { main_text: 'Munich', secondary_text: 'Bavaria, Germany' },
};

let autocomplete: unknown;
let details: unknown;
let calls: FetchCall[] = [];

beforeEach(() => {
  autocomplete = { status: 'OK', predictions: [MUNICH] };
  details = {
    status: 'OK',
    state: 'Bavaria',
    state_code: 'BY',
    country: 'Germany',
    country_code: 'DE',
    result: { city: 'Munich' },
  };
  const double = fakeFetch((url) => (url.pathname === '/api/places-autocomplete' ? autocomplete : details));
  calls = double.calls;
  vi.stubGlobal('fetch', double.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const searches = () => calls.filter((c) => c.url.pathname === '/api/places-autocomplete');

const recordSchema = {
  type: 'object' as const,
  properties: {
    place: {
      type: 'object' as const,
      properties: {
        location: { type: 'string' as const },
        city: { type: 'string' as const },
        state: { type: 'string' as const },
        country: { type: 'string' as const },
        iso: { type: 'string' as const },
      },
    },
  },
};
const fieldUi = (valueShape: string) => ({
  place: {
    'ui:field': 'place',
    'ui:title': 'Place of birth',
    'ui:options': {
      valueShape,
      placeTypes: ['locality', 'administrative_area_level_3'],
      debounceMs: 500,
    },
  },
});

describe('place', () => {
  it('widget (text): searches after 500 ms with the field types and stores the description', async () => {
    const user = userEvent.setup();
    const { latest } = renderLiveForm({
      schema: { type: 'object', properties: { place: { type: 'string' } } },
      uiSchema: {
        place: {
          'ui:widget': 'place',
          'ui:title': 'Issue place',
          'ui:options': { valueShape: 'text', debounceMs: 500 },
        },
      },
    });
    const box = screen.getByRole('combobox', { name: 'Issue place' });
    await user.click(box);
    expect(screen.getByText('Type to search')).toBeTruthy();
    await user.type(box, 'mun');
    await new Promise((r) => setTimeout(r, 300));
    expect(searches()).toHaveLength(0);
    await user.click(await screen.findByTitle('Munich, Bavaria, Germany'));
    expect(searches().map((c) => c.url.searchParams.get('input'))).toEqual(['mun']);
    expect(latest().place).toBe('Munich, Bavaria, Germany');
    expect(screen.getByRole('combobox', { name: 'Issue place' }).closest('.ant-select')?.textContent).toContain(
      'Munich, Bavaria, Germany',
    );
  });

  it("field (cityStateCountry): fills 'city, state, country' and the record from the place details", async () => {
    const user = userEvent.setup();
    const { latest } = renderLiveForm({ schema: recordSchema, uiSchema: fieldUi('cityStateCountry') });
    const box = screen.getByRole('combobox', { name: 'Place of birth' });
    await user.click(box);
    await user.type(box, 'Munich');
    await user.click(await screen.findByTitle('Munich, Bavaria, Germany'));
    await waitFor(() =>
      expect(latest().place).toEqual({
        location: 'Munich, Bavaria, Germany',
        city: 'Munich',
        state: 'Bavaria',
        country: 'Germany',
        iso: 'DE',
      }),
    );
    expect(searches()[0].url.searchParams.get('types')).toBe('locality|administrative_area_level_3');
    const detailCall = calls.find((c) => c.url.pathname === '/api/place-details');
    expect(detailCall?.url.searchParams.get('place_id')).toBe(MUNICH.place_id);
  });

  it("field (cityState): fills 'city, state'; a failed details call falls back to the prediction", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    details = { status: 500 };
    const { latest } = renderLiveForm({ schema: recordSchema, uiSchema: fieldUi('cityState') });
    const box = screen.getByRole('combobox', { name: 'Place of birth' });
    await user.click(box);
    await user.type(box, 'Munich');
    await user.click(await screen.findByTitle('Munich, Bavaria, Germany'));
    await waitFor(() =>
      expect(latest().place).toEqual({
        location: 'Munich, Bavaria',
        city: 'Munich',
        state: 'Bavaria',
        country: 'Germany',
        iso: '',
      }),
    );
  });

  it('says that places could not be loaded and offers nothing when the search fails', async () => {
    const user = userEvent.setup();
    autocomplete = { status: 'INVALID_REQUEST', predictions: [], error: 'broken' };
    renderLiveForm({ schema: recordSchema, uiSchema: fieldUi('cityState') });
    const box = screen.getByRole('combobox', { name: 'Place of birth' });
    await user.click(box);
    await user.type(box, 'Munich');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Failed to load places. Please try again later.'),
    );
    expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(0);
  });

  it('sends the active language and shows texts in it', async () => {
    const user = userEvent.setup();
    autocomplete = { status: 'ZERO_RESULTS', predictions: [] };
    renderLiveForm({ schema: recordSchema, uiSchema: fieldUi('cityState'), locale: 'de' });
    const box = screen.getByRole('combobox', { name: 'Place of birth' });
    await user.click(box);
    await user.type(box, 'xyz');
    await waitFor(() => expect(screen.getByText('Keine Ergebnisse gefunden')).toBeTruthy());
    expect(searches()[0].headers['X-Language']).toBe('de');
  });
});
