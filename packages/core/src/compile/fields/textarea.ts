import type { FieldCompiler } from './types.js';

export const textarea: FieldCompiler<'textarea'> = {
  compile: (field, b) => ({
    schema: { type: 'string' },
    whenRequired: b.nonEmptyText,
    widget: 'textarea',
    options: { rows: field.rows },
    typedText: 'text',
  }),
};
