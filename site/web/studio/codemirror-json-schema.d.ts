/**
 * codemirror-json-schema re-exports `stateExtensions` with `export *` from an extensionless path, which
 * TypeScript's NodeNext resolution does not follow; this names it (the bundler resolves the module itself).
 */
import type { Extension } from '@codemirror/state';
import type { JSONSchema7 } from 'json-schema';

declare module 'codemirror-json-schema' {
  /** Puts the JSON Schema the completion and hover documentation read into the editor's state. */
  export function stateExtensions(schema?: JSONSchema7): Extension[];
}
