import type { FormDefinition, Locale } from '../dsl/types.js';
import { checkStepIndex } from './locate.js';
import { stepIdFromTitle } from './names.js';
import { withText } from './texts.js';

/** The form with a new, empty step at the end (one untitled section to add fields to), and that step's index. */
export function addStep(def: FormDefinition, title: string): { definition: FormDefinition; index: number } {
  const definition = structuredClone(def);
  const id = stepIdFromTitle(
    title,
    definition.steps.map((s) => s.id),
  );
  definition.steps.push({ id, title, sections: [{ fields: [] }] });
  return { definition, index: definition.steps.length - 1 };
}

/** The form with a step's title set in one language (English by default); its other languages and its id stay. */
export function renameStep(def: FormDefinition, index: number, title: string, locale: Locale = 'en'): FormDefinition {
  checkStepIndex(def, index);
  const definition = structuredClone(def);
  const step = definition.steps[index];
  step.title = withText(step.title, locale, title);
  return definition;
}

/** The form without a step (and its fields; references to them are left for the compiler to report). */
export function removeStep(def: FormDefinition, index: number): FormDefinition {
  checkStepIndex(def, index);
  if (def.steps.length === 1) throw new RangeError('a form keeps at least one step');
  const definition = structuredClone(def);
  definition.steps.splice(index, 1);
  return definition;
}

/** The form with the step at `from` moved to `to` (both indexes of the current order). */
export function moveStep(def: FormDefinition, from: number, to: number): FormDefinition {
  checkStepIndex(def, from);
  checkStepIndex(def, to);
  const definition = structuredClone(def);
  const [step] = definition.steps.splice(from, 1);
  definition.steps.splice(to, 0, step);
  return definition;
}
