import type { WidgetProps } from '@rjsf/utils';
import { Checkbox, Radio } from 'antd';
import { useMemo } from 'react';
import { ariaFor } from '../shared/aria.js';
import { textsOf } from '../shared/texts.js';
import { type ChoiceValue, choicesOf } from './options.js';

/** Options as a row of buttons: one choice (radio buttons) or, for an array value, several (toggle buttons). */
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
              onChange={() =>
                onChange(
                  on
                    ? selected.filter((v) => v !== c.value)
                    : choices.map((x) => x.value).filter((v) => v === c.value || selected.includes(v)),
                )
              }
            >
              {c.label}
            </Checkbox>
          );
        })}
      </fieldset>
    );
  }
  return (
    <Radio.Group
      id={id}
      aria-label={label}
      {...aria}
      optionType="button"
      buttonStyle="solid"
      disabled={disabled || readonly}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={choices.map((c) => ({ value: c.value as string | number, label: c.label }))}
    />
  );
}
