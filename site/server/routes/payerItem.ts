/**
 * One payer as the server checks it: the item schema of a form's `payers` field, compiled from the form
 * itself (the same rules the browser's dialog applies), with the item's labels, read-only fields and
 * upload fields. Pure: no database, no HTTP.
 */
import type { CompiledForm, JsonSchema } from '@antrag/core/compile/types';
import type { Locale } from '@antrag/core/dsl/types';
import { translate } from '@antrag/core/i18n';
import { createAjv } from '@antrag/core/validate/ajv';
import { type FieldError, normalizeData, toFieldErrors } from '@antrag/core/validate/validator';

type Node = Record<string, unknown>;

export interface PayerItem {
  schema: JsonSchema;
  /** Item field names in the form's order. */
  fields: string[];
  /** Fields the applicant cannot set (`payerId`, `action`): never taken from a request. */
  readOnly: Set<string>;
  /** Upload fields and the document kind (`docKey`) their files must have, when the form names one. */
  uploads: Map<string, string | undefined>;
  /** Most payers a lead may have, when the form limits them. */
  maxItems?: number;
  /** A field's label in `locale`, else its name. */
  label(field: string, locale: Locale): string;
  /** The item's failing fields, messages in `locale` (empty when valid). */
  validate(payer: Node, locale: Locale): FieldError[];
}

const isNode = (value: unknown): value is Node => !!value && typeof value === 'object' && !Array.isArray(value);

/** The array's maximum: on the array schema, or in the `allOf` entry where the compiler puts it with its message. */
function maxItemsOf(schema: Node): number | undefined {
  if (typeof schema.maxItems === 'number') return schema.maxItems;
  for (const entry of Array.isArray(schema.allOf) ? schema.allOf : []) {
    if (isNode(entry) && typeof entry.maxItems === 'number') return entry.maxItems;
  }
  return undefined;
}

/** The item of the form's `payers` field; throws naming the form when it has none. */
export function payerItemOf(form: CompiledForm): PayerItem {
  const plan = Object.values(form.fields).find((f) => f.type === 'payers');
  const list = plan ? (form.schema.properties as Node | undefined)?.[plan.name] : undefined;
  if (!plan || !isNode(list) || !isNode(list.items)) throw new Error(`form ${form.id} has no payers field`);
  const schema = list.items as JsonSchema;
  const properties = (isNode(schema.properties) ? schema.properties : {}) as Record<string, Node>;
  const options = (form.uiSchema[plan.name] as Node | undefined)?.['ui:options'];
  const itemUi = (isNode(options) && isNode(options.itemUiSchema) ? options.itemUiSchema : {}) as Record<string, Node>;
  const order = isNode(options) && Array.isArray(options.itemOrder) ? (options.itemOrder as string[]) : [];
  const fields = [...order, ...Object.keys(properties).filter((name) => !order.includes(name))];

  const readOnly = new Set(Object.keys(properties).filter((name) => properties[name].readOnly === true));
  const uploads = new Map<string, string | undefined>();
  for (const [name, ui] of Object.entries(itemUi)) {
    const own = isNode(ui['ui:options']) ? ui['ui:options'] : {};
    if (own.fieldType === 'upload') uploads.set(name, typeof own.docKey === 'string' ? own.docKey : undefined);
  }

  const validateItem = createAjv().compile(schema);
  return {
    schema,
    fields,
    readOnly,
    uploads,
    maxItems: maxItemsOf(list),
    label: (field, locale) => {
      const key = itemUi[field]?.['ui:title'];
      return typeof key === 'string' ? translate(key, locale, undefined, form.texts) : field;
    },
    validate: (payer, locale) => {
      if (validateItem(normalizeData(payer)) === true) return [];
      const errors = toFieldErrors(validateItem.errors, schema, fields, locale, form.texts);
      validateItem.errors = null;
      return errors;
    },
  };
}

/**
 * Values of a form-encoded body as the schema types them: bracketed keys arrive as text, so
 * `transferedAmount=5000` becomes 5000 and `idProofFrontUpload[0][size]=120000` 120000. Text that is
 * no number stays text, for the schema to report.
 */
export function typedByText(value: unknown, schema: unknown): unknown {
  if (!isNode(schema)) return value;
  if (typeof value === 'string') {
    const { type } = schema;
    if ((type === 'number' || type === 'integer') && value.trim() !== '' && Number.isFinite(Number(value)))
      return Number(value);
    if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
    return value;
  }
  if (Array.isArray(value)) return Array.from(value, (v) => typedByText(v, schema.items));
  if (isNode(value)) {
    const properties = isNode(schema.properties) ? schema.properties : {};
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typedByText(v, properties[k])]));
  }
  return value;
}

/** JSON pointers of keys the schema does not declare where it lists its properties (the server refuses them). */
export function unknownKeys(value: unknown, schema: unknown, path = ''): string[] {
  if (!isNode(schema)) return [];
  if (Array.isArray(value)) return Array.from(value).flatMap((v, i) => unknownKeys(v, schema.items, `${path}/${i}`));
  if (!isNode(value) || !isNode(schema.properties)) return [];
  const properties = schema.properties;
  return Object.entries(value).flatMap(([key, v]) =>
    Object.hasOwn(properties, key) ? unknownKeys(v, properties[key], `${path}/${key}`) : [`${path}/${key}`],
  );
}
