/**
 * The university, program and location selects as the form first draws them: a light stand-in showing the chosen
 * answer (by name) until the field is used, then the paged search select (RemoteSelect.tsx, antd's Select), loaded
 * then (see ../shared/loadOnUse.tsx).
 */
import { ariaFor } from '../shared/aria.js';
import { describedBy, failedNoticeId, heavyPart, LoadFailed, useLoadOnUse } from '../shared/loadOnUse.js';
import { SelectStandIn } from '../shared/SelectStandIn.js';
import { maybe, textsOf } from '../shared/texts.js';
import type { RemoteSelectProps } from './RemoteSelect.js';

export const remoteSelect = heavyPart(() => import('./RemoteSelect.js').then((m) => m.RemoteSelect));

export function LazyRemoteSelect(props: Omit<RemoteSelectProps, 'handoff'>) {
  const { widget, local, labelOf, disabled, busy } = props;
  const { id, value, onChange, onBlur, onFocus, readonly, placeholder, rawErrors, registry, required } = widget;
  const { t } = textsOf(registry);
  const { Heavy, handoff, standIn } = useLoadOnUse(remoteSelect, id);
  if (Heavy) return <Heavy {...props} handoff={handoff} />;
  const current = value === undefined || value === null || value === '' ? undefined : String(value);
  const shown =
    current === undefined
      ? undefined
      : (local.find((c) => c.value === current)?.label ?? labelOf?.(current) ?? current);
  const aria = ariaFor(id, rawErrors);
  return (
    <>
      <SelectStandIn
        id={id}
        standIn={standIn}
        shown={shown}
        placeholder={maybe(t, placeholder)}
        disabled={!!disabled || !!widget.disabled || !!readonly}
        loading={busy}
        invalid={aria['aria-invalid']}
        feedback
        aria-invalid={aria['aria-invalid']}
        aria-describedby={describedBy(id, standIn, aria['aria-describedby'])}
        onClear={required ? undefined : () => onChange(undefined)}
        onFocus={() => onFocus(id, value)}
        onBlur={() => onBlur(id, value)}
      />
      {standIn.failed && <LoadFailed id={failedNoticeId(id)} t={t} onRetry={standIn.retry} />}
    </>
  );
}
