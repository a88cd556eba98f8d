import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { Checkbox } from '../light/Checkbox.js';
import { RadioGroup } from '../light/RadioGroup.js';
import { ariaFor } from '../shared/aria.js';
import { textsOf } from '../shared/texts.js';
import { type ChoiceValue, choicesOf, toggled } from './options.js';

/**
 * Options as a row of buttons: one choice (native radios drawn as antd's solid button group; the arrow keys move
 * and choose) or, for an array value, several (checkboxes in a row, kept in the options' order).
 */
export function ChoiceButtonsWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, rawErrors, registry, schema, label } = props;
  const { t } = textsOf(registry);
  const choices = useMemo(() => choicesOf(props, t), [props, t]);
  const aria = ariaFor(id, rawErrors);
  if (schema.type === 'array') {
    const selected: ChoiceValue[] = Array.isArray(value) ? value : [];
    return (
      <fieldset id={id} aria-label={label} {...aria} style={{ border: 0, padding: 0, margin: 0 }}>
        {choices.map((c, i) => {
          const on = selected.includes(c.value);
          return (
            <Checkbox
              key={String(c.value)}
              id={`${id}-${i}`}
              checked={on}
              disabled={disabled || readonly}
              onChange={() => onChange(toggled(choices, selected, c.value))}
            >
              {c.label}
            </Checkbox>
          );
        })}
      </fieldset>
    );
  }
  return (
    <RadioGroup
      id={id}
      name={id}
      buttons
      labels={choices.map((c) => c.label)}
      checked={choices.findIndex((c) => c.value === value)}
      onChoose={(i) => onChange(choices[i].value)}
      disabled={disabled || readonly}
      aria-label={label}
      {...aria}
    />
  );
}
