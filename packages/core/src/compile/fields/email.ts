import type { FieldCompiler } from './types.js';

export const email: FieldCompiler<'email'> = {
  compile: (field, b) => {
    const message = field.invalidMessage ? b.text(field.invalidMessage, 'invalidMessage') : 'validation.invalid';
    return {
      schema: { type: 'string' },
      whenRequired: b.nonEmptyText,
      widget: 'email',
      checks: [{ format: 'email', errorMessage: message }],
      typedText: 'line',
      // a wrong address and bad characters get one message, not two
      charactersMessage: message,
    };
  },
};
