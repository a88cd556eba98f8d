import type { WidgetProps } from '@rjsf/utils';
import { NumberInput } from './NumberInput.js';

/** Bounds and step of a number field (`ui:options`). */
export interface NumberOptions {
  min?: number;
  max?: number;
  step?: number;
}

/**
 * A number as a JSON number, typed as text (NumberInput): what the applicant typed stays in the box, and text
 * that is not a number the field takes (a decimal where the schema says integer, '1,5' on an English page) or a
 * value beyond min and max is kept, not rounded, cut or clamped, so the field's message can say what is wrong.
 * Bounds and step come from `ui:options` (the compiler keeps them there, the schema's are in `allOf`).
 */
export function NumberWidget(props: WidgetProps) {
  const { min, max, step } = props.options as NumberOptions;
  return <NumberInput widget={props} min={min} max={max} step={step} />;
}
