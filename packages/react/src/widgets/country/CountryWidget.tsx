import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { countryOptions } from '../../i18n/countryNames.js';
import { ariaFor } from '../shared/aria.js';
import { describedBy, failedNoticeId, heavyPart, LoadFailed, useLoadOnUse } from '../shared/loadOnUse.js';
import { SelectStandIn } from '../shared/SelectStandIn.js';
import { maybe, textsOf } from '../shared/texts.js';

/** antd's Select, loaded when a country field is first used (see loadOnUse.tsx); the field and the widget share it. */
export const countrySelect = heavyPart(() => import('./CountrySelect.js').then((m) => m.CountrySelect));

/** A searchable country list in the active language; the value is the ISO code or the English name (valueShape). */
export function CountryWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, rawErrors, registry, options } = props;
  const { valueShape = 'code', countries } = options as { valueShape?: 'code' | 'name'; countries?: string[] };
  const { t, locale } = textsOf(registry);
  const byName = valueShape === 'name';
  const list = useMemo(
    () => countryOptions(locale, countries).map((c) => ({ value: byName ? c.name : c.iso, label: c.label })),
    [locale, countries, byName],
  );
  const chosen = typeof value === 'string' && value ? value : undefined;
  const { Heavy, handoff, standIn } = useLoadOnUse(countrySelect, id);
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
