import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { loadCountryNamesOnUse, useCountryNames } from '../../i18n/countryNamesOnUse.js';
import { ariaFor } from '../shared/aria.js';
import {
  describedBy,
  failedNoticeId,
  type HeavyPart,
  heavyPartsByLocale,
  LoadFailed,
  useLoadOnUse,
} from '../shared/loadOnUse.js';
import { SelectStandIn } from '../shared/SelectStandIn.js';
import { maybe, textsOf } from '../shared/texts.js';
import type { CountrySelectProps } from './CountrySelect.js';

/**
 * antd's Select with the country names of `locale`, loaded together when a country field is first used (see
 * loadOnUse.tsx); the field and the widget share it. A page of empty country fields loads neither.
 */
export const countrySelectFor: (locale: string) => HeavyPart<CountrySelectProps> = heavyPartsByLocale((locale) =>
  Promise.all([import('./CountrySelect.js'), loadCountryNamesOnUse(locale)]).then(([m]) => m.CountrySelect),
);

/** A searchable country list in the active language; the value is the ISO code or the English name (valueShape). */
export function CountryWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, rawErrors, registry, options } = props;
  const { valueShape = 'code', countries } = options as { valueShape?: 'code' | 'name'; countries?: string[] };
  const { t, locale } = textsOf(registry);
  const byName = valueShape === 'name';
  const chosen = typeof value === 'string' && value ? value : undefined;
  // a stored English name is what an English page shows: the names load for it only in another language
  const names = useCountryNames(locale, chosen !== undefined && !(byName && locale === 'en'));
  const list = useMemo(
    () =>
      names?.countryOptions(locale, countries).map((c) => ({ value: byName ? c.name : c.iso, label: c.label })) ?? [],
    [names, locale, countries, byName],
  );
  const { Heavy, handoff, standIn } = useLoadOnUse(countrySelectFor(locale), id);
  const aria = ariaFor(id, rawErrors);
  const common = {
    id,
    placeholder: maybe(t, placeholder),
    disabled: disabled || readonly,
    onBlur: () => onBlur(id, value),
    onFocus: () => onFocus(id, value),
  };
  if (Heavy) {
    return (
      <Heavy
        {...common}
        {...aria}
        value={chosen}
        options={list}
        handoff={handoff}
        onChange={(v) => onChange(v ?? undefined)}
      />
    );
  }
  return (
    <>
      <SelectStandIn
        {...common}
        standIn={standIn}
        // until the names come, the value as stored (the ISO code, the English name) in the same box
        shown={chosen === undefined ? undefined : (list.find((c) => c.value === chosen)?.label ?? chosen)}
        invalid={aria['aria-invalid']}
        feedback
        aria-invalid={aria['aria-invalid']}
        aria-describedby={describedBy(id, standIn, aria['aria-describedby'])}
      />
      {standIn.failed && <LoadFailed id={failedNoticeId(id)} t={t} onRetry={standIn.retry} />}
    </>
  );
}
