/** The visual builder's operations on a form definition: pure, each returns a new definition. */
export { fromSimpleCondition, type SimpleCondition, type SimpleOperator, toSimpleCondition } from './conditions.js';
export { applyCsv, textsToCsv } from './csv.js';
export { addField, duplicateField, moveField, moveFieldToStep, removeField, updateField } from './fields.js';
export { type FieldLocation, type FieldSummary, fieldsOfStep, listFields, locateField } from './locate.js';
export {
  FIELD_NAME_MAX_LENGTH,
  FIELD_NAME_PATTERN,
  fieldNameFromLabel,
  fieldNameProblem,
  type NameProblem,
  RESERVED_FIELD_NAMES,
  STEP_ID_PATTERN,
  stepIdFromTitle,
} from './names.js';
export { FIELD_PALETTE, type FieldPreset, newField, type PaletteEntry, type PaletteGroup } from './palette.js';
export { referencesTo, renameField } from './references.js';
export { addStep, moveStep, removeStep, renameStep } from './steps.js';
export { textIn, withText } from './texts.js';
export {
  type ImportProblem,
  type ImportResult,
  MAX_FILE_BYTES,
  MAX_TEXT_LENGTH,
  missingLocales,
  setTextAt,
  type TextEntry,
  type TextPlace,
  textEntries,
} from './translations.js';
export { applyXliff, textsToXliff } from './xliff.js';
