/**
 * Drafts in browser storage under the form's key (`{ currentStep, data }`), and the other values a form keeps
 * there (stored answer ids, a modal section's saved values, widgets' records), which a declined draft clears too.
 */

import type { CompiledForm, SectionPlan } from '@antrag/core/compile/types';
import type { SubmitSettings, ValueSource } from '@antrag/core/dsl/types';
import { applyAllTransforms, type Draft, type FormData, parseDraft } from '@antrag/core/wizard';
import { LEAD_ID_KEY, LEAD_TOKEN_KEY } from '../api/lead.js';
import { browserStorage } from '../api/storage.js';
import { storageKeysOfFieldType } from './storageKeys.js';

function storageFor(form: CompiledForm): Storage | undefined {
  if (!form.draft) return undefined;
  // undefined where the browser disables storage: the form works without drafts
  return browserStorage(form.draft.storage);
}

export function loadDraft(form: CompiledForm): Draft | undefined {
  if (!form.draft) return undefined;
  // a draft of a lead whose token was never kept (saved before leads had tokens) cannot go on: every call about
  // the lead would be refused, so it is forgotten and the applicant starts afresh instead of getting stuck
  if (staleLead(form)) {
    clearSavedValues(form);
    return undefined;
  }
  return parseDraft(storageFor(form)?.getItem(form.draft.storageKey));
}

/** Whether the form proves its lead with a stored token, and a lead id is stored without one. */
function staleLead(form: CompiledForm): boolean {
  const storage = browserStorage();
  try {
    return (
      !!storage?.getItem(LEAD_ID_KEY) &&
      !storage.getItem(LEAD_TOKEN_KEY) &&
      storageKeysOf(form).includes(LEAD_TOKEN_KEY)
    );
  } catch {
    return false;
  }
}

export function saveDraft(form: CompiledForm, draft: Draft): void {
  if (form.draft) storageFor(form)?.setItem(form.draft.storageKey, JSON.stringify(draft));
}

export function clearDraft(form: CompiledForm): void {
  if (form.draft) storageFor(form)?.removeItem(form.draft.storageKey);
}

/** The storage keys a call stores and reads (`store`, `storeData`, `requiresStorage`, `storage` sources). */
export function callStorageKeys(settings: SubmitSettings | undefined): string[] {
  const keys = new Set<string>();
  callKeys(settings, keys);
  return [...keys];
}

function callKeys(settings: SubmitSettings | undefined, into: Set<string>): void {
  if (!settings) return;
  for (const key of Object.keys(settings.store ?? {})) into.add(key);
  for (const key of Object.keys(settings.storeData ?? {})) into.add(key);
  for (const need of settings.requiresStorage ?? []) into.add(need.key);
  const sources: Array<string | ValueSource> = [
    ...Object.values(settings.payload?.fields ?? {}),
    ...(settings.payload?.set ?? []),
    ...Object.values(settings.headers ?? {}),
  ];
  for (const source of sources) if (typeof source === 'object' && source.storage) into.add(source.storage);
}

type Options = Record<string, unknown>;

/**
 * Every browser-storage key the form keeps a value under besides its draft: what its calls store and read
 * (`store`, `storeData`, `requiresStorage`, `storage` sources, an OTP field's `send`), its modal sections'
 * `storageKey`s, and what its widgets write, as each widget registered (`storageKeys.ts`). Sorted, without
 * duplicates.
 */
export function storageKeysOf(form: CompiledForm): string[] {
  const keys = new Set<string>();
  callKeys(form.submit, keys);
  for (const step of form.steps) {
    callKeys(step.submit, keys);
    for (const section of step.sections) if (section.storage) keys.add(section.storage.key);
  }
  for (const [name, plan] of Object.entries(form.fields)) {
    const node = form.uiSchema[name] as { 'ui:options'?: Options } | undefined;
    const options: Options = node?.['ui:options'] ?? {};
    for (const key of storageKeysOfFieldType(plan.type)?.(options, form) ?? []) keys.add(key);
  }
  if (form.draft) keys.delete(form.draft.storageKey);
  return [...keys].sort();
}

/**
 * 'No, thanks!' to the saved draft, or a completed application: the draft and every other value the form keeps
 * (the lead's id and token, stored answers, widgets' records) are deleted, so the next visit starts afresh.
 */
export function clearSavedValues(form: CompiledForm): void {
  clearDraft(form);
  const storage = browserStorage();
  for (const key of storageKeysOf(form)) storage?.removeItem(key);
}

/**
 * Keeps a modal section's values under its `storageKey` (the saved parental consent: guardian name, passport
 * number and the uploaded letter's file list), as they will be sent: transforms applied.
 */
export function storeSectionValues(form: CompiledForm, section: SectionPlan, data: FormData): void {
  if (!section.storage) return;
  const committed = applyAllTransforms(form, data);
  const record: FormData = {};
  for (const [property, field] of Object.entries(section.storage.fields)) {
    if (committed[field] !== undefined) record[property] = committed[field];
  }
  try {
    browserStorage()?.setItem(section.storage.key, JSON.stringify(record));
  } catch {
    // a full or disabled storage loses only the local copy; the values stay in the form and its draft
  }
}
