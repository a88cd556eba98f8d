import type { Diagnostic } from '../compile/types.js';
import type { FormDefinition } from '../dsl/types.js';

export interface ImportOptions {
  /** The form id to use instead of one derived from the document (slugified to `^[a-z0-9][a-z0-9-]*$`). */
  id?: string;
}

export interface ImportResult {
  /** Absent when the document does not match its CMS schema. */
  definition?: FormDefinition;
  diagnostics: Diagnostic[];
}
