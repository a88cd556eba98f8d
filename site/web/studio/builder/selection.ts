/**
 * What the builder has selected, and how a problem's JSON pointer (a compiler diagnostic) leads to it: the step,
 * and the field when the pointer lies inside one.
 */

import { fieldsOfStep } from '@antrag/core/builder';
import type { FormDefinition } from '@antrag/core/dsl/types';
import { type CmsKind, detectCmsKind } from '@antrag/core/import';
import { MAX_JSON_DEPTH, nestingDepth } from '@antrag/core/json';

export interface BuilderSelection {
  step: number;
  /** The selected field's name, when one is selected. */
  field?: string;
}

const FIELD_AT = /^\/steps\/(\d+)(?:\/sections\/(\d+))?\/fields\/(\d+)(?:\/|$)/;
const STEP_AT = /^\/steps\/(\d+)(?:\/|$)/;

/** The step and field a pointer names (`/steps/1/sections/0/fields/2/label`), or undefined when it names neither. */
export function selectionAt(definition: FormDefinition, pointer: string): BuilderSelection | undefined {
  const field = FIELD_AT.exec(pointer);
  if (field) {
    const step = definition.steps?.[Number(field[1])];
    if (!step) return undefined;
    const list = field[2] === undefined ? step.fields : step.sections?.[Number(field[2])]?.fields;
    const named = list?.[Number(field[3])];
    return named ? { step: Number(field[1]), field: named.name } : { step: Number(field[1]) };
  }
  const step = STEP_AT.exec(pointer);
  if (step && definition.steps?.[Number(step[1])]) return { step: Number(step[1]) };
  return undefined;
}

/** The selection still valid in a changed definition: a step that is gone falls back to the last, a field to none. */
export function keepSelection(definition: FormDefinition, selection: BuilderSelection): BuilderSelection {
  const steps = definition.steps ?? [];
  if (steps.length === 0) return { step: 0 };
  const step = Math.min(Math.max(0, selection.step), steps.length - 1);
  const stepNow = steps[step];
  const field =
    selection.field && stepNow && fieldsOfStep(stepNow).some((f) => f.name === selection.field)
      ? selection.field
      : undefined;
  return { step, field };
}

export type ParsedText = { definition: FormDefinition } | { error: string } | { cms: CmsKind; document: unknown };

// the studio page, the builder and the translations view each read the same text after every edit: it is parsed
// once (the last text and what it gave are kept; nobody changes a definition read here, every edit makes a new one)
let last: { text: string; parsed: ParsedText } | undefined;

/**
 * The definition in a JSON text, or the reason there is none (the builder then asks for the JSON to be fixed). A
 * text nested deeper than any form is none: the builder, the preview and the checks recurse over a definition, and
 * thousands of levels overflow the stack (the whole studio went blank).
 */
export function parseDefinition(text: string): ParsedText {
  if (last?.text !== text) last = { text, parsed: parseText(text) };
  return last.parsed;
}

function parseText(text: string): ParsedText {
  if (nestingDepth(text) > MAX_JSON_DEPTH) {
    return { error: `nested deeper than ${MAX_JSON_DEPTH} levels; a form needs far fewer` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { error: (e as Error).message };
  }
  // a definition as the CMS sends it (the store keeps a CMS form so): the builder offers to convert it
  const cms = detectCmsKind(value);
  if (cms) return { cms, document: value };
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { error: 'not-object' };
  const steps = (value as { steps?: unknown }).steps;
  if (
    steps !== undefined &&
    !(Array.isArray(steps) && steps.every((s) => s && typeof s === 'object' && !Array.isArray(s)))
  ) {
    return { error: 'steps' };
  }
  return { definition: { ...(value as FormDefinition), steps: (steps as FormDefinition['steps']) ?? [] } };
}
