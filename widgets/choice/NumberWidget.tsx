import type { WidgetProps } from '@rjsf/utils';
import { ConfigProvider, InputNumber, Slider } from 'antd';
import { useRef } from 'react';
import { ariaFor } from '../shared/aria.js';
import { maybe, textsOf } from '../shared/texts.js';
import { UNCHOSEN_CLASS, useSliderTheme } from './sliderTheme.js';

interface NumberOptions {
  min?: number;
  max?: number;
  step?: number;
}

/**
 * A number as a JSON number (antd InputNumber: arrow keys step it). A decimal typed where the schema says
 * integer is kept, not rounded, so the field's whole-number message can say what is wrong. Bounds and step come
 * from `ui:options` (the compiler keeps them there, the schema's are in `allOf`).
 */
export function NumberWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, rawErrors, registry } = props;
  const { min, max, step } = props.options as NumberOptions;
  const { t } = textsOf(registry);
  return (
    <InputNumber<number>
      id={id}
      value={typeof value === 'number' ? value : null}
      min={min}
      max={max}
      step={step}
      placeholder={maybe(t, placeholder)}
      disabled={disabled}
      readOnly={readonly}
      style={{ width: '100%' }}
      onChange={(v) => onChange(v ?? undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      {...ariaFor(id, rawErrors)}
    />
  );
}

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
