/**
 * The input-latency benchmark's generated form: one step of N fields (300 by default) in sections of 20,
 * written in the DSL. Field types cycle through the kinds a booking uses (text, e-mail, number, select as
 * dropdown and as radio, checkbox, switch, date, textarea, multiselect, currency) with rules (required,
 * pattern, min/max length, min/max) and conditions: about one field in eight shows only while the field before
 * it has a value, and some while a select has a given answer. Deterministic, so every run measures the same form.
 * Runs in Node (the benchmark compiles it before building the pages).
 */
import type { Field, FormDefinition, Rule } from '../../../packages/core/src/dsl/types.js';

/** mulberry32: a small deterministic PRNG. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIELDS_PER_SECTION = 20;
const KINDS = 12;

function field(i: number, rnd: () => number, selects: string[]): Field {
  const name = `f${i}`;
  const label = { en: `Field ${i}` };
  const required = rnd() < 0.6;
  const rules: Rule[] = [];
  let f: Field;
  switch (i % KINDS) {
    case 0:
      f = { name, type: 'text', label, required };
      rules.push({ minLength: 2 }, { maxLength: 80 });
      break;
    case 1:
      f = { name, type: 'email', label, required };
      break;
    case 2:
      f = { name, type: 'number', label, required, min: 0, max: 1000, wholeNumber: rnd() < 0.5 };
      break;
    case 3:
      f = {
        name,
        type: 'select',
        label,
        required,
        options: ['a', 'b', 'c', 'other'].map((v) => ({ value: v, label: { en: `Option ${v.toUpperCase()}` } })),
      };
      selects.push(name);
      break;
    case 4:
      f = { name, type: 'checkbox', label };
      break;
    case 5:
      f = { name, type: 'date', label, required };
      rules.push({ notAfter: 'today' });
      break;
    case 6:
      f = { name, type: 'text', label, required, inputMode: 'numeric' };
      rules.push({ pattern: '^[A-Z0-9 ]{4,12}$', message: { en: 'Please enter 4 to 12 capitals or digits' } });
      break;
    case 7:
      f = { name, type: 'textarea', label, maxLength: 500 };
      rules.push({ minLength: 10 });
      break;
    case 8:
      f = {
        name,
        type: 'select',
        label,
        required,
        display: 'radio',
        options: ['yes', 'no'].map((v) => ({ value: v, label: { en: v } })),
      };
      break;
    case 9:
      f = { name, type: 'currency', label, min: 10, max: 10000, wholeNumber: true };
      break;
    case 10:
      f = { name, type: 'switch', label };
      break;
    default:
      f = {
        name,
        type: 'multiselect',
        label,
        display: 'checkboxes',
        options: ['x', 'y', 'z'].map((v) => ({ value: v, label: { en: v } })),
        maxItems: 2,
      };
  }
  if (rules.length) f.rules = rules;
  // conditions: shown while the field before has a value, or while an earlier select says 'other'. Text
  // fields (kind 0) stay unconditional: the benchmark types into them.
  if (i % KINDS !== 0 && i > 0) {
    const r = rnd();
    if (r < 0.12) f.visibleIf = { field: `f${i - 1}`, filled: true };
    else if (r < 0.18 && selects.length && selects.at(-1) !== name)
      f.visibleIf = { field: selects[Math.floor(rnd() * selects.length)], equals: 'other' };
  }
  return f;
}

export interface GeneratedForm {
  definition: FormDefinition;
  /** The unconditional one-line text fields, in form order (where the benchmark types). */
  textFields: string[];
  conditions: number;
  rules: number;
}

export function generateForm(fields: number): GeneratedForm {
  const rnd = random(7);
  const selects: string[] = [];
  const all = Array.from({ length: fields }, (_, i) => field(i, rnd, selects));
  const sections = [];
  for (let s = 0; s * FIELDS_PER_SECTION < all.length; s++) {
    sections.push({
      headline: { en: `Section ${s + 1}` },
      fields: all.slice(s * FIELDS_PER_SECTION, (s + 1) * FIELDS_PER_SECTION),
    });
  }
  return {
    definition: {
      id: 'latency-bench',
      title: { en: `Latency benchmark (${fields} fields)` },
      version: 1,
      steps: [{ id: 'all-fields', title: { en: 'All fields' }, sections }],
    },
    textFields: all
      .filter((f) => f.type === 'text' && !f.visibleIf && !f.rules?.some((r) => 'pattern' in r))
      .map((f) => f.name),
    conditions: all.filter((f) => f.visibleIf).length,
    rules: all.reduce((n, f) => n + (f.rules?.length ?? 0) + (f.required ? 1 : 0), 0),
  };
}
