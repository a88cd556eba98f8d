import type { WidgetProps } from '@rjsf/utils';
import { useCallback, useMemo } from 'react';
import { textsOf } from '../shared/texts.js';
import { locationsOf } from './api.js';
import { useParentValue, useResetWhenParentChanges, useUniversity } from './hooks.js';
import { LazyRemoteSelect } from './LazyRemoteSelect.js';
import { staticChoices } from './UniversitySelectWidget.js';

/**
 * A location (campus city). With `dependsOn` (the university field) its choices are that university's
 * locations, split from the comma-separated `location` of its record (spec: "Location options derive from
 * that string"); it stays disabled until a university is chosen and is cleared when the university changes.
 * Without `dependsOn`, the static options. Filtering and custom answers as in the searchable select.
 */
export function LocationSelectWidget(props: WidgetProps) {
  const { registry, value, onChange } = props;
  const { t } = textsOf(registry);
  const { dependsOn, parent } = useParentValue(props);
  const clear = useCallback(() => onChange(undefined), [onChange]);
  useResetWhenParentChanges(parent, value, clear);
  const university = useUniversity(dependsOn ? parent : undefined, registry);
  const location = university.data?.location;
  const statics = useMemo(() => staticChoices(props, t), [props, t]);
  const local = useMemo(
    () => [...locationsOf(location).map((l) => ({ value: l, label: l })), ...statics],
    [location, statics],
  );

  return (
    <LazyRemoteSelect
      widget={props}
      local={local}
      disabled={!!dependsOn && !parent}
      busy={!!dependsOn && !!parent && university.isLoading}
    />
  );
}
