/** JSON helpers every package shares: JSON Pointer escaping and parsing, the plain-object test, nesting depth. */
export * from './depth.js';
export * from './object.js';
export * from './pointer.js';
