/**
 * A pasted or opened CMS definition (booking v1, booking v2, review) converted to a DSL document, as
 * `antrag import` converts it: the core importer, `$schema` first, naming the meta-schema relative to the file.
 */

import type { Diagnostic } from '@antrag/core/compile/types';
import { JsonText } from '@antrag/core/document';
import type { FormDefinition } from '@antrag/core/dsl/types';
import { type CmsKind, detectCmsKind, importCms } from '@antrag/core/import';

export interface CmsImport {
  /** What the document was read as. */
  kind?: CmsKind;
  definition?: FormDefinition;
  /** Problems of the CMS document, each with its line and column in the pasted text. */
  diagnostics: Array<Diagnostic & { line: number; column: number }>;
}

/** Converts a CMS document's text; `kind` 'auto' tells the format by the document's shape. */
export function importCmsText(text: string, kind: CmsKind | 'auto', schemaRef: string): CmsImport {
  const json = new JsonText(text);
  const syntax = json.syntaxError();
  if (syntax) {
    return {
      diagnostics: [
        {
          severity: 'error',
          code: 'json-syntax',
          message: syntax.message,
          pointer: syntax.pointer,
          line: syntax.line,
          column: syntax.column,
        },
      ],
    };
  }
  const document: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
  const detected = detectCmsKind(document);
  const chosen = kind === 'auto' ? detected : kind;
  if (!chosen) {
    return {
      diagnostics: [
        {
          severity: 'error',
          code: 'unknown-document',
          message:
            'not a CMS definition: expected booking v1 (an array of items with customerData or orderData), booking v2 ' +
            '(an object with flatData.steps) or review (an object with action and steps made of groups)',
          pointer: '',
          line: 1,
          column: 1,
        },
      ],
    };
  }
  const located = (d: Diagnostic) => {
    const at = json.locate(d.pointer);
    return { ...d, line: at.line, column: at.column };
  };
  const diagnostics: CmsImport['diagnostics'] = [];
  if (detected && detected !== chosen) {
    diagnostics.push(
      located({
        severity: 'error',
        code: 'cms-kind-mismatch',
        message: `the document looks like a ${detected} definition, not ${chosen}`,
        pointer: '',
      }),
    );
  }
  const result = importCms(chosen, document);
  diagnostics.push(...result.diagnostics.map(located));
  if (!result.definition) return { kind: chosen, diagnostics };
  const { $schema: _old, ...rest } = result.definition;
  return { kind: chosen, definition: { $schema: schemaRef, ...rest } as FormDefinition, diagnostics };
}
