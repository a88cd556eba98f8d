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
