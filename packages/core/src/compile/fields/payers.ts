import type { JsonValue } from '../../dsl/types.js';
import type { FieldCompiler } from './types.js';

export const payers: FieldCompiler<'payers'> = {
  compile: (field, b) => {
    const item = b.itemObject(field.itemFields, `${b.pointer}/itemFields`);
    return {
      schema: { type: 'array', items: item.schema as JsonValue },
      checks: field.maxItems !== undefined ? [{ maxItems: field.maxItems, errorMessage: 'validation.maxItems' }] : [],
      whenRequired: { minItems: 1, errorMessage: b.required },
      uiField: 'payers',
      options: { uniqueBy: field.uniqueBy, itemUiSchema: item.ui as unknown as JsonValue, itemOrder: item.order },
    };
  },
};
