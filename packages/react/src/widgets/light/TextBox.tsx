/**
 * Text boxes drawn as antd 6 draws `Input` and `Input.TextArea` in a form item: the box (border, hover, focus ring,
 * error and disabled looks, light.css) around a native `input` or `textarea`, an optional prefix or suffix (a
 * currency symbol), the error icon while the field is in error and, for a text area, the count of characters
 * against its limit under it. The DOM keeps its shape whatever the state, so the control never remounts (the
 * focus and the caret stay).
 */
import type { InputHTMLAttributes, MouseEvent, ReactNode, TextareaHTMLAttributes } from 'react';
import { cx } from './cx.js';
import { FeedbackIcon } from './FeedbackIcon.js';
import './light.css';

/** A press on the box beside the control (its padding, prefix or suffix) puts the caret into the control. */
function focusControl(event: MouseEvent<HTMLElement>) {
  const control = event.currentTarget.querySelector<HTMLInputElement | HTMLTextAreaElement>('.antrag-input-control');
  if (!control || event.target === control || control.disabled) return;
  event.preventDefault();
  control.focus();
}

export interface TextBoxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'className'> {
  /** The field is in error: the box turns red and shows the error icon. */
  invalid?: boolean;
  prefix?: ReactNode;
  suffix?: ReactNode;
}

/** One line of text in antd's box. */
export function TextBox({ invalid, prefix, suffix, disabled, style, ...input }: TextBoxProps) {
  const hasSuffix = suffix !== undefined || invalid;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only hands a press beside the control to the control, which the keyboard reaches itself
    <span
      className={cx('antrag-input', invalid && 'antrag-input-invalid', disabled && 'antrag-input-disabled')}
      style={style}
      onMouseDown={focusControl}
    >
      {prefix !== undefined && <span className="antrag-input-prefix">{prefix}</span>}
      <input className="antrag-input-control" disabled={disabled} {...input} />
      {hasSuffix && (
        <span className="antrag-input-suffix">
          {suffix}
          {invalid && <FeedbackIcon />}
        </span>
      )}
    </span>
  );
}

export interface TextAreaBoxProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'value'> {
  value: string;
  invalid?: boolean;
  /** Shows `length / maxLength` under the box, as antd's `showCount`. */
  showCount?: boolean;
}

/** A text area in antd's box, with the count of characters under it. */
export function TextAreaBox({ invalid, showCount, disabled, style, value, maxLength, ...textarea }: TextAreaBoxProps) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only hands a press beside the control to the control, which the keyboard reaches itself
    <span
      className={cx(
        'antrag-input',
        'antrag-textarea',
        invalid && 'antrag-input-invalid',
        disabled && 'antrag-input-disabled',
      )}
      style={style}
      onMouseDown={focusControl}
    >
      <textarea
        className="antrag-input-control"
        disabled={disabled}
        value={value}
        maxLength={maxLength}
        {...textarea}
      />
      {invalid && <FeedbackIcon />}
      {showCount && (
        <span className="antrag-input-count">
          {maxLength === undefined ? value.length : `${value.length} / ${maxLength}`}
        </span>
      )}
    </span>
  );
}
