import type { JsonValue } from '../../dsl/types.js';
import { boundedString, TEXT_LIMITS } from '../limits.js';
import type { JsonSchema } from '../types.js';
import { optionList } from './choices.js';
import type { FieldCompiler } from './types.js';

export const multiselect: FieldCompiler<'multiselect'> = {
  compile: (field, b) => {
    const list = optionList(field.options, b);
    const checks: JsonSchema[] = [];
    if (field.minItems !== undefined) checks.push({ minItems: field.minItems, errorMessage: 'validation.option' });
    if (field.maxItems !== undefined) checks.push({ maxItems: field.maxItems, errorMessage: 'validation.option' });
    return {
      schema: {
        type: 'array',
        uniqueItems: true,
        // typed tags follow the field's plainText rule
        items: list ? { enum: list.map((o) => o.value) } : (boundedString(TEXT_LIMITS.line, b.plain) as JsonValue),
      },
      checks,
      whenRequired: { minItems: 1, errorMessage: b.required },
      widget: field.display === 'buttons' ? 'choiceButtons' : field.display === 'tags' ? 'tags' : 'checkboxes',
      options: { display: field.display ?? 'checkboxes', options: list as JsonValue },
    };
  },
};
