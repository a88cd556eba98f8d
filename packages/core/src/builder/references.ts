import type { Condition, Field, FormDefinition, JsonValue, SubmitSettings } from '../dsl/types.js';
import { isObject } from '../json/object.js';
import { escapeSegment } from '../json/pointer.js';
import { containersOf, locateField } from './locate.js';
import { fieldNameProblem } from './names.js';

/**
 * One place that may name a field: its pointer, the string there, whether it is a dotted path (`country.iso`
 * names `country`) or a name alone, and how to write a new one.
 */
type Visit = (pointer: string, value: string, path: boolean, replace: (next: string) => void) => void;

const esc = escapeSegment;

/** An object with one key renamed in place, the order of its keys kept. */
function renameKey(record: Record<string, unknown>, from: string, to: string): void {
  const entries = Object.entries(record).map(([k, v]) => [k === from ? to : k, v] as const);
  for (const k of Object.keys(record)) delete record[k];
  for (const [k, v] of entries) record[k] = v;
}

function walkCondition(c: Condition | undefined, p: string, visit: Visit): void {
  if (!isObject(c)) return;
  const node = c as Record<string, unknown>;
  for (const group of ['all', 'any'] as const) {
    const list = node[group];
    if (Array.isArray(list))
      for (const [i, sub] of list.entries()) walkCondition(sub as Condition, `${p}/${group}/${i}`, visit);
  }
  if (isObject(node.not)) walkCondition(node.not as Condition, `${p}/not`, visit);
  if (typeof node.field === 'string') visit(`${p}/field`, node.field, true, (next) => (node.field = next));
}

/** A string at `list[i]` as a place of a name. */
function visitItem(list: unknown[], i: number, p: string, path: boolean, visit: Visit): void {
  const v = list[i];
  if (typeof v === 'string') visit(`${p}/${i}`, v, path, (next) => (list[i] = next));
}

/** Each string of a list as a place of a name. */
function visitItems(list: unknown[], p: string, path: boolean, visit: Visit): void {
  for (let i = 0; i < list.length; i++) visitItem(list, i, p, path, visit);
}

/** Operations whose later arguments run on each item of the first (`var` there reads the item, not the form). */
const ITEM_SCOPED = new Set(['map', 'filter', 'all', 'none', 'some', 'reduce']);

/** The data names of a JSON Logic expression: `var` (a name, `[name, default]`, dotted), `missing`, `missing_some`. */
function walkExpression(e: JsonValue | undefined, p: string, visit: Visit): void {
  if (Array.isArray(e)) {
    for (const [i, item] of e.entries()) walkExpression(item, `${p}/${i}`, visit);
    return;
  }
  if (!isObject(e)) return;
  const keys = Object.keys(e);
  if (keys.length !== 1) return; // JSON Logic reads an object of other than one key as data
  const [op] = keys;
  const arg = e[op] as JsonValue;
  const at = `${p}/${esc(op)}`;
  if (op === 'var') {
    if (typeof arg === 'string') visit(at, arg, true, (next) => (e[op] = next));
    else if (Array.isArray(arg)) {
      visitItem(arg, 0, at, true, visit);
      // the default (second entry) is a value or an expression of its own
      for (const [i, a] of arg.entries()) if (i > 0 || typeof a !== 'string') walkExpression(a, `${at}/${i}`, visit);
    } else walkExpression(arg, at, visit);
  } else if (op === 'missing') {
    if (typeof arg === 'string') visit(at, arg, true, (next) => (e[op] = next));
    else if (Array.isArray(arg))
      for (const [i, a] of arg.entries())
        if (typeof a === 'string') visitItem(arg, i, at, true, visit);
        else walkExpression(a, `${at}/${i}`, visit);
    else walkExpression(arg, at, visit);
  } else if (op === 'missing_some' && Array.isArray(arg)) {
    const names = arg[1];
    if (Array.isArray(names)) visitItems(names, `${at}/1`, true, visit);
    else walkExpression(names, `${at}/1`, visit);
  } else if (ITEM_SCOPED.has(op) && Array.isArray(arg)) {
    walkExpression(arg[0], `${at}/0`, visit);
    if (op === 'reduce') walkExpression(arg[2], `${at}/2`, visit);
  } else walkExpression(arg, at, visit);
}

