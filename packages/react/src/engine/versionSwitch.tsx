/**
 * Which version of a form the runner shows: the one it was given, or, for a draft filled in on another version,
 * that version (while the server gives it) or the given one with the answers that still fit. The wizard asks for
 * a switch (`switchFor`) when the applicant resumes such a draft or the server refuses a retired version.
 */

import type { CompiledForm } from '@antrag/core/compile/types';
import { type Draft, isOtherVersion } from '@antrag/core/wizard';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useHydrated } from '../hooks/useHydrated.js';
import { Alert } from './chrome/Alert.js';
import { Button } from './chrome/Button.js';
import { loadDraft } from './draft.js';
import {
  type LoadedForm,
  type LoadFormVersion,
  leaveRetiredVersion,
  resumeOtherVersion,
  type VersionOutcome,
} from './formVersions.js';
import type { StepValidation } from './validator.js';

/** `draft`: a stored draft of another version is resumed; `retired`: the server no longer takes this version. */
export type SwitchReason = 'draft' | 'retired';

/** What the wizard shows: a form, its validation, the draft it starts from and a notice (a text key). */
export interface ActiveVersion extends LoadedForm {
  draft?: Draft;
  notice?: string;
}

export interface VersionSwitch {
  active: ActiveVersion;
  /** Changes with every switch, so the wizard starts afresh on the new form. */
  key: number;
  switching: boolean;
  /** The switch could not load what it needs (the network): the draft is kept; `retry` tries again. */
  failed: boolean;
  retry(): void;
  switchFor(draft: Draft, reason: SwitchReason): void;
}

interface Pending {
  draft: Draft;
  reason: SwitchReason;
}

interface SwitchState {
  base: CompiledForm;
  key: number;
  outcome?: VersionOutcome;
  pending?: Pending;
  failed?: boolean;
}

/** A draft the wizard restores without asking (`resumePrompt: false`) that was filled in on another version. */
function otherVersionDraft(form: CompiledForm): Pending | undefined {
  if (!form || typeof form !== 'object' || form.draft?.resumePrompt !== false) return undefined;
  const draft = loadDraft(form);
  return draft && isOtherVersion(draft, form.version) ? { draft, reason: 'draft' } : undefined;
}

export function useVersionSwitch(
  form: CompiledForm,
  validation: StepValidation,
  load: LoadFormVersion | undefined,
): VersionSwitch {
  // a page drawn on the server reads the stored draft once hydrated (see the Wizard)
  const hydrated = useHydrated();
  const [readsStorageAtOnce] = useState(hydrated);
  const [state, setState] = useState<SwitchState>(() => ({
    base: form,
    key: 0,
    pending: readsStorageAtOnce ? otherVersionDraft(form) : undefined,
  }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the hydrating render
  useEffect(() => {
    if (readsStorageAtOnce) return;
    const pending = otherVersionDraft(form);
    if (pending) setState((s) => (s.base === form ? { ...s, pending } : s));
  }, []);
  // a new form given starts over on it
  const current: SwitchState =
    state.base === form ? state : { base: form, key: state.key + 1, pending: otherVersionDraft(form) };
  if (current !== state) setState(current);
  // the loader may be a new function on every render of the page; the switch under way keeps going
  const loader = useRef(load);
  loader.current = load;

  const { pending, failed } = current;
  useEffect(() => {
    if (!pending || failed) return;
    let live = true;
    const given = { form, validation };
    const move = pending.reason === 'retired' ? leaveRetiredVersion : resumeOtherVersion;
    move(pending.draft, given, loader.current).then(
      (outcome) => {
        if (live) setState((s) => ({ base: s.base, key: s.key + 1, outcome }));
      },
      (error: unknown) => {
        console.warn(`Form '${form.id}': version ${pending.draft.version} could not be resumed`, error);
        if (live) setState((s) => ({ ...s, failed: true }));
      },
    );
    return () => {
      live = false;
    };
  }, [pending, failed, form, validation]);

  const switchFor = useCallback(
    (draft: Draft, reason: SwitchReason) => setState((s) => ({ ...s, pending: { draft, reason }, failed: false })),
    [],
  );
  const retry = useCallback(() => setState((s) => ({ ...s, failed: false })), []);
  const outcome = current.outcome;
  const active: ActiveVersion = outcome
    ? { ...outcome.loaded, draft: outcome.draft, notice: outcome.notice }
    : { form, validation };
  return { active, key: current.key, switching: !!pending, failed: !!failed, retry, switchFor };
}

/** The switch failed (the network): the applicant's draft is still stored; they may try again. */
export function VersionSwitchFailed({ t, onRetry }: { t: (key: string) => string; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={t('wizard.versionFailed')}
      action={
        <Button onClick={onRetry} autoFocus>
          {t('wizard.retry')}
        </Button>
      }
    />
  );
}
