import type { WidgetProps } from '@rjsf/utils';
import { Switch } from '../light/Switch.js';
import { ariaFor } from '../shared/aria.js';

/** A boolean as an on/off switch (a `role="switch"` button: Space and Enter toggle it), labelled by RJSF's label. */
export function SwitchWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, rawErrors } = props;
  return (
    <Switch
      id={id}
      checked={value === true}
      disabled={disabled || readonly}
      onChange={(on) => onChange(on)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      {...ariaFor(id, rawErrors)}
    />
  );
}
