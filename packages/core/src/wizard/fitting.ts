/**
 * The answers of a draft that still fit another version of its form: when the version the applicant started on is
 * no longer served, they go on with the current one and keep every answer it still accepts.
 */
import type { CompiledForm } from '../compile/types.js';
import type { FormValidator } from '../validate/validator.js';
import { normalizeData } from '../validate/validator.js';
import { type Draft, type FormData, visibleFields } from './wizard.js';

export interface FittingDraft {
  /** The draft on the form: the answers that fit, the step to go on from, the form's version. */
  draft: Draft;
  /** Names of the answers left out, in the order of the draft's data. */
  dropped: string[];
}

/**
 * The answers of `data` that fit `form`: those of fields the form still has (fields that hold data) whose value
 * passes that field's own rules there, checked by `validator` (the form's, with every step's validators there). An
 * answer that fails is left out, not reported: the applicant fills it in again. A field without an answer fails
 * nothing here. Rules that read other fields (a confirmation equal to an address) are checked again after each
 * round of leaving out, until what is kept fits as a whole.
 */
export function fittingAnswers(
  form: CompiledForm,
  validator: FormValidator,
  data: FormData,
): { data: FormData; dropped: string[] } {
  const kept: FormData = {};
  const dropped: string[] = [];
  for (const [name, value] of Object.entries(data)) {
    if (form.fields[name]?.hasData && !isConsent(form, name)) kept[name] = value;
    else dropped.push(name);
  }
  for (let failing = failingAnswers(form, validator, kept); failing.size > 0; ) {
    for (const name of failing) delete kept[name];
    dropped.push(...failing);
    failing = failingAnswers(form, validator, kept);
  }
  const order = Object.keys(data);
  dropped.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return { data: kept, dropped };
}

/**
 * Whether a field records consent (an agreement, or a checkbox the form requires ticked): its text may have changed
 * with the version (new terms, a deposit), and a tick given to other words must not count for these, so it is asked
 * for again.
 */
function isConsent(form: CompiledForm, name: string): boolean {
  const plan = form.fields[name];
  if (plan?.type === 'agreement') return true;
  if (plan?.type !== 'checkbox') return false;
  const required = (schema: { required?: unknown }) => Array.isArray(schema.required) && schema.required.includes(name);
  return !!plan.requiredIf || required(form.schema) || form.stepSchemas.some(required);
}

/** The answered fields whose value some step of `form` finds wrong (a blank value is no answer). */
function failingAnswers(form: CompiledForm, validator: FormValidator, data: FormData): Set<string> {
  const answered = normalizeData(data);
  const failing = new Set<string>();
  form.steps.forEach((_step, index) => {
    for (const error of validator.validateStep(index, data).errors) {
      if (error.field in answered) failing.add(error.field);
    }
  });
  return failing;
}

/**
 * `draft` (given on another version) moved onto `form`: the answers that fit (`fittingAnswers`), the form's version,
 * and the step it stood on, or the first step before it that now lacks an answer (a field the new version added or
 * made required, an answer left out), so that no step is skipped with an answer missing.
 */
export function fittingDraft(
  form: CompiledForm,
  validator: FormValidator,
  draft: Draft,
  now = new Date(),
): FittingDraft {
  const { data, dropped } = fittingAnswers(form, validator, draft.data);
  const wanted = Math.max(0, Math.min(form.steps.length - 1, Math.trunc(draft.currentStep) || 0));
  let currentStep = wanted;
  for (let index = 0; index < wanted; index++) {
    const shown = new Set(visibleFields(form, index, data));
    const lacking = validator.validateStep(index, data).errors.some((e) => shown.has(e.field));
    if (lacking) {
      currentStep = index;
      break;
    }
  }
  return { draft: { currentStep, data, version: form.version, savedAt: now.toISOString() }, dropped };
}
