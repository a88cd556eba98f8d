import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { ariaFor } from '../shared/aria.js';
import { describedBy, failedNoticeId, heavyPart, LoadFailed, useLoadOnUse } from '../shared/loadOnUse.js';
import { SelectStandIn } from '../shared/SelectStandIn.js';
import { maybe, textsOf } from '../shared/texts.js';
import { choicesOf } from './options.js';

/** antd's multiple Select, loaded when a tags field is first used (see ../shared/loadOnUse.tsx). */
export const tagsSelect = heavyPart(() => import('./TagsSelect.js').then((m) => m.TagsSelect));

/**
 * Several choices as removable tags in one searchable select (`display: 'tags'`); the value is an array. A light
 * stand-in shows the chosen tags (each removable) until the field is used; antd's Select then takes its place.
 */
export function TagsWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, rawErrors, registry } = props;
  const { t } = textsOf(registry);
  const { Heavy, handoff, standIn } = useLoadOnUse(tagsSelect, id);
  const choices = useMemo(() => (Heavy ? [] : choicesOf(props, t)), [Heavy, props, t]);
  if (Heavy) return <Heavy {...props} handoff={handoff} />;
  const selected = Array.isArray(value) ? (value as Array<string | number>) : [];
  const aria = ariaFor(id, rawErrors);
  return (
    <>
      <SelectStandIn
        id={id}
        standIn={standIn}
        multiple
        tags={selected.map((v) => ({ key: String(v), label: choices.find((c) => c.value === v)?.label ?? String(v) }))}
        placeholder={maybe(t, placeholder)}
        disabled={disabled || readonly}
        invalid={aria['aria-invalid']}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={describedBy(id, standIn, aria['aria-describedby'])}
        onRemove={(key) => onChange(selected.filter((v) => String(v) !== key))}
        onFocus={() => onFocus(id, value)}
        onBlur={() => onBlur(id, value)}
      />
      {standIn.failed && <LoadFailed id={failedNoticeId(id)} t={t} onRetry={standIn.retry} />}
    </>
  );
}
