/** The modules the benchmark's build plugin generates (see ../latency.ts): the compiled forms of each case. */

declare module 'virtual:bench-antrag' {
  import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
  import type { PrecompiledModule } from '../../../packages/react/src/engine/validator.js';
  /** Per case: the compiled form and a loader of its precompiled validators (as `antrag compile` writes them). */
  export const cases: Record<string, { form: CompiledForm; validators: () => Promise<PrecompiledModule> }>;
}

declare module 'virtual:bench-plain' {
  import type { RJSFSchema, UiSchema } from '@rjsf/utils';
  /** Per case: the JSON Schema and UI schema the engine hands RJSF, with texts and widget names resolved. */
  export const cases: Record<string, { schema: RJSFSchema; uiSchema: UiSchema }>;
}

declare module 'virtual:bench-bare' {
  /** Per case: the names of the fields it types into. */
  export const fields: Record<string, string[]>;
}

declare module 'virtual:bench-surveyjs' {
  /** Per case: the survey JSON mapped from the form's definition (./peers.ts). */
  export const cases: Record<string, { json: Record<string, unknown> }>;
}

declare module 'virtual:bench-jsonforms' {
  import type { JsonSchema, UISchemaElement } from '@jsonforms/core';
  /** Per case: the JSON Schema and UI schema mapped from the form's definition (./peers.ts). */
  export const cases: Record<string, { schema: JsonSchema; uischema: UISchemaElement }>;
}
