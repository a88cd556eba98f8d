/**
 * How large a form may be (issue 17): what checking, compiling and precompiling one form may cost. The server
 * refuses a published definition past any of these before compiling anything, and `antrag validate` reports the
 * same errors, so a form that passes the CLI is one the server takes. The limits are far above every form that
 * ships (the largest: 89 fields, 9 steps, 12 options, 2 variants, 16 validator modules) and the 300-field
 * benchmark form; the server's time and memory limit on a publish (FORM_PUBLISH_TIMEOUT_MS) is the last line
 * behind them. Pure: the definition is read defensively, before the meta-schema check, so any JSON will do.
 */
import { FIELD_TYPES, type Field } from '../dsl/types.js';
import { isObject } from '../json/object.js';
import { escapeSegment } from '../json/pointer.js';
import { defaultMaxLength } from './limits.js';
import type { Diagnostic } from './types.js';

export const PUBLISH_LIMITS = {
  /** Fields of a form: in every step, section and payer dialog (2,000 text fields took 16 s to publish). */
  fields: 1000,
  /** Steps of a form. */
  steps: 100,
  /** Choices of one select-like field (its options, or the records of its reference list), records of a list. */
  options: 5000,
  /** Variants: combinations of the form's option values, each compiled (26 boolean options are 67 million). */
  variants: 16,
  /** Validator modules precompiled: one per step and one for the whole form, in every variant. */
  validatorModules: 400,
  /** Fields compiled over all variants (fields × variants): what compiling costs, about 5 ms each. */
  compiledFields: 4000,
  /** Different regular expressions (pattern rules): each is checked for catastrophic backtracking. */
  patterns: 100,
  /**
   * Characters a pattern is run on at most: the server's validators run a pattern on no longer text (a longer one
   * fails it), so a field with a pattern rule may not allow more. A text area's default is as long.
   */
  patternInput: 5000,
  /**
   * Highest degree of polynomial time a pattern may take on its longest text: 5,000² is 25 million steps (about
   * 0.1 s); 5,000³ would be hours. Exponential time is never allowed.
   */
  patternDegree: 2,
} as const;

/** A field of a definition, as written, with its JSON pointer. */
export interface FieldAt {
  field: Record<string, unknown>;
  pointer: string;
}

/** Every field of a definition (steps, sections, payer dialogs), skipping anything that is not shaped like one. */
export function fieldsOf(definition: unknown): FieldAt[] {
  const out: FieldAt[] = [];
  const add = (fields: unknown, pointer: string) => {
    if (!Array.isArray(fields)) return;
    fields.forEach((field, i) => {
      if (!isObject(field)) return;
      out.push({ field, pointer: `${pointer}/${i}` });
      if (field.type === 'payers') add(field.itemFields, `${pointer}/${i}/itemFields`);
    });
  };
  const steps = isObject(definition) && Array.isArray(definition.steps) ? definition.steps : [];
  steps.forEach((step, s) => {
    if (!isObject(step)) return;
    add(step.fields, `/steps/${s}/fields`);
    if (!Array.isArray(step.sections)) return;
    step.sections.forEach((section, c) => {
      if (isObject(section)) add(section.fields, `/steps/${s}/sections/${c}/fields`);
    });
  });
  return out;
}

/**
 * How many variants the server compiles: the product of each option's distinct values (a boolean has two, a
 * string its default and its `enum`), as `variantsOf` (site/server/forms/registry.ts) combines them.
 */
export function variantCount(definition: unknown): number {
  const options = isObject(definition) && isObject(definition.options) ? definition.options : {};
  let count = 1;
  for (const option of Object.values(options)) {
    if (!isObject(option)) continue;
    const values = option.type === 'boolean' ? [true, false] : Array.isArray(option.enum) ? option.enum : [];
    count *= new Set([option.default, ...values]).size;
  }
  return count;
}

const number = (n: number) => n.toLocaleString('en-US');

function tooMany(code: string, pointer: string, message: string): Diagnostic {
  return { severity: 'error', code, message: `${message}; the server refuses larger forms`, pointer };
}

/** The choices a select-like field offers: its own options, or the records of the reference list it names. */
function choiceCount(field: Record<string, unknown>, definition: Record<string, unknown>): number {
  const options = field.options;
  if (Array.isArray(options)) return options.length;
  if (!isObject(options) || typeof options.reference !== 'string') return 0;
  const lists = isObject(definition.reference) ? definition.reference : {};
  const list = lists[options.reference];
  return Array.isArray(list) ? list.length : 0;
}

/**
 * The most characters a field with a pattern rule takes: the lower of its `maxLength` and its `maxLength` rules',
 * else its type's default; with the pointer of the bound that sets it.
 */
