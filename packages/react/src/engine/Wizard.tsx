/** The wizard around the step forms: indicator, headline, buttons, drafts, submissions, result. */

import type { CompiledForm } from '@antrag/core/compile/types';
import type { Locale, SubmitSettings } from '@antrag/core/dsl/types';
import {
  applyAllTransforms,
  checkCompiledForm,
  type Draft,
  doneAllowed,
  draftOf,
  type FormData,
  initialState,
  isLastStep,
  isOtherVersion,
  withComputed,
  wizardReducer,
} from '@antrag/core/wizard';
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { type FormEvent, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useHydrated } from '../hooks/useHydrated.js';
import { useMediaQuery } from '../hooks/useMediaQuery.js';
import { type ApiEnv, ApiStatusError, type SubmitOutcome, submit, useSubmitMutation } from './api.js';
import { Alert } from './chrome/Alert.js';
import { Button } from './chrome/Button.js';
import type { FinishOptions, RunnerContext, StepHold } from './context.js';
import { flushDeferredChanges } from './deferredChange.js';
import { clearSavedValues, loadDraft, saveDraft } from './draft.js';
import { isRetiredAnswer } from './formVersions.js';
import { Heading, Paragraph } from './Heading.js';
import { Indicator, indicatorKind } from './Indicator.js';
import { useT } from './i18n.js';
import { Loading } from './Loading.js';
import { LazyDotsIndicator, LazyDraftDialog, LazyResultScreen } from './lazyParts.js';
import { nameListboxes } from './listboxNames.js';
import { StepForm } from './StepForm.js';
import { useStepCode } from './stepCode.js';
import { VersionNotice } from './VersionNotice.js';
import type { StepValidation } from './validator.js';
import type { SwitchReason } from './versionSwitch.js';
import { WizardButtons } from './WizardButtons.js';
import './layout.css';

export interface WizardProps {
  form: CompiledForm;
  validation: StepValidation;
  locale: Locale;
  widgets: RegistryWidgetsType;
  fields: RegistryFieldsType;
  onSubmitted?: (outcome: SubmitOutcome) => void;
  env?: ApiEnv;
  /**
   * Where the last step sends the answers of a form that names no submission of its own (a form staff published
   * without `submit`): without it such a form sends nothing.
   */
  finalSubmission?: SubmitSettings;
  /** The draft to start from, without offering it (the runner moved it onto this version). */
  restore?: Draft;
  /** A text key shown above the form until dismissed (the form changed since the draft was saved). */
  notice?: string;
  /**
   * The applicant resumes a draft filled in on another version, or the server no longer takes this version: the
   * runner loads the version to go on with. Without it, such a draft is restored here as any other.
   */
  onOtherVersion?: (draft: Draft, reason: SwitchReason) => void;
}

function changedKeys(before: FormData, after: FormData): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
}

/**
 * Scrolls the page so that the form's top shows, below a sticky header (the element's `scroll-margin-top`);
 * a form near the page's top takes the page to its top.
 */
function scrollToFormTop(element: HTMLElement | null): void {
  if (!element || typeof window === 'undefined') return;
  const margin = Number.parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  const target = element.getBoundingClientRect().top + window.scrollY - margin;
  window.scrollTo?.({ top: target < window.innerHeight / 2 ? 0 : target });
}

/** What was entered on a step is kept in the draft this long after the last change. */
const KEEP_ENTERED_MS = 300;

