import type { WidgetProps } from '@rjsf/utils';
import { Slider } from 'antd';
import { useMemo } from 'react';
import { ariaFor } from '../shared/aria.js';
import { textsOf } from '../shared/texts.js';
import { choicesOf } from './options.js';

/** A slider over the options in order; arrow keys move between them. */
export function ChoiceSliderWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, rawErrors, registry, label } = props;
  const { t } = textsOf(registry);
  const choices = useMemo(() => choicesOf(props, t), [props, t]);
  const index = choices.findIndex((c) => c.value === value);
  const aria = ariaFor(id, rawErrors);
  if (choices.length === 0) return null;
  return (
    <Slider
      id={id}
      min={0}
      max={Math.max(choices.length - 1, 0)}
      step={1}
      marks={Object.fromEntries(choices.map((c, i) => [i, c.label]))}
      value={Math.max(index, 0)}
      disabled={disabled || readonly}
      tooltip={{ formatter: (i) => (i === undefined ? '' : choices[i]?.label) }}
      ariaLabelForHandle={label}
      ariaValueTextFormatterForHandle={(i) => (i === undefined ? '' : (choices[i]?.label ?? ''))}
      onChange={(i: number) => onChange(choices[i]?.value)}
      aria-invalid={aria['aria-invalid']}
      aria-describedby={aria['aria-describedby']}
    />
  );
}
