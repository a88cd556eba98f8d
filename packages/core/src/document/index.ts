/** Form documents as files: reading with `$ref`s, JSON pointers to line:column, diagnostics as lines, forms from documents. */
export * from './classify.js';
export * from './document.js';
export * from './lines.js';
export * from './locate.js';
export * from './source.js';
