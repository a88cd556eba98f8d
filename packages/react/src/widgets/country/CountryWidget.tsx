import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useMemo } from 'react';
import { countryOptions, matchesLabel } from '../../i18n/countryNames.js';
import { ariaFor } from '../shared/aria.js';
import { maybe, textsOf } from '../shared/texts.js';

/** A searchable country list in the active language; the value is the ISO code or the English name (valueShape). */
export function CountryWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, rawErrors, registry, options } = props;
  const { valueShape = 'code', countries } = options as { valueShape?: 'code' | 'name'; countries?: string[] };
  const { t, locale } = textsOf(registry);
  const list = useMemo(() => countryOptions(locale, countries), [locale, countries]);
  const byName = valueShape === 'name';
  return (
    <Select
      id={id}
      showSearch={{ filterOption: (input, option) => matchesLabel(input, option?.label) }}
      value={typeof value === 'string' && value ? value : undefined}
      options={list.map((c) => ({ value: byName ? c.name : c.iso, label: c.label }))}
      placeholder={maybe(t, placeholder)}
      disabled={disabled || readonly}
      style={{ width: '100%' }}
      onChange={(v) => onChange(v ?? undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      {...ariaFor(id, rawErrors)}
    />
  );
}
