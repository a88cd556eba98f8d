/**
 * The pure parts of the payers field: the item form (schema, UI schema, validator) the dialog renders with
 * RJSF, and the list rules (de-duplication, names, maximum).
 */

import type { JsonSchema } from '@antrag/core/compile/types';
import { localizeUiNode } from '@antrag/core/i18n/uiSchema';
import type {
  ErrorSchema,
  FieldPathList,
  RJSFSchema,
  RJSFValidationError,
  UiSchema,
  ValidationData,
  ValidatorType,
} from '@rjsf/utils';
import { withChoicesOnTop } from '../../engine/renderSchema.js';
import type { Translate } from '../shared/texts.js';
import type { Payer } from './storage.js';

/** What the compiler writes into `ui:options` of a `payers` field (see compile/fields.ts). */
export interface PayersOptions {
  uniqueBy?: string;
  itemUiSchema?: Record<string, Node>;
  itemOrder?: string[];
  /** Browser-storage keys; default the spec's `payersEmails` and `payerId`. */
  emailsStorageKey?: string;
  currentIdStorageKey?: string;
}

type Node = Record<string, unknown>;

/** The item field holding the server's id of a payer (spec §3); a payer without one was never stored there. */
export const ID_FIELD = 'payerId';

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' && !Array.isArray(value) && Object.keys(value as object).length === 0)
  );
}

/**
 * The dialog's UI schema: the compiled item UI schema translated, in the compiled order, without RJSF's
 * submit button (the dialog has its own). The server's id (`payerId`) is hidden, and so is any other
 * read-only field without a value: there is nothing to read and nothing to enter.
 */
export function dialogUiSchema(options: PayersOptions, t: Translate, item: Payer): UiSchema {
  const out: Node = {};
  for (const [name, node] of Object.entries(options.itemUiSchema ?? {})) {
    const localized = localizeUiNode(node, t);
    // the server's id is internal: the applicant neither reads nor enters it
    if (name === ID_FIELD || (localized['ui:readonly'] && !localized['ui:field'] && isEmpty(item[name])))
      localized['ui:widget'] = 'hidden';
    out[name] = localized;
  }
  if (options.itemOrder?.length) out['ui:order'] = [...options.itemOrder, '*'];
  out['ui:submitButtonOptions'] = { norender: true };
  return out as UiSchema;
}

/** The translated label of an item field, else its name. */
export function itemLabel(options: PayersOptions, t: Translate, name: string): string {
  const title = options.itemUiSchema?.[name]?.['ui:title'];
  return typeof title === 'string' ? t(title) : name;
}

/** The schema of one payer as the dialog renders it: the array's `items`, choices where RJSF reads them. */
export function itemSchemaOf(schema: RJSFSchema): RJSFSchema {
  const items = schema.items;
  return items && typeof items === 'object' && !Array.isArray(items)
    ? (withChoicesOnTop(items as JsonSchema) as RJSFSchema)
    : { type: 'object' };
}

/** The list's maximum: on the array schema, or in the `allOf` entry where the compiler puts it with its message. */
export function maxItemsOf(schema: RJSFSchema): number | undefined {
  if (typeof schema.maxItems === 'number') return schema.maxItems;
  for (const entry of schema.allOf ?? []) {
    if (entry && typeof entry === 'object' && typeof (entry as RJSFSchema).maxItems === 'number')
      return (entry as RJSFSchema).maxItems;
  }
  return undefined;
}

/** The value a payer is de-duplicated by (`uniqueBy`), compared without case and surrounding spaces. */
export function uniqueKey(payer: Payer | undefined, uniqueBy: string | undefined): string | undefined {
  if (!uniqueBy || !payer) return undefined;
  const value = payer[uniqueBy];
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' ? value.trim().toLowerCase() : JSON.stringify(value);
}

