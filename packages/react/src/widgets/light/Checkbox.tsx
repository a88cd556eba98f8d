/** A native checkbox with its label, drawn as antd 6 draws `Checkbox`. */
import type { InputHTMLAttributes, ReactNode } from 'react';
import { cx } from './cx.js';
import './light.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'children'> {
  children?: ReactNode;
}

export function Checkbox({ children, disabled, ...input }: CheckboxProps) {
  return (
    <label className={cx('antrag-checkbox-wrapper', disabled && 'antrag-checkbox-wrapper-disabled')}>
      <input type="checkbox" className="antrag-checkbox" disabled={disabled} {...input} />
      {children !== undefined && children !== null && <span className="antrag-checkbox-label">{children}</span>}
    </label>
  );
}
