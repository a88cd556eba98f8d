import type { FieldCompiler } from './types.js';

export const month: FieldCompiler<'month'> = {
  compile: (field, b) => ({
    schema: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$' },
    typeMessage: 'validation.month',
    whenRequired: b.nonEmptyText,
    widget: 'month',
    options: { displayFormat: field.displayFormat ?? 'MM/YYYY' },
  }),
};
