/**
 * The platform's own `<select>` in antd's select box (its border, arrow, focus ring, error and disabled looks,
 * light.css): on a phone it opens the system's picker, and it needs no script of its own. With nothing chosen it
 * shows the placeholder, from an option that is hidden and cannot be chosen, so the list holds no blank entry.
 * A clear button (antd's `allowClear`) empties an optional choice.
 */
import { CloseCircleFilled, DownOutlined } from '@ant-design/icons-svg';
import type { MouseEvent, SelectHTMLAttributes } from 'react';
import { cx } from './cx.js';
import { FeedbackIcon } from './FeedbackIcon.js';
import { Icon } from './Icon.js';
import './light.css';

export interface NativeOption {
  /** The option's value in the DOM (a string, as a select's values are). */
  value: string;
  label: string;
}

export interface NativeSelectProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'value' | 'defaultValue' | 'multiple'> {
  options: readonly NativeOption[];
  /** The chosen option's value; '' for none. */
  value: string;
  placeholder?: string;
  invalid?: boolean;
  /** With a label: a button that empties the choice, shown while something is chosen. */
  clear?: { label: string; onClear: () => void };
}

export function NativeSelect({
  options,
  value,
  placeholder,
  invalid,
  clear,
  disabled,
  style,
  ...select
}: NativeSelectProps) {
  const empty = value === '';
  const clearable = clear && !empty && !disabled;
  const clearChoice = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.parentElement?.querySelector('select');
    clear?.onClear();
    box?.focus();
  };
  return (
    <span
      className={cx(
        'antrag-input',
        'antrag-select',
        empty && 'antrag-select-empty',
        invalid && 'antrag-input-invalid antrag-select-invalid',
        disabled && 'antrag-input-disabled',
      )}
      style={style}
    >
      <select className="antrag-select-control" value={value} disabled={disabled} {...select}>
        <option value="" disabled hidden>
          {placeholder ?? ''}
        </option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <span className="antrag-select-suffix" aria-hidden="true">
        <Icon icon={DownOutlined} className="antrag-select-arrow" />
        {invalid && <FeedbackIcon />}
      </span>
      {clearable && (
        <button type="button" className="antrag-select-clear" aria-label={clear.label} onClick={clearChoice}>
          <Icon icon={CloseCircleFilled} />
        </button>
      )}
    </span>
  );
}
