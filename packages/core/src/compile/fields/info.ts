import type { FieldCompiler } from './types.js';

export const info: FieldCompiler<'info'> = {
  hasData: false,
  compile: (field, b) => ({
    schema: {},
    uiField: 'info',
    options: { content: b.text(field.content, 'content'), amounts: field.amounts, variant: field.variant ?? 'info' },
  }),
};