/** A payload or storage source: a dotted path, or `{ from }`. */
function walkSource(holder: Record<string, unknown>, key: string, p: string, visit: Visit): void {
  const src = holder[key];
  if (typeof src === 'string') visit(`${p}/${esc(key)}`, src, true, (next) => (holder[key] = next));
  else if (isObject(src) && typeof src.from === 'string')
    visit(`${p}/${esc(key)}/from`, src.from, true, (next) => (src.from = next));
}

/** Submit settings (a form's, a step's, an OTP field's call): payload sources and omissions, headers, storeData. */
function walkSubmit(s: SubmitSettings | undefined, p: string, visit: Visit): void {
  if (!isObject(s)) return;
  const payload = s.payload;
  if (isObject(payload)) {
    const fields = payload.fields as Record<string, unknown> | undefined;
    if (isObject(fields)) for (const k of Object.keys(fields)) walkSource(fields, k, `${p}/payload/fields`, visit);
    const omit = payload.omit;
    if (Array.isArray(omit)) visitItems(omit, `${p}/payload/omit`, false, visit);
    const set = payload.set;
    if (Array.isArray(set))
      for (const [i, entry] of set.entries())
        if (isObject(entry) && typeof entry.from === 'string')
          visit(`${p}/payload/set/${i}/from`, entry.from, true, (next) => (entry.from = next));
  }
  const headers = s.headers as Record<string, unknown> | undefined;
  // a header given as a string is its literal value; only `{ from }` names a field
  if (isObject(headers))
    for (const [k, h] of Object.entries(headers))
      if (isObject(h) && typeof h.from === 'string')
        visit(`${p}/headers/${esc(k)}/from`, h.from, true, (next) => (h.from = next));
  const storeData = s.storeData as Record<string, unknown> | undefined;
  if (isObject(storeData)) for (const k of Object.keys(storeData)) walkSource(storeData, k, `${p}/storeData`, visit);
}

const RULE_NAMES = ['sameAs', 'requires', 'postalCodeFor', 'phoneFor'] as const;
const DATE_RULES = ['after', 'before', 'notBefore', 'notAfter'] as const;

/** The names a top-level field's settings give (a payer's item fields name each other only, and are not walked). */
function walkField(field: Field, p: string, visit: Visit): void {
  if (!isObject(field)) return;
  const f = field as unknown as Record<string, unknown>;
  for (const k of ['visibleIf', 'requiredIf', 'disabledIf'] as const) walkCondition(field[k], `${p}/${k}`, visit);
  for (const [i, l] of (field.labelIf ?? []).entries()) walkCondition(l?.if, `${p}/labelIf/${i}/if`, visit);
  if (Array.isArray(f.options))
    for (const [i, o] of f.options.entries())
      if (isObject(o)) walkCondition(o.visibleIf as Condition, `${p}/options/${i}/visibleIf`, visit);
  if (field.defaultFrom !== undefined) walkExpression(field.defaultFrom, `${p}/defaultFrom`, visit);
  field.rules?.forEach((r, i) => {
    const rule = r as unknown as Record<string, unknown>;
    for (const k of RULE_NAMES)
      if (typeof rule[k] === 'string') visit(`${p}/rules/${i}/${k}`, rule[k], true, (next) => (rule[k] = next));
    for (const k of DATE_RULES) {
      const ref = rule[k];
      if (isObject(ref) && typeof ref.field === 'string')
        visit(`${p}/rules/${i}/${k}/field`, ref.field, true, (next) => (ref.field = next));
    }
  });
  for (const k of ['dependsOn', 'docKeyFrom'])
    if (typeof f[k] === 'string') visit(`${p}/${k}`, f[k], true, (next) => (f[k] = next));
  const fills = f.fills;
  if (field.type === 'passportUpload') {
    // form field → extracted property: the keys name fields
    if (isObject(fills))
      for (const k of Object.keys(fills)) visit(`${p}/fills/${esc(k)}`, k, false, (next) => renameKey(fills, k, next));
    // form fields cleared or browser-storage keys: an entry that is a field's name is that field
    const clears = f.clearsStorage;
    if (Array.isArray(clears)) visitItems(clears, `${p}/clearsStorage`, false, visit);
  }
  // template slot → form field or computed value
  if (field.type === 'consentPdf' && isObject(fills))
    for (const k of Object.keys(fills)) walkSource(fills, k, `${p}/fills`, visit);
  if (field.type === 'computed' && typeof f.value === 'string')
    visit(`${p}/value`, f.value, false, (next) => (f.value = next));
  if (field.type === 'otp') walkSubmit(field.send, `${p}/send`, visit);
}

