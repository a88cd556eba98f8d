import Form from '@rjsf/antd';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { render } from '@testing-library/react';
import { fields, type WidgetFormContext, widgets } from '../../../packages/react/src/widgets/index.js';

/** Renders a real RJSF antd Form with the project's widgets; `latest()` is the form data after the last change. */
export function renderForm(opts: {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  formData?: unknown;
  formContext?: WidgetFormContext;
  /** Errors shown at the fields from the start (a field's `rawErrors`), as after a failed Next: `{ v: { __errors } }`. */
  extraErrors?: Record<string, unknown>;
  /** Called with the form data of every change, as the form reports it. */
  onChange?: (formData: unknown) => void;
}) {
  let data: unknown = opts.formData;
  const changes: unknown[] = [];
  const utils = render(
    <Form
      schema={opts.schema}
      uiSchema={opts.uiSchema}
      formData={opts.formData}
      formContext={opts.formContext}
      extraErrors={opts.extraErrors as ErrorSchema | undefined}
      validator={validator}
      widgets={widgets}
      fields={fields}
      showErrorList={false}
      onChange={(e) => {
        data = e.formData;
        changes.push(e.formData);
        opts.onChange?.(e.formData);
      }}
    />,
  );
  return { ...utils, latest: () => data as Record<string, unknown>, changes };
}
