import type { WidgetProps } from '@rjsf/utils';
import type { Translate } from '../shared/texts.js';

export type ChoiceValue = string | number | boolean;
export interface Choice {
  value: ChoiceValue;
  label: string;
}

/** The compiler's options (labels are text keys), else RJSF's enumOptions; labels translated. */
export function choicesOf(props: WidgetProps, t: Translate): Choice[] {
  const { options: list, enumOptions } = props.options as {
    options?: Array<{ value: ChoiceValue; label: string }>;
    enumOptions?: Array<{ value: unknown; label: string }>;
  };
  if (Array.isArray(list)) return list.map((o) => ({ value: o.value, label: t(o.label) }));
  return (enumOptions ?? []).map((o) => ({ value: o.value as ChoiceValue, label: t(o.label) }));
}

/**
 * The values chosen after `value` is ticked or unticked among `selected`: unticked, it leaves; ticked, it joins them in
 * the options' order (so the answer does not depend on the order of the clicks).
 */
export function toggled(
  choices: readonly { value: ChoiceValue }[],
  selected: readonly ChoiceValue[],
  value: ChoiceValue,
) {
  return selected.includes(value)
    ? selected.filter((v) => v !== value)
    : choices.map((x) => x.value).filter((v) => v === value || selected.includes(v));
}
