import type { Field, FieldType, FormDefinition } from '../dsl/types.js';
import { checkStepIndex, containersOf, listAt, locateField, namesOf } from './locate.js';
import { FIELD_NAME_MAX_LENGTH } from './names.js';
import { type FieldPreset, newField } from './palette.js';

/**
 * The form with a new field appended to a step (to its last section, else to its own `fields`), and the field's
 * name. `preset` is a palette entry's (e.g. radio buttons for a select).
 */
export function addField(
  def: FormDefinition,
  step: number,
  type: FieldType,
  label: string,
  preset?: FieldPreset,
): { definition: FormDefinition; name: string } {
  checkStepIndex(def, step);
  const definition = structuredClone(def);
  const field = newField(type, label, namesOf(definition), preset);
  appendToStep(definition, step, field);
  return { definition, name: field.name };
}

/** Puts a field last in a step: in its last section, else in its own `fields` (changes `definition`). */
function appendToStep(definition: FormDefinition, step: number, field: Field): void {
  const target = definition.steps[step];
  const sections = target.sections ?? [];
  const last = sections[sections.length - 1];
  if (last) last.fields.push(field);
  else {
    target.fields ??= [];
    target.fields.push(field);
  }
}

function requireField(def: FormDefinition, name: string) {
  const at = locateField(def, name);
  if (!at) throw new Error(`the form has no field '${name}'`);
  return at;
}

/**
 * The form with a field's properties changed: each key of `patch` set, a key whose value is undefined removed.
 * `name` and `type` cannot be patched (`renameField` updates the references; a new type is a new field).
 */
export function updateField(def: FormDefinition, name: string, patch: Record<string, unknown>): FormDefinition {
  for (const key of ['name', 'type'])
    if (key in patch) throw new Error(`updateField cannot change '${key}'${key === 'name' ? ': use renameField' : ''}`);
  const at = requireField(def, name);
  const definition = structuredClone(def);
  const list = listAt(definition, at);
  const field = list[at.index] as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    if (value === undefined) delete field[key];
    else field[key] = structuredClone(value);
  }
  return definition;
}

/** The form without a field (references to it are left for the compiler to report; `referencesTo` lists them). */
export function removeField(def: FormDefinition, name: string): FormDefinition {
  const at = requireField(def, name);
  const definition = structuredClone(def);
  listAt(definition, at).splice(at.index, 1);
  return definition;
}

/**
 * The form with a field moved one place up (-1) or down (1) within its step. At the edge of its section it moves
 * into the neighbouring one (as its last field going up, its first going down), so it crosses section
 * boundaries; at the step's first or last place it stays.
 */
export function moveField(def: FormDefinition, name: string, delta: -1 | 1): FormDefinition {
  if (delta !== -1 && delta !== 1) throw new RangeError(`delta must be -1 or 1, not ${String(delta)}`);
  const at = requireField(def, name);
  const definition = structuredClone(def);
  const containers = containersOf(definition.steps[at.step], at.step);
  const ci = containers.findIndex((c) => c.section === at.section);
  const list = containers[ci].fields;
  const to = at.index + delta;
  if (to >= 0 && to < list.length) {
    [list[at.index], list[to]] = [list[to], list[at.index]];
    return definition;
  }
  const neighbour = containers[ci + delta];
  if (!neighbour) return definition;
  const [field] = list.splice(at.index, 1) as [Field];
  if (delta === 1) neighbour.fields.unshift(field);
  else neighbour.fields.push(field);
  return definition;
}

/**
 * The form with a copy of a field right after it, and the copy's name (derived from the original's, unique). The
 * copy keeps every setting, its condition and rules included; nothing else names it yet.
 */
export function duplicateField(def: FormDefinition, name: string): { definition: FormDefinition; name: string } {
  const at = requireField(def, name);
  const definition = structuredClone(def);
  const list = listAt(definition, at);
  const copy = structuredClone(list[at.index]) as Field;
  copy.name = copyName(name, new Set(namesOf(definition)));
  list.splice(at.index + 1, 0, copy);
  return { definition, name: copy.name };
}

/** `nameCopy`, `nameCopy2`, … : the first not taken, within the name length. */
function copyName(name: string, taken: Set<string>): string {
  const base = `${name.slice(0, FIELD_NAME_MAX_LENGTH - 8)}Copy`;
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}${n}`)) n += 1;
  return `${base}${n}`;
}

/** The form with a field moved to the end of another step (its last section, else its own `fields`). */
export function moveFieldToStep(def: FormDefinition, name: string, step: number): FormDefinition {
  checkStepIndex(def, step);
  const at = requireField(def, name);
  if (at.step === step) return def;
  const definition = structuredClone(def);
  const [field] = listAt(definition, at).splice(at.index, 1) as [Field];
  appendToStep(definition, step, field);
  return definition;
}
