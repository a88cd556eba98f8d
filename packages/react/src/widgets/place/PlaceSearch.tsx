import type { Registry } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useDebounced } from '../../hooks/useDebounced.js';
import { AntdFieldStatus } from '../shared/antdFieldStatus.js';
import { ariaFor } from '../shared/aria.js';
import { SEARCH_RETRY, useWidgetQueryClient, WIDGET_QUERY_KEY } from '../shared/queryClient.js';
import { formContextOf, textOr, textsOf } from '../shared/texts.js';
import { autocompletePlaces, type PlacePrediction } from './api.js';

/** The spec's debounce of place searches when the field names none. */
export const PLACE_DEBOUNCE_MS = 500;

export interface PlaceSearchOptions {
  placeTypes?: string[];
  debounceMs?: number;
}

export interface PlaceSearchProps {
  id: string;
  /** The text of the current answer (the description, or a record's `location`). */
  current?: string;
  options: PlaceSearchOptions;
  registry: Registry;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  rawErrors?: string[];
  /** The chosen prediction is being turned into an answer (details call). */
  resolving?: boolean;
  onPick: (prediction: PlacePrediction) => void;
  onClear: () => void;
  onBlur: () => void;
  onFocus: () => void;
}

/**
 * Typed place search over GET /api/places-autocomplete: the input debounced (`debounceMs`, 500 ms by default),
 * the field's `placeTypes` as `types`, the predictions as options. A failed search empties the list and says
 * 'Failed to load places. Please try again later.'
 */
export function PlaceSearch(props: PlaceSearchProps) {
  const { id, current, options, registry, placeholder, disabled, required, rawErrors, resolving } = props;
  const { placeTypes, debounceMs = PLACE_DEBOUNCE_MS } = options;
  const { t, locale } = textsOf(registry);
  const { apiBase } = formContextOf(registry);
  const client = useWidgetQueryClient();
  const [search, setSearch] = useState('');
  const input = useDebounced(search, debounceMs).trim();

  const places = useQuery(
    {
      queryKey: [WIDGET_QUERY_KEY, 'places', input, placeTypes ?? null, locale],
      queryFn: ({ signal }) => autocompletePlaces(input, placeTypes, { language: locale, apiBase, signal }),
      enabled: input !== '' && !disabled,
      staleTime: 5 * 60_000,
      ...SEARCH_RETRY,
    },
    client,
  );
  const predictions = places.isError ? [] : (places.data ?? []);
  const selected = useMemo(() => (current ? { value: `current:${current}`, label: current } : undefined), [current]);

  const loading = places.isFetching || !!resolving;
  const notFound = places.isError ? (
    <div role="alert">{textOr(t, 'errors.loadPlaces', 'Failed to load places. Please try again later.')}</div>
  ) : places.isFetching ? (
    <span role="status">
      <Spin size="small" /> {textOr(t, 'search.loading', 'Loading…')}
    </span>
  ) : input === '' ? (
    textOr(t, 'search.typeToSearch', 'Type to search')
  ) : (
    textOr(t, 'search.noResults', 'No results found')
  );

  return (
    <AntdFieldStatus>
      <Select<{ value: string; label: string } | undefined>
        id={id}
        labelInValue
        showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch }}
        value={selected}
        options={predictions.map((p) => ({ value: p.place_id, label: p.description }))}
        placeholder={placeholder}
        disabled={disabled}
        allowClear={!required}
        loading={loading}
        notFoundContent={notFound}
        style={{ width: '100%' }}
        onChange={(next) => {
          setSearch('');
          const prediction = next && predictions.find((p) => p.place_id === next.value);
          if (prediction) props.onPick(prediction);
          else if (!next) props.onClear();
        }}
        onBlur={props.onBlur}
        onFocus={props.onFocus}
        aria-busy={loading || undefined}
        {...ariaFor(id, rawErrors)}
      />
    </AntdFieldStatus>
  );
}
