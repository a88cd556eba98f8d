export { compileForm, SCHEMA_DIALECT } from './compile.js';
export { allOfConditions, conditionFields, conditionToSchema, evaluateCondition, isFilled } from './conditions.js';
export { LETTERS_PATTERN } from './fields.js';
export { acceptedMimeTypes, sizeInBytes } from './files.js';
export { defaultMaxLength, PLAIN_LINE, PLAIN_TEXT, TEXT_LIMITS } from './limits.js';
export type * from './types.js';
