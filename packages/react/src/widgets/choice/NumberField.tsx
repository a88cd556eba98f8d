import { getDefaultRegistry } from '@rjsf/core';
import type { FieldProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';

const RjsfNumberField = getDefaultRegistry().fields.NumberField;

/** The widgets that read typed text themselves (NumberInput) and store what is not a number as typed. */
const TYPED_NUMBER_WIDGETS = new Set(['number', 'currency']);

/**
 * RJSF's NumberField, except for the number and currency widgets: RJSF turns a typed string into a number on
 * its own terms (the browser's decimal mark, not the page's) and cuts a trailing '.' from text it cannot read
 * ('1,500.' became '1,500'), which changed what the applicant typed. Those widgets already store a number or the
 * text as typed, so their value passes through unchanged.
 */
export function NumberField(props: FieldProps) {
  const { widget } = getUiOptions(props.uiSchema);
  if (typeof widget === 'string' && TYPED_NUMBER_WIDGETS.has(widget)) {
    const { StringField } = props.registry.fields;
    return <StringField {...props} />;
  }
  return <RjsfNumberField {...props} />;
}
