import type { WidgetProps } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { NativeSelect } from '../light/NativeSelect.js';
import { ariaFor } from '../shared/aria.js';
import { maybe, textsOf } from '../shared/texts.js';
import { choicesOf } from './options.js';

/** The DOM value of the option standing for a stored value no option gives (kept from a draft, say). */
const OTHER = 'other';

/**
 * One choice from a short list (title, visa type, document type): the platform's own select (a phone opens its
 * picker; no search box to open the keyboard over a list of a few entries), drawn in antd's box. Unlike RJSF's antd
 * select it says when it is invalid and which message describes it (`aria-invalid`, `aria-describedby`), and lists
 * no blank, unnamed option for its placeholder; an optional choice is emptied with the clear button. Options are told
 * apart by position, so values of any type (numbers, booleans) and options sharing a value keep what was picked.
 */
export function SelectWidget(props: WidgetProps) {
  const { id, htmlName, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, rawErrors, registry } =
    props;
  const { required } = props;
  const { t } = textsOf(registry);
  const choices = useMemo(() => choicesOf(props, t), [props, t]);
  // the option picked last: of several giving the same value, the one to show
  const [picked, setPicked] = useState<number>();
  const current = value === '' || value === null ? undefined : value;
  const index =
    current === undefined
      ? -1
      : picked !== undefined && choices[picked]?.value === current
        ? picked
        : choices.findIndex((c) => c.value === current);
  const other = current !== undefined && index < 0;
  const options = choices.map((c, i) => ({ value: String(i), label: c.label }));
  if (other) options.push({ value: OTHER, label: String(current) });
  const aria = ariaFor(id, rawErrors);
  return (
    <NativeSelect
      id={id}
      name={htmlName || id}
      options={options}
      value={index >= 0 ? String(index) : other ? OTHER : ''}
      placeholder={maybe(t, placeholder)}
      disabled={disabled || readonly}
      invalid={aria['aria-invalid']}
      clear={
        required
          ? undefined
          : {
              label: t('choice.clear'),
              onClear: () => {
                setPicked(undefined);
                onChange(undefined);
              },
            }
      }
      onChange={(event) => {
        if (event.target.value === OTHER) return;
        const i = Number(event.target.value);
        setPicked(i);
        onChange(choices[i].value);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      aria-required={required || undefined}
      {...aria}
    />
  );
}
