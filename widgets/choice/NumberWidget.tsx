import type { WidgetProps } from '@rjsf/utils';
import { InputNumber, Slider } from 'antd';
import { ariaFor } from '../shared/aria.js';
import { maybe, textsOf } from '../shared/texts.js';

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

/** A number on a slider between the field's min and max (`slider: true`); arrow keys move it by `step`. */
export function RangeWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, rawErrors, label, schema } = props;
  const { min = 0, max = 100, step } = props.options as NumberOptions;
  const aria = ariaFor(id, rawErrors);
  return (
    <Slider
      id={id}
      min={min}
      max={max}
      step={step ?? (schema.type === 'integer' ? 1 : undefined)}
      value={typeof value === 'number' ? value : min}
      disabled={disabled || readonly}
      ariaLabelForHandle={label}
      onChange={(v: number) => onChange(v)}
      aria-invalid={aria['aria-invalid']}
      aria-describedby={aria['aria-describedby']}
    />
  );
}
