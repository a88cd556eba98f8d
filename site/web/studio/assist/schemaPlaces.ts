/**
 * What the DSL's meta-schema says about one place of a form document: the schemas that apply there (with `$ref`,
 * `anyOf` / `oneOf` and `if` / `then` resolved against the document's own values, so a `select` field gets the
 * select's definition and a `{ field, in }` condition its own branch), the property names and values allowed, and the
 * description of a property. Pure: the editor's completion and hover read it; unit tests call it directly.
 */
import { pointerSegments } from '@antrag/core/document';

/** A meta-schema node, loosely typed: only the keywords read here matter. */
export interface SchemaNode {
  $ref?: string;
  description?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, SchemaNode>;
  patternProperties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  required?: string[];
  items?: SchemaNode | SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  if?: SchemaNode;
  then?: SchemaNode;
  else?: SchemaNode;
}

export type Segment = string | number;

/** One value a place may take, with why (the property's or the chosen branch's description). */
export interface AllowedValue {
  value: unknown;
  description?: string;
}

// more than this many nested `$ref`s is a cycle (a condition inside a condition… is resolved lazily, one level a step)
const MAX_DEPTH = 24;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

export class SchemaPlaces {
  constructor(private readonly root: SchemaNode) {}

  /** The node a local `$ref` (`#/definitions/…`) names. */
  deref(ref: string): SchemaNode | undefined {
    if (!ref.startsWith('#')) return undefined;
    let node: unknown = this.root;
    for (const segment of pointerSegments(ref.slice(1))) {
      if (!isObject(node)) return undefined;
      node = node[segment];
    }
    return isObject(node) ? (node as SchemaNode) : undefined;
  }

  /** The definition a name stands for (`field`, `condition`…), to recognise where a place leads. */
  definition(name: string): SchemaNode | undefined {
    return this.deref(`#/definitions/${name}`);
  }

