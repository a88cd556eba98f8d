/**
 * What a form's first screen needs before it can render in one go, without a loading state: antd's and dayjs's
 * texts of the language, the code of the first step's widgets and fields and, on a wide screen, of the numbered steps. The server awaits it before it draws
 * the first step; the browser awaits it before it hydrates that HTML, so both render the same tree.
 */

import type { CompiledForm } from '@antrag/core/compile/types';
import type { Locale } from '@antrag/core/dsl/types';
import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { indicatorKind } from './Indicator.js';
import { LazyDotsIndicator, LazyStepsIndicator } from './lazyParts.js';
import { loadLibraryLocale } from './locale.js';
import { defaultFields, defaultWidgets } from './registry.js';
import { preloadStepParts } from './stepCode.js';

export async function prepareFirstScreen(
  form: CompiledForm,
  locale: Locale,
  {
    narrow,
    widgets = defaultWidgets,
    fields = defaultFields,
  }: { narrow: boolean; widgets?: RegistryWidgetsType; fields?: RegistryFieldsType },
): Promise<void> {
  // a wide screen's numbered steps and the dots are parts of their own (antd's Steps, antd's Tooltip)
  const kind = indicatorKind(form, 0, narrow);
  const steps =
    kind === 'steps' ? LazyStepsIndicator.preload() : kind === 'dots' ? LazyDotsIndicator.preload() : undefined;
  await Promise.all([loadLibraryLocale(locale), preloadStepParts(form, 0, widgets, fields), steps]);
}
