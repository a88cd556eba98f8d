import type { JsonValue } from '../../dsl/types.js';
import { boundedString, cappedString, TEXT_LIMITS } from '../limits.js';
import type { FieldCompiler } from './types.js';

export const place: FieldCompiler<'place'> = {
  compile: (field, b) => {
    const shape = field.valueShape ?? 'text';
    const options = { valueShape: shape, placeTypes: field.placeTypes, debounceMs: field.debounceMs ?? 500 };
    if (shape === 'text') {
      return { schema: { type: 'string' }, whenRequired: b.nonEmptyText, widget: 'place', options, typedText: 'line' };
    }
    // a place record's strings follow the field's plainText rule
    const line = (max: number, extra = {}) => boundedString(max, b.plain, extra) as JsonValue;
    return {
      schema: {
        type: 'object',
        required: ['location'],
        properties: {
          location: line(field.maxLength ?? TEXT_LIMITS.line, { minLength: 1 }),
          city: line(TEXT_LIMITS.name),
          state: line(TEXT_LIMITS.name),
          country: line(TEXT_LIMITS.name),
          iso: cappedString(TEXT_LIMITS.code) as JsonValue,
        },
      },
      uiField: 'place',
      options,
    };
  },
};
