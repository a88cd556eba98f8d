import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useDebounced } from '../../hooks/useDebounced.js';
import { ariaFor } from '../shared/aria.js';
import { maybe, textsOf } from '../shared/texts.js';
import { codeOf, countryFor, dialChoices, isDialOptions } from './dialCodes.js';
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
  const { t, locale } = textsOf(registry);
  // calling codes: one choice a country, told apart by its ISO code; the value stays the code
  const dial = isDialOptions(options.options) ? options.options : undefined;
  const [picked, setPicked] = useState<string>();
  const choices = useMemo(() => (dial ? dialChoices(dial, locale) : choicesOf(props, t)), [dial, locale, props, t]);
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
