import type { FieldCompiler } from './types.js';

export const checkbox: FieldCompiler<'checkbox'> = {
  compile: (_field, b) => ({
    schema: { type: 'boolean' },
    // required: ticked
    whenRequired: { const: true, errorMessage: b.required },
    widget: 'checkbox',
  }),
};
