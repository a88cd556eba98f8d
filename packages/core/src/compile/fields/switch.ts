import type { FieldCompiler } from './types.js';

export const switchField: FieldCompiler<'switch'> = {
  compile: () => ({ schema: { type: 'boolean' }, widget: 'switch' }),
};
