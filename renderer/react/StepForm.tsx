/** One RJSF form for one wizard step, validated by the step's compiled schema. */
import { Form } from '@rjsf/antd';
import type { RegistryFieldsType, RegistryWidgetsType, RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { type ReactNode, useMemo } from 'react';
import type { CompiledForm, JsonSchema } from '../core/compile/types.js';
import type { RunnerContext } from './context.js';
import { localizeUiSchema } from './localize.js';
import { SectionsTemplate } from './templates.js';
import { createStepValidator } from './validator.js';
import { type FormData, stepSchemaFor } from './wizard.js';

/**
 * The step schema as rendered: fields without data (info, computed) get a placeholder property so
 * RJSF renders them through their `ui:field`; a distinct `$id` keeps ajv's cache apart from the real one.
 */
export function renderSchemaFor(form: CompiledForm, index: number): RJSFSchema {
  const schema = stepSchemaFor(form, index);
  const properties = { ...((schema.properties as Record<string, JsonSchema> | undefined) ?? {}) };
  for (const name of form.steps[index].sections.flatMap((s) => s.fields)) {
    if (!properties[name] && form.fields[name] && !form.fields[name].hasData) properties[name] = { type: 'null' };
  }
  const id = typeof schema.$id === 'string' ? schema.$id.replace(/(\.json)?$/, '.render.json') : undefined;
  return { ...schema, ...(id ? { $id: id } : {}), properties } as RJSFSchema;
}

function focusField(error: RJSFValidationError, scroll: boolean): void {
  const id = `root${(error.property ?? '').replace(/\./g, '_')}`;
  const el =
    document.getElementById(id) ?? document.querySelector<HTMLElement>(`[id^="${CSS.escape ? CSS.escape(id) : id}"]`);
  if (!el) return;
  if (scroll) el.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  el.focus?.({ preventScroll: true });
}

export interface StepFormProps {
  form: CompiledForm;
  context: RunnerContext;
  data: FormData;
  widgets: RegistryWidgetsType;
  fields: RegistryFieldsType;
  onChange: (data: FormData) => void;
  onNext: (data: FormData) => void;
  children: ReactNode;
}

export function StepForm({ form, context, data, widgets, fields, onChange, onNext, children }: StepFormProps) {
  const { stepIndex, locale, t } = context;
  const schema = useMemo(() => renderSchemaFor(form, stepIndex), [form, stepIndex]);
  const validator = useMemo(() => createStepValidator(form, stepIndex, locale), [form, stepIndex, locale]);
  const uiSchema = useMemo(() => localizeUiSchema(form, t, data), [form, t, data]);
  return (
    <Form
      schema={schema}
      uiSchema={uiSchema}
      formData={data}
      formContext={context}
      validator={validator}
      widgets={widgets}
      fields={fields}
      templates={{ ObjectFieldTemplate: SectionsTemplate }}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError={(error) => focusField(error, form.wizard.scrollToFirstError !== false)}
      onChange={(e) => onChange((e.formData ?? {}) as FormData)}
      // messages show at the fields; without a handler RJSF logs every failed Next
      onError={() => {}}
      onSubmit={(e) => onNext((e.formData ?? {}) as FormData)}
    >
      {children}
    </Form>
  );
}
