import type { FieldProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { countryOptions } from '../../i18n/countryNames.js';
import { ariaFor } from '../shared/aria.js';
import { FieldLabel } from '../shared/FieldLabel.js';
import { describedBy, failedNoticeId, LoadFailed, useLoadOnUse } from '../shared/loadOnUse.js';
import { SelectStandIn } from '../shared/SelectStandIn.js';
import { maybe, textsOf } from '../shared/texts.js';
import { countrySelect } from './CountryWidget.js';

export interface CountryValue {
  name: string;
  iso: string;
}

/**
 * A searchable country list whose value is `{ name, iso }` (English name, ISO 3166-1 alpha-2). antd's Select loads
 * when the field is first used (see loadOnUse.tsx).
 */
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
  const options = useMemo(() => list.map((c) => ({ value: c.iso, label: c.label })), [list]);
  const label = maybe(t, uiSchema?.['ui:title']) ?? props.schema.title ?? props.name;
  const chosen = formData?.iso || undefined;
  const { Heavy, handoff, standIn } = useLoadOnUse(countrySelect, id);
  const aria = ariaFor(id, rawErrors);
  const common = {
    id,
    placeholder: maybe(t, uiSchema?.['ui:placeholder']),
    disabled: disabled || readonly,
    onBlur: () => onBlur(id, formData),
    onFocus: () => onFocus(id, formData),
  };
  return (
    <div>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      {Heavy ? (
        <Heavy
          {...common}
          {...aria}
          value={chosen}
          options={options}
          handoff={handoff}
          onChange={(iso) => {
            const hit = list.find((c) => c.iso === iso);
            onChange(hit ? { name: hit.name, iso: hit.iso } : undefined, fieldPathId.path);
          }}
        />
      ) : (
        <SelectStandIn
          {...common}
          standIn={standIn}
          shown={chosen === undefined ? undefined : (options.find((c) => c.value === chosen)?.label ?? chosen)}
          invalid={aria['aria-invalid']}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={describedBy(id, standIn, aria['aria-describedby'])}
        />
      )}
      {!Heavy && standIn.failed && <LoadFailed id={failedNoticeId(id)} t={t} onRetry={standIn.retry} />}
    </div>
  );
}
