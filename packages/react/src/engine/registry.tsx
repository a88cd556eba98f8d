/**
 * The widgets and fields a runner uses when it is given none: the project's own (`widgets/`) under the names the
 * compiler writes, over fallbacks for names the project leaves open, and a visible notice for fields not built yet.
 * The fallbacks are the project's light controls (native inputs drawn on antd's tokens) where one exists, else
 * RJSF's antd widgets, which load, like the project's, when a step uses them (`widgets/lazy.tsx`).
 */

import { getDefaultRegistry } from '@rjsf/core';
import type { FieldProps, RegistryFieldsType, RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import {
  fieldsShowingNestedErrors,
  fields as projectFields,
  widgets as projectWidgets,
  withFieldStatus,
} from '../widgets/index.js';
import { lazyComponent } from '../widgets/lazy.js';
import { Alert } from './chrome/Alert.js';
import { runnerContextOf } from './context.js';
import { withDeferredChange } from './deferredWidget.js';

const core = getDefaultRegistry().widgets;

/**
 * RJSF's antd widgets that have no light counterpart, each loaded when first used (`@rjsf/antd`'s index would load all
 * of them at once).
 */
const Widgets = {
  DateWidget: lazyComponent<WidgetProps>(() =>
    withFieldStatus(import('@rjsf/antd/lib/widgets/DateWidget/index.js').then((m) => m.default)),
  ),
  RangeWidget: lazyComponent<WidgetProps>(() =>
    withFieldStatus(import('@rjsf/antd/lib/widgets/RangeWidget/index.js').then((m) => m.default)),
  ),
};

/** The light controls (`widgets/light/`): a native control in antd's look, no antd input code. */
const light = {
  textarea: projectWidgets.textarea,
  select: projectWidgets.select,
  radio: projectWidgets.radio,
  checkbox: projectWidgets.checkbox,
  checkboxes: projectWidgets.checkboxes,
};

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
  textarea: light.textarea,
  select: light.select,
  searchSelect: light.select,
  radio: light.radio,
  choiceButtons: light.radio,
  choiceSlider: light.radio,
  checkboxes: light.checkboxes,
  tags: light.checkboxes,
  checkbox: light.checkbox,
  switch: light.checkbox,
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

/**
 * The widgets typed into character by character: what is typed shows at once and reaches the form when typing
 * pauses (deferredChange.ts), so a keystroke does not wait for the whole step to redraw.
 */
const TYPED_INTO = ['text', 'email', 'textarea', 'number', 'currency'] as const;

function deferTyping(widgets: RegistryWidgetsType): RegistryWidgetsType {
  const out = { ...widgets };
  for (const name of TYPED_INTO) if (out[name]) out[name] = withDeferredChange(out[name]);
  return out;
}

/** The project's widgets and fields over the fallbacks. */
export const defaultWidgets: RegistryWidgetsType = deferTyping({ ...fallbackWidgets, ...projectWidgets });
export const defaultFields: RegistryFieldsType = { ...fallbackFields, ...projectFields };
/** The `ui:field`s that show the errors inside their values themselves (see `placeErrors`). */
export const nestedErrorFields: ReadonlySet<string> = fieldsShowingNestedErrors;
