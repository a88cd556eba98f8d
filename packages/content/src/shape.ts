/**
 * The shape of each record kind and block type, read from the content schemas: which fields are plain values,
 * objects, lists, texts, asset references, references to other records and lists of blocks. Reference checks, the
 * file content source (resolving references) and the GraphQL content source (building queries) all walk it, so a
 * field added to a schema needs no code.
 */
import { isObject as isSchema, parsePointer } from '@antrag/core/json';
import { type ContentSchemas, isRecordKind, type JsonSchema, type RecordKind } from './schemas.js';

export type Shape =
  /**
   * A plain value; `localized`: a text (`x-localized`), a string or an object keyed by language; `name`: a text that
   * is a name (`x-name`), which may read the same in every language.
   */
  | { type: 'value'; localized?: true; name?: true }
  | { type: 'object'; fields: Record<string, Shape> }
  | { type: 'list'; item: Shape }
  | { type: 'asset' }
  | { type: 'reference'; kind: RecordKind }
  | { type: 'blocks' };

export interface ContentShapes {
  /** The flatData of each record kind (assets: the record itself, which has no flatData). */
  records: Record<RecordKind, Shape>;
  /** The flatData of each block type, in the order of `block.schema.json`. */
  blocks: Map<string, Shape>;
}

const VALUE: Shape = { type: 'value' };
const TEXT: Shape = { type: 'value', localized: true };
const NAME: Shape = { type: 'value', localized: true, name: true };

/** The schema a `$ref` points to, with the URL of its file (the base of its own `$ref`s). */
function deref(schemas: ContentSchemas, ref: string, base: string): { schema: JsonSchema; base: string } {
  const url = new URL(ref, base);
  const fragment = decodeURIComponent(url.hash.replace(/^#/, ''));
  url.hash = '';
  const file = schemas.files.get(url.href);
  if (!file) throw new Error(`$ref ${ref} (from ${base}): no such schema file`);
  let node: unknown = file;
  for (const segment of parsePointer(fragment)) {
    node = isSchema(node) ? node[segment] : undefined;
  }
  if (!isSchema(node)) throw new Error(`$ref ${ref} (from ${base}) points nowhere`);
  return { schema: node, base: url.href };
}

function shapeOf(schemas: ContentSchemas, schema: JsonSchema, base: string): Shape {
  if (schema['x-localized']) return schema['x-name'] ? NAME : TEXT;
  if (schema['x-asset']) return { type: 'asset' };
  if (schema['x-blocks']) return { type: 'blocks' };
  const kind = schema['x-reference'];
  if (isRecordKind(kind)) return { type: 'reference', kind };
  if (typeof schema.$ref === 'string') {
    const target = deref(schemas, schema.$ref, base);
    return shapeOf(schemas, target.schema, target.base);
  }
  if (isSchema(schema.properties)) {
    const fields: Record<string, Shape> = {};
    for (const [name, sub] of Object.entries(schema.properties)) {
      if (name !== '$schema' && isSchema(sub)) fields[name] = shapeOf(schemas, sub, base);
    }
    return { type: 'object', fields };
  }
  if (isSchema(schema.items)) return { type: 'list', item: shapeOf(schemas, schema.items, base) };
  return VALUE;
}

const shapeCache = new WeakMap<ContentSchemas, ContentShapes>();

export function contentShapes(schemas: ContentSchemas): ContentShapes {
  const cached = shapeCache.get(schemas);
  if (cached) return cached;
  const records = {} as Record<RecordKind, Shape>;
  for (const kind of Object.keys(recordSchemaKinds) as RecordKind[]) {
    const url = schemas.urlOf(kind);
    const schema = schemas.files.get(url);
    if (!schema) throw new Error(`no schema for ${kind}`);
    const record = shapeOf(schemas, schema, url);
    records[kind] =
      kind !== 'asset' && record.type === 'object' && record.fields.flatData ? record.fields.flatData : record;
  }
  const blocks = new Map<string, Shape>();
  for (const [typename, url] of schemas.blockTypes) {
    const schema = schemas.files.get(url);
    if (!schema) throw new Error(`no schema for block type ${typename} at ${url}`);
    blocks.set(typename, shapeOf(schemas, schema, url));
  }
  const shapes = { records, blocks };
  shapeCache.set(schemas, shapes);
  return shapes;
}

// every kind, as an object so the compiler checks the list is complete
const recordSchemaKinds: Record<RecordKind, true> = {
  page: true,
  navigation: true,
  footer: true,
  article: true,
  category: true,
  subcategory: true,
  university: true,
  program: true,
  product: true,
  suggestedBlog: true,
  asset: true,
};

/** A place in a record where the shape names a text, a reference, an asset or blocks. */
export interface ShapeVisit {
  /** JSON pointer segments from the walked value. */
  path: Array<string | number>;
  value: unknown;
  shape: Shape;
}

/**
 * Calls `visit` for every value the shape marks as a text, an asset reference, a record reference or a block list, walking
 * into blocks by their `__typename` and into nested blocks. Values that do not fit the shape are skipped (the schema
 * check reports them).
 */
export function walkShape(
  value: unknown,
  shape: Shape,
  shapes: ContentShapes,
  visit: (at: ShapeVisit) => void,
  path: Array<string | number> = [],
): void {
  switch (shape.type) {
    case 'value':
      if (shape.localized) visit({ path, value, shape });
      return;
    case 'object':
      if (!isSchema(value)) return;
      for (const [name, sub] of Object.entries(shape.fields)) {
        if (value[name] !== undefined) walkShape(value[name], sub, shapes, visit, [...path, name]);
      }
      return;
    case 'list':
      if (!Array.isArray(value)) return;
      for (const [i, item] of value.entries()) walkShape(item, shape.item, shapes, visit, [...path, i]);
      return;
    case 'asset':
    case 'reference':
      visit({ path, value, shape });
      return;
    case 'blocks':
      visit({ path, value, shape });
      if (!Array.isArray(value)) return;
      for (const [i, block] of value.entries()) {
        if (!isSchema(block) || typeof block.__typename !== 'string') continue;
        const blockShape = shapes.blocks.get(block.__typename);
        if (blockShape) walkShape(block.flatData, blockShape, shapes, visit, [...path, i, 'flatData']);
      }
      return;
  }
}
