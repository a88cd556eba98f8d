import type { FieldCompiler } from './types.js';

export const rate: FieldCompiler<'rate'> = {
  compile: (field, b) => {
    const count = field.count ?? 5;
    return {
      schema: { type: 'number', minimum: 0, maximum: count, multipleOf: field.allowHalf ? 0.5 : 1 },
      // no stars is no answer
      whenRequired: { exclusiveMinimum: 0, errorMessage: b.required },
      widget: 'rate',
      options: { count, allowHalf: field.allowHalf ?? false, allowClear: field.allowClear ?? false },
    };
  },
};
