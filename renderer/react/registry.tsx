/**
 * The widgets and fields a runner uses when it is given none: the project's own (`widgets/`) over
 * RJSF's antd widgets under the names the compiler writes, and a visible notice for fields not built yet.
 */

import { Widgets } from '@rjsf/antd';
import { getDefaultRegistry } from '@rjsf/core';
import type { FieldProps, RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { Alert } from 'antd';
import { fields as projectFields, widgets as projectWidgets } from '../../widgets/index.js';
import { runnerContextOf } from './context.js';

const core = getDefaultRegistry().widgets;

/** Fields whose real widget lives in `widgets/`: a visible notice instead of a silent gap. */
function NotImplementedField({ uiSchema, registry }: FieldProps) {
  const ctx = runnerContextOf(registry);
  const type = ((uiSchema?.['ui:options'] as { fieldType?: string } | undefined)?.fieldType ?? 'field') as string;
  const label = uiSchema?.['ui:title'] as string | undefined;
  return (
    <Alert
      type="warning"
      title={label}
      description={ctx?.t('diagnostics.fieldTypeNotImplemented', { type }) ?? `Field type ${type} is not implemented!`}
    />
  );
}

export const fallbackWidgets: RegistryWidgetsType = {
  text: core.TextWidget,
  email: core.EmailWidget,
  textarea: Widgets.TextareaWidget,
  select: Widgets.SelectWidget,
  searchSelect: Widgets.SelectWidget,
  radio: Widgets.RadioWidget,
  choiceButtons: Widgets.RadioWidget,
  choiceSlider: Widgets.RadioWidget,
  checkboxes: Widgets.CheckboxesWidget,
  tags: Widgets.SelectWidget,
  checkbox: Widgets.CheckboxWidget,
  switch: Widgets.CheckboxWidget,
  date: Widgets.DateWidget,
  month: core.TextWidget,
  number: core.UpDownWidget,
  currency: core.UpDownWidget,
  rate: core.UpDownWidget,
  range: Widgets.RangeWidget,
  country: core.TextWidget,
  place: core.TextWidget,
  otp: core.TextWidget,
  universitySelect: core.TextWidget,
  programSelect: core.TextWidget,
  locationSelect: core.TextWidget,
};

export const fallbackFields: RegistryFieldsType = {
  phone: NotImplementedField,
  country: NotImplementedField,
  place: NotImplementedField,
  upload: NotImplementedField,
  passportUpload: NotImplementedField,
  consentPdf: NotImplementedField,
  faceCapture: NotImplementedField,
  payers: NotImplementedField,
};

/** The project's widgets and fields over the fallbacks. */
export const defaultWidgets: RegistryWidgetsType = { ...fallbackWidgets, ...projectWidgets };
export const defaultFields: RegistryFieldsType = { ...fallbackFields, ...projectFields };

/** The `ui:field` names used under the given top-level fields of a UI schema, nested ones (list items, dialogs) too. */
export function fieldNamesIn(uiSchema: Record<string, unknown>, names: Iterable<string>): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) for (const item of node) walk(item);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'ui:field' && typeof value === 'string') found.add(value);
        else walk(value);
      }
    }
  };
  for (const name of names) walk(uiSchema[name]);
  return found;
}

/** Starts loading the code of the lazily loaded fields (`widgets/lazy.tsx`) among `names` in `registry`. */
export function preloadFieldsNamed(registry: RegistryFieldsType, names: Iterable<string>): void {
  for (const name of names) {
    const field = registry[name] as { preload?: () => Promise<void> } | undefined;
    // a failed load shows where the field is drawn (its error boundary); preloading stays quiet
    field?.preload?.().catch(() => {});
  }
}
