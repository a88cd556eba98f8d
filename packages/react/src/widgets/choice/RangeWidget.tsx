import type { WidgetProps } from '@rjsf/utils';
import { ConfigProvider, Slider } from 'antd';
import { useRef } from 'react';
import { ariaFor } from '../shared/aria.js';
import { textsOf } from '../shared/texts.js';
import type { NumberOptions } from './NumberWidget.js';
import { UNCHOSEN_CLASS, useSliderTheme } from './sliderTheme.js';

/**
 * A number on a slider between the field's min and max (`slider: true`); arrow keys move it by `step`. With no
 * value yet the handle sits at min but is drawn neutral and announced as 'Not chosen' (as the choice slider): the
 * first key or click chooses, also one that leaves the handle at min (Home, a click on min).
 */
export function RangeWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, rawErrors, label, schema, registry } = props;
  const { min = 0, max = 100, step } = props.options as NumberOptions;
  const { t } = textsOf(registry);
  const chosen = typeof value === 'number';
  const aria = ariaFor(id, rawErrors);
  const sliderTheme = useSliderTheme(chosen);
  // whether the slider reported a move since its last completed interaction (key up, mouse up)
  const moved = useRef(false);
  const textOf = (v: number | undefined) => (!chosen ? t('choice.notChosen') : v === undefined ? '' : String(v));
  return (
    <ConfigProvider theme={sliderTheme}>
      <Slider
        id={id}
        className={chosen ? undefined : UNCHOSEN_CLASS}
        min={min}
        max={max}
        step={step ?? (schema.type === 'integer' ? 1 : undefined)}
        value={chosen ? value : min}
        disabled={disabled || readonly}
        tooltip={{ formatter: textOf }}
        ariaLabelForHandle={label}
        ariaValueTextFormatterForHandle={textOf}
        onChange={(v: number) => {
          moved.current = true;
          onChange(v);
        }}
        onChangeComplete={(v: number) => {
          if (!moved.current && !chosen && !(disabled || readonly)) onChange(v);
          moved.current = false;
        }}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
      />
    </ConfigProvider>
  );
}
