/**
 * How the studio talks to its live preview: the preview is the form engine in a frame of its own
 * (`/studio/preview`), so the mobile width is a real narrow window with the engine's own media queries. Messages
 * go by `postMessage`, same origin only.
 */
import type { CompiledForm } from '@antrag/core/compile/types';
import type { Locale } from '@antrag/core/dsl/types';

export const PREVIEW_CHANNEL = 'antrag-studio-preview';

/** Where the preview keeps its place (step and data) while the form is remounted after an edit. */
export const PREVIEW_DRAFT_KEY = 'antrag-studio-preview:draft';

export type FormData = Record<string, unknown>;

/** Studio → preview: show this form, in this language, at this step with this data. */
export interface RenderMessage {
  channel: typeof PREVIEW_CHANNEL;
  type: 'render';
  form: CompiledForm;
  locale: Locale;
  step: number;
  data: FormData;
}

/** Preview → studio. */
export type PreviewMessage =
  | { channel: typeof PREVIEW_CHANNEL; type: 'ready' }
  /** The step shown and the whole data, after every change. */
  | { channel: typeof PREVIEW_CHANNEL; type: 'state'; step: number; data: FormData }
  /** A call the form made (a step's or the form's submission), answered by the preview, never sent. */
  | { channel: typeof PREVIEW_CHANNEL; type: 'call'; method: string; url: string };

export function isPreviewMessage(value: unknown): value is PreviewMessage | RenderMessage {
  return typeof value === 'object' && value !== null && (value as { channel?: unknown }).channel === PREVIEW_CHANNEL;
}

/**
 * The form as the preview runs it: its draft kept in session storage under the preview's own key and restored
 * without asking, which is how the studio moves the preview to a step and keeps the data across edits.
 */
export function previewForm(form: CompiledForm): CompiledForm {
  return {
    ...form,
    draft: { storageKey: PREVIEW_DRAFT_KEY, storage: 'session', resumePrompt: false, clearOnSuccess: true },
  };
}

/** A made-up answer a form's success rules accept: their fields set to the first accepted value. */
export function previewAnswer(form: CompiledForm): Record<string, unknown> {
  const answer: Record<string, unknown> = { access_token: 'studio-preview', valid_until: '2999-12-31T00:00:00Z' };
  const settings = [form.submit, ...form.steps.map((s) => s.submit)];
  for (const s of settings) {
    if (!s) continue;
    if (s.success?.field) setPath(answer, s.success.field, s.success.values?.[0] ?? true);
    if (s.resultIdField) answer[s.resultIdField] ??= 'PREVIEW';
  }
  return answer;
}

/** The HTTP status the preview answers with: one the form's success rules accept. */
export function previewStatus(form: CompiledForm): number {
  const settings = [form.submit, ...form.steps.map((s) => s.submit)];
  return settings.find((s) => s?.success?.httpStatus?.length)?.success?.httpStatus?.[0] ?? 200;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]] = value;
}
