import type { JsonValue } from '../../dsl/types.js';
import { boundedString, TEXT_LIMITS } from '../limits.js';
import type { JsonSchema } from '../types.js';
import type { FieldCompiler } from './types.js';

export const phone: FieldCompiler<'phone'> = {
  compile: (field, b) => {
    const byCountry = field.validateForCountry !== false;
    const invalid = field.invalidMessage ? b.text(field.invalidMessage, 'invalidMessage') : 'validation.phoneInvalid';
    return {
      schema: phoneSchema(),
      whenRequired: {
        required: ['phoneNumber'],
        properties: { phoneNumber: { minLength: 1 } },
        errorMessage: b.required,
      },
      uiField: 'phone',
      checks: byCountry ? [{ phone: true, errorMessage: invalid }] : [],
      options: { defaultCountry: field.defaultCountry },
    };
  },
};

function phoneSchema(): JsonSchema {
  // a number with other signs than digits and spaces is refused with a message, never rewritten
  const phoneNumber = boundedString(TEXT_LIMITS.phone, false, { pattern: '^[\\d ]*$' });
  phoneNumber.errorMessage = {
    ...(phoneNumber.errorMessage as Record<string, JsonValue>),
    pattern: 'validation.digitsOnly',
  };
  return {
    type: 'object',
    properties: {
      countryCode: { type: 'string', pattern: '^\\+?\\d{1,4}$' },
      areaCode: boundedString(TEXT_LIMITS.code, false, { pattern: '^\\d*$' }) as JsonValue,
      phoneNumber: phoneNumber as JsonValue,
      isoCode: { type: 'string', pattern: '^[A-Z]{2}$' },
    },
  };
}
