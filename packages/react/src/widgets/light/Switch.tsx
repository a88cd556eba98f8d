/**
 * An on/off switch as antd 6 draws `Switch`: a `button` with `role="switch"` and `aria-checked`, so Space and
 * Enter toggle it as they press a button, and a `<label for>` names it.
 */
import type { ButtonHTMLAttributes } from 'react';
import './light.css';

export interface SwitchProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'role' | 'className' | 'onChange' | 'children'> {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

export function Switch({ checked, onChange, ...button }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      className="antrag-switch"
      onClick={() => onChange(!checked)}
      {...button}
    >
      <span className="antrag-switch-handle" />
    </button>
  );
}
