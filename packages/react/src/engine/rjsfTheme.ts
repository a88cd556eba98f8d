/**
 * RJSF's form with the antd theme's templates, taken one by one: `@rjsf/antd`'s index builds its theme from every
 * antd widget too (date picker, select, slider, …), which would put all of them into a form's first screen. The
 * widgets come from the runner's registry instead (`registry.tsx`), each loaded when a step uses it. The error list
 * is RJSF's own (the runner shows none), and so is the cyclic-schema template (no form has one).
 */
import ArrayFieldItemTemplate from '@rjsf/antd/lib/templates/ArrayFieldItemTemplate/index.js';
import ArrayFieldTemplate from '@rjsf/antd/lib/templates/ArrayFieldTemplate/index.js';
import BaseInputTemplate from '@rjsf/antd/lib/templates/BaseInputTemplate/index.js';
import DescriptionFieldTemplate from '@rjsf/antd/lib/templates/FieldDescriptionTemplate/index.js';
import FieldErrorTemplate from '@rjsf/antd/lib/templates/FieldErrorTemplate/index.js';
import FieldTemplate from '@rjsf/antd/lib/templates/FieldTemplate/index.js';
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
import TitleFieldTemplate from '@rjsf/antd/lib/templates/TitleField/index.js';
import WrapIfAdditionalTemplate from '@rjsf/antd/lib/templates/WrapIfAdditionalTemplate/index.js';
import type { FormProps } from '@rjsf/core';
import { withTheme } from '@rjsf/core';
import type { RJSFSchema, TemplatesType } from '@rjsf/utils';
import type { ComponentType } from 'react';

/** The antd theme's templates (what `Templates` of `@rjsf/antd` holds, less the two named above). */
export const Templates = {
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  BaseInputTemplate,
  ButtonTemplates: { AddButton, CopyButton, MoveDownButton, MoveUpButton, RemoveButton, SubmitButton, ClearButton },
  DescriptionFieldTemplate,
  FieldErrorTemplate,
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
