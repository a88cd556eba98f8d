import type { Locale } from '@antrag/core/dsl/types';
import { translate } from '@antrag/core/i18n/catalogue';
import { DEFAULT_LOCALE, isLocale } from '@antrag/core/i18n/locale';
import type { Registry } from '@rjsf/utils';

/** Translates a text key; params fill `{{name}}` placeholders. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** What the form runner puts into RJSF's formContext for widgets (every member optional). */
export interface WidgetFormContext {
  t?: Translate;
  locale?: string;
  /** The whole form's data, for computed values. */
  formData?: Record<string, unknown>;
  /** Number of files still uploading across upload fields, so the runner can disable Next. */
  onUploadChange?: (inFlight: number, fieldId: string) => void;
  /** Base URL of the API (default: same origin). */
  apiBase?: string;
}

export function formContextOf(registry: Registry | undefined): WidgetFormContext {
  const ctx = registry?.formContext as WidgetFormContext | undefined;
  return ctx && typeof ctx === 'object' ? ctx : {};
}

/** The runner's translate and locale, falling back to the shared catalogue in English so widgets work standalone. */
export function textsOf(registry: Registry | undefined): { t: Translate; locale: Locale } {
  const ctx = formContextOf(registry);
  const locale: Locale = isLocale(ctx.locale) ? ctx.locale : DEFAULT_LOCALE;
  const t: Translate = ctx.t ?? ((key, params) => translate(key, locale, params));
  return { t, locale };
}

/** Translates an optional key; undefined stays undefined. */
export function maybe(t: Translate, key: unknown, params?: Record<string, unknown>): string | undefined {
  return typeof key === 'string' && key !== '' ? t(key, params) : undefined;
}

/** A key's text, or English when the catalogue does not have the key yet (translate returns unknown keys as-is). */
export function textOr(t: Translate, key: string, english: string, params?: Record<string, unknown>): string {
  const text = t(key, params);
  return text === key ? english.replace(/\{\{\s*(\w+)\s*\}\}/g, (w, n: string) => String(params?.[n] ?? w)) : text;
}
