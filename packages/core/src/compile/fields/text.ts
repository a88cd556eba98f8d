import type { FieldCompiler } from './types.js';

export const text: FieldCompiler<'text'> = {
  compile: (field, b) => ({
    schema: { type: 'string' },
    whenRequired: b.nonEmptyText,
    widget: 'text',
    options: { inputMode: field.inputMode, autoComplete: field.autoComplete },
    typedText: 'line',
  }),
};
