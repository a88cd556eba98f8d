import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { RadioGroup } from '../light/RadioGroup.js';
import { ariaFor } from '../shared/aria.js';
import { textsOf } from '../shared/texts.js';
import { choicesOf } from './options.js';

/**
 * One choice as radio buttons: native radios sharing the field's id as their name (arrow keys move and choose, as a
 * radio group's do), drawn as antd's. Unlike RJSF's antd radio widget, the group is named by the field's label (a
 * `<label for>` cannot name a `div role="radiogroup"`), says when it is invalid, and stays controlled, so no radio
 * shows as chosen unless the form data holds that value.
 */
export function RadioWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors, registry, label, required } = props;
  const { t } = textsOf(registry);
  const choices = useMemo(() => choicesOf(props, t), [props, t]);
  return (
    <RadioGroup
      id={id}
      name={id}
      labels={choices.map((c) => c.label)}
      checked={choices.findIndex((c) => c.value === value)}
      onChoose={(i) => onChange(choices[i].value)}
      disabled={disabled || readonly}
      aria-label={label || undefined}
      aria-required={required || undefined}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      {...ariaFor(id, rawErrors)}
    />
  );
}
