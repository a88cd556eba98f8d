/**
 * The wizard as a pure state machine: no React, no DOM. The runner dispatches actions and renders
 * the state; everything here is testable in Node.
 */
import { evaluateCondition } from '../compile/conditions.js';
import type { CompiledForm, JsonSchema, StepPlan } from '../compile/types.js';
import { evaluateExpression, withComputedValues } from '../expr/index.js';
import { applyTransforms } from '../transforms/index.js';
import type { FieldError } from '../validate/validator.js';

/**
 * `finishing`: a widget ended the flow (the face accepted in the KYC flow) and the success result follows after
 * its delay; the buttons stay as they are (whatever they do then, the result still follows).
 */
export type SubmitStatus = 'idle' | 'submitting' | 'uploading' | 'finishing' | 'done' | 'failed';
export type FormData = Record<string, unknown>;

export interface WizardState {
  step: number;
  data: FormData;
  status: SubmitStatus;
  uploadsInFlight: number;
  errors: FieldError[];
  /** A text key or the server's own words, shown above the buttons. */
  serverMessage?: { key?: string; text?: string };
  /**
   * The step's failure message (a text key) after Next found the step invalid, shown above the buttons until the
   * user changes the data or the step changes.
   */
  stepMessage?: string;
  /** The answer of the final submission (for the result screen's id). */
  result?: { ok: boolean; id?: string; body?: unknown };
  /** Fields the user has changed: `defaultFrom` no longer overwrites them. */
  touched: string[];
}

/**
 * What browser storage keeps of a form being filled in. `version` is the version of the form the answers were given
 * on (the compiled form's `version`), so that a later visit continues on that version or keeps only what still fits
 * the current one; `savedAt` is when it was saved (ISO time). Drafts saved before versions had neither: they count as
 * drafts of the version being served.
 */
export interface Draft {
  currentStep: number;
  data: FormData;
  version?: number;
  savedAt?: string;
}

export type WizardAction =
  | { type: 'change'; data: FormData; changed?: string[] }
  /** A widget sets other fields (the passport upload fills the passport fields); `undefined` clears one. */
  | { type: 'patch'; values: FormData }
  /**
   * Next pressed: the validation result of the current step decides; on the last step nothing advances. An
   * invalid step shows `message` (the step's failure message, a text key) where it has one.
   */
  | { type: 'next'; valid: boolean; errors: FieldError[]; data: FormData; message?: string }
  /** Back one step, or `steps` steps; never before the first. */
  | { type: 'back'; steps?: number }
  /** A widget ends the flow: back `back` steps now, the success result when `complete` follows. */
  | { type: 'finishing'; back?: number }
  /** The flow ends with the success result, as after a successful last step. */
  | { type: 'complete' }
  /** A submission starts with the step's committed data. */
  | { type: 'submitting'; data?: FormData }
  /** A server accepted the step's submission: the last step shows the result, others advance. */
  | { type: 'submitted'; id?: string; body?: unknown }
  | { type: 'failed'; message?: { key?: string; text?: string } }
  /** Back from a failure result to the filled-in form. */
  | { type: 'dismissFailure' }
  | { type: 'uploadStart' }
  | { type: 'uploadFinish' }
  /** Upload widgets report how many files are still on their way, in total. */
  | { type: 'uploadsInFlight'; count: number }
  | { type: 'restore'; draft: Draft };

export function initialState(form: CompiledForm, data: FormData = {}): WizardState {
  return {
    step: 0,
    data: applyDefaults(form, data, []),
    status: 'idle',
    uploadsInFlight: 0,
    errors: [],
    touched: [],
  };
}

function clampStep(form: CompiledForm, step: number): number {
  return Math.max(0, Math.min(form.steps.length - 1, Math.trunc(step) || 0));
}

