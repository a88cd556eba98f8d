/**
 * One input file to a compiled form: read it from disk (resolving `$ref`s), then `source.ts`: tell DSL from CMS,
 * import, compile, and locate every diagnostic in the file it is about.
 */

import { type FormOptions, type FormSource, formFromDocument } from '@antrag/core/document';
import { loadDocument } from './load.js';
import { checkPattern } from './patterns.js';

export {
  artefactName,
  type FormOptions,
  type FormSource,
  fileReport,
  formFromDocument,
  hasErrors,
  type SourceDiagnostic,
} from '@antrag/core/document';

/**
 * Reads, imports (for CMS documents) and compiles one file, with the server's checks of a publish (its size limits,
 * patterns that backtrack catastrophically). Never throws for problems of the input.
 */
export function loadForm(path: string, options: FormOptions = {}): FormSource {
  return formFromDocument(loadDocument(path), options, { checkPattern });
}
