import type { FieldProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { type CountryNames, loadCountryNamesOnUse, useCountryNames } from '../../i18n/countryNamesOnUse.js';
import { cx } from '../light/cx.js';
import { ariaFor } from '../shared/aria.js';
import { FieldLabel } from '../shared/FieldLabel.js';
import {
  describedBy,
  failedNoticeId,
  type HeavyPart,
  heavyPartsByLocale,
  LoadFailed,
  useLoadOnUse,
} from '../shared/loadOnUse.js';
import { SelectStandIn } from '../shared/SelectStandIn.js';
import { maybe, textOr, textsOf } from '../shared/texts.js';
import { callingCodeOf, callingCodes } from './callingCodes.js';
import type { DialCodeSelectProps } from './DialCodeSelect.js';

export interface PhoneValue {
  countryCode: string;
  areaCode?: string;
  phoneNumber: string;
  isoCode: string;
}

/**
 * antd's Select of calling codes with the country names of `locale`, loaded together when the code is first used
 * (see ../shared/loadOnUse.tsx, countryNamesOnUse.ts).
 */
export const dialCodeSelectFor: (locale: string) => HeavyPart<DialCodeSelectProps> = heavyPartsByLocale((locale) =>
  Promise.all([import('./DialCodeSelect.js'), loadCountryNamesOnUse(locale)]).then(([m]) => m.DialCodeSelect),
);

/** Countries with a calling code, named in `locale` (its names loaded) and sorted by that name. */
export function dialOptions(names: CountryNames, locale: string): Array<{ iso: string; code: string; label: string }> {
  const codes = callingCodes();
  return names
    .countryOptions(locale)
    .filter((c) => codes.has(c.iso))
    .map((c) => {
      const code = `+${codes.get(c.iso)}`;
      return { iso: c.iso, code, label: `${c.label} (${code})` };
    });
}

/**
 * A dialling code and a number of digits only, as `{ countryCode: '+49', phoneNumber, isoCode: 'DE' }`. The number
 * is a light text box; the searchable list of codes is antd's Select, loaded when it is first used (a stand-in shows
 * the chosen code until then).
 */
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
  const codeId = `${id}_countryCode`;
  const { defaultCountry } = (uiSchema?.['ui:options'] ?? {}) as { defaultCountry?: string };
  const { t, locale } = textsOf(registry);
  const iso = formData?.isoCode || (callingCodeOf(defaultCountry) ? defaultCountry : undefined);
  // a chosen country is shown by its name: the names load for it
  const names = useCountryNames(locale, !!iso);
  const options = useMemo(
    () => (names ? dialOptions(names, locale).map((o) => ({ value: o.iso, label: o.label })) : []),
    [names, locale],
  );
  const label = maybe(t, uiSchema?.['ui:title']) ?? props.schema.title ?? props.name;
  const aria = ariaFor(id, rawErrors);
  const hintId = `${id}__digits`;
  // said at once while the number holds other signs, unless the form's check already says the same
  const digitsOnly = t('validation.digitsOnly');
  const hint = /[^\d ]/.test(formData?.phoneNumber ?? '') && !rawErrors?.includes(digitsOnly);
  // the number's maximum length, as the compiler bounds it: the input stops there
  const numberSchema = (props.schema.properties as Record<string, { maxLength?: unknown }> | undefined)?.phoneNumber;
  const maxLength = typeof numberSchema?.maxLength === 'number' ? numberSchema.maxLength : undefined;
  const { Heavy, handoff, standIn } = useLoadOnUse(dialCodeSelectFor(locale), codeId);

  const emit = (next: Partial<PhoneValue>) => {
    const isoCode = next.isoCode ?? iso;
    const merged = { ...formData, ...next };
    const countryCode = callingCodeOf(isoCode);
    // without a chosen country there is no code: left out, not '' (which would fail as 'The data is invalid!'
    // beside the number's own message)
    const value =
      !merged.phoneNumber && !next.isoCode && !formData
        ? undefined
        : ({
            ...(merged.areaCode ? { areaCode: merged.areaCode } : {}),
            ...(isoCode && countryCode ? { countryCode, isoCode } : {}),
            phoneNumber: merged.phoneNumber ?? '',
          } as PhoneValue);
    onChange(value, fieldPathId.path);
  };

  const code = {
    id: codeId,
    'aria-label': textOr(t, 'phone.countryCode', 'Country code'),
    // no code chosen while the number is wrong: the code is part of what to fix
    'aria-invalid': (!iso && aria['aria-invalid']) || undefined,
    'aria-describedby': !iso && aria['aria-invalid'] ? aria['aria-describedby'] : undefined,
    disabled: disabled || readonly,
  };
  return (
    <div>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <span className="antrag-compact">
        {Heavy ? (
          <Heavy
            {...code}
            className="antrag-compact-first"
            value={iso}
            options={options}
            handoff={handoff}
            onChange={(v) => emit({ isoCode: v })}
          />
        ) : (
          <SelectStandIn
            {...code}
            aria-describedby={describedBy(codeId, standIn, code['aria-describedby'])}
            standIn={standIn}
            // until the names come, the chosen country's code in the same box
            shown={iso && (options.find((o) => o.value === iso)?.label ?? callingCodeOf(iso))}
            invalid={aria['aria-invalid']}
            className="antrag-compact-first"
            style={{ width: '40%' }}
          />
        )}
        <span
          className={cx(
            'antrag-input',
            'antrag-compact-last',
            aria['aria-invalid'] && 'antrag-input-invalid',
            disabled && 'antrag-input-disabled',
          )}
          style={{ width: '60%' }}
        >
          <input
            id={id}
            className="antrag-input-control"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            value={formData?.phoneNumber ?? ''}
            maxLength={maxLength}
            placeholder={maybe(t, uiSchema?.['ui:placeholder'])}
            disabled={disabled}
            readOnly={readonly}
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
        </span>
      </span>
      {hint && (
        <div id={hintId} role="alert" className="ant-form-item-explain-error">
          {digitsOnly}
        </div>
      )}
      {!Heavy && standIn.failed && <LoadFailed id={failedNoticeId(codeId)} t={t} onRetry={standIn.retry} />}
    </div>
  );
}
