/** The pure core: DSL types, import, compile, validation keywords, expressions, payload encoding. No React, no DOM. */
export * from './compile/index.js';
export * from './dsl/types.js';
export * from './expr/index.js';
export * from './i18n/index.js';
export * from './payload/index.js';
export * from './validate/index.js';
