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
