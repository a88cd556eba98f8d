import { schemaRequiresTrueValue, type WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { Checkbox } from '../light/Checkbox.js';
import { ariaFor } from '../shared/aria.js';
import { textsOf } from '../shared/texts.js';
import { readonlyAsDisabled } from '../text/TextWidget.js';
import { type ChoiceValue, choicesOf, toggled } from './options.js';

/**
 * A boolean as one checkbox (`checkbox`), as RJSF's antd checkbox widget draws it: its label beside it, with a red
 * '*' when the field must be ticked; read-only drawn disabled unless the form context says otherwise.
 */
export function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, required, label, hideLabel, schema, rawErrors } = props;
  const { onChange, onBlur, onFocus } = props;
  const mustTick = required && schemaRequiresTrueValue(schema);
  return (
    <Checkbox
      id={id}
      name={htmlName || id}
      checked={value === true}
      required={required}
      disabled={disabled || (readonlyAsDisabled(props) && readonly)}
      readOnly={readonly}
      onChange={readonly ? undefined : (e) => onChange(e.target.checked)}
      onBlur={readonly ? undefined : (e) => onBlur(id, e.target.checked)}
      onFocus={readonly ? undefined : (e) => onFocus(id, e.target.checked)}
      {...ariaFor(id, rawErrors)}
    >
      {!hideLabel && label ? (
        <>
          {label}
          {mustTick && (
            <span className="antrag-required-mark" aria-hidden="true">
              *
            </span>
          )}
        </>
      ) : undefined}
    </Checkbox>
  );
}

/**
 * Several choices as checkboxes (`checkboxes`) in a row, wrapping, as antd's checkbox group draws them, named by the
 * field's label; the value lists the ticked options in the options' order.
 */
export function CheckboxesWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, label, rawErrors, registry } = props;
  const { onChange, onBlur, onFocus } = props;
  const { t } = textsOf(registry);
  const choices = useMemo(() => choicesOf(props, t), [props, t]);
  const selected: ChoiceValue[] = Array.isArray(value) ? value : [];
  const off = disabled || (readonlyAsDisabled(props) && readonly);
  if (choices.length === 0) return null;
  return (
    <fieldset
      id={id}
      aria-label={label || undefined}
      className="antrag-checkbox-list"
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      {...ariaFor(id, rawErrors)}
    >
      {choices.map((c, i) => {
        const on = selected.includes(c.value);
        return (
          <Checkbox
            key={String(c.value)}
            id={`${id}-${i}`}
            name={htmlName || id}
            checked={on}
            disabled={off}
            readOnly={readonly}
            onChange={readonly ? undefined : () => onChange(toggled(choices, selected, c.value))}
          >
            {c.label}
          </Checkbox>
        );
      })}
    </fieldset>
  );
}
