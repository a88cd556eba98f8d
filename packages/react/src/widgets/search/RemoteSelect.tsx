import type { WidgetProps } from '@rjsf/utils';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { type UIEvent, useMemo, useState } from 'react';
import { useDebounced } from '../../hooks/useDebounced.js';
import { filterChoices, SEARCH_DEBOUNCE_MS } from '../choice/SearchSelectWidget.js';
import { ariaFor } from '../shared/aria.js';
import type { GetJsonOptions } from '../shared/http.js';
import type { Handoff } from '../shared/loadOnUse.js';
import { SEARCH_RETRY, useWidgetQueryClient, WIDGET_QUERY_KEY } from '../shared/queryClient.js';
import { formContextOf, maybe, textOr, textsOf } from '../shared/texts.js';
import { PAGE_SIZE, type SearchChoice, type SearchPage } from './api.js';

/** A server search the select pages through. */
export interface PagedSource {
  /** What the search is, besides the typed text and the language (e.g. `['programs', universityId]`). */
  key: readonly unknown[];
  fetchPage: (name: string, skip: number, opts: GetJsonOptions) => Promise<SearchPage>;
  /** Ask the server before anything is typed (when there are no local choices to offer first). */
  searchEmpty: boolean;
}

export interface RemoteSelectProps {
  widget: WidgetProps;
  /** Choices known without a search call (static options, a university's locations), filtered here. */
  local: SearchChoice[];
  source?: PagedSource;
  /** The label of a stored value that no list holds (e.g. a university id restored from a draft). */
  labelOf?: (value: string) => string | undefined;
  /** Disabled besides RJSF's disabled/readonly (a dependent field whose parent has no value yet). */
  disabled?: boolean;
  /** Local choices are still being fetched. */
  busy?: boolean;
  onChoose?: (choice: SearchChoice) => void;
  /** How the field was used before this select took its stand-in's place (see ../shared/loadOnUse.tsx). */
  handoff?: Handoff;
}

/** How close to the end of the list (px) a scroll asks for the next page. */
const NEAR_BOTTOM_PX = 24;

function dedupe(choices: SearchChoice[]): SearchChoice[] {
  const seen = new Set<string>();
  return choices.filter((c) => !seen.has(c.value) && seen.add(c.value));
}

/**
 * A searchable single choice over local choices and a paged server search: the typed text is debounced
 * 200 ms like the searchable select, local choices are filtered by case-insensitive label substring, the
 * server answers page by page (`PAGE_SIZE`) as the list is scrolled to its end, and with allowCustom an
 * unmatched text is offered as it was typed. When the search fails the typed text stays the sole option.
 */
export function RemoteSelect({ widget, local, source, labelOf, disabled, busy, onChoose, handoff }: RemoteSelectProps) {
  const { id, value, onChange, onBlur, onFocus, readonly, placeholder, rawErrors, registry, options, required } =
    widget;
  const { allowCustom = false } = options as { allowCustom?: boolean };
  const { t, locale } = textsOf(registry);
  const { apiBase } = formContextOf(registry);
  const client = useWidgetQueryClient();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(!!handoff?.open);
  // the label of the last choice, for when the list that held it is gone (the search text was cleared)
  const [picked, setPicked] = useState<SearchChoice>();
  const name = useDebounced(search, SEARCH_DEBOUNCE_MS).trim();
  const off = !!disabled || !!widget.disabled || !!readonly;

  const paged = useInfiniteQuery(
    {
      queryKey: [WIDGET_QUERY_KEY, 'search', ...(source?.key ?? []), name, locale],
      queryFn: ({ pageParam, signal }) =>
        (source as PagedSource).fetchPage(name, pageParam, { language: locale, apiBase, signal }),
      initialPageParam: 0,
      // spec: the next page while skip is below the total
      getNextPageParam: (last: SearchPage, pages: SearchPage[]) => {
        const skip = pages.length * PAGE_SIZE;
        return skip < last.total && last.items.length > 0 ? skip : undefined;
      },
      enabled: !!source && !off && (name !== '' || (open && source.searchEmpty)),
      staleTime: 5 * 60_000,
      ...SEARCH_RETRY,
    },
    client,
  );

  const remote = useMemo(() => dedupe(paged.data?.pages.flatMap((p) => p.items) ?? []), [paged.data]);
  const failed = paged.isError && !paged.isFetchNextPageError;
  const shown = useMemo(() => {
    const custom = allowCustom && name ? [{ value: name, label: name }] : [];
    if (failed) return custom;
    const list = dedupe([...(filterChoices(local, name, false) as SearchChoice[]), ...remote]);
    const needle = name.toLocaleLowerCase();
    return list.some((c) => c.label.toLocaleLowerCase() === needle) ? list : [...list, ...custom];
  }, [local, remote, name, allowCustom, failed]);

  const current = value === undefined || value === null || value === '' ? undefined : String(value);
  const selected = useMemo(() => {
    if (current === undefined) return undefined;
    const hit = [...local, ...remote].find((c) => c.value === current);
    const label = hit?.label ?? (picked?.value === current ? picked.label : undefined) ?? labelOf?.(current);
    return { value: current, label: label ?? current };
  }, [current, local, remote, picked, labelOf]);

  const loading = !!busy || paged.isLoading;
  const loadingText = textOr(t, 'search.loading', 'Loading…');
  const failedText = textOr(t, 'search.failed', 'The search is not available right now.');
  const notFound = loading ? (
    <span role="status">
      <Spin size="small" /> {loadingText}
    </span>
  ) : failed ? (
    <div role="alert">{failedText}</div>
  ) : (
    textOr(t, 'search.noResults', 'No results found')
  );

  const onPopupScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - NEAR_BOTTOM_PX;
    if (atEnd && paged.hasNextPage && !paged.isFetching) void paged.fetchNextPage();
  };

  return (
    <Select<{ value: string; label: string } | undefined>
      id={id}
      labelInValue
      showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch }}
      value={selected}
      options={shown.map((c) => ({ value: c.value, label: c.label }))}
      placeholder={maybe(t, placeholder)}
      disabled={off}
      allowClear={!required}
      loading={loading || paged.isFetchingNextPage}
      notFoundContent={notFound}
      style={{ width: '100%' }}
      defaultOpen={handoff?.open}
      onOpenChange={setOpen}
      onPopupScroll={onPopupScroll}
      popupRender={(menu) => (
        <>
          {menu}
          {paged.isFetchingNextPage && (
            <div role="status" style={{ padding: '4px 12px' }}>
              {textOr(t, 'search.loadingMore', 'Loading more…')}
            </div>
          )}
          {(paged.isFetchNextPageError || (failed && shown.length > 0)) && (
            <div role="alert" style={{ padding: '4px 12px' }}>
              {failedText}
            </div>
          )}
        </>
      )}
      onChange={(next) => {
        setSearch('');
        onChange(next?.value);
        const choice = next && shown.find((c) => c.value === next.value);
        setPicked(choice);
        if (choice) onChoose?.(choice);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      aria-busy={loading || paged.isFetchingNextPage || undefined}
      {...ariaFor(id, rawErrors)}
    />
  );
}
