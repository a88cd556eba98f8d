/**
 * What to offer and what to say at one place of a form document, from the meta-schema and the document itself:
 * property names (a rules item's rule names), allowed values (field types, enums, transforms, booleans), the form's
 * field names where a field is named (conditions, `sameAs`, …) and a chosen field's option values in `equals`,
 * `notEquals` and `in`. Pure: the editor turns these into completions and tooltips.
 */
import { RULE_KINDS } from '@antrag/core/dsl/types';
import { formFields } from './formFields.js';
import { plainSentence } from './plainSentence.js';
import type { SchemaNode, SchemaPlaces, Segment } from './schemaPlaces.js';

/** A place in the document: a property name being written in the object at `path`, or the value at `path`. */
export interface Place {
  kind: 'key' | 'value';
  path: Segment[];
  /** For a key: the name as typed so far (left out of the names already there). */
  key?: string;
}

type SuggestionKind = 'property' | 'rule' | 'value' | 'fieldType' | 'field' | 'option';

export interface Suggestion {
  kind: SuggestionKind;
  /** The property name, or the JSON value to insert. */
  value: unknown;
  /** A short text beside it (a field's label, an option's label). */
  detail?: string;
  /** One plain sentence about it. */
  description?: string;
}

const RULES = new Set<string>(RULE_KINDS);
const CHOICE_TESTS = new Set(['equals', 'notEquals', 'in']);
const BOOLEAN_TYPES = new Set(['checkbox', 'switch', 'agreement']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function valueAt(document: unknown, path: readonly Segment[]): unknown {
  let value = document;
  for (const segment of path) {
    if (!isObject(value) && !Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

const sentence = (text: string | undefined) => (text ? plainSentence(text) : undefined);

export class Suggest {
  constructor(private readonly places: SchemaPlaces) {}

  private isFieldType(schemas: readonly SchemaNode[]): boolean {
    const type = this.places.definition('field')?.properties?.type;
    return type !== undefined && schemas.includes(type);
  }

  /** The schemas of the value at a path, whatever it holds now (it is being typed), and of its parent. */
  private valueSchemas(document: unknown, path: readonly Segment[]) {
    const key = path[path.length - 1];
    const parents = this.places.at(document, path.slice(0, -1));
    const schemas: SchemaNode[] = [];
    if (key !== undefined)
      for (const child of this.places.childSchemas(parents, key)) this.places.expand(child, undefined, 0, schemas);
    return { key, parents, schemas };
  }

  suggestions(document: unknown, place: Place): Suggestion[] {
    return place.kind === 'key' ? this.keys(document, place) : this.values(document, place.path);
  }

  private keys(document: unknown, place: Place): Suggestion[] {
    const parents = this.places.at(document, place.path);
    const object = valueAt(document, place.path);
    const present = new Set(isObject(object) ? Object.keys(object).filter((k) => k !== place.key) : []);
    const inRule = this.places.leadsTo(parents, 'rule');
    return this.places
      .propertyNames(parents)
      .filter((p) => !present.has(String(p.value)))
      .map((p) => ({
        kind: inRule && RULES.has(String(p.value)) ? 'rule' : 'property',
        value: p.value,
        description: sentence(p.description),
      }));
  }

  private values(document: unknown, path: readonly Segment[]): Suggestion[] {
    const { key, parents, schemas } = this.valueSchemas(document, path);
    if (key === undefined) return [];
    const fieldName = this.places.definition('fieldBase')?.properties?.name;
    const namesField =
      (this.places.leadsTo(schemas, 'fieldPath') || this.places.leadsTo(schemas, 'fieldName')) &&
      !(fieldName && schemas.includes(fieldName));
    if (namesField) {
      // a field's condition or rule never names the field itself
      const own = ownFieldName(document, path);
      return formFields(document)
        .filter((f) => f.name !== own)
        .map((f) => ({ kind: 'field', value: f.name, detail: f.label ?? f.type }));
    }
    const options = this.optionValues(document, path);
    if (options.length > 0) return options;
    const fieldType = this.isFieldType(schemas);
    return this.places.allowedValues(parents, key, schemas).map((v) => ({
      kind: fieldType ? 'fieldType' : 'value',
      value: v.value,
      description: sentence(v.description),
    }));
  }

  /** In a condition's `equals`, `notEquals` or `in`: the values of the tested field's options (true / false for a box). */
  private optionValues(document: unknown, path: readonly Segment[]): Suggestion[] {
    const last = path[path.length - 1];
    const conditionPath =
      typeof last === 'number' && path[path.length - 2] === 'in'
        ? path.slice(0, -2)
        : typeof last === 'string' && CHOICE_TESTS.has(last) && last !== 'in'
          ? path.slice(0, -1)
          : undefined;
    if (!conditionPath) return [];
    const condition = valueAt(document, conditionPath);
    if (!isObject(condition) || typeof condition.field !== 'string') return [];
    const field = formFields(document).find((f) => f.name === condition.field);
    if (!field) return [];
    if (field.options?.length) {
      return field.options.map((o) => ({ kind: 'option', value: o.value, detail: o.label }));
    }
    if (field.type && BOOLEAN_TYPES.has(field.type)) {
      return [true, false].map((value) => ({ kind: 'option', value }));
    }
    return [];
  }

  /**
   * One plain sentence about a place: a property name's description where it stands, a value's description in the
   * branch it selects (a field type's own), or its property's. `fieldType` names the type a field's `type` holds.
   */
  describe(document: unknown, place: Place): { text: string; fieldType?: string } | undefined {
    if (place.kind === 'key') {
      if (place.key === undefined) return undefined;
      const text = sentence(this.places.propertyDescription(this.places.at(document, place.path), place.key));
      return text ? { text } : undefined;
    }
    const { key, parents, schemas } = this.valueSchemas(document, place.path);
    if (key === undefined) return undefined;
    const value = valueAt(document, place.path);
    const own =
      typeof key === 'string'
        ? (this.places.branchDescription(parents, key, value) ?? this.places.propertyDescription(parents, key))
        : schemas.map((s) => this.places.describe(s)).find((d) => d !== undefined);
    const text = sentence(own);
    // an item with no words of its own (an HTTP status in `httpStatus`): its list's
    if (!text)
      return typeof key === 'number'
        ? this.describe(document, { kind: 'value', path: place.path.slice(0, -1) })
        : undefined;
    return this.isFieldType(schemas) && typeof value === 'string' ? { text, fieldType: value } : { text };
  }
}

/** The name of the field a path lies inside (`…/fields/2/visibleIf/field` → that field's `name`), if any. */
function ownFieldName(document: unknown, path: readonly Segment[]): string | undefined {
  for (let i = path.length - 2; i >= 0; i -= 1) {
    if (path[i] === 'fields' && typeof path[i + 1] === 'number') {
      const field = valueAt(document, path.slice(0, i + 2));
      return isObject(field) && typeof field.name === 'string' ? field.name : undefined;
    }
  }
  return undefined;
}
