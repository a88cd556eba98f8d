/**
 * The search page's select boxes (spec 002 §5, §8, §9) as ARIA comboboxes: typed text debounced 200 ms, options
 * filtered by case-insensitive label substring, a typed text without a match kept as a custom option (the sole
 * option when the search fails), the next page of 10 on scrolling to the bottom while fewer than the total are
 * loaded, and the keyboard: Down/Up, Enter, Escape with aria-activedescendant.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type Choice, type ChoicePage, Combobox } from '../../../site/web/content/Combobox.js';

type Load = (typed: string, skip: number, signal: AbortSignal) => Promise<ChoicePage>;

function Harness({
  load,
  searchesText,
  onPick,
}: {
  load: Load;
  searchesText?: boolean;
  onPick?: (c?: Choice) => void;
}) {
  const [value, setValue] = useState<Choice>();
  return (
    <Combobox
      id="box"
      label="University"
      value={value}
      onChange={(c) => {
        setValue(c);
        onPick?.(c);
      }}
      sourceKey={['test']}
      load={load}
      searchesText={searchesText}
    />
  );
}

function renderBox(load: Load, searchesText = false, onPick?: (c?: Choice) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness load={load} searchesText={searchesText} onPick={onPick} />
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'University' }) as HTMLInputElement;
}

const optionLabels = () => screen.queryAllByRole('option').map((o) => o.textContent);
const sleep = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

const LOCATIONS: Choice[] = ['Berlin', 'Garching', 'Heidelberg', 'Munich'].map((l) => ({ value: l, label: l }));
const allLocations: Load = async () => ({ total: LOCATIONS.length, options: LOCATIONS });

/** 23 universities, served 10 at a time. */
const universities: Choice[] = Array.from({ length: 23 }, (_, i) => ({
  value: `u${i + 1}`,
  label: `University ${String(i + 1).padStart(2, '0')}`,
}));
const pagedLoad = vi.fn<Load>(async (_typed, skip) => ({
  total: universities.length,
  options: universities.slice(skip, skip + 10),
}));

describe('the search select box', () => {
  it('is a labelled combobox controlling a listbox, closed until used', () => {
    const input = renderBox(allLocations);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(document.getElementById(input.getAttribute('aria-controls') ?? '')?.getAttribute('role')).toBe('listbox');
  });

  it('asks the server only once the typing has paused for 200 ms', async () => {
    const load = vi.fn<Load>(async (typed) => ({ total: 1, options: [{ value: 'x', label: `${typed} University` }] }));
    const input = renderBox(load, true);
    fireEvent.change(input, { target: { value: 'h' } });
    await sleep(80);
    fireEvent.change(input, { target: { value: 'he' } });
    await sleep(80);
    fireEvent.change(input, { target: { value: 'hei' } });
    await sleep(150);
    // 310 ms after the first key, but only 150 after the last: nothing typed was sent yet
    expect(load.mock.calls.map((c) => c[0]).filter(Boolean)).toEqual([]);
    await waitFor(() => expect(optionLabels()).toEqual(['hei University']));
    expect(load.mock.calls.map((c) => c[0]).filter(Boolean)).toEqual(['hei']);
  });

  it('filters options by case-insensitive label substring and keeps an unmatched text as a custom option', async () => {
    const picked = vi.fn();
    const input = renderBox(allLocations, false, picked);
    fireEvent.click(input);
    await waitFor(() => expect(optionLabels()).toEqual(['Berlin', 'Garching', 'Heidelberg', 'Munich']));
    fireEvent.change(input, { target: { value: 'ERG' } });
    await waitFor(() => expect(optionLabels()).toEqual(['Heidelberg']));
    fireEvent.change(input, { target: { value: 'Hamburg' } });
    await waitFor(() => expect(optionLabels()).toEqual(['Hamburg']));
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(picked).toHaveBeenLastCalledWith({ value: 'Hamburg', label: 'Hamburg', custom: true });
    expect(input.value).toBe('Hamburg');
  });

  it('keeps the typed text as the sole option when the search fails', async () => {
    const input = renderBox(async () => Promise.reject(new Error('down')), true);
    fireEvent.change(input, { target: { value: 'Heidel' } });
    await waitFor(() => expect(optionLabels()).toEqual(['Heidel']));
  });

  it('moves with Down and Up, names the active option, picks with Enter and closes with Escape', async () => {
    const picked = vi.fn();
    const input = renderBox(allLocations, false, picked);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    const active = document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toBe('Garching');
    expect(active?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(picked).toHaveBeenLastCalledWith({ value: 'Garching', label: 'Garching' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('Garching');

    fireEvent.change(input, { target: { value: 'Mun' } });
    await waitFor(() => expect(input.getAttribute('aria-expanded')).toBe('true'));
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    // the typed text gives way to the chosen option; Escape on the closed box clears it
    expect(input.value).toBe('Garching');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(picked).toHaveBeenLastCalledWith(undefined);
    expect(input.value).toBe('');
  });

  it('loads the next 10 on scrolling to the bottom while fewer than the total are loaded', async () => {
    pagedLoad.mockClear();
    const input = renderBox(pagedLoad, true);
    fireEvent.click(input);
    await waitFor(() => expect(optionLabels()).toHaveLength(10));
    const list = screen.getByRole('listbox', { hidden: true });
    const scrollToBottom = () => {
      Object.defineProperty(list, 'scrollHeight', { value: 400, configurable: true });
      Object.defineProperty(list, 'clientHeight', { value: 240, configurable: true });
      list.scrollTop = 160;
      fireEvent.scroll(list);
    };
    // a scroll short of the end loads nothing
    Object.defineProperty(list, 'scrollHeight', { value: 400, configurable: true });
    Object.defineProperty(list, 'clientHeight', { value: 240, configurable: true });
    list.scrollTop = 20;
    fireEvent.scroll(list);
    await sleep(20);
    expect(pagedLoad).toHaveBeenCalledTimes(1);

    scrollToBottom();
    await waitFor(() => expect(optionLabels()).toHaveLength(20));
    scrollToBottom();
    await waitFor(() => expect(optionLabels()).toHaveLength(23));
    scrollToBottom();
    await sleep(20);
    expect(pagedLoad.mock.calls.map((c) => c[1])).toEqual([0, 10, 20]);
    expect(optionLabels().at(-1)).toBe('University 23');
  });

  it('loads the next page when the keyboard reaches the last option', async () => {
    pagedLoad.mockClear();
    const input = renderBox(pagedLoad, true);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() => expect(optionLabels()).toHaveLength(10));
    for (let i = 0; i < 10; i++) fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() => expect(optionLabels()).toHaveLength(20));
    expect(document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent).toBe(
      'University 10',
    );
  });
});
