export { AJV_OPTIONS, createAjv, extendAjv } from './ajv.js';
export { createFormValidator } from './compiled.js';
export { KEYWORD_NAMES, keywords, RUNTIME_MODULE_ID } from './keywords.js';
export {
  AJV_HELPERS,
  BUNDLE_EXPORTS,
  type PrecompileOptions,
  precompileValidators,
  toEsModule,
} from './precompile.js';
export { default as validationRuntime } from './runtime.js';
export {
  type FieldError,
  type FormValidateFns,
  type FormValidator,
  formValidatorFrom,
  normalizeData,
  toFieldErrors,
  type ValidateFn,
  type ValidateOptions,
  type ValidationResult,
} from './validator.js';
