/**
 * A readable difference between two versions of a form: which steps, fields (by name) and texts (the form's
 * `texts` keys) were added, removed or changed, which other settings changed, and a line diff of their JSON
 * (the `diff` package) with long unchanged runs folded. Pure: the history and publish dialogs draw it.
 */
import { diffLines } from 'diff';

export interface FieldChange {
  name: string;
  /** The field's properties that differ (`label`, `required`, …), sorted. */
  properties: string[];
}

export interface FormDiffSummary {
  steps: { added: string[]; removed: string[]; changed: string[] };
  fields: { added: string[]; removed: string[]; changed: FieldChange[] };
  texts: { added: string[]; removed: string[]; changed: string[] };
  /** The form's other top-level properties that differ (`title`, `submit`, …). */
  settings: string[];
}

export type DiffLine =
  | { kind: 'same' | 'added' | 'removed'; text: string }
  /** `count` unchanged lines left out. */
  | { kind: 'folded'; count: number };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON with sorted keys: two values are equal when these are. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The properties that hold fields: a field in them is compared as a field of its own, not as its holder's part. */
const NESTED = ['fields', 'itemFields'];

/**
 * Every object with a string `name` among a step's fields, its sections' fields and the fields nested in a field
 * (`fields`, a payers field's `itemFields`), by name.
 */
function fieldsOf(definition: unknown): Map<string, Json> {
  const out = new Map<string, Json>();
  const visit = (fields: unknown) => {
    if (!Array.isArray(fields)) return;
    for (const field of fields) {
      if (!isObject(field)) continue;
      if (typeof field.name === 'string' && !out.has(field.name)) out.set(field.name, field);
      for (const key of NESTED) visit(field[key]);
    }
  };
  for (const step of stepsOf(definition).values()) {
    visit(step.fields);
    if (Array.isArray(step.sections)) for (const section of step.sections) if (isObject(section)) visit(section.fields);
  }
  return out;
}

/** A step or section as its own change is judged: its fields by name (their order), not by their content. */
function outline(holder: Json): Json {
  const names = (fields: unknown) => (Array.isArray(fields) ? fields.map((f) => (isObject(f) ? f.name : f)) : []);
  const sections = Array.isArray(holder.sections)
    ? holder.sections.map((section) => (isObject(section) ? outline(section) : section))
    : holder.sections;
  return { ...holder, fields: names(holder.fields), ...(sections === undefined ? {} : { sections }) };
}

/** The steps by id (or by position where a step has none). */
function stepsOf(definition: unknown): Map<string, Json> {
  const steps = isObject(definition) && Array.isArray(definition.steps) ? definition.steps : [];
  const out = new Map<string, Json>();
  steps.forEach((step, i) => {
    if (isObject(step)) out.set(typeof step.id === 'string' ? step.id : `#${i + 1}`, step);
  });
  return out;
}

function compareKeys<T>(before: Map<string, T>, after: Map<string, T>) {
  const added = [...after.keys()].filter((k) => !before.has(k));
  const removed = [...before.keys()].filter((k) => !after.has(k));
  const kept = [...after.keys()].filter((k) => before.has(k));
  return { added, removed, kept };
}

const mapOf = (value: unknown) => new Map(isObject(value) ? Object.entries(value) : []);

export function summarizeFormDiff(before: unknown, after: unknown): FormDiffSummary {
  const [stepsBefore, stepsAfter] = [stepsOf(before), stepsOf(after)];
  const steps = compareKeys(stepsBefore, stepsAfter);
  // a step changes with its own settings or its sections' or the order of their fields; the fields' own changes
  // are listed apart
  const stepChanged = (id: string) => !same(outline(stepsBefore.get(id) as Json), outline(stepsAfter.get(id) as Json));

  const [fieldsBefore, fieldsAfter] = [fieldsOf(before), fieldsOf(after)];
  const fields = compareKeys(fieldsBefore, fieldsAfter);
  const changedFields = fields.kept.flatMap((name) => {
    const [a, b] = [fieldsBefore.get(name) as Json, fieldsAfter.get(name) as Json];
    const properties = [...new Set([...Object.keys(a), ...Object.keys(b)])]
      .filter((k) => !NESTED.includes(k) && !same(a[k], b[k]))
      .sort();
    return properties.length ? [{ name, properties }] : [];
  });

  const [textsBefore, textsAfter] = [
    mapOf(isObject(before) ? before.texts : undefined),
    mapOf(isObject(after) ? after.texts : undefined),
  ];
  const texts = compareKeys(textsBefore, textsAfter);

  const top = [
    ...new Set([...Object.keys(isObject(before) ? before : {}), ...Object.keys(isObject(after) ? after : {})]),
  ];
  const settings = top
    .filter((k) => k !== 'steps' && k !== 'texts' && !same((before as Json)?.[k], (after as Json)?.[k]))
    .sort();

  return {
    steps: { added: steps.added, removed: steps.removed, changed: steps.kept.filter(stepChanged) },
    fields: { added: fields.added, removed: fields.removed, changed: changedFields },
    texts: {
      added: texts.added,
      removed: texts.removed,
      changed: texts.kept.filter((k) => !same(textsBefore.get(k), textsAfter.get(k))),
    },
    settings,
  };
}

/**
 * Whether two versions hold the same form (keys in any order). Not the same as an empty summary: the summary names
 * steps by id, so steps put in another order change the form but no name.
 */
export function sameForm(before: unknown, after: unknown): boolean {
  return same(before, after);
}

/** Whether a summary holds no change at all. */
export function isEmptySummary(s: FormDiffSummary): boolean {
  return (
    [s.steps, s.fields, s.texts].every((g) => !g.added.length && !g.removed.length && !g.changed.length) &&
    s.settings.length === 0
  );
}

/** Unchanged lines kept around each change; longer unchanged runs are folded. */
const CONTEXT = 3;

/** The two values' JSON (two-space indent), line by line, unchanged runs longer than 2 × CONTEXT folded. */
export function formLineDiff(before: unknown, after: unknown): DiffLine[] {
  const text = (v: unknown) => (v === undefined ? '' : `${JSON.stringify(v, null, 2)}\n`);
  const out: DiffLine[] = [];
  const parts = diffLines(text(before), text(after));
  parts.forEach((part, i) => {
    const lines = part.value.replace(/\n$/, '').split('\n');
    const kind = part.added ? 'added' : part.removed ? 'removed' : 'same';
    if (kind !== 'same' || lines.length <= 2 * CONTEXT) {
      for (const line of lines) out.push({ kind, text: line });
      return;
    }
    const head = i === 0 ? [] : lines.slice(0, CONTEXT);
    const tail = i === parts.length - 1 ? [] : lines.slice(-CONTEXT);
    for (const line of head) out.push({ kind, text: line });
    out.push({ kind: 'folded', count: lines.length - head.length - tail.length });
    for (const line of tail) out.push({ kind, text: line });
  });
  return out;
}
