/**
 * The templates RJSF draws inside a field's template, as `@rjsf/antd` draws them, with no antd code: the error list
 * (one line an error, under the id the control's `aria-describedby` names), the help, the description and an
 * object's or array's title (antd's divider drawn by `field.css`).
 */
import { RichDescription, RichHelp } from '@rjsf/core';
import {
  type DescriptionFieldProps,
  errorId,
  type FieldErrorProps,
  type FieldHelpProps,
  helpId,
  type TitleFieldProps,
} from '@rjsf/utils';
import { cx } from './cx.js';
import './field.css';

export function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  if (errors.length === 0) return null;
  const id = errorId(fieldPathId);
  return (
    <div id={id}>
      {errors.map((error) => (
        <div key={`field-${id}-error-${String(error)}`}>{error}</div>
      ))}
    </div>
  );
}

export function FieldHelpTemplate({ fieldPathId, help, uiSchema, registry }: FieldHelpProps) {
  if (!help) return null;
  return (
    <div id={helpId(fieldPathId)} className="help-block">
      <RichHelp help={help} registry={registry} uiSchema={uiSchema} />
    </div>
  );
}

export function DescriptionFieldTemplate({ id, description, registry, uiSchema }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <span id={id}>
      <RichDescription description={description} registry={registry} uiSchema={uiSchema} />
    </span>
  );
}

export function TitleFieldTemplate({ id, required, registry, title, optionalDataControl }: TitleFieldProps) {
  const { colon = true } = (registry.formContext ?? {}) as { colon?: boolean };
  const text = colon && typeof title === 'string' && title.trim() !== '' ? title.replace(/[：:]\s*$/, '') : title;
  const heading = title ? (
    <label
      htmlFor={id}
      className={cx(required && 'ant-form-item-required', !colon && 'ant-form-item-no-colon') || undefined}
      title={typeof title === 'string' ? title : ''}
    >
      {text}
    </label>
  ) : null;
  return (
    <>
      {optionalDataControl ? (
        <div className="antrag-title-row">
          <div className="antrag-title-row-label">{heading}</div>
          <div>{optionalDataControl}</div>
        </div>
      ) : (
        heading
      )}
      <hr className="antrag-title-divider" />
    </>
  );
}
