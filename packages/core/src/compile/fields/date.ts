import type { FieldCompiler } from './types.js';

export const date: FieldCompiler<'date'> = {
  compile: (field, b) => ({
    schema: { type: 'string', format: 'date' },
    typeMessage: 'validation.date',
    whenRequired: b.nonEmptyText,
    widget: 'date',
    options: { displayFormat: field.displayFormat ?? 'DD/MM/YYYY' },
  }),
};
