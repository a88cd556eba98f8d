/**
 * The code a step draws, loaded before the step shows: the lazily loaded widgets and fields (`widgets/lazy.tsx`)
 * its fields name in the UI schema (`ui:widget`, `ui:field`, nested ones too: list items, dialogs), and its
 * validators where they load per step. A form's first screen thus loads only what its first step uses;
 * `useStepCode` preloads the next step's while the user fills in this one, so Next seldom waits.
 */

import type { CompiledForm } from '@antrag/core/compile/types';
import { stepPartNames } from '@antrag/core/wizard';
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { isLazyComponent, type LazyComponent } from '../widgets/lazy.js';
import type { StepValidation } from './validator.js';

/** The lazily loaded widgets and fields that the fields of step `step` use (none past the last step). */
function lazyPartsOf(
  form: CompiledForm,
  step: number,
  widgets: RegistryWidgetsType,
  fields: RegistryFieldsType,
): Array<LazyComponent<never>> {
  const names = stepPartNames(form, step);
  const parts: unknown[] = [...names.widgets.map((name) => widgets[name]), ...names.fields.map((name) => fields[name])];
  return [...new Set(parts.filter((part) => isLazyComponent(part)))];
}

/** Starts loading the code of `parts`; a failure shows where the part is drawn (its error boundary). */
function preloadParts(parts: ReadonlyArray<LazyComponent<never>>): Promise<unknown> {
  return Promise.allSettled(parts.map((part) => part.preload()));
}

/**
 * Loads the code of the widgets and fields step `step` draws, so that the step renders at once (no placeholder):
 * a page drawn on the server does so for its first step before it hydrates, on the server and in the browser.
 */
export function preloadStepParts(
  form: CompiledForm,
  step: number,
  widgets: RegistryWidgetsType,
  fields: RegistryFieldsType,
): Promise<unknown> {
  return preloadParts(lazyPartsOf(form, step, widgets, fields));
}

/** Runs `run` when the browser is next idle (at the latest after 2 s), or after this task where it cannot tell; cancellable. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 0);
  return () => clearTimeout(id);
}

/** The applicant has used the page (touched, clicked, typed or moved the focus into it) since it loaded. */
let used = false;
const USES = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * Runs `run` when the browser is idle after the applicant's first use of the page (at once on idle when they have
 * used it already); cancellable. A page that only loads, or is only read, evaluates no code for later steps: on a
 * phone that code (antd's upload and select on the blocked-account wizard, about 60 chunks) would compete with the
 * first step's hydration and lengthen the time until the page answers; once someone starts filling the step, it
 * loads while they do, and Next seldom waits for it.
 */
function afterFirstUse(run: () => void): () => void {
  if (used || typeof document === 'undefined') return whenIdle(run);
  let cancelIdle: (() => void) | undefined;
  const onUse = () => {
    used = true;
    stop();
    cancelIdle = whenIdle(run);
  };
  const stop = () => {
    for (const type of USES) document.removeEventListener(type, onUse, true);
  };
  for (const type of USES) document.addEventListener(type, onUse, { capture: true, passive: true });
  return () => {
    stop();
    cancelIdle?.();
  };
}

/** Whether a step may show, and what to do when its validators could not be loaded. */
export interface StepCode {
  /**
   * The step's widgets, fields and validators' module are there (or a widget's loading failed: it shows its error):
   * it can be drawn.
   */
  ready: boolean;
  /**
   * Settles once the step can be validated, what its validators load apart (the phone-number checks) there too:
   * `true`, or `false` when loading failed (`failed` then says so). A step drawn before is checked only then.
   */
  whenValidatable(): Promise<boolean>;
  /** The step's validators could not be loaded: the step cannot be checked, so it does not show. */
  failed: boolean;
  /** Loads the step's code again after a failure. */
  retry(): void;
}

/**
 * Whether the code of step `step` is there: its widgets and fields, and its validators where they load per step
 * (`StepValidation.loadStep`). When it is not, loads it and renders again once it is, or once loading failed:
 * a widget's failure shows where the widget is drawn, a failure of the validators in `failed`. A step whose
 * validators' module is there shows at once (a page drawn on the server hydrates without waiting) while what
 * they load apart (the phone-number checks) comes after it. Once a step is ready and the applicant has used the
 * page, the next step's code loads when the browser is idle, so Next seldom waits for it.
 */
export function useStepCode(
  form: CompiledForm,
  step: number,
  widgets: RegistryWidgetsType,
  fields: RegistryFieldsType,
  validation?: StepValidation,
): StepCode {
  const parts = useMemo(
    () => (step >= 0 ? lazyPartsOf(form, step, widgets, fields) : []),
    [form, step, widgets, fields],
  );
  const [attempt, setAttempt] = useState(0);
  const validatorsThere = step < 0 || !validation?.hasStep || validation.hasStep(step);
  const checkable = step < 0 || !validation?.canValidate || validation.canValidate(step);
  const drawable = validatorsThere && parts.every((part) => part.isLoaded());
  const loaded = drawable && checkable;
  const [settled, setSettled] = useState<{ parts: typeof parts; attempt: number; failed: boolean }>();
  useEffect(() => {
    if (loaded) return;
    let current = true;
    const validators = (step >= 0 && validation?.loadStep?.(step)) || Promise.resolve();
    const failed = validators.then(
      () => false,
      (error: unknown) => {
        // the network's failure, not the engine's: the step says so and offers to try again
        console.warn(`The validators of step ${step} of form '${form.id}' could not be loaded`, error);
        return true;
      },
    );
    void Promise.all([preloadParts(parts), failed]).then(([, failed]) => {
      if (current) setSettled({ parts, attempt, failed });
    });
    return () => {
      current = false;
    };
  }, [parts, loaded, validation, form, step, attempt]);
  const settledNow = settled?.parts === parts && settled.attempt === attempt ? settled : undefined;
  // a drawn step whose apart-loaded checks failed to come (their load runs in the background) stays as it is, with
  // whatever the applicant is typing: only a Next that needed them says so (`whenValidatable`)
  const [checksFailed, setChecksFailed] = useState<{ step: number; attempt: number }>();
  const nextFailed = checksFailed?.step === step && checksFailed.attempt === attempt;
  // (what failed may have come meanwhile, loaded for another reason: a draft moved onto this version loads every step)
  const failed = !loaded && settledNow?.failed === true && (!drawable || nextFailed);
  const ready = !failed && (drawable || settledNow !== undefined);
  useEffect(() => {
    if (!ready || step < 0 || step + 1 >= form.stepSchemas.length) return;
    // once the applicant uses the page and the browser is idle: on a phone the next step's code must not compete
    // with this step's hydration for the network and the main thread
    return afterFirstUse(() => {
      void preloadParts(lazyPartsOf(form, step + 1, widgets, fields));
      validation?.loadStep?.(step + 1).catch(() => {}); // a failure shows when that step is opened
    });
  }, [ready, form, step, widgets, fields, validation]);
  const whenValidatable = useCallback(
    (): Promise<boolean> =>
      step < 0 || !validation?.loadStep
        ? Promise.resolve(true)
        : validation.loadStep(step).then(
            () => true,
            () => {
              setChecksFailed({ step, attempt });
              return false;
            },
          ),
    [validation, step, attempt],
  );
  return { ready, whenValidatable, failed, retry: () => setAttempt((a) => a + 1) };
}
