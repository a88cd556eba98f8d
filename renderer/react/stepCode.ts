/**
 * The code a step draws, loaded before the step shows: the lazily loaded widgets and fields (`widgets/lazy.tsx`)
 * its fields name in the UI schema (`ui:widget`, `ui:field`, nested ones too: list items, dialogs). A form's first
 * screen thus loads only what its first step uses; `useStepCode` preloads the next step's while the user fills in
 * this one, so Next seldom waits.
 */
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import { isLazyComponent, type LazyComponent } from '../../widgets/lazy.js';
import type { CompiledForm } from '../core/compile/types.js';

/** The lazily loaded widgets and fields that the fields of step `step` use (none past the last step). */
function lazyPartsOf(
  form: CompiledForm,
  step: number,
  widgets: RegistryWidgetsType,
  fields: RegistryFieldsType,
): Array<LazyComponent<never>> {
  const found = new Set<LazyComponent<never>>();
  const add = (component: unknown) => {
    if (isLazyComponent(component)) found.add(component);
  };
  const walk = (node: unknown) => {
    if (Array.isArray(node)) for (const item of node) walk(item);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'ui:widget' && typeof value === 'string') add(widgets[value]);
        else if (key === 'ui:field' && typeof value === 'string') add(fields[value]);
        else walk(value);
      }
    }
  };
  const uiSchema = form.uiSchema as Record<string, unknown>;
  for (const name of form.steps[step]?.fields ?? []) walk(uiSchema[name]);
  return [...found];
}

/** Starts loading the code of `parts`; a failure shows where the part is drawn (its error boundary). */
function preloadParts(parts: ReadonlyArray<LazyComponent<never>>): Promise<unknown> {
  return Promise.allSettled(parts.map((part) => part.preload()));
}

/**
 * Whether the code of step `step` is there; when it is not, loads it and renders again once it is (or once loading
 * failed: the step then shows, with the failing part's error where it is drawn). Once it is, the next step's code
 * loads, so Next seldom waits for it.
 */
export function useStepCode(
  form: CompiledForm,
  step: number,
  widgets: RegistryWidgetsType,
  fields: RegistryFieldsType,
): boolean {
  const parts = useMemo(
    () => (step >= 0 ? lazyPartsOf(form, step, widgets, fields) : []),
    [form, step, widgets, fields],
  );
  const loaded = parts.every((part) => part.isLoaded());
  const [settled, setSettled] = useState<typeof parts | undefined>(undefined);
  useEffect(() => {
    if (loaded) return;
    let current = true;
    void preloadParts(parts).then(() => {
      if (current) setSettled(parts);
    });
    return () => {
      current = false;
    };
  }, [parts, loaded]);
  const ready = loaded || settled === parts;
  useEffect(() => {
    if (ready && step >= 0) void preloadParts(lazyPartsOf(form, step + 1, widgets, fields));
  }, [ready, form, step, widgets, fields]);
  return ready;
}
