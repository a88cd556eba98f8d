/**
 * RJSF's `BaseInputTemplate` (the input RJSF's own text, number, e-mail, URL … widgets draw) as a light text box:
 * what `@rjsf/antd`'s template does with antd's `Input` and `InputNumber`, with a native input in antd's box, so
 * the step's form carries no antd input code for the fields that reach it (a field without a `ui:widget`). A number
 * is a native number input (its own arrows and keys); its text reaches RJSF's number field, which reads it.
 */
import { SchemaExamples } from '@rjsf/core';
import { ariaDescribedByIds, type BaseInputTemplateProps, examplesId, getInputProps } from '@rjsf/utils';
import type { ChangeEvent, FocusEvent, MouseEvent } from 'react';
import { TextBox } from './TextBox.js';

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, type, schema, options, registry, placeholder, rawErrors } = props;
  const { disabled, readonly, required, onChange, onChangeOverride, onBlur, onFocus } = props;
  const readonlyAsDisabled = (registry.formContext as { readonlyAsDisabled?: boolean } | undefined)?.readonlyAsDisabled;
  const asDisabled = readonlyAsDisabled ?? true;
  const inputProps = getInputProps(schema, type, options);
  const { ClearButton } = registry.templates.ButtonTemplates;
  const change =
    onChangeOverride ??
    (({ target }: ChangeEvent<HTMLInputElement>) => onChange(target.value === '' ? options.emptyValue : target.value));
  const clear = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    onChange(options.emptyValue);
  };
  const invalid = !!rawErrors && rawErrors.length > 0;
  return (
    <>
      <TextBox
        id={id}
        name={htmlName || id}
        {...inputProps}
        value={value === undefined || value === null ? '' : value}
        placeholder={placeholder || undefined}
        required={required}
        disabled={disabled || (asDisabled && readonly)}
        readOnly={readonly && !asDisabled}
        list={schema.examples ? examplesId(id) : undefined}
        invalid={invalid}
        onChange={readonly ? undefined : change}
        onBlur={readonly ? undefined : ({ target }: FocusEvent<HTMLInputElement>) => onBlur(id, target.value)}
        onFocus={readonly ? undefined : ({ target }: FocusEvent<HTMLInputElement>) => onFocus(id, target.value)}
        aria-invalid={invalid}
        aria-describedby={ariaDescribedByIds(id, !!schema.examples)}
      />
      {options.allowClearTextInputs && !readonly && !disabled && value ? (
        <ClearButton registry={registry} onClick={clear} />
      ) : null}
      <SchemaExamples id={id} schema={schema} />
    </>
  );
}
