/**
 * A text area that stops at the field's maximum length (`ui:options.maxLength`: 5,000 characters unless the DSL
 * says otherwise): a native `textarea` in antd's box (the light `TextAreaBox`) with `maxLength`, `rows` lines high
 * (default 4). The count of characters against the limit shows under it, as antd's `showCount` does, so a long
 * message or a paste cut at the limit does not go unnoticed.
 */
import type { WidgetProps } from '@rjsf/utils';
import { TextAreaBox } from '../light/TextBox.js';
import { ariaFor } from '../shared/aria.js';
import { maxLengthOf, readonlyAsDisabled, type TextOptions, textHandlers, textOf } from './TextWidget.js';

export function TextareaWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, required, placeholder, rawErrors } = props;
  const options = props.options as TextOptions;
  const maxLength = maxLengthOf(options);
  const aria = ariaFor(id, rawErrors);
  return (
    <TextAreaBox
      id={id}
      name={htmlName || id}
      value={textOf(value)}
      placeholder={placeholder || undefined}
      required={required}
      disabled={disabled || (readonlyAsDisabled(props) && readonly)}
      readOnly={readonly && !readonlyAsDisabled(props)}
      maxLength={maxLength}
      showCount={maxLength !== undefined}
      rows={options.rows || 4}
      invalid={aria['aria-invalid']}
      {...textHandlers(props)}
      {...aria}
    />
  );
}
