/**
 * A select box of the search page (spec 002 §5, §7, §9) as an ARIA combobox with a listbox popup: the typed text
 * is debounced 200 ms; options come page by page (the next when the list is scrolled to its end, or the keyboard
 * reaches its last option, while fewer than the total are loaded); options known in full are filtered here by
 * case-insensitive label substring; a typed text without a match is kept as a custom option, and when the request
 * fails it is the sole option. Keys: Down/Up move, Enter picks, Escape closes (and, closed, clears).
 */

import { useDebounced } from '@antrag/react/hooks/useDebounced';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type UIEvent, useEffect, useMemo, useState } from 'react';
import { useText } from './context.js';
import { type Choice, COUNTS, hasMore, shownChoices } from './logic/index.js';

export type { Choice };

export interface ChoicePage {
  total: number;
  options: Choice[];
}

export interface ComboboxProps {
  id: string;
  label: string;
  value: Choice | undefined;
  onChange: (choice: Choice | undefined) => void;
  /** What the options depend on besides the typed text (part of the cache key). */
  sourceKey: readonly unknown[];
  /**
   * One page of options after the `skip` already loaded. With `searchesText` the server searches for `typed`;
   * without, `typed` is '' and the answer is every option, filtered here.
   */
  load: (typed: string, skip: number, signal: AbortSignal) => Promise<ChoicePage>;
  searchesText?: boolean;
}

/** How close to the end of the list (px) a scroll loads the next page. */
const NEAR_END_PX = 24;

export function Combobox({ id, label, value, onChange, sourceKey, load, searchesText = false }: ComboboxProps) {
  const t = useText();
  const [open, setOpen] = useState(false);
  // what is typed since the box was focused or an option picked; undefined: the input shows the chosen label
  const [typed, setTyped] = useState<string>();
  const text = typed ?? '';
  const settled = useDebounced(text, COUNTS.searchDebounceMs);
  const searchText = searchesText ? settled.trim() : '';

  const pages = useInfiniteQuery({
    queryKey: ['combobox', ...sourceKey, searchText],
    queryFn: ({ pageParam, signal }) => load(searchText, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: ChoicePage, all: ChoicePage[]) => {
      const loaded = all.reduce((sum, p) => sum + p.options.length, 0);
      return hasMore(loaded, last.total) && last.options.length > 0 ? loaded : undefined;
    },
    enabled: open,
    placeholderData: (previous) => previous,
    retry: false,
    staleTime: 5 * 60_000,
  });

  const loaded = useMemo(() => pages.data?.pages.flatMap((p) => p.options) ?? [], [pages.data]);
  const failed = pages.isError && !pages.isFetchNextPageError;
  // the server's answer for an earlier text, shown while the next is awaited: filtered here by the text as typed
  const stale = searchesText && (text !== settled || pages.isPlaceholderData);
  const pending = text !== settled || pages.isPending || pages.isPlaceholderData;
  const options = useMemo(
    () =>
      shownChoices({
        options: loaded,
        typed: stale ? text : settled,
        filterHere: !searchesText || stale,
        failed,
        pending,
      }),
    [loaded, text, settled, stale, searchesText, failed, pending],
  );

  // a new list starts with nothing active: the active index belongs to the list it was chosen in, so a list that
  // changes (typed or settled text, first options arriving) has none, decided while drawing rather than in an
  // effect that could run after a key already moved in the new list
  const listKey = `${text}\u0000${settled}\u0000${loaded.length === 0}`;
  const [chosen, setChosen] = useState({ list: listKey, index: -1 });
  const active = chosen.list === listKey ? chosen.index : -1;
  const setActive = (index: number) => setChosen({ list: listKey, index });
  useEffect(() => {
    if (active < 0) return;
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, id]);

  const loadMore = () => {
    if (pages.hasNextPage && !pages.isFetchingNextPage && !pages.isPlaceholderData) void pages.fetchNextPage();
  };
  const pick = (choice: Choice) => {
    onChange(choice);
    setTyped(undefined);
    setOpen(false);
    setActive(-1);
  };
  const move = (to: number) => {
    const next = Math.max(0, Math.min(options.length - 1, to));
    setActive(next);
    if (next === options.length - 1) loadMore();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else move(active + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else move(active <= 0 ? options.length - 1 : active - 1);
        break;
      case 'Enter':
        if (open && active >= 0 && options[active]) {
          // picks the option instead of submitting the form
          event.preventDefault();
          pick(options[active]);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setTyped(undefined);
        } else if (value) {
          event.preventDefault();
          onChange(undefined);
        }
        break;
      default:
        break;
    }
  };

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - NEAR_END_PX) loadMore();
  };

  const listId = `${id}-listbox`;
  const expanded = open && options.length > 0;
  const busy = open && (pages.isFetching || text !== settled);
  return (
    <div className="cs-combobox">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        aria-busy={busy || undefined}
        value={typed ?? value?.label ?? ''}
        onChange={(e) => {
          setTyped(e.target.value);
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          // an emptied box clears the choice; other unpicked text gives way to the chosen label
          if (typed !== undefined && typed.trim() === '') onChange(undefined);
          setTyped(undefined);
        }}
      />
      {/* a press anywhere in the list (its scrollbar too) keeps the focus in the input */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only keeps the focus where it is */}
      <div className="cs-combobox-popup" hidden={!expanded && !busy} onMouseDown={(e) => e.preventDefault()}>
        <div
          id={listId}
          role="listbox"
          aria-label={label}
          className="cs-combobox-list"
          hidden={!expanded}
          onScroll={onScroll}
        >
          {options.map((option, i) => (
            // the focus stays in the input (aria-activedescendant names the active option); keys go to the input
            // biome-ignore lint/a11y/useFocusableInteractive: see above
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above
            <div
              key={`${option.custom ? 'custom' : 'option'}-${option.value}`}
              id={`${id}-option-${i}`}
              role="option"
              aria-selected={i === active}
              data-chosen={value?.value === option.value || undefined}
              className={`cs-combobox-option${i === active ? ' cs-combobox-option-active' : ''}${option.custom ? ' cs-combobox-custom' : ''}`}
              onClick={() => pick(option)}
            >
              {option.label}
            </div>
          ))}
        </div>
        <p className="cs-combobox-status" role="status">
          {busy ? t('common.loading') : ''}
        </p>
      </div>
    </div>
  );
}
