/** Helpers for the import tests (not a test file itself). */
import { readdirSync, readFileSync } from 'node:fs';
import type { Field, FormDefinition, JsonValue } from '../../../packages/core/src/dsl/types.js';
import { unescapeSegment } from '../../../packages/core/src/json/pointer.js';

const FIXTURES = new URL('../../fixtures/cms/', import.meta.url);

export function fixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8'));
}

export function fixtureNames(): string[] {
  return readdirSync(FIXTURES)
    .filter((name) => name.endsWith('.json'))
    .sort();
}

/** Every field of a definition, in step and section order. */
export function fieldsOf(definition: FormDefinition): Field[] {
  return definition.steps.flatMap((step) => [
    ...(step.fields ?? []),
    ...(step.sections ?? []).flatMap((section) => section.fields),
  ]);
}

export function fieldNamed(definition: FormDefinition, name: string): Field {
  const field = fieldsOf(definition).find((f) => f.name === name);
  if (!field) throw new Error(`no field ${name}`);
  return field;
}

/** The value at a JSON pointer, or `undefined` when the pointer does not resolve. */
export function at(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
  let node: unknown = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const key = unescapeSegment(raw);
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Freezes a JSON document deeply, so any mutation by the importer throws. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const entry of Object.values(value)) deepFreeze(entry);
    Object.freeze(value);
  }
  return value;
}

/** Every (path, value) of a JSON value, for checks over the whole output. */
export function* walk(value: unknown, path = ''): Generator<[string, unknown]> {
  yield [path, value];
  if (value !== null && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) yield* walk(entry, `${path}/${key}`);
  }
}

export type { JsonValue };
