import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import { compileDefinition } from '../runner/forms.js';
import { openList, shownIn } from './lists.js';
import { type FetchCall, fakeFetch, renderLiveForm } from './liveForm.js';

// The search endpoints are answered by a fetch double over a small made-up catalogue (component tests
// only: the server's search has its own tests in tests/unit/server/search).
const UNIVERSITIES = Array.from({ length: 25 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return { id: `u${n}`, name: `University ${n}`, slug: `university-${n}`, location: `City ${n}A, City ${n}B` };
});
const PROGRAMS = [
  { id: 'p1', name: 'Informatics', university: 'u01' },
  { id: 'p2', name: 'Physics', university: 'u01' },
  { id: 'p3', name: 'Medicine', university: 'u02' },
];

let failing = false;
let calls: FetchCall[] = [];

function answer(url: URL): unknown {
  if (failing) return { status: 503 };
  const q = url.searchParams;
  const name = (q.get('name') ?? '').toLowerCase();
  const skip = Number(q.get('skip') ?? 0);
  const take = Number(q.get('take') ?? 10);
  if (url.pathname === '/api/new-search/') {
    const ids = q.getAll('university_ids');
    const programs = PROGRAMS.filter(
      (p) => p.name.toLowerCase().includes(name) && (ids.length === 0 || ids.includes(p.university)),
    );
    const universities = UNIVERSITIES.filter((u) => u.name.toLowerCase().includes(name));
    return {
      program: { total: programs.length, data: programs.slice(skip, skip + take) },
      university: { total: universities.length, data: universities.slice(skip, skip + take) },
    };
  }
  if (url.pathname === '/api/new-search') {
    const ids = q.getAll('university_ids');
    const location = q.get('location');
    const found = UNIVERSITIES.filter(
      (u) =>
        (ids.length === 0 || ids.includes(u.id)) &&
        (!location || u.location.split(', ').includes(location)) &&
        u.name.toLowerCase().includes(name),
    );
    return {
      total: found.length,
      data: found
        .slice(skip, skip + take)
        .map((u) => ({ id: u.id, universityName: u.name, location: u.location, slug: u.slug })),
    };
  }
  return { status: 404 };
}

beforeEach(() => {
  failing = false;
  const double = fakeFetch(answer);
  calls = double.calls;
  vi.stubGlobal('fetch', double.fetch);
});
afterEach(() => vi.unstubAllGlobals());

const searches = () => calls.filter((c) => c.url.pathname === '/api/new-search/');
const lookups = () => calls.filter((c) => c.url.pathname === '/api/new-search');

const schema = {
  type: 'object' as const,
  properties: {
    university: { type: 'string' as const },
    program: { type: 'string' as const },
    location: { type: 'string' as const },
  },
};
const uiSchema = (universityOptions: object = {}) => ({
  university: {
    'ui:widget': 'universitySelect',
    'ui:title': 'University',
    'ui:options': { fieldType: 'universitySelect', allowCustom: true, ...universityOptions },
  },
  program: {
    'ui:widget': 'programSelect',
    'ui:title': 'Program',
    'ui:options': { fieldType: 'programSelect', allowCustom: true, dependsOn: 'university' },
  },
  location: {
    'ui:widget': 'locationSelect',
    'ui:title': 'Location',
    'ui:options': { fieldType: 'locationSelect', allowCustom: true, dependsOn: 'university' },
  },
});

/** The dropdown's scrolling list (antd's virtual list); jsdom has no layout, so any scroll is at the end. */
function scrollListToEnd() {
  const holders = document.querySelectorAll('.ant-select-dropdown-list-holder');
  fireEvent.scroll(holders[holders.length - 1] as HTMLElement);
}

