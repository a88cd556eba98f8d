/** The site's content model: schemas of its records and blocks, and the checks of a content folder. */
export * from './check.js';
export { displayPath, loadDocument, toPosix } from './files.js';
export * from './manifest.js';
export * from './schemas.js';
export * from './shape.js';
export * from './translations.js';
