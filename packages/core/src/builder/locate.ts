import type { Field, FieldType, FormDefinition, Step } from '../dsl/types.js';
import { textIn } from './texts.js';

/** Where a top-level field of a form sits: its step, its section (none for `step.fields`), its index there. */
export interface FieldLocation {
  step: number;
  section?: number;
  index: number;
  /** JSON pointer of the field: `/steps/0/sections/1/fields/2` or `/steps/0/fields/3`. */
  pointer: string;
}

/** One list of fields of a step: `step.fields` (no section) or a section's `fields`. */
export interface FieldContainer {
  section?: number;
  fields: Field[];
  /** JSON pointer of the list, relative to the form. */
  pointer: string;
}

/**
 * A step's field lists in the order the compiler places them (`compile.ts`, `stepSections`): the step's own
 * `fields` first, then each section's. A list the step lacks is left out.
 */
export function containersOf(step: Step, stepIndex: number): FieldContainer[] {
  const out: FieldContainer[] = [];
  if (Array.isArray(step.fields)) out.push({ fields: step.fields, pointer: `/steps/${stepIndex}/fields` });
  (step.sections ?? []).forEach((section, i) => {
    if (Array.isArray(section?.fields))
      out.push({ section: i, fields: section.fields, pointer: `/steps/${stepIndex}/sections/${i}/fields` });
  });
  return out;
}

/** A step's fields in the order the form shows them: `step.fields`, then each section's fields. */
export function fieldsOfStep(step: Step): Field[] {
  return containersOf(step, 0).flatMap((c) => c.fields);
}

/** Where a top-level field is (a payer's item fields are not searched); undefined when no field has the name. */
export function locateField(def: FormDefinition, name: string): FieldLocation | undefined {
  for (const [si, step] of def.steps.entries()) {
    for (const c of containersOf(step, si)) {
      const index = c.fields.findIndex((f) => f?.name === name);
      if (index >= 0) return { step: si, section: c.section, index, pointer: `${c.pointer}/${index}` };
    }
  }
  return undefined;
}

/** The list a location's field is in (of the same definition the location came from). */
export function listAt(def: FormDefinition, at: Pick<FieldLocation, 'step' | 'section'>): Field[] {
  const step = def.steps[at.step];
  const list = at.section === undefined ? step.fields : step.sections?.[at.section]?.fields;
  if (!list) throw new Error(`step ${at.step} has no such field list`);
  return list;
}

/** What the builder's pickers show of a field. */
export interface FieldSummary {
  name: string;
  type: FieldType;
  /** The English label, '' when it has none (or refers to a catalogue text). */
  label: string;
  /** Index of the step the field is on. */
  step: number;
  /** The field's own options (select, multiselect, university select), their labels in English. */
  options?: Array<{ value: string | number | boolean; label: string }>;
}

/** Every top-level field of a form, in order, with its English label and its own options. */
export function listFields(def: FormDefinition): FieldSummary[] {
  return def.steps.flatMap((step, si) =>
    fieldsOfStep(step)
      .filter((f) => f && typeof f.name === 'string')
      .map((f) => {
        const summary: FieldSummary = { name: f.name, type: f.type, label: textIn(f.label, 'en'), step: si };
        const options = 'options' in f ? f.options : undefined;
        if (Array.isArray(options))
          summary.options = options.map((o) => ({ value: o.value, label: textIn(o.label, 'en') }));
        return summary;
      }),
  );
}

/** Every top-level field name of a form, and the names of its computed values: one namespace. */
export function namesOf(def: FormDefinition): Set<string> {
  const names = new Set(Object.keys(def.computed ?? {}));
  for (const step of def.steps) for (const f of fieldsOfStep(step)) if (f) names.add(f.name);
  return names;
}

/** Throws when a step index is out of range. */
export function checkStepIndex(def: FormDefinition, index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= def.steps.length)
    throw new RangeError(`no step ${index}: the form has ${def.steps.length} step(s)`);
}
