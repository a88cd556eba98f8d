/**
 * A text area that stops at the field's maximum length (`ui:options.maxLength`: 5,000 characters unless the DSL
 * says otherwise): antd's `Input.TextArea` with `maxLength`, `rows` lines high (default 4). The count of characters
 * against the limit shows under it, so a long message or a paste cut at the limit does not go unnoticed.
 */
import type { WidgetProps } from '@rjsf/utils';
import { Input } from 'antd';
import { ariaFor } from '../shared/aria.js';
import { maxLengthOf, readonlyAsDisabled, type TextOptions, textHandlers } from './TextWidget.js';

export function TextareaWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, placeholder, rawErrors } = props;
  const options = props.options as TextOptions;
  return (
    <Input.TextArea
      id={id}
      name={htmlName || id}
      value={value}
      placeholder={placeholder}
      disabled={disabled || (readonlyAsDisabled(props) && readonly)}
      maxLength={maxLengthOf(options)}
      showCount={maxLengthOf(options) !== undefined}
      rows={options.rows || 4}
      style={{ width: '100%' }}
      {...textHandlers(props)}
      {...ariaFor(id, rawErrors)}
    />
  );
}
