import type { JsonValue } from '../../dsl/types.js';
import { boundedString, TEXT_LIMITS } from '../limits.js';
import { COUNTRY_CODES } from './choices.js';
import type { FieldCompiler, FieldParts } from './types.js';

export const country: FieldCompiler<'country'> = {
  compile: (field, b) => {
    const shape = field.valueShape ?? 'object';
    const codes = field.countries ? [...field.countries].sort() : COUNTRY_CODES;
    const options = { valueShape: shape, countries: field.countries };
    if (shape === 'object') {
      return {
        schema: {
          type: 'object',
          required: ['iso'],
          properties: {
            name: boundedString(TEXT_LIMITS.name, b.plain) as JsonValue,
            iso: { type: 'string', enum: codes },
          },
        },
        uiField: 'country',
        options,
      };
    }
    const parts: FieldParts = {
      schema: shape === 'code' ? { type: 'string', enum: codes } : { type: 'string' },
      whenRequired: b.nonEmptyText,
      widget: 'country',
      options,
    };
    // a country stored by its English name is a typed line
    return shape === 'name' ? { ...parts, typedText: 'line' } : parts;
  },
};
