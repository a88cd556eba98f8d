/**
 * The study-portal search page (spec 002 §2.5, §7, §9): the study field of the address, a university select (paged
 * server search) and a location select (from universities' comma-separated locations) narrowing tabbed results,
 * pages of 10 with our own page buttons (no size changer), the filter in a full-width drawer on mobile.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteContext, type SiteContextValue } from '../../../site/web/content/context.js';
import { PageBlocks } from '../../../site/web/content/PageBlocks.js';

const UNIVERSITIES = [
  { id: 'uni-hd', name: 'Heidelberg University', slug: 'heidelberg-university', location: 'Heidelberg' },
  { id: 'uni-tum', name: 'Technical University of Munich', slug: 'tum', location: 'Munich, Garching' },
  { id: 'uni-lmu', name: 'LMU Munich', slug: 'lmu', location: 'Munich' },
];
/** 23 programs: 21 at TUM, 2 at Heidelberg. */
const PROGRAMS = Array.from({ length: 23 }, (_, i) => {
  const uni = i < 2 ? UNIVERSITIES[0] : UNIVERSITIES[1];
  return { id: `p${i}`, name: `Program ${String(i + 1).padStart(2, '0')}`, slug: `p${i}`, uni };
});

let requests: URL[] = [];

function answer(url: URL): unknown {
  const q = url.searchParams;
  const skip = Number(q.get('skip') ?? 0);
  const take = Number(q.get('take') ?? 10);
  const ids = q.get('university_ids');
  const location = q.get('location');
  const unis = UNIVERSITIES.filter(
    (u) =>
      u.name.toLowerCase().includes((q.get('name') ?? '').toLowerCase()) &&
      (!location || u.location.split(', ').includes(location)),
  );
  if (url.pathname === '/api/new-search') {
    const records = unis.filter((u) => !ids || u.id === ids);
    return {
      total: records.length,
      data: records
        .slice(skip, skip + take)
        .map((u) => ({ id: u.id, universityName: u.name, slug: u.slug, location: u.location })),
    };
  }
  const programs = PROGRAMS.filter((p) => !ids || p.uni.id === ids);
  return {
    program: {
      total: programs.length,
      data: programs
        .slice(skip, skip + take)
        .map((p) => ({ ...p, university: { name: p.uni.name, slug: p.uni.slug } })),
    },
    university: { total: unis.length, data: unis.slice(skip, skip + take) },
  };
}

