import { getDefaultRegistry } from '@rjsf/core';
import type { FieldProps } from '@rjsf/utils';
import { asNumber, getUiOptions } from '@rjsf/utils';
import { useCallback } from 'react';

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
  if (typeof widget === 'string' && CHOSEN_NUMBER_WIDGETS.has(widget)) return <ChosenNumberField {...props} />;
  return <RjsfNumberField {...props} />;
}

/**
 * The widgets whose value is chosen, not typed: they hand over the option's number itself. RJSF's NumberField,
 * built for typed text, asks the browser for its decimal mark (`Intl.NumberFormat`) on every render; the first
 * such call starts the browser's number formatting (ICU), 100–400 ms of a phone's main thread while a server-drawn
 * first step hydrates (issue 19: the blocked-account wizard's contract-duration slider).
 */
const CHOSEN_NUMBER_WIDGETS = new Set([
  'select',
  'searchSelect',
  'radio',
  'choiceButtons',
  'choiceSlider',
  'range',
  'rate',
  'hidden',
]);

/** A chosen number as it comes (a string, as a select of RJSF's own may give, read as RJSF reads it). */
function ChosenNumberField(props: FieldProps) {
  const { StringField } = props.registry.fields;
  const { onChange } = props;
  const change = useCallback<FieldProps['onChange']>(
    (value, ...rest) => onChange(typeof value === 'string' ? asNumber(value) : value, ...rest),
    [onChange],
  );
  return <StringField {...props} onChange={change} />;
}
