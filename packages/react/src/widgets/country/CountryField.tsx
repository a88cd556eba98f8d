import type { FieldProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { useCountryNames } from '../../i18n/countryNamesOnUse.js';
import { ariaFor } from '../shared/aria.js';
import { FieldLabel } from '../shared/FieldLabel.js';
import { describedBy, failedNoticeId, LoadFailed, useLoadOnUse } from '../shared/loadOnUse.js';
import { SelectStandIn } from '../shared/SelectStandIn.js';
import { maybe, textsOf } from '../shared/texts.js';
import { countrySelectFor } from './CountryWidget.js';

export interface CountryValue {
  name: string;
  iso: string;
}

/**
 * A searchable country list whose value is `{ name, iso }` (English name, ISO 3166-1 alpha-2). antd's Select and
 * the country names load when the field is first used (see loadOnUse.tsx, countryNamesOnUse.ts).
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
  const chosen = formData?.iso || undefined;
  // the value's English name is what an English page shows: the names load for it only in another language
  const names = useCountryNames(locale, chosen !== undefined && !(locale === 'en' && formData?.name));
  const list = useMemo(() => names?.countryOptions(locale, countries) ?? [], [names, locale, countries]);
  const options = useMemo(() => list.map((c) => ({ value: c.iso, label: c.label })), [list]);
  const label = maybe(t, uiSchema?.['ui:title']) ?? props.schema.title ?? props.name;
  const { Heavy, handoff, standIn } = useLoadOnUse(countrySelectFor(locale), id);
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
          // until the names come, the value as stored (its English name) in the same box
          shown={
            chosen === undefined
              ? undefined
              : (options.find((c) => c.value === chosen)?.label ?? (formData?.name || chosen))
          }
          invalid={aria['aria-invalid']}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={describedBy(id, standIn, aria['aria-describedby'])}
        />
      )}
      {!Heavy && standIn.failed && <LoadFailed id={failedNoticeId(id)} t={t} onRetry={standIn.retry} />}
    </div>
  );
}
