import type { FieldProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useMemo } from 'react';
import { countryOptions, matchesLabel } from '../../i18n/countryNames.js';
import { ariaFor } from '../shared/aria.js';
import { FieldLabel } from '../shared/FieldLabel.js';
import { maybe, textsOf } from '../shared/texts.js';

export interface CountryValue {
  name: string;
  iso: string;
}

/** A searchable country list whose value is `{ name, iso }` (English name, ISO 3166-1 alpha-2). */
export function CountryField(props: FieldProps<CountryValue | undefined>) {
  const {
    fieldPathId,
    formData,
    onChange,
    onBlur,
    onFocus,
    disabled,
    readonly,
    rawErrors,
    registry,
    uiSchema,
    required,
  } = props;
  const id = fieldPathId.$id;
  const { countries } = (uiSchema?.['ui:options'] ?? {}) as { countries?: string[] };
  const { t, locale } = textsOf(registry);
  const list = useMemo(() => countryOptions(locale, countries), [locale, countries]);
  const label = maybe(t, uiSchema?.['ui:title']) ?? props.schema.title ?? props.name;
  return (
    <div>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <Select
        id={id}
        showSearch={{ filterOption: (input, option) => matchesLabel(input, option?.label) }}
        value={formData?.iso || undefined}
        options={list.map((c) => ({ value: c.iso, label: c.label }))}
        placeholder={maybe(t, uiSchema?.['ui:placeholder'])}
        disabled={disabled || readonly}
        style={{ width: '100%' }}
        onChange={(iso?: string) => {
          const hit = list.find((c) => c.iso === iso);
          onChange(hit ? { name: hit.name, iso: hit.iso } : undefined, fieldPathId.path);
        }}
        onBlur={() => onBlur(id, formData)}
        onFocus={() => onFocus(id, formData)}
        {...ariaFor(id, rawErrors)}
      />
    </div>
  );
}
