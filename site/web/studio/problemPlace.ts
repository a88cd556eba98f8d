/**
 * Where a problem the server found lies, in words a staff member knows: the step's title and the field's label in
 * the studio's language (English, then the id or name, when the form has none), not the JSON pointer. Pure: the
 * publish dialog draws it, and the pointer itself is what "Show" hands to the studio.
 */
import { fieldsOfStep, textIn } from '@antrag/core/builder';
import type { FormDefinition, Locale, Text } from '@antrag/core/dsl/types';
import { parseDefinition, selectionAt } from './builder/selection.js';

export interface ProblemPlace {
  /** The step's title, when the pointer lies in a step. */
  step?: string;
  /** The field's label, when the pointer lies in a field (a payer's item field: the payers field). */
  field?: string;
}

/** The text in `locale`, else in English; a `{ key }` text read from the form's `texts`. */
function words(definition: FormDefinition, text: Text | undefined, locale: Locale): string {
  const own = text && typeof text === 'object' && 'key' in text ? definition.texts?.[text.key] : text;
  return (textIn(own as Text | undefined, locale) || textIn(own as Text | undefined, 'en')).trim();
}

/** The place of `pointer` in the form `text` holds; empty when it names no step (the form's own settings). */
export function problemPlace(text: string, pointer: string, locale: Locale): ProblemPlace {
  const parsed = parseDefinition(text);
  if (!('definition' in parsed)) return {};
  const { definition } = parsed;
  const at = selectionAt(definition, pointer);
  const step = at ? definition.steps[at.step] : undefined;
  if (!at || !step) return {};
  const place: ProblemPlace = { step: words(definition, step.title, locale) || step.id || String(at.step + 1) };
  const field = at.field ? fieldsOfStep(step).find((f) => f.name === at.field) : undefined;
  if (field) place.field = words(definition, field.label, locale) || field.name;
  return place;
}
