import type { WidgetProps } from '@rjsf/utils';
import { useCallback, useMemo } from 'react';
import { choicesOf } from '../choice/options.js';
import { useWidgetQueryClient } from '../shared/queryClient.js';
import { textsOf } from '../shared/texts.js';
import { type SearchChoice, searchUniversities, searchUniversitiesIn } from './api.js';
import { rememberUniversity, useParentValue, useResetWhenParentChanges, useUniversity } from './hooks.js';
import { LazyRemoteSelect } from './LazyRemoteSelect.js';
import type { PagedSource } from './RemoteSelect.js';

/** The static `options` of a search select as choices (labels translated, values as text). */
export function staticChoices(props: WidgetProps, t: (key: string) => string): SearchChoice[] {
  return choicesOf(props, t).map((c) => ({ value: String(c.value), label: c.label }));
}

/**
 * A university, searched by name (`GET /api/new-search/`), the answer its id. Static options (e.g. the
 * content service's university records) are offered before anything is typed; without them the first page
 * is asked for when the list opens. With `dependsOn` (a location field) only universities in that location
 * are searched, and the field waits for it. A stored id is shown by name through the university lookup.
 */
export function UniversitySelectWidget(props: WidgetProps) {
  const { registry, value, onChange } = props;
  const { t, locale } = textsOf(registry);
  const client = useWidgetQueryClient();
  const local = useMemo(() => staticChoices(props, t), [props, t]);
  const { dependsOn, parent } = useParentValue(props);
  const clear = useCallback(() => onChange(undefined), [onChange]);
  useResetWhenParentChanges(parent, value, clear);

  const source = useMemo<PagedSource>(
    () =>
      dependsOn
        ? {
            key: ['universitiesIn', parent],
            fetchPage: (name, skip, opts) => searchUniversitiesIn(parent ?? '', name, skip, opts),
            searchEmpty: local.length === 0,
          }
        : { key: ['universities'], fetchPage: searchUniversities, searchEmpty: local.length === 0 },
    [dependsOn, parent, local.length],
  );

  const current = typeof value === 'string' && value !== '' ? value : undefined;
  const known = current !== undefined && local.some((c) => c.value === current);
  const lookup = useUniversity(known ? undefined : current, registry);
  const labelOf = useCallback(
    (v: string) => (lookup.data && lookup.data.value === v ? lookup.data.label : undefined),
    [lookup.data],
  );

  return (
    <LazyRemoteSelect
      widget={props}
      local={local}
      source={source}
      labelOf={labelOf}
      disabled={!!dependsOn && !parent}
      onChoose={(choice) => rememberUniversity(client, locale, choice)}
    />
  );
}
