import type { WidgetProps } from '@rjsf/utils';
import { Radio } from 'antd';
import { useMemo } from 'react';
import { ariaFor } from '../shared/aria.js';
import { textsOf } from '../shared/texts.js';
import { choicesOf } from './options.js';

/**
 * One choice as radio buttons. Unlike RJSF's antd radio widget, the group is named by the field's label (a
 * `<label for>` cannot name a `div role="radiogroup"`), says when it is invalid, and stays controlled, so no
 * radio shows as chosen unless the form data holds that value.
 */
export function RadioWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors, registry, label, required } = props;
  const { t } = textsOf(registry);
  const choices = useMemo(() => choicesOf(props, t), [props, t]);
  return (
    <Radio.Group
      id={id}
      name={id}
      aria-label={label || undefined}
      aria-required={required || undefined}
      {...ariaFor(id, rawErrors)}
      disabled={disabled || readonly}
      value={value ?? null}
      onChange={(e) => onChange(e.target.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      {choices.map((c, i) => (
        <Radio key={String(c.value)} id={`${id}-${i}`} value={c.value}>
          {c.label}
        </Radio>
      ))}
    </Radio.Group>
  );
}