export function Wizard(props: WizardProps) {
  const { form, validation, locale, widgets, fields, onSubmitted, env, restore, notice, onOtherVersion } = props;
  const { finalSubmission } = props;
  checkCompiledForm(form);
  const t = useT();
  const reducer = useMemo(() => wizardReducer(form), [form]);
  // a page drawn on the server reads this browser's draft once React has taken over its HTML (the effect below):
  // read in the hydrating render, it would make that render differ from the server's
  const hydrated = useHydrated();
  const [readsStorageAtOnce] = useState(hydrated);
  // a draft of another version restored without asking goes to the runner (`useVersionSwitch`), not here
  const restorable = (stored: Draft | undefined): stored is Draft =>
    !!stored && (!!restore || !onOtherVersion || !isOtherVersion(stored, form.version));
  const [state, dispatch] = useReducer(reducer, form, (f) => {
    const stored = restore ?? (readsStorageAtOnce && f.draft?.resumePrompt === false ? loadDraft(f) : undefined);
    const start = initialState(f);
    return restorable(stored) ? reducer(start, { type: 'restore', draft: stored }) : start;
  });
  const [pendingDraft, setPendingDraft] = useState(() =>
    restore || form.draft?.resumePrompt === false || !readsStorageAtOnce ? undefined : loadDraft(form),
  );
  const mutation = useSubmitMutation(env);
  const isMobile = useMediaQuery(`(max-width: ${(form.wizard.mobileBreakpoint ?? 1024) - 1}px)`);
  const uploads = useRef(new Map<string, number>());
  // the dialog's code loads only when a stored draft is offered; once shown, it stays mounted to close as a dialog does
  const [draftOffered, setDraftOffered] = useState(() => pendingDraft !== undefined);
  // whether this browser's storage has been read for a draft (a drawn page reads it just after hydrating)
  const [draftChecked, setDraftChecked] = useState(() => readsStorageAtOnce || !!restore);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the hydrating render, with what it started from
  useEffect(() => {
    if (readsStorageAtOnce || restore) return;
    // in a task of its own: a phone's first read of the storage opens it (tens of ms), which would lengthen the
    // hydration's task
    const timer = setTimeout(() => {
      const stored = loadDraft(form);
      setDraftChecked(true);
      if (!stored) return;
      if (form.draft?.resumePrompt === false) {
        if (restorable(stored)) dispatch({ type: 'restore', draft: stored });
      } else {
        setPendingDraft(stored);
        setDraftOffered(true);
      }
    }, 0);
    return () => clearTimeout(timer);
  }, []);

  // the lists select boxes open get the name of their field (antd leaves them unnamed)
  useEffect(() => nameListboxes(), []);

  // every step change starts at the top of the page, with the focus on the new step's headline: left on the button
  // that went (gone with the old step), it fell to the page's body, and a screen reader said nothing of the new step
  const stepShown = state.step;
  const headlineRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(stepShown);
  useEffect(() => {
    if (typeof window !== 'undefined' && stepShown >= 0) window.scrollTo?.({ top: 0 });
    if (stepShown === firstStep.current) return;
    firstStep.current = Number.NaN;
    headlineRef.current?.focus({ preventScroll: true });
  }, [stepShown]);
  // once the offer is answered, either way, the focus goes to the step's headline, as after any step change: the
  // dialog had nothing to give it back to (the page had just loaded), and it fell to the page's body
  const offerOpen = pendingDraft !== undefined;
  const offerWasOpen = useRef(offerOpen);
  useEffect(() => {
    if (offerWasOpen.current && !offerOpen) headlineRef.current?.focus({ preventScroll: true });
    offerWasOpen.current = offerOpen;
  }, [offerOpen]);
  // after the call, the result (or the failure) shows from the top of the form: on a content page the form
  // sits below a hero, so the page's top would hide it
  const top = useRef<HTMLDivElement>(null);
  const answered =
    state.status === 'done' || (state.status === 'failed' && !!form.results.failure && isLastStep(form, state));
  useEffect(() => {
    if (answered) scrollToFormTop(top.current);
  }, [answered]);

  // the step shows once the code of its widgets and fields and its validators are there; the next step's load then
  const stepCode = useStepCode(form, stepShown, widgets, fields, validation);
  // a step drawn before what its validators load apart (the phone-number checks, after the first screen): Next
  // waits for it, then submits again; a failure to load it shows as the step's (`stepCode.failed`)
  const [awaitingChecks, setAwaitingChecks] = useState(false);
  const onStepSubmit = (event: FormEvent<HTMLFieldSetElement>) => {
    if (!validation.canValidate || validation.canValidate(stepShown)) return;
    event.preventDefault();
    event.stopPropagation(); // before RJSF's own handler, which would validate
    const stepForm = event.target as HTMLFormElement;
    if (awaitingChecks) return;
    setAwaitingChecks(true);
    void stepCode.whenValidatable().then((ok) => {
      setAwaitingChecks(false);
      if (ok && stepForm.isConnected) stepForm.requestSubmit();
    });
  };

  // a form that shows dots on a later step: their code (antd's Tooltip) loads after the first screen
  const usesDots = form.wizard.indicator === 'dots' || form.wizard.mobileIndicator === 'dots';
  useEffect(() => {
    if (usesDots) LazyDotsIndicator.preload().catch(() => {});
  }, [usesDots]);

  // the result screen's code loads while the last step is filled in
  const onLastStep = stepShown >= 0 && isLastStep(form, state);
  useEffect(() => {
    if (onLastStep) LazyResultScreen.preload().catch(() => {});
  }, [onLastStep]);

  const onUploadChange = useCallback((inFlight: number, fieldId: string) => {
    uploads.current.set(fieldId, inFlight);
    dispatch({ type: 'uploadsInFlight', count: [...uploads.current.values()].reduce((a, b) => a + b, 0) });
  }, []);

  // What the applicant enters on a step is kept as it is entered, not only at Next (spec: progress is saved
  // locally): a reload, or a phone dropping the tab in the background, loses nothing. Only once the applicant has
  // typed or chosen something here (a default filled in is not a draft worth offering), never while a stored draft
  // is still offered (it would be overwritten), and not while or after the form is sent.
  const enteredHere = useRef(false);
  const latest = useRef({ step: state.step, data: state.data, status: state.status, offering: false });
  latest.current = { step: state.step, data: state.data, status: state.status, offering: pendingDraft !== undefined };
  const keepEntered = useCallback(() => {
    const { step, data, status, offering } = latest.current;
    if (!enteredHere.current || offering || (status !== 'idle' && status !== 'failed')) return;
    saveDraft(form, draftOf({ step, data }, form.version));
  }, [form]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again whenever the answers change
  useEffect(() => {
    if (!enteredHere.current) return;
    const timer = setTimeout(keepEntered, KEEP_ENTERED_MS);
    return () => clearTimeout(timer);
  }, [state.data, keepEntered]);
  useEffect(() => {
    // what is still being typed reaches the form first
    const hide = () => {
      flushDeferredChanges();
      keepEntered();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') hide();
    };
    window.addEventListener('pagehide', hide);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', hide);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [keepEntered]);
  const entered = useCallback(() => {
    enteredHere.current = true;
  }, []);

  const data = useMemo(() => withComputed(form, state.data), [form, state.data]);
  const patch = useCallback((values: FormData) => dispatch({ type: 'patch', values }), []);

  // a widget ending the flow (the KYC face 'accept'): back now, the success result after the delay; the
  // timer dies with the runner
  const finishTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(finishTimer.current), []);
  const finish = useCallback(
    ({ back = 0, afterMs = 0 }: FinishOptions = {}) => {
      clearTimeout(finishTimer.current);
      dispatch({ type: 'finishing', back });
      const complete = () => {
        finishTimer.current = undefined;
        if (form.draft?.clearOnSuccess !== false) clearSavedValues(form);
        dispatch({ type: 'complete' });
      };
      if (afterMs > 0) finishTimer.current = setTimeout(complete, afterMs);
      else complete();
    },
    [form],
  );

  // the latest data for calls a widget makes later than the render it was given `call` in
  const latestData = useRef(data);
  latestData.current = data;
  const call = useCallback(
    (settings: SubmitSettings) => {
      const query = typeof window === 'undefined' ? undefined : new URLSearchParams(window.location.search);
      return submit(settings, latestData.current, { locale, query }, form, env);
    },
    [form, locale, env],
  );

  // what fields say their step lacks (the OTP field while no code is sent), by field id
  const [holds, setHolds] = useState<Record<string, StepHold>>({});
  const holdStep = useCallback((fieldId: string, hold: StepHold | undefined) => {
    setHolds((current) => {
      const was = current[fieldId];
      if (hold ? was?.next === hold.next && was?.subText === hold.subText : !was) return current;
      const next = { ...current };
      if (hold) next[fieldId] = hold;
      else delete next[fieldId];
      return next;
    });
  }, []);
  const stepHeld = Object.values(holds);

  const context = useMemo<RunnerContext>(
    () => ({
      form,
      stepIndex: state.step,
      locale,
      data,
      formData: data,
      t,
      onUploadChange,
      isMobile,
      patch,
      finish,
      call,
      holdStep,
    }),
    [form, state.step, locale, data, t, onUploadChange, isMobile, patch, finish, call, holdStep],
  );

  const onNext = async (stepData: FormData) => {
    const committed = applyAllTransforms(form, { ...state.data, ...stepData });
    const step = form.steps[state.step];
    const last = isLastStep(form, state);
    const settings = step.submit ?? (last ? (form.submit ?? finalSubmission) : undefined);
    if (!settings) {
      dispatch({ type: 'next', valid: true, errors: [], data: committed });
      if (last) {
        if (form.draft?.clearOnSuccess !== false) clearSavedValues(form);
        dispatch({ type: 'submitted' });
      } else saveDraft(form, draftOf({ step: state.step + 1, data: committed }, form.version));
      return;
    }
    dispatch({ type: 'submitting', data: committed });
    try {
      const query = typeof window === 'undefined' ? undefined : new URLSearchParams(window.location.search);
      const outcome = await mutation.mutateAsync({
        settings,
        data: withComputed(form, committed),
        ctx: { locale, query },
        form,
      });
      if (!outcome.ok && onOtherVersion && isRetiredAnswer(outcome.status, outcome.body)) {
        // the version this applicant fills in is retired: their answers are kept before the runner moves them
        const draft = draftOf({ step: state.step, data: committed }, form.version);
        saveDraft(form, draft);
        onOtherVersion(draft, 'retired');
        return;
      }
      if (!outcome.ok) {
        // a form with its own failure result (the review form's errorMsg) says nothing more than it, unless the
        // server's answer or the settings name a message
        const fallback = (step.failureMessage ??
          settings.errorMessage ??
          (last && form.results.failure ? undefined : 'errors.submitApplication')) as string | undefined;
        dispatch({
          type: 'failed',
          message:
            outcome.message?.key || outcome.message?.text ? outcome.message : fallback ? { key: fallback } : undefined,
        });
        return;
      }
      if (last) {
        if (form.draft?.clearOnSuccess !== false) clearSavedValues(form);
      } else saveDraft(form, draftOf({ step: state.step + 1, data: committed }, form.version));
      dispatch({ type: 'submitted', id: outcome.id, body: outcome.body });
      if (last) onSubmitted?.(outcome);
    } catch (error) {
      dispatch({
        type: 'failed',
        message: error instanceof ApiStatusError ? { text: t(error.key, error.params) } : { key: 'errors.network' },
      });
    }
  };

  if (state.status === 'done')
    return (
      <div ref={top} className="antrag-result">
        <LazyResultScreen settings={form.results.success} id={state.result?.id} isMobile={isMobile} t={t} />
      </div>
    );
  // a failed final submission shows the form's failure result where it has one (the review form's warning)
  if (state.status === 'failed' && form.results.failure && isLastStep(form, state)) {
    const failureText =
      state.serverMessage?.text ?? (state.serverMessage?.key ? t(state.serverMessage.key) : undefined);
    return (
      <div ref={top} className="antrag-result">
        <LazyResultScreen
          settings={form.results.failure}
          message={failureText && failureText !== t(form.results.failure.title as string) ? failureText : undefined}
          onRetry={() => dispatch({ type: 'dismissFailure' })}
          t={t}
        />
      </div>
    );
  }

  const step = form.steps[state.step];
  const total = form.steps.length;
  const headline = t(step.headline ?? step.title);
  const count =
    isMobile && form.wizard.mobileStepCount && total > 1
      ? ` ${t('wizard.stepCount', { step: state.step + 1, total })}`
      : '';
  // the step's failure message after an invalid Next, else the server's answer to the step's submission
  const message = state.stepMessage
    ? t(state.stepMessage)
    : (state.serverMessage?.text ?? (state.serverMessage?.key ? t(state.serverMessage.key) : undefined));

  const takesInput = hydrated && draftChecked && pendingDraft === undefined;

  return (
    <div ref={top} className="antrag-wizard" data-step={state.step} onInputCapture={entered} onChangeCapture={entered}>
      {draftOffered ? (
        <LazyDraftDialog
          open={pendingDraft !== undefined}
          t={t}
          onResume={() => {
            if (pendingDraft && onOtherVersion && isOtherVersion(pendingDraft, form.version))
              onOtherVersion(pendingDraft, 'draft');
            else if (pendingDraft) dispatch({ type: 'restore', draft: pendingDraft });
            setPendingDraft(undefined);
          }}
          onDiscard={() => {
            // spec: declining clears all saved values, not only the draft
            clearSavedValues(form);
            setPendingDraft(undefined);
          }}
        />
      ) : null}
      {notice ? <VersionNotice text={t(notice)} closeLabel={t('wizard.closeNotice')} /> : null}
      <Indicator form={form} step={state.step} kind={indicatorKind(form, state.step, isMobile)} t={t} />
      <header className="antrag-step-header">
        <Heading level={2} focusRef={headlineRef}>
          {headline}
          {count}
        </Heading>
        {step.subText && !stepHeld.some((h) => h.subText) ? <Paragraph>{t(step.subText)}</Paragraph> : null}
      </header>
      {stepCode.failed ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('wizard.stepFailed')}
          action={
            <Button onClick={stepCode.retry} autoFocus>
              {t('wizard.retry')}
            </Button>
          }
        />
      ) : !stepCode.ready ? (
        <Loading label={t('wizard.loading')} />
      ) : (
        // a page drawn on the server shows its step at once, but takes input only once React listens: what is
        // tapped or typed before would be lost (a select that does not open, a Next that does nothing); nor while
        // a stored draft is still to be offered or answered: the offer, coming up as its code arrives, took the
        // focus from a box being typed in, and the next space resumed the draft over what was typed
        <fieldset
          className="antrag-step-fieldset"
          disabled={!takesInput}
          aria-busy={takesInput ? undefined : true}
          onSubmitCapture={onStepSubmit}
        >
          <StepForm
            validation={validation}
            key={state.step}
            form={form}
            context={context}
            data={state.data}
            widgets={widgets}
            fields={fields}
            onChange={(next) => dispatch({ type: 'change', data: next, changed: changedKeys(state.data, next) })}
            onNext={(d) => void onNext(d)}
            onInvalid={() =>
              dispatch({ type: 'next', valid: false, errors: [], data: {}, message: step.failureMessage })
            }
          >
            {message ? (
              <Alert type="error" showIcon title={message} role="alert" className="antrag-step-failure" />
            ) : null}
            <WizardButtons
              step={step}
              isFirst={state.step === 0}
              isLast={isLastStep(form, state)}
              busy={state.status === 'submitting' || awaitingChecks}
              blocked={state.uploadsInFlight > 0 || stepHeld.some((h) => h.next)}
              doneAllowed={doneAllowed(form, state.data)}
              onBack={() => dispatch({ type: 'back' })}
              t={t}
            />
          </StepForm>
        </fieldset>
      )}
    </div>
  );
}
