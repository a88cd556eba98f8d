import type { WidgetProps } from '@rjsf/utils';
import { useCallback, useMemo } from 'react';
import { textsOf } from '../shared/texts.js';
import { searchPrograms } from './api.js';
import { useParentValue, useResetWhenParentChanges } from './hooks.js';
import { LazyRemoteSelect } from './LazyRemoteSelect.js';
import type { PagedSource } from './RemoteSelect.js';
import { staticChoices } from './UniversitySelectWidget.js';

/**
 * A study program, searched by name (`GET /api/new-search/`), the answer its name. With `dependsOn` (the
 * university field) it stays disabled until a university is chosen, lists that university's programs only
 * and is cleared when the university changes.
 */
export function ProgramSelectWidget(props: WidgetProps) {
  const { registry, value, onChange } = props;
  const { t } = textsOf(registry);
  const local = useMemo(() => staticChoices(props, t), [props, t]);
  const { dependsOn, parent } = useParentValue(props);
  const clear = useCallback(() => onChange(undefined), [onChange]);
  useResetWhenParentChanges(parent, value, clear);

  const source = useMemo<PagedSource>(
    () => ({
      key: ['programs', dependsOn ? parent : null],
      fetchPage: (name, skip, opts) => searchPrograms(name, skip, dependsOn ? parent : undefined, opts),
      searchEmpty: local.length === 0,
    }),
    [dependsOn, parent, local.length],
  );

  return <LazyRemoteSelect widget={props} local={local} source={source} disabled={!!dependsOn && !parent} />;
}
