/**
 * Antrag's validation keywords as ajv `code` definitions: written once, used by the browser, the
 * server and the CLI, and emitted as plain calls into `runtime.ts` in standalone (precompiled) code.
 *
 * Each keyword reports an error whose message is a catalogue key; a rule's own message (ajv-errors
 * `errorMessage`) replaces it.
 */
import { _, type CodeKeywordDefinition, type KeywordCxt, type Name, stringify } from 'ajv';
import { _Code } from 'ajv/dist/compile/codegen/code.js';
import runtime, { type ValidationRuntime } from './runtime.js';

/** The module id generated code imports the runtime from; `precompile` rewrites it to a real path. */
export const RUNTIME_MODULE_ID = '@antrag/validation-runtime';

function runtimeFunction(cxt: KeywordCxt, name: Exclude<keyof ValidationRuntime, 'formats'>): Name {
  return cxt.gen.scopeValue('func', {
    ref: runtime[name],
    code: new _Code(`require(${JSON.stringify(RUNTIME_MODULE_ID)}).${name}`),
  });
}

/** A keyword whose value names a sibling field (`"sameAs": "email"`). */
function siblingKeyword(
  keyword: string,
  fn: 'sameAsSibling' | 'postalCodeForSibling' | 'phoneForSibling',
  message: string,
): CodeKeywordDefinition {
  return {
    keyword,
    schemaType: 'string',
    code(cxt) {
      const f = runtimeFunction(cxt, fn);
      cxt.fail(_`!${f}(${cxt.data}, ${cxt.it.parentData}, ${cxt.schema as string})`);
    },
    error: { message, params: ({ schema }) => _`{field: ${schema as string}}` },
  };
}

export const keywords: CodeKeywordDefinition[] = [
  siblingKeyword('sameAs', 'sameAsSibling', 'validation.sameAs'),
  siblingKeyword('postalCodeFor', 'postalCodeForSibling', 'validation.zipInvalid'),
  siblingKeyword('phoneFor', 'phoneForSibling', 'validation.phoneInvalid'),
  {
    // the value may only be given once another field is filled ('Please select a country first!'); an empty file
    // list gives nothing, so it needs nothing (it is only required, if at all)
    keyword: 'requiresField',
    schemaType: 'string',
    code(cxt) {
      const f = runtimeFunction(cxt, 'siblingFilled');
      const { data } = cxt;
      cxt.fail(
        _`!(Array.isArray(${data}) && ${data}.length === 0) && !${f}(${cxt.it.parentData}, ${cxt.schema as string})`,
      );
    },
    error: { message: 'validation.selectFirst', params: ({ schema }) => _`{field: ${schema as string}}` },
  },
  {
    // a phone structure valid for its own country
    keyword: 'phone',
    schemaType: 'boolean',
    code(cxt) {
      if (cxt.schema !== true) return;
      const f = runtimeFunction(cxt, 'isValidPhone');
      cxt.fail(_`!${f}(${cxt.data})`);
    },
    error: { message: 'validation.phoneInvalid' },
  },
  {
    // { relation: after | before | notBefore | notAfter, ref: 'today' | { today: period } | { field } | { date } }
    keyword: 'dateRule',
    schemaType: 'object',
    metaSchema: {
      type: 'object',
      required: ['relation', 'ref'],
      properties: { relation: { enum: ['after', 'before', 'notBefore', 'notAfter'] }, ref: {} },
      additionalProperties: false,
    },
    code(cxt) {
      const f = runtimeFunction(cxt, 'checkDate');
      cxt.fail(_`!${f}(${cxt.data}, ${stringify(cxt.schema)}, ${cxt.it.parentData})`);
    },
    error: {
      message: 'validation.dateOutOfRange',
      params: ({ schema }) => _`{relation: ${(schema as { relation: string }).relation}}`,
    },
  },
];

export const KEYWORD_NAMES = keywords.map((k) => k.keyword as string);
