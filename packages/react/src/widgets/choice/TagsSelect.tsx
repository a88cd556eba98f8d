/** antd's multiple Select: the heavy control of the tags widget, loaded when it is used (TagsWidget). */
import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useMemo } from 'react';
import { ariaFor } from '../shared/aria.js';
import type { Handoff } from '../shared/loadOnUse.js';
import { maybe, textsOf } from '../shared/texts.js';
import { choicesOf } from './options.js';

export function TagsSelect(props: WidgetProps & { handoff?: Handoff }) {
  const { handoff } = props;
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, rawErrors, registry } = props;
  const { t } = textsOf(registry);
  const choices = useMemo(() => choicesOf(props, t), [props, t]);
  const selected = Array.isArray(value) ? (value as Array<string | number>) : [];
  return (
    <Select<Array<string | number>>
      id={id}
      mode="multiple"
      showSearch={{ optionFilterProp: 'label' }}
      value={selected}
      options={choices.map((c) => ({ value: c.value as string | number, label: c.label }))}
      placeholder={maybe(t, placeholder)}
      disabled={disabled || readonly}
      style={{ width: '100%' }}
      defaultOpen={handoff?.open}
      onChange={(next) => onChange(next)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      {...ariaFor(id, rawErrors)}
    />
  );
}
