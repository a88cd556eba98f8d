import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useDebounced } from '../../renderer/react/useDebounced.js';
import { ariaFor } from '../shared/aria.js';
import { maybe, textsOf } from '../shared/texts.js';
import { type Choice, type ChoiceValue, choicesOf } from './options.js';

export const SEARCH_DEBOUNCE_MS = 200;

/** Options whose label contains the text, case-insensitively; with allowCustom an unmatched text becomes an option. */
export function filterChoices(choices: Choice[], text: string, allowCustom: boolean): Choice[] {
  const needle = text.trim().toLocaleLowerCase();
  if (!needle) return choices;
  const found = choices.filter((c) => c.label.toLocaleLowerCase().includes(needle));
  const exact = found.some((c) => c.label.toLocaleLowerCase() === needle);
  return allowCustom && !exact ? [...found, { value: text.trim(), label: text.trim() }] : found;
}

/** A searchable single choice (search debounced 200 ms); with allowCustom a typed value may be kept. */
export function SearchSelectWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, rawErrors, registry, options } = props;
  const { allowCustom = false } = options as { allowCustom?: boolean };
  const { t } = textsOf(registry);
  const choices = useMemo(() => choicesOf(props, t), [props, t]);
  const [search, setSearch] = useState('');
  const settled = useDebounced(search, SEARCH_DEBOUNCE_MS);
  const shown = useMemo(() => {
    const list = filterChoices(choices, settled, allowCustom);
    // a custom value chosen earlier keeps its option so the select can show it
    const hasValue = value === undefined || value === '' || list.some((c) => c.value === value);
    return hasValue || !allowCustom ? list : [...list, { value: value as ChoiceValue, label: String(value) }];
  }, [choices, settled, allowCustom, value]);
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch }}
      value={value === '' ? undefined : (value as ChoiceValue | undefined)}
      options={shown.map((c) => ({ value: c.value as string | number, label: c.label }))}
      placeholder={maybe(t, placeholder)}
      disabled={disabled || readonly}
      allowClear={!props.required}
      style={{ width: '100%' }}
      onChange={(v) => {
        setSearch('');
        onChange(v ?? undefined);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      {...ariaFor(id, rawErrors)}
    />
  );
}