/** Indices of the payers the table shows: the first of each `uniqueBy` value (spec: de-duplicated by email). */
export function shownIndices(list: readonly Payer[], uniqueBy: string | undefined): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  list.forEach((payer, i) => {
    const key = uniqueKey(payer, uniqueBy);
    if (key !== undefined) {
      if (seen.has(key)) return;
      seen.add(key);
    }
    out.push(i);
  });
  return out;
}

/** Whether another payer than the one at `index` has the same `uniqueBy` value as `payer`. */
export function isDuplicate(
  list: readonly Payer[],
  payer: Payer,
  index: number,
  uniqueBy: string | undefined,
): boolean {
  const key = uniqueKey(payer, uniqueBy);
  return key !== undefined && list.some((other, i) => i !== index && uniqueKey(other, uniqueBy) === key);
}

/** A payer's name for the table and the buttons' accessible names: first and last name, else the unique value. */
export function payerName(payer: Payer, uniqueBy: string | undefined): string | undefined {
  const parts = [payer.firstName, payer.lastName].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  if (parts.length > 0) return parts.map((p) => p.trim()).join(' ');
  const unique = uniqueBy ? payer[uniqueBy] : undefined;
  return typeof unique === 'string' && unique.trim() ? unique.trim() : undefined;
}

function setAt(data: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const node = data && typeof data === 'object' ? data : typeof head === 'number' ? [] : {};
  const copy = (Array.isArray(node) ? [...node] : { ...(node as Node) }) as Node;
  copy[String(head)] = setAt(copy[String(head)], rest, value);
  return copy;
}

function errorsOf(schema: ErrorSchema | undefined, path = ''): RJSFValidationError[] {
  const out: RJSFValidationError[] = [];
  if (!schema || typeof schema !== 'object') return out;
  for (const [key, value] of Object.entries(schema as Node)) {
    if (key === '__errors') {
      for (const message of value as string[]) out.push({ property: path || '.', message, stack: message });
    } else out.push(...errorsOf(value as ErrorSchema, `${path}.${key}`));
  }
  return out;
}

export interface ItemValidatorTarget {
  /** The form's root schema and data, as the field's own form validates them. */
  rootSchema: RJSFSchema;
  rootData: () => unknown;
  /** Where the list sits in the form data, and its current value. */
  listPath: FieldPathList;
  list: () => readonly Payer[];
  /** The item's place in the list (`list().length` for a new payer). */
  index: number;
}

/**
 * The RJSF validator of the dialog's item form. It validates the item as part of the whole form with the
 * field's own validator — the form data with the item put at its place in the list — and keeps the errors
 * under that place, re-rooted at the item. So the item meets exactly the rules the step's Next applies (the
 * engine's precompiled step validator, with its translated messages and Antrag keywords, needs no separate
 * module for the item), and with RJSF's stock ajv validator the field still works in a bare form.
 */
export function itemValidator(outer: ValidatorType, target: ItemValidatorTarget): ValidatorType {
  const validateFormData = (item: unknown): ValidationData<unknown> => {
    const list = [...target.list()];
    list[target.index] = (item ?? {}) as Payer;
    const data = setAt(target.rootData(), target.listPath, list);
    const { errorSchema } = outer.validateFormData(data, target.rootSchema);
    let node: unknown = errorSchema;
    for (const part of [...target.listPath, target.index]) {
      node = node && typeof node === 'object' ? (node as Node)[String(part)] : undefined;
    }
    const own = (node && typeof node === 'object' ? node : {}) as ErrorSchema;
    return { errors: errorsOf(own), errorSchema: own };
  };
  return {
    validateFormData,
    isValid: (schema, formData, rootSchema) => outer.isValid(schema, formData, rootSchema),
    rawValidation: <Result = unknown>(_schema: RJSFSchema, formData?: unknown) => {
      const { errors } = validateFormData(formData);
      return { errors: errors.length > 0 ? (errors as unknown as Result[]) : undefined };
    },
    reset: () => {},
  };
}
