import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useMemo } from 'react';
import { ariaFor } from '../shared/aria.js';
import { maybe, textsOf } from '../shared/texts.js';
import { type ChoiceValue, choicesOf } from './options.js';

/**
 * One choice from a short list (title, visa type, document type). Unlike RJSF's antd select it says when it is
 * invalid and which message describes it (`aria-invalid`, `aria-describedby`), and lists no blank, unnamed
 * option for its placeholder. No search box: on a phone it would open the keyboard over a list of a few entries.
 */
export function SelectWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, rawErrors, registry, required } =
    props;
  const { t } = textsOf(registry);
  const choices = useMemo(() => choicesOf(props, t), [props, t]);
  return (
    <Select
      id={id}
      value={value === '' || value === null ? undefined : (value as ChoiceValue | undefined)}
      options={choices.map((c) => ({ value: c.value as string | number, label: c.label }))}
      placeholder={maybe(t, placeholder)}
      disabled={disabled || readonly}
      allowClear={!required}
      style={{ width: '100%' }}
      onChange={(v) => onChange(v ?? undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      aria-required={required || undefined}
      {...ariaFor(id, rawErrors)}
    />
  );
}