export function wizardReducer(form: CompiledForm) {
  return (state: WizardState, action: WizardAction): WizardState => {
    switch (action.type) {
      case 'change': {
        const touched = [...new Set([...state.touched, ...(action.changed ?? [])])];
        // a change event that changes nothing (a blur) keeps the step's failure message
        const changed = action.changed === undefined || action.changed.length > 0;
        return {
          ...state,
          data: applyDefaults(form, applyInputTransforms(form, action.data), touched),
          touched,
          stepMessage: changed ? undefined : state.stepMessage,
        };
      }
      case 'patch': {
        const touched = [...new Set([...state.touched, ...Object.keys(action.values)])];
        const merged: FormData = { ...state.data, ...action.values };
        for (const [k, v] of Object.entries(action.values)) if (v === undefined) delete merged[k];
        const changed = Object.entries(action.values).some(([k, v]) => !sameValue(state.data[k], v));
        return {
          ...state,
          data: applyDefaults(form, applyInputTransforms(form, merged), touched),
          touched,
          stepMessage: changed ? undefined : state.stepMessage,
        };
      }
      case 'next': {
        if (!action.valid) {
          // the step's message replaces an earlier server message; without one, whatever shows stays
          const message = action.message ? { stepMessage: action.message, serverMessage: undefined } : {};
          return { ...state, errors: action.errors, status: 'idle', ...message };
        }
        const data = { ...state.data, ...action.data };
        const isLast = state.step >= form.steps.length - 1;
        return {
          ...state,
          data,
          errors: [],
          serverMessage: undefined,
          stepMessage: undefined,
          status: 'idle',
          step: isLast ? state.step : state.step + 1,
        };
      }
      case 'back': {
        const steps = Math.max(1, Math.trunc(action.steps ?? 1) || 1);
        return {
          ...state,
          step: Math.max(0, state.step - steps),
          errors: [],
          serverMessage: undefined,
          stepMessage: undefined,
          status: 'idle',
        };
      }
      case 'finishing': {
        if (state.status === 'done') return state;
        const back = Math.max(0, Math.trunc(action.back ?? 0) || 0);
        return {
          ...state,
          step: Math.max(0, state.step - back),
          errors: [],
          serverMessage: undefined,
          stepMessage: undefined,
          status: 'finishing',
        };
      }
      case 'complete':
        return state.status === 'done'
          ? state
          : { ...state, status: 'done', errors: [], stepMessage: undefined, result: { ok: true } };
      case 'submitting':
        return {
          ...state,
          status: 'submitting',
          serverMessage: undefined,
          stepMessage: undefined,
          errors: [],
          data: action.data ?? state.data,
        };
      case 'submitted': {
        const isLast = state.step >= form.steps.length - 1;
        if (isLast)
          return {
            ...state,
            status: 'done',
            stepMessage: undefined,
            result: { ok: true, id: action.id, body: action.body },
          };
        return {
          ...state,
          status: 'idle',
          step: state.step + 1,
          errors: [],
          serverMessage: undefined,
          stepMessage: undefined,
        };
      }
      case 'failed':
        return { ...state, status: 'failed', serverMessage: action.message };
      case 'dismissFailure':
        return state.status === 'failed' ? { ...state, status: 'idle' } : state;
      case 'uploadStart':
        return { ...state, uploadsInFlight: state.uploadsInFlight + 1, status: 'uploading' };
      case 'uploadFinish': {
        const uploadsInFlight = Math.max(0, state.uploadsInFlight - 1);
        const status = state.status === 'finishing' ? state.status : uploadsInFlight === 0 ? 'idle' : 'uploading';
        return { ...state, uploadsInFlight, status };
      }
      case 'uploadsInFlight': {
        const uploadsInFlight = Math.max(0, action.count);
        const status = uploadsInFlight > 0 ? 'uploading' : state.status === 'uploading' ? 'idle' : state.status;
        return { ...state, uploadsInFlight, status };
      }
      case 'restore':
        return {
          ...state,
          step: clampStep(form, action.draft.currentStep),
          data: applyDefaults(form, action.draft.data ?? {}, Object.keys(action.draft.data ?? {})),
          touched: Object.keys(action.draft.data ?? {}),
          errors: [],
          stepMessage: undefined,
        };
    }
  };
}

/** Equal as JSON data (a patch that sets what is already there changes nothing). */
function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** The data with computed values, as conditions and expressions read it. */
export function withComputed(form: CompiledForm, data: FormData): FormData {
  return withComputedValues(data, form.computed, form.reference);
}

export function isFieldVisible(form: CompiledForm, name: string, data: FormData): boolean {
  const plan = form.fields[name];
  return !plan?.visibleIf || evaluateCondition(plan.visibleIf, withComputed(form, data));
}

export function isFieldDisabled(form: CompiledForm, name: string, data: FormData): boolean {
  const plan = form.fields[name];
  return !!plan?.disabledIf && evaluateCondition(plan.disabledIf, withComputed(form, data));
}

/** The fields of a step that show for the current data, info and computed ones included, in section order. */
export function visibleFields(form: CompiledForm, index: number, data: FormData): string[] {
  const step = form.steps[index];
  if (!step) return [];
  const full = withComputed(form, data);
  return step.sections
    .flatMap((s) => s.fields)
    .filter((name) => {
      const plan = form.fields[name];
      return !plan?.visibleIf || evaluateCondition(plan.visibleIf, full);
    });
}

/**
 * The names of the widgets (`ui:widget`) and fields (`ui:field`) that the fields of step `index` draw, nested ones
 * too (list items, dialogs), as the engine's registries key them; none past the last step. The engine loads their
 * code before it shows the step, and the server announces it with a page it draws.
 */
export function stepPartNames(form: CompiledForm, index: number): { widgets: string[]; fields: string[] } {
  const widgets = new Set<string>();
  const fields = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) for (const item of node) walk(item);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'ui:widget' && typeof value === 'string') widgets.add(value);
        else if (key === 'ui:field' && typeof value === 'string') fields.add(value);
        else walk(value);
      }
    }
  };
  const uiSchema = form.uiSchema as Record<string, unknown>;
  for (const name of form.steps[index]?.fields ?? []) walk(uiSchema[name]);
  return { widgets: [...widgets], fields: [...fields] };
}

