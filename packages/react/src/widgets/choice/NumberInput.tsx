import type { WidgetProps } from '@rjsf/utils';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { TextBox } from '../light/TextBox.js';
import { ariaFor } from '../shared/aria.js';
import { maybe, textsOf } from '../shared/texts.js';
import { formatNumberText, type NumberText, parseNumberText } from './numberText.js';

export interface NumberInputProps {
  widget: WidgetProps;
  min?: number;
  max?: number;
  step?: number;
  prefix?: ReactNode;
  suffix?: ReactNode;
}

/** The text a stored value shows: a number in the page's language, text the applicant typed as it was. */
function textOf(value: unknown, locale: string): string {
  if (typeof value === 'number') return formatNumberText(value, locale);
  return typeof value === 'string' ? value : '';
}

/** Whether `typed` is what the stored `value` came from (else the value was set from elsewhere: a draft, a default). */
function holds(read: NumberText, typed: string, value: unknown): boolean {
  if (read.kind === 'empty') return value === undefined || value === null || value === '';
  return read.kind === 'number' ? value === read.value : value === typed;
}

function decimalsOf(n: number): number {
  return (String(n).split('.')[1] ?? '').length;
}

/**
 * A text box for a number that shows exactly what the applicant typed. A number (read in the page's language,
 * numberText.ts) is stored as a JSON number; text that is not one is stored as typed, so the form's data fails
 * the field's schema (`integer`, `number`) and its message shows, instead of a number changed behind the
 * applicant's back. A value outside min and max is kept too, for the min or max message. The arrow keys step
 * the number within min and max, as a spin button's do.
 */
export function NumberInput({ widget, min, max, step = 1, prefix, suffix }: NumberInputProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, rawErrors, registry, schema } = widget;
  const { t, locale } = textsOf(registry);
  const whole = schema.type === 'integer';
  const [typed, setTyped] = useState<string>();
  const shown =
    typed !== undefined && holds(parseNumberText(typed, locale, whole), typed, value) ? typed : textOf(value, locale);

  const change = (text: string) => {
    setTyped(text);
    const read = parseNumberText(text, locale, whole);
    onChange(read.kind === 'empty' ? undefined : read.kind === 'number' ? read.value : text);
  };

  const stepBy = (event: KeyboardEvent<HTMLInputElement>) => {
    const direction = event.key === 'ArrowUp' ? 1 : event.key === 'ArrowDown' ? -1 : 0;
    if (direction === 0 || disabled || readonly) return;
    const read = parseNumberText(shown, locale, whole);
    if (read.kind === 'invalid') return;
    event.preventDefault();
    let next =
      read.kind === 'empty'
        ? (min ?? 0)
        : Number((read.value + direction * step).toFixed(Math.max(decimalsOf(read.value), decimalsOf(step))));
    if (min !== undefined) next = Math.max(min, next);
    if (max !== undefined) next = Math.min(max, next);
    change(formatNumberText(next, locale));
  };

  const nonNegative = min !== undefined && min >= 0;
  const aria = ariaFor(id, rawErrors);
  return (
    <TextBox
      id={id}
      role="spinbutton"
      inputMode={nonNegative ? (whole ? 'numeric' : 'decimal') : 'text'}
      autoComplete="off"
      value={shown}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={typeof value === 'number' ? value : undefined}
      prefix={prefix}
      suffix={suffix}
      placeholder={maybe(t, placeholder)}
      disabled={disabled}
      readOnly={readonly}
      invalid={aria['aria-invalid']}
      onChange={(e) => change(e.target.value)}
      onKeyDown={stepBy}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      {...aria}
    />
  );
}
