/**
 * `@rjsf/antd`'s templates for what no form's first screen draws (arrays of items, grids, several schemas, optional
 * data, their buttons), loaded when a form draws one (`rjsfTheme.ts`), inside antd's provider with the engine's
 * theme (widgets/lazy.tsx).
 */
export { default as ArrayFieldItemTemplate } from '@rjsf/antd/lib/templates/ArrayFieldItemTemplate/index.js';
export { default as ArrayFieldTemplate } from '@rjsf/antd/lib/templates/ArrayFieldTemplate/index.js';
export { default as GridTemplate } from '@rjsf/antd/lib/templates/GridTemplate/index.js';
export {
  AddButton,
  ClearButton,
  CopyButton,
  MoveDownButton,
  MoveUpButton,
  RemoveButton,
} from '@rjsf/antd/lib/templates/IconButton/index.js';
export { default as MultiSchemaFieldTemplate } from '@rjsf/antd/lib/templates/MultiSchemaFieldTemplate/index.js';
export { default as OptionalDataControlsTemplate } from '@rjsf/antd/lib/templates/OptionalDataControlsTemplate/index.js';
export { default as SubmitButton } from '@rjsf/antd/lib/templates/SubmitButton/index.js';
