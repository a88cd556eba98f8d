/** What the runner hands every widget, field and template through RJSF's `formContext`. */
import type { CompiledForm } from '../core/compile/types.js';
import type { Locale } from '../core/dsl/types.js';
import type { Translate } from './i18n.js';
import type { FormData } from './wizard.js';

export interface RunnerContext {
  form: CompiledForm;
  stepIndex: number;
  locale: Locale;
  /** The whole accumulated data with computed values. */
  data: FormData;
  t: Translate;
  /** The same data under the name `widgets/` reads (WidgetFormContext). */
  formData: FormData;
  /** Upload widgets report their files in flight, so Next and Done wait for them. */
  onUploadChange: (inFlight: number, fieldId: string) => void;
  isMobile: boolean;
  /**
   * Sets other fields' values from a widget (the passport upload fills the passport fields); a value of
   * `undefined` clears that field. Input transforms and defaults apply as if the user had typed.
   */
  patch: (values: FormData) => void;
}

export function runnerContextOf(registry: { formContext?: unknown }): RunnerContext | undefined {
  const ctx = registry.formContext as RunnerContext | undefined;
  return ctx && typeof ctx === 'object' && 'form' in ctx ? ctx : undefined;
}
