/**
 * The widgets and fields a runner uses when it is given none: RJSF's antd widgets under the names
 * the compiler writes, and small stand-ins for Antrag's own fields.
 */

import { Widgets } from '@rjsf/antd';
import { getDefaultRegistry } from '@rjsf/core';
import type { FieldProps, RegistryFieldsType, RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { Alert, Checkbox, Typography } from 'antd';
import { fields as projectFields, widgets as projectWidgets } from '../../widgets/index.js';
import { runnerContextOf } from './context.js';

const core = getDefaultRegistry().widgets;

function InfoField({ uiSchema, registry }: FieldProps) {
  const ctx = runnerContextOf(registry);
  const options = (uiSchema?.['ui:options'] ?? {}) as { content?: string; variant?: string };
  const text = options.content ?? '';
  if (options.variant === 'plain') return <Typography.Paragraph>{text}</Typography.Paragraph>;
  return <Alert type="info" title={text || ctx?.t('diagnostics.fieldTypeNotImplemented', { type: 'info' })} />;
}

function ComputedField({ name, uiSchema, registry }: FieldProps) {
  const ctx = runnerContextOf(registry);
  const value = ctx?.data[name];
  const label = uiSchema?.['ui:title'] as string | undefined;
  return (
    <Typography.Paragraph>
      {label ? <Typography.Text strong>{label}: </Typography.Text> : null}
      <output aria-label={label ?? name}>{value === undefined || value === null ? '—' : String(value)}</output>
    </Typography.Paragraph>
  );
}

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

/** A required tick box whose label is the agreement's text. */
function AgreementWidget({ id, value, onChange, options, disabled, readonly, label }: WidgetProps) {
  const content = (options.content as string | undefined) ?? label;
  return (
    <Checkbox
      id={id}
      checked={value === true}
      disabled={disabled || readonly}
      onChange={(e) => onChange(e.target.checked)}
    >
      {content}
    </Checkbox>
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
  checkbox: Widgets.CheckboxWidget,
  agreement: AgreementWidget,
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
  info: InfoField,
  computed: ComputedField,
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
