import type { FieldCompiler } from './types.js';

export const computed: FieldCompiler<'computed'> = {
  hasData: false,
  compile: (field, b) => {
    if (!b.ctx.scope.names.has(field.value)) {
      b.ctx.diagnostics.push({
        severity: 'error',
        code: 'unknown-field',
        message: `computed field shows '${field.value}', which is not a computed value of the form`,
        pointer: `${b.pointer}/value`,
      });
    }
    return {
      schema: {},
      uiField: 'computed',
      options: { value: field.value, format: field.format ?? 'text' },
    };
  },
};
