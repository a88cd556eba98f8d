/** antd's searchable Select: the heavy control of the searchable select, loaded when it is used (SearchSelectWidget). */
import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useDebounced } from '../../hooks/useDebounced.js';
import { ariaFor } from '../shared/aria.js';
import type { Handoff } from '../shared/loadOnUse.js';
import { maybe, textsOf } from '../shared/texts.js';
import { codeOf, countryFor, isDialOptions } from './dialCodes.js';
import type { ChoiceValue } from './options.js';
import { filterChoices, SEARCH_DEBOUNCE_MS, searchChoicesOf } from './SearchSelectWidget.js';

export function SearchSelectList(props: WidgetProps & { handoff?: Handoff }) {
  const { handoff } = props;
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, rawErrors, registry, options } = props;
  const { allowCustom = false } = options as { allowCustom?: boolean };
  const { t, locale } = textsOf(registry);
  // calling codes: one choice a country, told apart by its ISO code; the value stays the code
  const dial = isDialOptions(options.options) ? options.options : undefined;
  const [picked, setPicked] = useState<string>();
  const choices = useMemo(() => searchChoicesOf(props, t, locale), [props, t, locale]);
  const selected = dial ? countryFor(dial, value, picked) : value;
  const [search, setSearch] = useState('');
  const settled = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const shown = useMemo(() => {
    const list = filterChoices(choices, settled, allowCustom);
    // a custom value chosen earlier keeps its option so the select can show it
    const hasValue = selected === undefined || selected === '' || list.some((c) => c.value === selected);
    return hasValue || !allowCustom ? list : [...list, { value: selected as ChoiceValue, label: String(selected) }];
  }, [choices, settled, allowCustom, selected]);
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch }}
      value={selected === '' ? undefined : (selected as ChoiceValue | undefined)}
      options={shown.map((c) => ({ value: c.value as string | number, label: c.label }))}
      placeholder={maybe(t, placeholder)}
      disabled={disabled || readonly}
      allowClear={!props.required}
      style={{ width: '100%' }}
      defaultOpen={handoff?.open}
      onChange={(v) => {
        setSearch('');
        if (dial) setPicked(v as string | undefined);
        onChange((dial ? codeOf(dial, v) : v) ?? undefined);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      {...ariaFor(id, rawErrors)}
    />
  );
}
