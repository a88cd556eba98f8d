/**
 * RJSF's form with the antd theme's templates, taken one by one: `@rjsf/antd`'s index builds its theme from every
 * antd widget too (date picker, select, slider, …), which would put all of them into a form's first screen. Those a
 * step does not draw around its fields (the wizard's steps draw their objects with `templates.tsx`) load when a form
 * draws one: arrays of items, grids, several schemas, optional data and their buttons (`antdTemplates.ts`); an
 * object outside a step's layout is RJSF's own fieldset. The
 * widgets come from the runner's registry instead (`registry.tsx`), each loaded when a step uses it. The error list
 * is RJSF's own (the runner shows none), and so is the cyclic-schema template (no form has one). The templates drawn
 * around every field are the light ones (`widgets/light/`): the input template and the additional-property wrapper
 * with the light text box, the field template (antd's form item's look, without antd's form code), its error list,
 * help, description and title.
 */
import type { FormProps } from '@rjsf/core';
import { getDefaultRegistry, withTheme } from '@rjsf/core';
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
import { type LazyComponent, lazyComponent } from '../widgets/lazy.js';

type AntdTemplates = typeof import('./antdTemplates.js');

const loadAntdTemplates = () => import('./antdTemplates.js');

const laterParts: LazyComponent<object>[] = [];

/**
 * One of `@rjsf/antd`'s templates, loaded when first drawn (`antdTemplates.ts`): `placeholder` shows meanwhile
 * (a busy row of a field's height by default; nothing for a button).
 */
function later<K extends keyof AntdTemplates>(name: K, placeholder?: null): AntdTemplates[K] {
  const part = lazyComponent(() => loadAntdTemplates().then((m) => m[name] as ComponentType<object>), placeholder);
  laterParts.push(part);
  return part as unknown as AntdTemplates[K];
}

const ArrayFieldItemTemplate = later('ArrayFieldItemTemplate');
const ArrayFieldTemplate = later('ArrayFieldTemplate');
const GridTemplate = later('GridTemplate');
const MultiSchemaFieldTemplate = later('MultiSchemaFieldTemplate');
const OptionalDataControlsTemplate = later('OptionalDataControlsTemplate', null);
const AddButton = later('AddButton', null);
const ClearButton = later('ClearButton', null);
const CopyButton = later('CopyButton', null);
const MoveDownButton = later('MoveDownButton', null);
const MoveUpButton = later('MoveUpButton', null);
const RemoveButton = later('RemoveButton', null);
const SubmitButton = later('SubmitButton', null);
/**
 * An object outside a step's own layout (a step draws its objects with `templates.tsx`): RJSF's own, plain
 * fieldset, which RJSF's core carries anyway, rather than antd's grid.
 */
const { ObjectFieldTemplate } = getDefaultRegistry().templates;

/** Loads the templates that load when used (tests draw them at once, as after a use). */
export function preloadAntdTemplates(): Promise<void> {
  return Promise.all(laterParts.map((part) => part.preload())).then(() => {});
}

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