  /**
   * Does a value plausibly fit a schema? A shallow test, enough to choose between branches: type, const, enum,
   * required properties and the consts of its properties (the `type` of a field), and no property a closed object lacks.
   */
  fits(schema: SchemaNode, value: unknown, depth = 0): boolean {
    if (value === undefined) return true;
    if (schema.$ref) {
      const target = this.deref(schema.$ref);
      if (target && depth < MAX_DEPTH && !this.fits(target, value, depth + 1)) return false;
    }
    const actual = typeOf(value);
    if (schema.type !== undefined) {
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      if (!types.some((t) => t === actual || (t === 'number' && actual === 'integer'))) return false;
    }
    if ('const' in schema && schema.const !== value) return false;
    if (schema.enum && !schema.enum.includes(value)) return false;
    if (isObject(value)) {
      if (schema.required?.some((key) => !(key in value))) return false;
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (key in value && 'const' in property && property.const !== value[key]) return false;
      }
      if (schema.additionalProperties === false && schema.properties) {
        if (Object.keys(value).some((key) => !(key in (schema.properties ?? {})))) return false;
      }
    }
    const branches = schema.anyOf ?? schema.oneOf;
    if (branches && depth < MAX_DEPTH && !branches.some((b) => this.fits(b, value, depth + 1))) return false;
    return true;
  }

  /**
   * The schema nodes that apply to a value: the node itself, what its `$ref` names, the `anyOf` / `oneOf` branches the
   * value fits (all of them when it fits none, e.g. while it is being typed), `allOf` parts and the `then` of each `if`
   * the value meets. Outer nodes come first, so a property's own description wins over its type's.
   */
  expand(node: SchemaNode, value: unknown, depth = 0, out: SchemaNode[] = []): SchemaNode[] {
    if (depth > MAX_DEPTH || out.includes(node)) return out;
    out.push(node);
    if (node.$ref) {
      const target = this.deref(node.$ref);
      if (target) this.expand(target, value, depth + 1, out);
    }
    const branches = node.anyOf ?? node.oneOf;
    if (branches) {
      const fitting = branches.filter((b) => this.fits(b, value));
      for (const b of fitting.length > 0 ? fitting : branches) this.expand(b, value, depth + 1, out);
    }
    for (const part of node.allOf ?? []) {
      if (part.if) {
        const next = value !== undefined && this.fits(part.if, value) ? part.then : part.else;
        if (next) this.expand(next, value, depth + 1, out);
      } else this.expand(part, value, depth + 1, out);
    }
    return out;
  }

  /** The schemas of one child (a property or an array item) of a value the `parents` apply to. */
  childSchemas(parents: readonly SchemaNode[], segment: Segment): SchemaNode[] {
    const out: SchemaNode[] = [];
    for (const parent of parents) {
      if (typeof segment === 'number') {
        if (Array.isArray(parent.items)) {
          const item = parent.items[segment];
          if (item) out.push(item);
        } else if (parent.items) out.push(parent.items);
        continue;
      }
      const own = parent.properties?.[segment];
      if (own) {
        out.push(own);
        continue;
      }
      const pattern = Object.entries(parent.patternProperties ?? {}).find(([p]) => new RegExp(p, 'u').test(segment));
      if (pattern) out.push(pattern[1]);
      else if (isObject(parent.additionalProperties)) out.push(parent.additionalProperties as SchemaNode);
    }
    return out;
  }

  /** Every schema that applies at a path of a document (the document as far as it could be read). */
  at(document: unknown, path: readonly Segment[]): SchemaNode[] {
    let schemas = this.expand(this.root, document);
    let value: unknown = document;
    for (const segment of path) {
      value = isObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[segment] : undefined;
      const children = this.childSchemas(schemas, segment);
      const expanded: SchemaNode[] = [];
      for (const child of children) this.expand(child, value, 0, expanded);
      schemas = expanded;
      if (schemas.length === 0) break;
    }
    return schemas;
  }

  /** A node's own description, else that of the node its `$ref` names. */
  describe(node: SchemaNode, depth = 0): string | undefined {
    if (node.description) return node.description;
    if (node.$ref && depth < MAX_DEPTH) {
      const target = this.deref(node.$ref);
      if (target) return this.describe(target, depth + 1);
    }
    return undefined;
  }

  /** The description of a property of an object the `parents` apply to (its first: the base before a branch). */
  propertyDescription(parents: readonly SchemaNode[], key: string): string | undefined {
    const children = this.childSchemas(parents, key);
    for (const child of children) {
      const text = this.describe(child);
      if (text) return text;
    }
    // no words of its own (an `anyOf` of references): those of what it may be
    for (const child of children) {
      const text = this.expand(child, undefined)
        .map((node) => node.description)
        .find((d) => d !== undefined);
      if (text) return text;
    }
    return undefined;
  }

  /** The property names an object the `parents` apply to may have, each with its description, in schema order. */
  propertyNames(parents: readonly SchemaNode[]): AllowedValue[] {
    const seen = new Map<string, AllowedValue>();
    for (const parent of parents) {
      for (const [key, node] of Object.entries(parent.properties ?? {})) {
        if (!seen.has(key)) seen.set(key, { value: key, description: this.describe(node) });
      }
    }
    return [...seen.values()];
  }

  /**
   * The values a place allows by its schemas: `enum` and `const` values, true and false for a boolean. An enum value
   * that picks a branch (a field's `type`) gets that branch's description of the property.
   */
  allowedValues(parents: readonly SchemaNode[], key: Segment, schemas: readonly SchemaNode[]): AllowedValue[] {
    const seen = new Map<string, AllowedValue>();
    const add = (value: unknown, description: string | undefined) => {
      const id = JSON.stringify(value);
      if (!seen.has(id)) seen.set(id, { value, description });
    };
    const own = typeof key === 'string' ? this.propertyDescription(parents, key) : undefined;
    for (const node of schemas) {
      for (const value of node.enum ?? []) add(value, undefined);
      if ('const' in node) add(node.const, undefined);
      const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
      if (types.includes('boolean')) {
        add(true, undefined);
        add(false, undefined);
      }
    }
    return [...seen.values()].map((v) => ({
      value: v.value,
      description: (typeof key === 'string' ? this.branchDescription(parents, key, v.value) : undefined) ?? own,
    }));
  }

  /**
   * The description of a property in the branch its value selects: `"type": "select"` → the select field's
   * description of `type` ("Field type: a single choice…"), found in the `if` / `then` parts of the object's schemas
   * whether or not the document has chosen that value yet.
   */
  branchDescription(parents: readonly SchemaNode[], key: string, value: unknown): string | undefined {
    for (const parent of parents) {
      for (const part of parent.allOf ?? []) {
        const test = part.if?.properties?.[key];
        if (!test || !('const' in test) || test.const !== value || !part.then) continue;
        const text = this.propertyDescription(this.expand(part.then, undefined), key);
        if (text) return text;
      }
    }
    return undefined;
  }

  /** Does one of the schemas lead to a definition (by `$ref`, directly or through other nodes)? */
  leadsTo(schemas: readonly SchemaNode[], name: string): boolean {
    const target = this.definition(name);
    return target !== undefined && schemas.includes(target);
  }
}