export function stepSchemaFor(form: CompiledForm, index: number): JsonSchema {
  const schema = form.stepSchemas[index];
  if (!schema) throw new RangeError(`form ${form.id} has no step ${index} (it has ${form.stepSchemas.length})`);
  return schema;
}

export function stepAt(form: CompiledForm, index: number): StepPlan {
  const step = form.steps[index];
  if (!step) throw new RangeError(`form ${form.id} has no step ${index} (it has ${form.steps.length})`);
  return step;
}

function mapTransforms(form: CompiledForm, data: FormData, phase: 'input' | 'all'): FormData {
  let out: FormData | undefined;
  for (const [name, plan] of Object.entries(form.fields)) {
    if (!plan.transform?.length || !(name in data)) continue;
    const next = applyTransforms(data[name], plan.transform, phase);
    if (next !== data[name]) {
      out ??= { ...data };
      out[name] = next;
    }
  }
  return out ?? data;
}

export function applyInputTransforms(form: CompiledForm, data: FormData): FormData {
  return mapTransforms(form, data, 'input');
}

/** Every transform, trim included: what a step commits when it is left. */
export function applyAllTransforms(form: CompiledForm, data: FormData): FormData {
  return mapTransforms(form, data, 'all');
}

/** Values of `defaultFrom` expressions for fields the user has not changed. */
export function applyDefaults(form: CompiledForm, data: FormData, touched: readonly string[]): FormData {
  let out: FormData | undefined;
  for (const [name, plan] of Object.entries(form.fields)) {
    if (plan.defaultFrom === undefined || touched.includes(name)) continue;
    const value = evaluateExpression(plan.defaultFrom, withComputed(form, out ?? data), form.reference);
    if (value === null || value === undefined || value === (out ?? data)[name]) continue;
    out ??= { ...data };
    out[name] = value;
  }
  return out ?? data;
}

/** Whether Done may be pressed: every `wizard.doneRequires` field is true. */
export function doneAllowed(form: CompiledForm, data: FormData): boolean {
  return (form.wizard.doneRequires ?? []).every((name) => data[name] === true);
}

export function isLastStep(form: CompiledForm, state: Pick<WizardState, 'step'>): boolean {
  return state.step >= form.steps.length - 1;
}

/** The draft of the wizard at `state`, on version `version` of its form, saved at `now`. */
export function draftOf(state: Pick<WizardState, 'step' | 'data'>, version: number, now: Date = new Date()): Draft {
  return { currentStep: state.step, data: state.data, version, savedAt: now.toISOString() };
}

/**
 * Reads a stored draft; anything malformed counts as no draft. A `version` that is no whole number from 1 up, or a
 * `savedAt` that is no time, is left out (the draft counts as one saved before versions) rather than losing the answers.
 */
export function parseDraft(text: string | null | undefined): Draft | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<Draft>;
    if (typeof value?.currentStep !== 'number' || !value.data || typeof value.data !== 'object') return undefined;
    if (Array.isArray(value.data)) return undefined;
    const draft: Draft = { currentStep: value.currentStep, data: value.data as FormData };
    if (Number.isSafeInteger(value.version) && (value.version as number) >= 1) draft.version = value.version;
    if (typeof value.savedAt === 'string' && !Number.isNaN(Date.parse(value.savedAt))) draft.savedAt = value.savedAt;
    return draft;
  } catch {
    return undefined;
  }
}

/** Whether `draft` was filled in on another version of the form than `version` (an unversioned one never was). */
export function isOtherVersion(draft: Draft, version: number): boolean {
  return draft.version !== undefined && draft.version !== version;
}

/** Throws a clear error when a compiled form lacks what the runner needs (shown by the error boundary). */
export function checkCompiledForm(form: unknown): asserts form is CompiledForm {
  const problems: string[] = [];
  const f = form as Partial<CompiledForm> | null;
  if (!f || typeof f !== 'object') throw new TypeError('the compiled form is not an object');
  if (!Array.isArray(f.steps) || f.steps.length === 0) problems.push('/steps must be a non-empty array');
  if (!Array.isArray(f.stepSchemas)) problems.push('/stepSchemas must be an array');
  else if (Array.isArray(f.steps) && f.stepSchemas.length !== f.steps.length)
    problems.push(`/stepSchemas has ${f.stepSchemas.length} schemas for ${f.steps.length} steps`);
  if (!f.uiSchema || typeof f.uiSchema !== 'object') problems.push('/uiSchema must be an object');
  if (!f.fields || typeof f.fields !== 'object') problems.push('/fields must be an object');
  if (!f.wizard || typeof f.wizard !== 'object') problems.push('/wizard must be an object');
  f.steps?.forEach?.((step, i) => {
    if (!Array.isArray(step?.sections)) problems.push(`/steps/${i}/sections must be an array`);
  });
  if (problems.length)
    throw new TypeError(`compiled form '${String(f.id ?? '?')}' is malformed: ${problems.join('; ')}`);
}
