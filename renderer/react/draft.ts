/** Drafts in browser storage under the form's key: `{ currentStep, data }`. */
import type { CompiledForm } from '../core/compile/types.js';
import { type Draft, parseDraft } from './wizard.js';

function storageFor(form: CompiledForm): Storage | undefined {
  if (!form.draft) return undefined;
  try {
    return form.draft.storage === 'session' ? sessionStorage : localStorage;
  } catch {
    return undefined; // storage disabled by the browser: the form works without drafts
  }
}

export function loadDraft(form: CompiledForm): Draft | undefined {
  return form.draft ? parseDraft(storageFor(form)?.getItem(form.draft.storageKey)) : undefined;
}

export function saveDraft(form: CompiledForm, draft: Draft): void {
  if (form.draft) storageFor(form)?.setItem(form.draft.storageKey, JSON.stringify(draft));
}

export function clearDraft(form: CompiledForm): void {
  if (form.draft) storageFor(form)?.removeItem(form.draft.storageKey);
}
