/**
 * One-line text and e-mail inputs that stop at the field's maximum length: antd's `Input` with `maxLength` from
 * `ui:options.maxLength`, which the compiler sets on every typed text (the default of its kind, or the DSL's own).
 * Typing or pasting beyond it adds nothing; the server refuses a longer value with the same limit.
 */
import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import type { ChangeEvent, FocusEvent } from 'react';
import { ariaFor } from '../shared/aria.js';

const FULL_WIDTH = { width: '100%' };

/** What the compiler puts into `ui:options` of a typed text. */
export interface TextOptions {
  maxLength?: number;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'tel' | 'url';
  rows?: number;
  emptyValue?: unknown;
}

/** The field's maximum length, when it has a sensible one. */
export function maxLengthOf(options: TextOptions): number | undefined {
  const max = options.maxLength;
  return typeof max === 'number' && Number.isInteger(max) && max > 0 ? max : undefined;
}

/** Whether a read-only field is drawn disabled (RJSF's antd theme does so unless the form context says otherwise). */
export function readonlyAsDisabled(props: WidgetProps): boolean {
  const context = props.registry.formContext as { readonlyAsDisabled?: boolean } | undefined;
  return context?.readonlyAsDisabled ?? true;
}

/** Handlers as RJSF's antd inputs have them: an emptied input gives the field's `emptyValue`; none while read-only. */
export function textHandlers(props: WidgetProps) {
  const { id, readonly, onChange, onBlur, onFocus } = props;
  const options = props.options as TextOptions;
  if (readonly) return {};
  return {
    onChange: ({ target }: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(target.value === '' ? options.emptyValue : target.value),
    onBlur: ({ target }: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onBlur(id, target?.value),
    onFocus: ({ target }: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onFocus(id, target?.value),
  };
}

function LineInput(props: WidgetProps & { inputType: 'text' | 'email' }) {
  const { id, htmlName, value, disabled, readonly, required, placeholder, rawErrors, inputType } = props;
  const options = props.options as TextOptions;
  return (
    <Input
      id={id}
      name={htmlName || id}
      type={inputType}
      value={value}
      placeholder={placeholder}
      required={required}
      disabled={disabled || (readonlyAsDisabled(props) && readonly)}
      maxLength={maxLengthOf(options)}
      autoComplete={options.autoComplete}
      inputMode={options.inputMode}
      style={FULL_WIDTH}
      {...textHandlers(props)}
      {...ariaFor(id, rawErrors)}
    />
  );
}

/** `text`: one line. */
export function TextWidget(props: WidgetProps) {
  return <LineInput {...props} inputType="text" />;
}

/** `email`: one line, with the e-mail keyboard on touch devices. */
export function EmailWidget(props: WidgetProps) {
  return <LineInput {...props} inputType="email" />;
}