/** Every place of a definition that may name a top-level field or computed value, in document order. */
function walkDefinition(def: FormDefinition, visit: Visit): void {
  const computed = def.computed as Record<string, unknown> | undefined;
  if (isObject(computed))
    for (const [k, v] of Object.entries(computed)) {
      visit(`/computed/${esc(k)}`, k, false, (next) => renameKey(computed, k, next));
      if (isObject(v)) walkExpression(v.expression as JsonValue, `/computed/${esc(k)}/expression`, visit);
    }
  const done = def.wizard?.doneRequires;
  if (Array.isArray(done)) visitItems(done, '/wizard/doneRequires', false, visit);
  def.steps.forEach((step, si) => {
    if (!isObject(step)) return;
    step.sections?.forEach((section, ci) => {
      if (!isObject(section)) return;
      const sp = `/steps/${si}/sections/${ci}`;
      walkCondition(section.visibleIf, `${sp}/visibleIf`, visit);
      const storage = section.storageFields as Record<string, unknown> | undefined;
      if (isObject(storage)) for (const k of Object.keys(storage)) walkSource(storage, k, `${sp}/storageFields`, visit);
    });
    for (const c of containersOf(step, si))
      for (const [fi, f] of c.fields.entries()) walkField(f, `${c.pointer}/${fi}`, visit);
    walkSubmit(step.submit, `/steps/${si}/submit`, visit);
  });
  walkSubmit(def.submit, '/submit', visit);
}

function names(value: string, name: string, path: boolean): boolean {
  return value === name || (path && value.startsWith(`${name}.`));
}

/**
 * JSON pointers of every place that names a top-level field (or the computed value of that name): conditions,
 * rules, expressions, payload and storage mappings, upload settings and the like. The field's own `name` is not
 * one of them. A payer's item fields are not searched: they name each other only.
 */
export function referencesTo(def: FormDefinition, name: string): string[] {
  const out: string[] = [];
  walkDefinition(def, (pointer, value, path) => {
    if (names(value, name, path)) out.push(pointer);
  });
  return out;
}

/**
 * The form with a top-level field renamed and every reference to it updated (a dotted path keeps its rest:
 * `country.iso` → `homeCountry.iso`). A computed value of the same name (the one a computed field shows) is renamed
 * with it. Payload output keys stay: they are the receiving API's names. Throws when there is no such field or the
 * new name has a problem (`fieldNameProblem`).
 */
export function renameField(def: FormDefinition, from: string, to: string): FormDefinition {
  const at = locateField(def, from);
  if (!at) throw new Error(`the form has no field '${from}'`);
  const problem = fieldNameProblem(def, to, from);
  if (problem) throw new Error(`'${to}' cannot be the field's name (${problem})`);
  const definition = structuredClone(def);
  if (to === from) return definition;
  const { step, section, index } = at;
  const list =
    section === undefined ? definition.steps[step].fields : definition.steps[step].sections?.[section].fields;
  (list as Field[])[index].name = to;
  walkDefinition(definition, (_pointer, value, path, replace) => {
    if (names(value, from, path)) replace(to + value.slice(from.length));
  });
  return definition;
}
