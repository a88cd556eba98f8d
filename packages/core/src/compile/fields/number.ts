import type { JsonSchema } from '../types.js';
import type { FieldBuild, FieldCompiler, FieldOf, FieldParts } from './types.js';

/** A number or an amount: an integer when whole (the field's flag or a `wholeNumber` rule), bounded by min and max. */
function numeric(field: FieldOf<'number' | 'currency'>, b: FieldBuild): FieldParts {
  const wholeRule = (field.rules ?? []).find((r) => 'wholeNumber' in r);
  const whole = field.wholeNumber || !!wholeRule;
  const checks: JsonSchema[] = [];
  if (field.min !== undefined) checks.push({ minimum: field.min, errorMessage: 'validation.min' });
  if (field.max !== undefined) checks.push({ maximum: field.max, errorMessage: 'validation.max' });
  return {
    schema: { type: whole ? 'integer' : 'number' },
    typeMessage: !whole
      ? undefined
      : wholeRule?.message
        ? b.text(wholeRule.message, 'wholeNumber', 'rules')
        : 'validation.wholeNumber',
    checks,
    options: { min: field.min, max: field.max },
  };
}

export const number: FieldCompiler<'number'> = {
  compile: (field, b) => {
    const parts = numeric(field, b);
    return { ...parts, widget: field.slider ? 'range' : 'number', options: { ...parts.options, step: field.step } };
  },
  // typed as an integer instead
  ownRules: ['wholeNumber'],
};

export const currency: FieldCompiler<'currency'> = {
  compile: (field, b) => {
    const parts = numeric(field, b);
    const options = { currency: field.currency ?? 'EUR', symbolPosition: field.symbolPosition ?? 'prefix' };
    return { ...parts, widget: 'currency', options: { ...parts.options, ...options } };
  },
  ownRules: ['wholeNumber'],
};
