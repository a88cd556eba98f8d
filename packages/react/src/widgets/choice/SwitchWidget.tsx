import type { WidgetProps } from '@rjsf/utils';
import { Switch } from 'antd';
import { ariaFor } from '../shared/aria.js';

/** A boolean as an on/off switch (a `role="switch"` button: Space and Enter toggle it), labelled by RJSF's label. */
export function SwitchWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors } = props;
  // antd passes unknown props on to the switch's button; its types just do not list the focus handlers
  const focusHandlers = { onBlur: () => onBlur(id, value), onFocus: () => onFocus(id, value) };
  return (
    <Switch
      id={id}
      checked={value === true}
      disabled={disabled || readonly}
      onChange={(on) => onChange(on)}
      {...focusHandlers}
      {...ariaFor(id, rawErrors)}
    />
  );
}
