/** JSON helpers every package shares: JSON Pointer escaping and parsing, and the plain-object test. */
export * from './object.js';
export * from './pointer.js';
