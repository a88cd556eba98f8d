import type { FieldProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { useCallback, useEffect, useRef } from 'react';
import { formContextOf, maybe, textsOf, type WidgetFormContext } from '../shared/texts.js';
import { FaceCapture } from './FaceCapture.js';
import { type FaceOutcome, isFaceOutcome } from './storage.js';

/** The runner's formContext as this field uses it (widgets may not import the runner, so typed here). */
interface FaceFormContext extends WidgetFormContext {
  /** Back `back` steps now, the success result `afterMs` later (the runner's `finish`). */
  finish?: (how: { back?: number; afterMs?: number }) => void;
  /** Sets fields' values in the runner's data at once (the runner's `patch`). */
  patch?: (values: Record<string, unknown>) => void;
}

interface FaceCaptureOptions {
  durationSeconds?: number;
  width?: number;
  height?: number;
  format?: 'mp4';
  storageKey?: string;
  /** A new 'accept' ends the flow: back this many steps, the success result after `finishAfterMs`. */
  onAccept?: { back?: number; finishAfterMs?: number };
  /** Only an 'accept' lets the step go on (the KYC flow's Submit). */
  acceptRequired?: boolean;
}

/**
 * The lists of messages of the field: its own, and any a validator put below it (a value that is not an
 * outcome at all). With `hideError` (compiled for this field) RJSF's template shows none of them.
 */
function errorListsOf(rawErrors: string[] | undefined, errorSchema: object | undefined): string[][] {
  const out: string[][] = rawErrors?.length ? [rawErrors] : [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      if (key === '__errors' && Array.isArray(child)) out.push(child);
      else walk(child);
    }
  };
  for (const [key, child] of Object.entries(errorSchema ?? {})) if (key !== '__errors') walk(child);
  return out;
}

const sameLists = (a: string[][], b: string[][]) => a.length === b.length && a.every((list, i) => list === b[i]);

/**
 * `ui:field: faceCapture` (DSL type `faceCapture`): the value is the verification outcome
 * `{ status: 'accept' | 'review' | 'reject', message? }`. The step's Continue is disabled until a result
 * exists (or, with `acceptRequired`, an 'accept'), and while recording, converting or uploading: the field
 * reports itself in flight, which holds Continue. With `onAccept` a new 'accept' ends the flow through the runner.
 */
export function FaceCaptureField(props: FieldProps<FaceOutcome | undefined>) {
  const { fieldPathId, formData, onChange, disabled, readonly, registry, uiSchema, required, name } = props;
  const id = fieldPathId.$id;
  const options = (uiSchema?.['ui:options'] ?? {}) as FaceCaptureOptions;
  const { durationSeconds = 5, width = 1280, height = 720, storageKey, onAccept, acceptRequired } = options;
  const { t, locale } = textsOf(registry);
  const ctx = formContextOf(registry) as FaceFormContext;
  const label = maybe(t, uiSchema?.['ui:title']) ?? props.schema.title ?? name;
  const path = fieldPathId.path;
  const change = useCallback((value: FaceOutcome | undefined) => onChange(value, path), [onChange, path]);
  const onUploadChange = ctx.onUploadChange;
  // RJSF starts an object field as `{}`: no outcome yet
  const outcome = isFaceOutcome(formData) ? formData : undefined;

  // RJSF keeps a validation's messages until the next one (no live validation): they stand for the value they
  // were given for, and step aside once the value changes (a recording done after Continue said "required")
  const lists = errorListsOf(props.rawErrors, props.errorSchema);
  const valueKey = JSON.stringify(outcome ?? null);
  const seen = useRef<{ lists: string[][]; value: string }>({ lists, value: valueKey });
  if (!sameLists(seen.current.lists, lists)) seen.current = { lists, value: valueKey };
  const messages = [...new Set(lists.flat().filter((m) => typeof m === 'string' && m !== ''))];
  const fieldErrors = messages.length > 0 && seen.current.value === valueKey ? messages : undefined;

  const onBusyChange = useCallback((busy: boolean) => onUploadChange?.(busy ? 1 : 0, id), [onUploadChange, id]);
  // spec 000 §4: Continue is enabled once a result exists (or an earlier success was taken as the value), in
  // submit mode only with an 'accept'. Until then the field holds the wizard's button as an upload does; it
  // lets go when it leaves the step (the KYC 'accept' goes back a step, the wizard keeps counting otherwise).
  const waiting = required && !readonly && (acceptRequired ? outcome?.status !== 'accept' : !outcome);
  useEffect(() => {
    if (!waiting || !onUploadChange) return;
    const key = `${id}__result`;
    onUploadChange(1, key);
    return () => onUploadChange(0, key);
  }, [waiting, onUploadChange, id]);
  const { finish, patch } = ctx;
  const back = onAccept?.back;
  const afterMs = onAccept?.finishAfterMs;
  const onResult = useCallback(
    (result: FaceOutcome) => {
      if (result.status !== 'accept' || !onAccept || !finish) return;
      // the outcome goes into the runner's data with the step change: RJSF passes a field's change on after
      // its own state update, and a form re-rendered by the step change first would drop it
      patch?.({ [name]: result });
      finish({ back, afterMs });
    },
    [onAccept, finish, patch, name, back, afterMs],
  );
  return (
    <FaceCapture
      id={id}
      label={label}
      required={required}
      disabled={disabled || readonly}
      value={outcome}
      fieldErrors={fieldErrors}
      onChange={change}
      onResult={onResult}
      settings={{ durationSeconds, width, height, storageKey }}
      t={t}
      locale={locale}
      apiBase={ctx.apiBase}
      onBusyChange={onBusyChange}
      describedBy={ariaDescribedByIds(id)}
    />
  );
}
