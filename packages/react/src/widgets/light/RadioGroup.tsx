/**
 * A group of native radios (`role="radiogroup"`), drawn as antd 6 draws `Radio.Group`: round radios with their
 * labels in a row, or (`buttons`) antd's solid button group. The radios share a name, so the browser gives the
 * keyboard behaviour of a radio group: Tab enters at the chosen radio (the first while none is), the arrow keys
 * move and choose.
 */
import type { AriaAttributes, FocusEventHandler } from 'react';
import { cx } from './cx.js';
import './light.css';

export interface RadioGroupProps extends AriaAttributes {
  /** The group's id; radio `i` gets `${id}-${i}`. */
  id: string;
  /** The radios' shared name. */
  name: string;
  /** The radios' labels, in order. */
  labels: readonly string[];
  /** The chosen radio's index; -1 for none. */
  checked: number;
  onChoose: (index: number) => void;
  disabled?: boolean;
  /** antd's solid button group instead of round radios. */
  buttons?: boolean;
  onFocus?: FocusEventHandler<HTMLDivElement>;
  onBlur?: FocusEventHandler<HTMLDivElement>;
}

export function RadioGroup({
  id,
  name,
  labels,
  checked,
  onChoose,
  disabled,
  buttons,
  onFocus,
  onBlur,
  ...aria
}: RadioGroupProps) {
  return (
    <div
      role="radiogroup"
      id={id}
      className={buttons ? 'antrag-choice-buttons' : 'antrag-radio-group'}
      onFocus={onFocus}
      onBlur={onBlur}
      {...aria}
    >
      {labels.map((label, i) => (
        <label
          // biome-ignore lint/suspicious/noArrayIndexKey: the options' order is their identity (two may share a label)
          key={i}
          className={
            buttons ? 'antrag-choice-button' : cx('antrag-radio-wrapper', disabled && 'antrag-radio-wrapper-disabled')
          }
        >
          <input
            type="radio"
            className={buttons ? undefined : 'antrag-radio'}
            id={`${id}-${i}`}
            name={name}
            value={String(i)}
            checked={i === checked}
            disabled={disabled}
            onChange={() => onChoose(i)}
          />
          <span className={buttons ? 'antrag-choice-button-face' : 'antrag-radio-label'}>{label}</span>
        </label>
      ))}
    </div>
  );
}
