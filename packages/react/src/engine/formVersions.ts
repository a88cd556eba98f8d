/**
 * Versions of a form: an applicant who started on one version goes on with it while the server still serves it
 * (`GET /api/forms/{id}?version=n`), else with the current version and the answers that still fit it.
 */

import type { CompiledForm } from '@antrag/core/compile/types';
import type { Draft } from '@antrag/core/wizard';
import { fittingDraft } from '@antrag/core/wizard/fitting';
import { ApiStatusError } from '../api/token.js';
import type { StepValidation } from './validator.js';

/** A compiled form with the validation of its steps. */
export interface LoadedForm {
  form: CompiledForm;
  validation: StepValidation;
}

/**
 * Loads version `version` of the form being filled in (the same variant), or the version served now when
 * `version` is undefined. Rejects with an `ApiStatusError` for the server's answer: 410 (the version is retired)
 * or 404 (there is no such version) mean that it cannot be had.
 */
export type LoadFormVersion = (version?: number) => Promise<LoadedForm>;

/** Where the applicant goes on: which form, from which draft, with which notice (a text key). */
export interface VersionOutcome {
  loaded: LoadedForm;
  draft: Draft;
  notice?: string;
}

/** The notice that the form changed and only the answers that still fit were kept. */
export const FORM_CHANGED = 'wizard.formChanged';

/** `query` (a variant's `?mobile=true`, or '') asking for version `version` too. */
export function withVersion(query: string, version: number): string {
  const params = new URLSearchParams(query);
  params.set('version', String(version));
  return `?${params}`;
}

/** `GET /api/forms/{id}{query}`: the compiled form, or an `ApiStatusError` with the answer's status. */
export async function fetchCompiledForm(id: string, query = '', doFetch: typeof fetch = fetch): Promise<CompiledForm> {
  const response = await doFetch(`/api/forms/${encodeURIComponent(id)}${query}`);
  if (!response.ok) throw new ApiStatusError(response.status);
  return (await response.json()) as CompiledForm;
}

/** Whether a load failed because the server will not give that version (retired, or never published). */
export function isUnavailableVersion(error: unknown): boolean {
  return error instanceof ApiStatusError && (error.status === 410 || error.status === 404);
}

/** Whether a submission's answer says the version it was filled in on is no longer accepted (409). */
export function isRetiredAnswer(status: number, body: unknown): boolean {
  return (
    status === 409 && !!body && typeof body === 'object' && (body as { code?: unknown }).code === 'form-version-retired'
  );
}

/**
 * `draft` moved onto `current`: its answers that fit, from the step they reach, with the notice that the form
 * changed. Every step's validators are loaded first, since each answer is checked by its own step's rules.
 */
export async function keepFitting(current: LoadedForm, draft: Draft): Promise<VersionOutcome> {
  const { form, validation } = current;
  await Promise.all(form.steps.map((_step, index) => validation.loadStep?.(index)));
  const fitting = fittingDraft(form, validation.form, draft);
  return { loaded: current, draft: fitting.draft, notice: FORM_CHANGED };
}

/**
 * Where an applicant with a draft of another version goes on: on that version when the server still gives it,
 * else on `current` with the answers that fit. A failure to load for another reason (the network) rejects: the
 * draft stays stored and the applicant can try again.
 */
export async function resumeOtherVersion(
  draft: Draft,
  current: LoadedForm,
  load: LoadFormVersion | undefined,
): Promise<VersionOutcome> {
  if (load && draft.version !== undefined) {
    try {
      return { loaded: await load(draft.version), draft };
    } catch (error) {
      if (!isUnavailableVersion(error)) throw error;
    }
  }
  return keepFitting(current, draft);
}

/**
 * After a submission was refused because its version is retired: the version served now (loaded afresh, since it
 * may be newer than the one this page loaded) with the answers that fit it.
 */
export async function leaveRetiredVersion(
  draft: Draft,
  current: LoadedForm,
  load: LoadFormVersion | undefined,
): Promise<VersionOutcome> {
  return keepFitting(load ? await load() : current, draft);
}