describe('universitySelect', () => {
  it('asks for pages of 10 with the active language, the next page on scrolling to the end while skip < total', async () => {
    const user = userEvent.setup();
    renderLiveForm({ schema, uiSchema: uiSchema(), locale: 'de' });
    await openList(user, 'University');
    await waitFor(() => expect(screen.getByTitle('University 01')).toBeTruthy());
    expect(searches().map((c) => [c.url.searchParams.get('skip'), c.url.searchParams.get('take')])).toEqual([
      ['0', '10'],
    ]);
    expect(searches()[0].headers['X-Language']).toBe('de');

    scrollListToEnd();
    await waitFor(() => expect(searches()).toHaveLength(2));
    expect(searches()[1].url.searchParams.get('skip')).toBe('10');
    await waitFor(() => expect(screen.queryByText('Loading more…')).toBeNull());
    scrollListToEnd();
    await waitFor(() => expect(searches()).toHaveLength(3));
    expect(searches()[2].url.searchParams.get('skip')).toBe('20');
    await waitFor(() => expect(screen.queryByText('Loading more…')).toBeNull());
    // all 25 are in the list: from the first option, ArrowUp wraps around to the last
    // rc-select reads keyCode, which user-event does not set
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'University' }), { key: 'ArrowUp', keyCode: 38, which: 38 });
    expect(screen.getByRole('option', { name: 'University 25' })).toBeTruthy();

    // 30 is not below the total of 25: no further call
    scrollListToEnd();
    await new Promise((r) => setTimeout(r, 50));
    expect(searches()).toHaveLength(3);
  });

  it('debounces the typed search by 200 ms and offers static options before searching', async () => {
    const user = userEvent.setup();
    const { latest } = renderLiveForm({
      schema,
      uiSchema: uiSchema({ options: [{ value: 'u07', label: 'TU Example' }] }),
    });
    await openList(user, 'University');
    // static options are offered at once, without a call
    expect(screen.getByTitle('TU Example')).toBeTruthy();
    expect(searches()).toHaveLength(0);
    await user.keyboard('SITY 1');
    await new Promise((r) => setTimeout(r, 100));
    expect(searches()).toHaveLength(0);
    await waitFor(() => expect(screen.getByTitle('University 10')).toBeTruthy());
    expect(searches().map((c) => c.url.searchParams.get('name'))).toEqual(['SITY 1']);
    await user.click(screen.getByTitle('University 12'));
    expect(latest().university).toBe('u12');
    expect(shownIn('University')).toContain('University 12');
  });

  it('keeps a typed value without a match as a custom answer', async () => {
    const user = userEvent.setup();
    const { latest } = renderLiveForm({ schema, uiSchema: uiSchema() });
    await openList(user, 'University');
    await user.keyboard('Hochschule Nirgendwo');
    await waitFor(() => expect(screen.getByTitle('Hochschule Nirgendwo')).toBeTruthy());
    await user.click(screen.getByTitle('Hochschule Nirgendwo'));
    expect(latest().university).toBe('Hochschule Nirgendwo');
  });

  it('when the search fails, keeps the typed text as the sole option and says so', async () => {
    const user = userEvent.setup();
    failing = true;
    const { latest } = renderLiveForm({ schema, uiSchema: uiSchema() });
    await openList(user, 'University');
    await user.keyboard('University 0');
    const titles = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    await waitFor(() => {
      expect(screen.getByRole('alert').textContent).toBe('The search is not available right now.');
      expect(titles()).toEqual(['University 0']);
    });
    await user.click(screen.getByTitle('University 0'));
    expect(latest().university).toBe('University 0');
  });

  it('shows a stored id by the name from the university lookup', async () => {
    renderLiveForm({ schema, uiSchema: uiSchema(), formData: { university: 'u03' } });
    await waitFor(() => expect(shownIn('University')).toContain('University 03'));
    const lookup = lookups()[0].url.searchParams;
    expect(lookup.get('university_ids')).toBe('u03');
    expect(lookup.get('content_language')).toBe('en');
  });

  it('narrows the universities by the location field it depends on', async () => {
    const user = userEvent.setup();
    renderLiveForm({
      schema: { type: 'object', properties: { city: { type: 'string' }, university: { type: 'string' } } },
      uiSchema: {
        city: {
          'ui:widget': 'locationSelect',
          'ui:title': 'City',
          'ui:options': { options: [{ value: 'City 04B', label: 'City 04B' }] },
        },
        university: {
          'ui:widget': 'universitySelect',
          'ui:title': 'University',
          'ui:options': { dependsOn: 'city' },
        },
      },
    });
    expect(screen.getByRole('combobox', { name: 'University' }).hasAttribute('disabled')).toBe(true);
    await openList(user, 'City');
    await user.click(screen.getByTitle('City 04B'));
    await openList(user, 'University');
    await waitFor(() => expect(screen.getByTitle('University 04')).toBeTruthy());
    expect(screen.queryByTitle('University 05')).toBeNull();
    expect(lookups()[0].url.searchParams.get('location')).toBe('City 04B');
  });
});

