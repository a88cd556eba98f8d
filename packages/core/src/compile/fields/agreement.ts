import type { FieldCompiler } from './types.js';

export const agreement: FieldCompiler<'agreement'> = {
  compile: (field, b) => ({
    schema: { type: 'boolean' },
    whenRequired: { const: true, errorMessage: b.required },
    widget: 'agreement',
    options: {
      content: b.text(field.content, 'content'),
      amounts: field.amounts,
      // the content is the label: without one of its own, RJSF would show the field's name above it
      label: field.label === undefined ? false : undefined,
    },
  }),
};
