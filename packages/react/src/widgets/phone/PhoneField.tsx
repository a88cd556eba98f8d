import type { FieldProps } from '@rjsf/utils';
import { Input, Select, Space } from 'antd';
import { type CountryCode, getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import { useMemo } from 'react';
import { countryOptions, matchesLabel } from '../../i18n/countryNames.js';
import { ariaFor } from '../shared/aria.js';
import { FieldLabel } from '../shared/FieldLabel.js';
import { maybe, textOr, textsOf } from '../shared/texts.js';

export interface PhoneValue {
  countryCode: string;
  areaCode?: string;
  phoneNumber: string;
  isoCode: string;
}

const DIALLABLE = new Set<string>(getCountries());

/** Countries with a calling code, named in `locale` and sorted by that name. */
export function dialOptions(locale: string): Array<{ iso: string; code: string; label: string }> {
  return countryOptions(locale)
    .filter((c) => DIALLABLE.has(c.iso))
    .map((c) => {
      const code = `+${getCountryCallingCode(c.iso as CountryCode)}`;
      return { iso: c.iso, code, label: `${c.label} (${code})` };
    });
}

/** A dialling code and a number of digits only, as `{ countryCode: '+49', phoneNumber, isoCode: 'DE' }`. */
export function PhoneField(props: FieldProps<PhoneValue | undefined>) {
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
  const { defaultCountry } = (uiSchema?.['ui:options'] ?? {}) as { defaultCountry?: string };
  const { t, locale } = textsOf(registry);
  const options = useMemo(() => dialOptions(locale), [locale]);
  const iso = formData?.isoCode || (defaultCountry && DIALLABLE.has(defaultCountry) ? defaultCountry : undefined);
  const label = maybe(t, uiSchema?.['ui:title']) ?? props.schema.title ?? props.name;
  const aria = ariaFor(id, rawErrors);
  const hintId = `${id}__digits`;
  // said at once while the number holds other signs, unless the form's check already says the same
  const digitsOnly = t('validation.digitsOnly');
  const hint = /[^\d ]/.test(formData?.phoneNumber ?? '') && !rawErrors?.includes(digitsOnly);
  // the number's maximum length, as the compiler bounds it: the input stops there
  const numberSchema = (props.schema.properties as Record<string, { maxLength?: unknown }> | undefined)?.phoneNumber;
  const maxLength = typeof numberSchema?.maxLength === 'number' ? numberSchema.maxLength : undefined;

  const emit = (next: Partial<PhoneValue>) => {
    const isoCode = next.isoCode ?? iso;
    const merged = { ...formData, ...next };
    // without a chosen country there is no code: left out, not '' (which would fail as 'The data is invalid!'
    // beside the number's own message)
    const value =
      !merged.phoneNumber && !next.isoCode && !formData
        ? undefined
        : ({
            ...(merged.areaCode ? { areaCode: merged.areaCode } : {}),
            ...(isoCode ? { countryCode: `+${getCountryCallingCode(isoCode as CountryCode)}`, isoCode } : {}),
            phoneNumber: merged.phoneNumber ?? '',
          } as PhoneValue);
    onChange(value, fieldPathId.path);
  };

  return (
    <div>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          id={`${id}_countryCode`}
          aria-label={textOr(t, 'phone.countryCode', 'Country code')}
          // no code chosen while the number is wrong: the code is part of what to fix
          aria-invalid={(!iso && aria['aria-invalid']) || undefined}
          aria-describedby={!iso && aria['aria-invalid'] ? aria['aria-describedby'] : undefined}
          showSearch={{ filterOption: (input, option) => matchesLabel(input, option?.label) }}
          value={iso}
          options={options.map((o) => ({ value: o.iso, label: o.label }))}
          disabled={disabled || readonly}
          popupMatchSelectWidth={false}
          style={{ width: '40%' }}
          onChange={(v: string) => emit({ isoCode: v })}
        />
        <Input
          id={id}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={formData?.phoneNumber ?? ''}
          maxLength={maxLength}
          placeholder={maybe(t, uiSchema?.['ui:placeholder'])}
          disabled={disabled}
          readOnly={readonly}
          style={{ width: '60%' }}
          aria-invalid={aria['aria-invalid'] || hint}
          aria-describedby={hint ? `${hintId} ${aria['aria-describedby']}` : aria['aria-describedby']}
          onChange={(e) => {
            // kept as typed: a sign other than digits and spaces is refused by the form's check, with its
            // message, never taken out behind the person's back
            emit({ phoneNumber: e.target.value });
          }}
          onBlur={() => onBlur(id, formData)}
          onFocus={() => onFocus(id, formData)}
        />
      </Space.Compact>
      {hint && (
        <div id={hintId} role="alert" className="ant-form-item-explain-error">
          {digitsOnly}
        </div>
      )}
    </div>
  );
}
