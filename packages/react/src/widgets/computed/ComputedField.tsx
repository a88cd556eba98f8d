import type { FieldProps } from '@rjsf/utils';
import { FieldLabel } from '../shared/FieldLabel.js';
import { formContextOf, maybe, textsOf } from '../shared/texts.js';
import { type ComputedFormat, formatComputed, valueAt } from './format.js';

/** A read-only display of a computed value the runner put into formContext.formData; nothing when absent. */
export function ComputedField(props: FieldProps) {
  const { uiSchema, registry, fieldPathId } = props;
  const { value: name, format = 'text' } = (uiSchema?.['ui:options'] ?? {}) as {
    value?: string;
    format?: ComputedFormat;
  };
  const { t, locale } = textsOf(registry);
  const data = formContextOf(registry).formData;
  const id = fieldPathId.$id;
  if (!name || !data) return null;
  const text = formatComputed(valueAt(data, name), format, locale);
  const label = maybe(t, uiSchema?.['ui:title']);
  return (
    <div>
      {label && <FieldLabel id={`${id}__label`}>{label}</FieldLabel>}
      <output id={id} aria-labelledby={label ? `${id}__label` : undefined} aria-live="polite">
        {text}
      </output>
    </div>
  );
}
