/** The modules bundle.ts's build plugin generates: the five-field form, as each page's engine takes it. */

declare module 'virtual:bundle-bare' {
  /** The fields, for a form of plain inputs. */
  export const fields: Array<{
    name: string;
    label: string;
    type: 'text' | 'email' | 'number' | 'select' | 'checkbox';
    required: boolean;
    options?: Array<{ value: string; label: string }>;
  }>;
}

declare module 'virtual:bundle-antrag' {
  import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
  import type { PrecompiledModule } from '../../../packages/react/src/engine/validator.js';
  /** The compiled form and a loader of its first step's precompiled validators (as the server serves them). */
  export const form: CompiledForm;
  export const validators: () => Promise<PrecompiledModule>;
}

declare module 'virtual:bundle-rjsf' {
  import type { RJSFSchema } from '@rjsf/utils';
  /** The form's standard JSON Schema (with titles). */
  export const schema: RJSFSchema;
}

declare module 'virtual:bundle-surveyjs' {
  /** The survey JSON mapped from the form's definition (../latency/peers.ts). */
  export const json: Record<string, unknown>;
}

declare module 'virtual:bundle-jsonforms' {
  import type { JsonSchema, UISchemaElement } from '@jsonforms/core';
  /** The JSON Schema and UI schema mapped from the form's definition (../latency/peers.ts). */
  export const schema: JsonSchema;
  export const uischema: UISchemaElement;
}