describe('programSelect and locationSelect', () => {
  it('wait for a university, follow it, and are cleared when it changes', async () => {
    const user = userEvent.setup();
    const { latest } = renderLiveForm({ schema, uiSchema: uiSchema() });
    const program = screen.getByRole('combobox', { name: 'Program' });
    expect(program.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Location' }).hasAttribute('disabled')).toBe(true);

    await openList(user, 'University');
    await user.click(await screen.findByTitle('University 01'));
    expect(latest().university).toBe('u01');

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Program' }).hasAttribute('disabled')).toBe(false));
    await openList(user, 'Program');
    await user.click(await screen.findByTitle('Physics'));
    expect(latest().program).toBe('Physics');
    expect(searches().at(-1)?.url.searchParams.getAll('university_ids')).toEqual(['u01']);
    expect(screen.queryByTitle('Medicine')).toBeNull();

    // the locations come from the chosen university's record, without another call
    await openList(user, 'Location');
    await user.click(await screen.findByTitle('City 01B'));
    expect(latest().location).toBe('City 01B');
    expect(lookups()).toHaveLength(0);

    await openList(user, 'University');
    await user.click(await screen.findByTitle('University 02'));
    await waitFor(() => expect(latest().program).toBeUndefined());
    expect(latest().location).toBeUndefined();
    expect(latest().university).toBe('u02');

    await openList(user, 'Program');
    await waitFor(() => expect(screen.getByTitle('Medicine')).toBeTruthy());
    expect(searches().at(-1)?.url.searchParams.getAll('university_ids')).toEqual(['u02']);
  });

  it('offers the locations of a stored university through the lookup', async () => {
    const user = userEvent.setup();
    renderLiveForm({ schema, uiSchema: uiSchema(), formData: { university: 'u05' } });
    await openList(user, 'Location');
    await waitFor(() => expect(screen.getByTitle('City 05A')).toBeTruthy());
    await user.keyboard('b');
    await waitFor(() => expect(screen.queryByTitle('City 05A')).toBeNull());
    expect(screen.getByTitle('City 05B')).toBeTruthy();
  });
});

describe('in the form runner', () => {
  const definition: FormDefinition = {
    id: 'university-demo',
    title: { en: 'Review' },
    version: 1,
    submit: { endpoint: '/api/demo', method: 'POST', encoding: 'json' },
    results: { success: { status: 'success', title: { en: 'Thank you!' } } },
    steps: [
      {
        id: 'study',
        title: { en: 'Study' },
        sections: [
          {
            fields: [
              {
                name: 'university',
                type: 'universitySelect',
                label: { en: 'University' },
                required: true,
                options: [
                  { value: 'u01', label: { en: 'University 01' } },
                  { value: 'u02', label: { en: 'University 02' } },
                ],
              },
              { name: 'program', type: 'programSelect', label: { en: 'Program' }, dependsOn: 'university' },
            ],
          },
        ],
      },
    ],
  };

  it('clears the program when the university changes, with the runner’s context and query client', async () => {
    const user = userEvent.setup();
    const form = compileDefinition(definition);
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="fr" />);
    const program = await screen.findByRole('combobox', { name: 'Program' });
    expect(program.hasAttribute('disabled')).toBe(true);
    await openList(user, 'University');
    await user.click(screen.getByTitle('University 01'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Program' }).hasAttribute('disabled')).toBe(false));
    await openList(user, 'Program');
    await user.click(await screen.findByTitle('Informatics'));
    expect(searches().at(-1)?.headers['X-Language']).toBe('fr');
    expect(shownIn('Program')).toContain('Informatics');

    await openList(user, 'University');
    await user.click(screen.getByTitle('University 02'));
    await waitFor(() => expect(shownIn('Program')).not.toContain('Informatics'));
  });
});
