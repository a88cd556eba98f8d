/**
 * Text boxes drawn as antd 6 draws `Input` and `Input.TextArea` in a form item: the box (border, hover, focus ring,
 * error and disabled looks, light.css) around a native `input` or `textarea`, an optional prefix or suffix (a
 * currency symbol), the error icon while the field is in error and, for a text area, the count of characters
 * against its limit under it. The DOM keeps its shape whatever the state, so the control never remounts (the
 * focus and the caret stay).
 */
import {
  type InputHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type TextareaHTMLAttributes,
  useLayoutEffect,
  useRef,
} from 'react';
import { isComposing } from '../../engine/deferredChange.js';
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

/**
 * The ref of an uncontrolled control showing `shown`: at each render the text is written into the control where it
 * differs from what the control holds (a value set from outside, or the form's own form of what was typed). The
 * box is not rendered while the applicant types (what is typed is handed over first), so nothing typed is
 * overwritten. Where only the letters changed (capitals), the caret stays where it was.
 */
function useShownText(shown: string | undefined) {
  const control = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const element = control.current;
    if (!element || shown === undefined || element.value === shown) return;
    // a word being composed in this box stays as it is; the box is drawn again once it is handed over
    if (isComposing() && element === element.ownerDocument.activeElement) return;
    const keepCaret = element === element.ownerDocument.activeElement && element.value.length === shown.length;
    const { selectionStart, selectionEnd } = element;
    element.value = shown;
    if (keepCaret && selectionStart !== null && selectionEnd !== null) {
      element.setSelectionRange(selectionStart, selectionEnd);
    }
  });
  return control;
}

export interface TextBoxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'className'> {
  /**
   * What the control shows, for a box that keeps typed text itself (an uncontrolled input): written into the
   * control when the box is drawn and the two differ, so a keystroke needs no render (engine/deferredChange.ts,
   * `keepsTypedText`).
   */
  shownText?: string;
  /** The field is in error: the box turns red and shows the error icon. */
  invalid?: boolean;
  prefix?: ReactNode;
  suffix?: ReactNode;
}

/** One line of text in antd's box. */
export function TextBox({ invalid, prefix, suffix, disabled, style, shownText, ...input }: TextBoxProps) {
  const control = useShownText(shownText);
  const hasSuffix = suffix !== undefined || invalid;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only hands a press beside the control to the control, which the keyboard reaches itself
    <span
      className={cx('antrag-input', invalid && 'antrag-input-invalid', disabled && 'antrag-input-disabled')}
      style={style}
      onMouseDown={focusControl}
    >
      {prefix !== undefined && <span className="antrag-input-prefix">{prefix}</span>}
      <input
        ref={control}
        className="antrag-input-control"
        disabled={disabled}
        {...input}
        {...(shownText !== undefined && { defaultValue: shownText })}
      />
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
