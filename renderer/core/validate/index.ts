export { AJV_OPTIONS, createAjv, extendAjv } from './ajv.js';
export { KEYWORD_NAMES, keywords, RUNTIME_MODULE_ID } from './keywords.js';
export { precompileValidators, toEsModule } from './precompile.js';
export { default as validationRuntime } from './runtime.js';
export {
  createFormValidator,
  type FieldError,
  type FormValidator,
  normalizeData,
  toFieldErrors,
  type ValidateOptions,
  type ValidationResult,
} from './validator.js';