beforeEach(() => {
  requests = [];
  window.history.pushState({}, '', '/studyportal/search?category_ids=computer-science');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      requests.push(url);
      return new Response(JSON.stringify(answer(url)), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

const STUDY_FIELDS = [
  { categoryId: 'computer-science', category: 'Computer science' },
  { categoryId: 'arts', category: 'Arts and design' },
];

function renderSearch(viewport: SiteContextValue['viewport'] = 'desktop', locale: SiteContextValue['locale'] = 'en') {
  const value: SiteContextValue = { locale, assets: {}, flags: { app: false }, viewport };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (node: ReactNode) => (
    <QueryClientProvider client={client}>
      <SiteContext.Provider value={value}>{node}</SiteContext.Provider>
    </QueryClientProvider>
  );
  const block = {
    __typename: 'SearchResults',
    id: 'r',
    flatData: { headline: 'Results', tabs: ['program', 'university'], studyFields: STUDY_FIELDS },
  };
  return render(wrap(<PageBlocks blocks={[block]} />));
}

const resultRequests = (path: string) =>
  requests.filter((r) => r.pathname === path && r.searchParams.has('take') && !r.searchParams.get('name'));
const lastProgramSearch = () => requests.filter((r) => r.pathname === '/api/new-search/').at(-1);
const lastRecordsSearch = () => requests.filter((r) => r.pathname === '/api/new-search').at(-1);

describe('the search page', () => {
  it("sends the study field of the address with both searches and shows each tab's total", async () => {
    renderSearch();
    await screen.findByRole('link', { name: 'Program 01' });
    expect(lastProgramSearch()?.searchParams.get('category_ids')).toBe('computer-science');
    expect(lastRecordsSearch()?.searchParams.get('category_ids')).toBe('computer-science');
    expect(lastRecordsSearch()?.searchParams.get('content_language')).toBe('en');
    expect(screen.getByRole('tab', { name: 'Programs (23)' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Universities (3)' })).toBeTruthy();
  });

  it('narrows the results to a university picked in its select box', async () => {
    renderSearch();
    await screen.findByRole('link', { name: 'Program 01' });
    const box = screen.getByRole('combobox', { name: 'University' });
    fireEvent.change(box, { target: { value: 'heidel' } });
    // the select searches for the typed text, 10 at a time
    await waitFor(() =>
      expect(requests.find((r) => r.searchParams.get('name') === 'heidel')?.searchParams.get('take')).toBe('10'),
    );
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Heidelberg University']),
    );
    fireEvent.click(screen.getByRole('option', { name: 'Heidelberg University' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show results' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Programs (2)' })).toBeTruthy());
    expect(lastProgramSearch()?.searchParams.get('university_ids')).toBe('uni-hd');
    expect(lastRecordsSearch()?.searchParams.get('university_ids')).toBe('uni-hd');
    expect(screen.queryByRole('link', { name: 'Program 03' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Universities (1)' }));
    const panel = screen.getByRole('tabpanel');
    expect(
      within(panel)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Heidelberg University']);
  });

  it("offers the universities' locations, each once, and narrows the results to one", async () => {
    renderSearch();
    await screen.findByRole('link', { name: 'Program 01' });
    const box = screen.getByRole('combobox', { name: 'Location' });
    fireEvent.click(box);
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Garching', 'Heidelberg', 'Munich']),
    );
    fireEvent.change(box, { target: { value: 'GAR' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Garching' }));
    fireEvent.click(screen.getByRole('button', { name: 'Show results' }));
    await waitFor(() => expect(lastProgramSearch()?.searchParams.get('location')).toBe('Garching'));
    expect(lastRecordsSearch()?.searchParams.get('location')).toBe('Garching');
  });

  it("offers a picked university's own locations", async () => {
    renderSearch();
    await screen.findByRole('link', { name: 'Program 01' });
    fireEvent.change(screen.getByRole('combobox', { name: 'University' }), { target: { value: 'technical' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Technical University of Munich' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Location' }));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Garching', 'Munich']),
    );
  });

  it('pages through the results with page buttons, 10 a page, without a size changer', async () => {
    const { container } = renderSearch();
    await screen.findByRole('link', { name: 'Program 01' });
    const pages = screen.getByRole('navigation', { name: 'Programs: result pages' });
    expect(
      within(pages)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Previous page', 'Page 1', 'Page 2', 'Page 3', 'Next page']);
    expect(within(pages).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect((within(pages).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(pages).queryByRole('combobox')).toBeNull();
    expect(container.querySelector('.ant-pagination, .ant-select')).toBeNull();

    fireEvent.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await screen.findByRole('link', { name: 'Program 21' });
    expect(lastProgramSearch()?.searchParams.get('skip')).toBe('20');
    expect(within(pages).getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    expect(within(pages).getByRole('button', { name: 'Page 1' }).hasAttribute('aria-current')).toBe(false);
    expect((within(pages).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByRole('listitem').filter((li) => li.classList.contains('cs-result-card'))).toHaveLength(3);
    expect(resultRequests('/api/new-search/').length).toBeGreaterThan(0);
  });

  it('opens the filter in a full-width drawer on mobile', async () => {
    renderSearch('mobile');
    await screen.findByRole('link', { name: 'Program 01' });
    expect(screen.queryByRole('combobox', { name: 'University' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: 'University' })).toBeTruthy();
    // a modal dialog of the whole width (the site's CSS; jsdom applies no style sheet, the browser test measures it)
    expect(dialog.classList.contains('cs-sheet')).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('combobox', { name: 'University' })).toBeNull();
  });

  it('tells programs of one name at one university apart by their degree, and shows where each is taught', async () => {
    const tum = { id: 'uni-tum', name: 'Technical University of Munich', slug: 'tum' };
    const informatics = (degree: string, slug: string) => ({
      id: slug,
      name: 'Informatics',
      slug,
      degree,
      location: 'Garching',
      university: tum,
    });
    const found = [
      informatics('Bachelor of Science', 'informatics-bsc'),
      informatics('Master of Science', 'informatics-msc'),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost');
        const body =
          url.pathname === '/api/new-search'
            ? { total: 0, data: [] }
            : { program: { total: 2, data: found }, university: { total: 0, data: [] } };
        return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    renderSearch();
    const bachelor = await screen.findByRole('link', { name: 'Informatics (Bachelor of Science)' });
    const master = screen.getByRole('link', { name: 'Informatics (Master of Science)' });
    expect(bachelor.getAttribute('href')).toBe('/studyportal/university/tum/studyprograms/informatics-bsc');
    expect(master.getAttribute('href')).toBe('/studyportal/university/tum/studyprograms/informatics-msc');
    for (const card of screen.getAllByRole('listitem').filter((li) => li.classList.contains('cs-result-card'))) {
      expect(card.textContent).toContain('Technical University of Munich');
      // the place, named for screen readers too
      expect(card.textContent).toContain('Location: Garching');
    }
  });

  it('words the degree and the filters in the language of the page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost');
        const hit = { id: 'p', name: '信息学', slug: 'p', degree: 'Master of Science', location: 'Garching' };
        const body =
          url.pathname === '/api/new-search'
            ? { total: 0, data: [] }
            : { program: { total: 1, data: [hit] }, university: { total: 0, data: [] } };
        return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    renderSearch('desktop', 'zh');
    expect(await screen.findByRole('link', { name: '信息学（Master of Science）' })).toBeTruthy();
    // the study field's name as the page's content gives it (here the English one: the test's content)
    expect(screen.getByRole('button', { name: '移除筛选条件：学科领域：Computer science' })).toBeTruthy();
  });

  it("shows the study field of a card's link by its name, and takes it away on request", async () => {
    renderSearch();
    await screen.findByRole('link', { name: 'Program 01' });
    const filters = screen.getByRole('list', { name: 'Active filters' });
    const field = within(filters).getByRole('button', { name: 'Remove filter: Field of study: Computer science' });
    expect(field.textContent).toBe('Field of study: Computer science');
    fireEvent.click(field);
    await waitFor(() => expect(lastProgramSearch()?.searchParams.has('category_ids')).toBe(false));
    expect(lastRecordsSearch()?.searchParams.has('category_ids')).toBe(false);
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
    // the address no longer names it (a reload or another language keeps the search as it is)
    expect(window.location.search).toBe('');
    // focus is not lost with the button: it goes on to the results
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /^Programs/ }));
  });

  it('lists every filter in force; taking one away keeps the others and moves focus to the next', async () => {
    window.history.pushState({}, '', '/studyportal/search?category_ids=arts&category_ids=unknown-field&name=munich');
    renderSearch();
    const filters = await screen.findByRole('list', { name: 'Active filters' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Field of study: Arts and design',
      // a field the page has no name for is shown by its id
      'Field of study: unknown-field',
      'Program or university: munich',
    ]);
    await waitFor(() => expect(lastProgramSearch()?.searchParams.get('category_ids')).toBe('arts,unknown-field'));
    fireEvent.click(within(filters).getByRole('button', { name: /Arts and design/ }));
    await waitFor(() => expect(lastProgramSearch()?.searchParams.get('category_ids')).toBe('unknown-field'));
    expect(lastProgramSearch()?.searchParams.get('name')).toBe('munich');
    expect(document.activeElement?.textContent).toBe('Field of study: unknown-field');
    expect(new URLSearchParams(window.location.search).getAll('category_ids')).toEqual(['unknown-field']);
    // the filter form takes the change over: applying it does not bring the field back
    fireEvent.click(screen.getByRole('button', { name: 'Show results' }));
    await waitFor(() => expect(lastProgramSearch()?.searchParams.get('category_ids')).toBe('unknown-field'));
    expect(screen.getByRole('searchbox', { name: 'Program or university' })).toHaveProperty('value', 'munich');
  });
});
