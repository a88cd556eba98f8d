import type { FieldProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { useCallback } from 'react';
import { formContextOf, maybe, textsOf } from '../shared/texts.js';
import { FaceCapture } from './FaceCapture.js';
import { type FaceOutcome, isFaceOutcome } from './storage.js';

/** Whether errors sit below the field itself (RJSF shows only the field's own `__errors`). */
function hasNestedErrors(errorSchema: unknown): boolean {
  if (!errorSchema || typeof errorSchema !== 'object') return false;
  return Object.entries(errorSchema).some(([key, node]) => {
    if (key === '__errors' || !node || typeof node !== 'object') return false;
    const own = (node as { __errors?: unknown }).__errors;
    return (Array.isArray(own) && own.length > 0) || hasNestedErrors(node);
  });
}

interface FaceCaptureOptions {
  durationSeconds?: number;
  width?: number;
  height?: number;
  format?: 'mp4';
  storageKey?: string;
}

/**
 * `ui:field: faceCapture` (DSL type `faceCapture`): the value is the verification outcome
 * `{ status: 'accept' | 'review' | 'reject', message? }`, so the step's Continue passes once a result
 * exists. While recording, converting or uploading it reports itself in flight, which holds Continue.
 */
export function FaceCaptureField(props: FieldProps<FaceOutcome | undefined>) {
  const { fieldPathId, formData, onChange, disabled, readonly, registry, uiSchema, required, name } = props;
  const id = fieldPathId.$id;
  const options = (uiSchema?.['ui:options'] ?? {}) as FaceCaptureOptions;
  const { durationSeconds = 5, width = 1280, height = 720, storageKey } = options;
  const { t, locale } = textsOf(registry);
  const ctx = formContextOf(registry);
  const label = maybe(t, uiSchema?.['ui:title']) ?? props.schema.title ?? name;
  const path = fieldPathId.path;
  const change = useCallback((value: FaceOutcome | undefined) => onChange(value, path), [onChange, path]);
  const onUploadChange = ctx.onUploadChange;
  // RJSF starts a required object field as `{}`, so "no result yet" arrives as an error on `status`, which
  // RJSF would show nowhere: it is shown here as what it means, a required field without a value
  const outcome = isFaceOutcome(formData) ? formData : undefined;
  const fieldError = !outcome && hasNestedErrors(props.errorSchema) ? t('validation.required') : undefined;
  const onBusyChange = useCallback((busy: boolean) => onUploadChange?.(busy ? 1 : 0, id), [onUploadChange, id]);
  return (
    <FaceCapture
      id={id}
      label={label}
      required={required}
      disabled={disabled || readonly}
      value={outcome}
      fieldError={fieldError}
      onChange={change}
      settings={{ durationSeconds, width, height, storageKey }}
      t={t}
      locale={locale}
      apiBase={ctx.apiBase}
      onBusyChange={onBusyChange}
      describedBy={ariaDescribedByIds(id)}
    />
  );
}
