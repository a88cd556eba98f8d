import type { Field, FormDefinition } from '../dsl/types.js';
import type { Diagnostic } from './types.js';

/**
 * An error at each option whose value an earlier option of the same field already has: an answer stores the value
 * alone, so it could not say which of them was chosen (a number and the string of its digits are different values).
 * Checked on the author's document, not a variant (which leaves options out and so shifts their pointers).
 */
export function checkOptionValues(def: FormDefinition, diagnostics: Diagnostic[]): void {
  def.steps.forEach((step, s) => {
    checkFields(step.fields, `/steps/${s}/fields`, diagnostics);
    step.sections?.forEach((section, c) => {
      checkFields(section.fields, `/steps/${s}/sections/${c}/fields`, diagnostics);
    });
  });
}

function checkFields(fields: Field[] | undefined, pointer: string, diagnostics: Diagnostic[]): void {
  fields?.forEach((field, i) => {
    const at = `${pointer}/${i}`;
    if ('options' in field && Array.isArray(field.options)) checkField(field.options, at, diagnostics);
    if (field.type === 'payers') checkFields(field.itemFields, `${at}/itemFields`, diagnostics);
  });
}

function checkField(options: ReadonlyArray<{ value: unknown }>, pointer: string, diagnostics: Diagnostic[]): void {
  const first = new Map<string, number>();
  options.forEach((o, i) => {
    const key = `${typeof o.value} ${String(o.value)}`;
    const at = first.get(key);
    if (at === undefined) {
      first.set(key, i);
      return;
    }
    const shown = typeof o.value === 'string' ? `'${o.value}'` : String(o.value);
    diagnostics.push({
      severity: 'error',
      code: 'duplicate-option',
      message: `option value ${shown} is already used by option ${at} of this field`,
      pointer: `${pointer}/options/${i}/value`,
    });
  });
}
