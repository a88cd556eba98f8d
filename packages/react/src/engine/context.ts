/** What the runner hands every widget, field and template through RJSF's `formContext`. */

import type { CompiledForm } from '@antrag/core/compile/types';
import type { Locale, SubmitSettings } from '@antrag/core/dsl/types';
import type { FormData } from '@antrag/core/wizard';
import { createContext } from 'react';
import type { SubmitOutcome } from './api.js';
import type { Translate } from './i18n.js';

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
  /**
   * Ends the flow from a widget (the face verification's 'accept' in the KYC flow): goes back `back` steps at
   * once and, `afterMs` later, shows the success result as a successful last step would (the draft cleared).
   * A later call replaces an earlier one; leaving the runner cancels it.
   */
  finish: (how?: FinishOptions) => void;
  /**
   * Makes a call a field's settings describe (the OTP field's "send the code") as the runner makes a step's
   * submission: payload, bearer token, success rule and stored answer values. Resolves with the outcome; a
   * failed answer resolves with `ok: false` and its message, a network failure rejects.
   */
  call: (settings: SubmitSettings) => Promise<SubmitOutcome>;
  /**
   * A field says what its step lacks (the OTP field while no code is sent): `next` holds the step's Next,
   * `subText` hides the step's sub-text, which speaks of what failed ("We have sent a code"). `undefined` lifts
   * the field's hold; a field lifts it when it goes.
   */
  holdStep: (fieldId: string, hold: StepHold | undefined) => void;
}

export interface StepHold {
  next: boolean;
  subText: boolean;
}

export interface FinishOptions {
  /** Steps to go back at once (default 0). */
  back?: number;
  /** Milliseconds until the success result shows (default 0). */
  afterMs?: number;
}

/**
 * The step's modal sections: which one is open (its index in the step plan), the message its last failed
 * Next gave, and its Next, which closes it once its fields pass (keeping its values under the section's
 * `storage` key where it has one). A React context of its own (provided by
 * StepForm), because RJSF does not hand a changed `formContext` to templates at once.
 */
export interface ModalSections {
  open?: number;
  failure?: string;
  confirm: (section: number) => void;
}
export const ModalSectionsContext = createContext<ModalSections | undefined>(undefined);

export function runnerContextOf(registry: { formContext?: unknown }): RunnerContext | undefined {
  const ctx = registry.formContext as RunnerContext | undefined;
  return ctx && typeof ctx === 'object' && 'form' in ctx ? ctx : undefined;
}
