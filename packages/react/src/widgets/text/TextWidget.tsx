/**
 * One-line text and e-mail inputs that stop at the field's maximum length: a native input (in antd's box, the light
 * `TextBox`) with `maxLength` from `ui:options.maxLength`, which the compiler sets on every typed text (the default of
 * its kind, or the DSL's own). Typing or pasting beyond it adds nothing; the server refuses a longer value with the
 * same limit. The input keeps what is typed itself (uncontrolled, `keepsTypedText`): a keystroke redraws nothing, and
 * a value set from outside (a draft, a fill) is written into it.
 */
import type { WidgetProps } from '@rjsf/utils';
import type { ChangeEvent, FocusEvent } from 'react';
import { keepsTypedText } from '../../engine/deferredChange.js';
import { TextBox } from '../light/TextBox.js';
import { ariaFor } from '../shared/aria.js';

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

/** What a text box shows for a stored value: nothing for none (a native input is controlled only with a string). */
export function textOf(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
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
  const aria = ariaFor(id, rawErrors);
  return (
    <TextBox
      id={id}
      name={htmlName || id}
      type={inputType}
      shownText={textOf(value)}
      placeholder={placeholder || undefined}
      required={required}
      disabled={disabled || (readonlyAsDisabled(props) && readonly)}
      readOnly={readonly && !readonlyAsDisabled(props)}
      maxLength={maxLengthOf(options)}
      autoComplete={options.autoComplete}
      inputMode={options.inputMode}
      invalid={aria['aria-invalid']}
      {...textHandlers(props)}
      {...aria}
    />
  );
}

/** `text`: one line. */
export const TextWidget = keepsTypedText(function TextWidget(props: WidgetProps) {
  return <LineInput {...props} inputType="text" />;
});

/** `email`: one line, with the e-mail keyboard on touch devices. */
export const EmailWidget = keepsTypedText(function EmailWidget(props: WidgetProps) {
  return <LineInput {...props} inputType="email" />;
});