function inputLimit(field: Record<string, unknown>): { limit: number; pointer: string } {
  const bounds: Array<{ limit: number; pointer: string }> = [];
  if (typeof field.maxLength === 'number') bounds.push({ limit: field.maxLength, pointer: '/maxLength' });
  (Array.isArray(field.rules) ? field.rules : []).forEach((r, i) => {
    if (isObject(r) && typeof r.maxLength === 'number')
      bounds.push({ limit: r.maxLength, pointer: `/rules/${i}/maxLength` });
  });
  if (bounds.length) return bounds.reduce((a, b) => (b.limit < a.limit ? b : a));
  const known: readonly unknown[] = FIELD_TYPES;
  // every default is within the limit (a text area's is 5,000)
  return { limit: known.includes(field.type) ? defaultMaxLength(field as unknown as Field) : 0, pointer: '' };
}

/** The limits on each field: its choices, and the text a pattern rule of it may run on. */
function fieldLimits(definition: Record<string, unknown>, fields: FieldAt[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const { field, pointer } of fields) {
    const choices = choiceCount(field, definition);
    if (choices > PUBLISH_LIMITS.options) {
      const message = `this field offers ${number(choices)} choices; a field may offer at most ${number(PUBLISH_LIMITS.options)}`;
      out.push(tooMany('too-many-options', `${pointer}/options`, message));
    }
    const hasPattern = Array.isArray(field.rules) && field.rules.some((r) => isObject(r) && 'pattern' in r);
    const input = hasPattern ? inputLimit(field) : undefined;
    if (input && input.limit > PUBLISH_LIMITS.patternInput) {
      out.push({
        severity: 'error',
        code: 'pattern-input-too-long',
        message: `a field with a pattern rule may take at most ${number(PUBLISH_LIMITS.patternInput)} characters (the server runs a pattern on no longer text), but this one takes ${number(input.limit)}`,
        pointer: `${pointer}${input.pointer}`,
      });
    }
  }
  return out;
}

/** The limits on the form as a whole: fields, steps, variants, modules, compiled fields, reference lists, patterns. */
function formLimits(definition: Record<string, unknown>, fields: FieldAt[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const steps = Array.isArray(definition.steps) ? definition.steps.length : 0;
  const variants = variantCount(definition);
  const L = PUBLISH_LIMITS;
  if (fields.length > L.fields) {
    const message = `the form has ${number(fields.length)} fields; a form may have at most ${number(L.fields)}`;
    out.push(tooMany('too-many-fields', '/steps', message));
  }
  if (steps > L.steps)
    out.push(tooMany('too-many-steps', '/steps', `the form has ${steps} steps; a form may have at most ${L.steps}`));
  if (variants > L.variants) {
    const message = `the form's options make ${number(variants)} variants, each compiled; a form may have at most ${L.variants}`;
    out.push(tooMany('too-many-variants', '/options', message));
  } else {
    const at = variants > 1 ? '/options' : '/steps';
    const modules = variants * (steps + 1);
    if (modules > L.validatorModules) {
      const message = `the form compiles into ${number(modules)} validator modules (${variants} variant${variants === 1 ? '' : 's'} × ${steps + 1}: one per step and one for the whole form); at most ${L.validatorModules}`;
      out.push(tooMany('too-many-modules', at, message));
    }
    const compiled = variants * fields.length;
    if (fields.length <= L.fields && compiled > L.compiledFields) {
      const message = `the form's ${number(fields.length)} fields in ${variants} variants are ${number(compiled)} fields to compile; at most ${number(L.compiledFields)}`;
      out.push(tooMany('too-many-compiled-fields', at, message));
    }
  }
  const lists = isObject(definition.reference) ? definition.reference : {};
  for (const [name, list] of Object.entries(lists)) {
    if (!Array.isArray(list) || list.length <= L.options) continue;
    const message = `the reference list has ${number(list.length)} records; a list may have at most ${number(L.options)}`;
    out.push(tooMany('too-many-options', `/reference/${escapeSegment(name)}`, message));
  }
  const patterns = new Set(patternSitesOf(fields).map((p) => p.pattern)).size;
  if (patterns > L.patterns) {
    const message = `the form has ${patterns} different patterns, each checked for catastrophic backtracking; at most ${L.patterns}`;
    out.push(tooMany('too-many-patterns', '/steps', message));
  }
  return out;
}

/** The publish limits a definition (DSL, as written) breaks, each at its place; empty when it is within them. */
export function checkPublishLimits(definition: unknown): Diagnostic[] {
  if (!isObject(definition)) return [];
  const fields = fieldsOf(definition);
  return [...formLimits(definition, fields), ...fieldLimits(definition, fields)];
}

/** A pattern rule of a field: the expression, its pointer (at `/pattern`) and the rule object itself. */
export interface PatternSite {
  pattern: string;
  pointer: string;
  rule: Record<string, unknown>;
}

/** Every pattern rule of the fields given (`fieldsOf`), in document order. */
export function patternSitesOf(fields: FieldAt[]): PatternSite[] {
  const out: PatternSite[] = [];
  for (const { field, pointer } of fields) {
    if (!Array.isArray(field.rules)) continue;
    field.rules.forEach((rule, i) => {
      if (isObject(rule) && typeof rule.pattern === 'string')
        out.push({ pattern: rule.pattern, pointer: `${pointer}/rules/${i}/pattern`, rule });
    });
  }
  return out;
}
