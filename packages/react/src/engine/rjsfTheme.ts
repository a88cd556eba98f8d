/**
 * RJSF's form with the antd theme's templates, taken one by one: `@rjsf/antd`'s index builds its theme from every
 * antd widget too (date picker, select, slider, …), which would put all of them into a form's first screen. The
 * widgets come from the runner's registry instead (`registry.tsx`), each loaded when a step uses it. The error list
 * is RJSF's own (the runner shows none), and so is the cyclic-schema template (no form has one). The templates drawn
 * around every field are the light ones (`widgets/light/`): the input template and the additional-property wrapper
 * with the light text box, the field template (antd's form item's look, without antd's form code), its error list,
 * help, description and title.
 */
import ArrayFieldItemTemplate from '@rjsf/antd/lib/templates/ArrayFieldItemTemplate/index.js';
import ArrayFieldTemplate from '@rjsf/antd/lib/templates/ArrayFieldTemplate/index.js';
import GridTemplate from '@rjsf/antd/lib/templates/GridTemplate/index.js';
import {
  AddButton,
  ClearButton,
  CopyButton,
  MoveDownButton,
  MoveUpButton,
  RemoveButton,
} from '@rjsf/antd/lib/templates/IconButton/index.js';
import MultiSchemaFieldTemplate from '@rjsf/antd/lib/templates/MultiSchemaFieldTemplate/index.js';
import ObjectFieldTemplate from '@rjsf/antd/lib/templates/ObjectFieldTemplate/index.js';
import OptionalDataControlsTemplate from '@rjsf/antd/lib/templates/OptionalDataControlsTemplate/index.js';
import SubmitButton from '@rjsf/antd/lib/templates/SubmitButton/index.js';
import type { FormProps } from '@rjsf/core';
import { withTheme } from '@rjsf/core';
import type { RJSFSchema, TemplatesType } from '@rjsf/utils';
import type { ComponentType } from 'react';
// the light ones (widgets/light/): antd's Input, InputNumber and Form.Item stay out of every form's first screen
import {
  BaseInputTemplate,
  DescriptionFieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  FieldTemplate,
  TitleFieldTemplate,
  WrapIfAdditionalTemplate,
} from '../widgets/index.js';

/** The antd theme's templates (what `Templates` of `@rjsf/antd` holds), the field-level ones light. */
export const Templates = {
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  BaseInputTemplate,
  ButtonTemplates: { AddButton, CopyButton, MoveDownButton, MoveUpButton, RemoveButton, SubmitButton, ClearButton },
  DescriptionFieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  FieldTemplate,
  GridTemplate,
  MultiSchemaFieldTemplate,
  ObjectFieldTemplate,
  OptionalDataControlsTemplate,
  TitleFieldTemplate,
  WrapIfAdditionalTemplate,
} satisfies Partial<TemplatesType>;

/** The step's form: RJSF core with the templates above and no widgets of the theme's own. */
// biome-ignore lint/suspicious/noExplicitAny: typed as `@rjsf/antd`'s own `Form` is (any form data, any context)
type AnyFormProps = FormProps<any, RJSFSchema, any>;
export const Form: ComponentType<AnyFormProps> = withTheme({ templates: Templates as AnyFormProps['templates'] });
