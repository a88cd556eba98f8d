import type {
  Condition,
  Field,
  FormDefinition,
  JsonPrimitive,
  JsonValue,
  OptionCondition,
  ResultScreen,
  Section,
  Step,
  SubmitSettings,
  ValueSource,
} from '../dsl/types.js';
import { NAMED_OPERATIONS, unknownOperations, variablesOf } from '../expr/index.js';
import { escapeSegment } from '../json/pointer.js';
import { checkDefinition, checkDefinitionShape } from './check.js';
import { allOfConditions, conditionFields, conditionToSchema } from './conditions.js';
import { type CompiledField, clean, compileField, isDataField, withEntry } from './fields.js';
import { boundsOf } from './limits.js';
import { checkOptionValues } from './optionValues.js';
import { TextTable } from './texts.js';
import type {
  CompiledForm,
  CompileOptions,
  CompileResult,
  Diagnostic,
  FieldPlan,
  JsonSchema,
  SectionPlan,
  StepPlan,
  UiSchema,
} from './types.js';
import { decideVariant } from './variant.js';

export const SCHEMA_DIALECT = 'http://json-schema.org/draft-07/schema#';

interface PlacedField {
  field: Field;
  pointer: string;
  step: number;
  /** The field's own visibility and its section's, combined. */
  visibleIf?: Condition;
  compiled: CompiledField;
}

/** `$id` base of a form variant: options that differ from their defaults are part of it. */
function variantId(def: FormDefinition, options: Record<string, JsonPrimitive>): string {
  const parts = Object.keys(def.options ?? {})
    .sort()
    .filter((k) => options[k] !== def.options?.[k].default)
    .map((k) => `${k}-${String(options[k])}`);
  return `https://antrag.dev/forms/${def.id}/${parts.length ? parts.join('/') : 'default'}`;
}

function optionHolds(cond: OptionCondition | undefined, options: Record<string, JsonPrimitive>): boolean {
  return !cond || options[cond.option] === cond.equals;
}

/** Compiles a form definition into JSON Schemas, a UI schema, a step plan and payload settings. */
export function compileForm(input: unknown, opts: CompileOptions = {}): CompileResult {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return { diagnostics: checkDefinitionShape(input) };
  // Unknown field types and parts that break the meta-schema are reported and left out, so the rest is still checked.
  const checked = checkDefinition(input as Record<string, unknown>);
  const diagnostics = checked.diagnostics;
  if (!checked.definition) return { diagnostics };
  const reported = diagnostics.length;
  const result = compileDefinition(checked.definition, opts, diagnostics, checked.leftOut);
  for (const d of diagnostics.slice(reported)) d.pointer = checked.originalPointer(d.pointer);
  return result;
}

/** What the passes of one compilation share. */
interface Compilation {
  def: FormDefinition;
  diagnostics: Diagnostic[];
  texts: TextTable;
  /** The option values of this variant. */
  options: Record<string, JsonPrimitive>;
  /** Every name a rule or condition may refer to. */
  names: Set<string>;
  /** Fields the meta-schema check left out (reported there): no second message for a name of theirs. */
  leftOut: ReadonlySet<string>;
  checkNames: NameCheck;
  /** Checks an expression's operations and the names it reads. */
  checkExpression: NameCheck<JsonValue>;
  /** `$id` base of this variant's schemas. */
  base: string;
}

type NameCheck<T = string[]> = (used: T, pointer: string, what: string) => void;

/** A step of this variant, with its index in the author's document. */
interface IncludedStep {
  step: Step;
  index: number;
}

/** The passes, in the order their diagnostics and text keys come. */
function compileDefinition(
  def: FormDefinition,
  opts: CompileOptions,
  diagnostics: Diagnostic[],
  leftOut: ReadonlySet<string>,
): CompileResult {
  const options = resolveOptions(def, opts, diagnostics);
  const texts = new TextTable(def.id, def.texts ?? {}, diagnostics);
  const names = collectNames(def, diagnostics);
  checkStepIds(def, diagnostics);
  checkOptionValues(def, diagnostics);
  const c: Compilation = {
    def,
    diagnostics,
    texts,
    options,
    names,
    leftOut,
    ...nameChecks(names, leftOut, diagnostics),
    base: variantId(def, options),
  };
  for (const [name, value] of Object.entries(def.computed ?? {}))
    c.checkExpression(value.expression, `/computed/${name}/expression`, `computed value '${name}'`);
  const { placed, stepPlans } = compileSteps(c, includedSteps(def, options));
  checkDoneRequires(c);
  const submit = def.submit ? compileSubmit(def.submit, texts, '/submit', 'submit', c.checkNames) : undefined;
  const results = compileResults(c);
  const form = assembleForm(c, placed, stepPlans, submit, results);
  return {
    form: diagnostics.some((d) => d.severity === 'error' && d.code !== 'unknown-field-type') ? undefined : form,
    diagnostics,
  };
}

/** The option values of this variant: the defaults, overridden by the caller's; unknown options are errors. */
function resolveOptions(
  def: FormDefinition,
  opts: CompileOptions,
  diagnostics: Diagnostic[],
): Record<string, JsonPrimitive> {
  const options: Record<string, JsonPrimitive> = {};
  for (const [name, option] of Object.entries(def.options ?? {})) options[name] = option.default;
  for (const [name, value] of Object.entries(opts.options ?? {})) {
    if (!def.options?.[name]) {
      diagnostics.push({
        severity: 'error',
        code: 'unknown-option',
        message: `the form has no option '${name}' (it has: ${Object.keys(def.options ?? {}).join(', ') || 'none'})`,
        pointer: '/options',
      });
    } else options[name] = value;
  }
  for (const { option, pointer } of optionTests(def.steps, '/steps')) {
    if (!def.options?.[option]) {
      diagnostics.push({
        severity: 'error',
        code: 'unknown-option',
        message: `the condition refers to option '${option}', which the form does not define`,
        pointer,
      });
    }
  }
  return options;
}

/**
 * Every name a rule or condition may refer to: all fields of all steps (whatever the variant) and computed values.
 * A name used twice is an error (a computed field may carry the name of the value it shows).
 */
function collectNames(def: FormDefinition, diagnostics: Diagnostic[]): Set<string> {
  const computed = def.computed ?? {};
  const names = new Set<string>(Object.keys(computed));
  const pointers = new Map<string, string>();
  const fieldTypes = new Map<string, string>();
  for (const [si, step] of def.steps.entries()) {
    for (const { fields, pointer } of stepSections(step)) {
      for (const [fi, f] of fields.entries()) {
        const p = `/steps/${si}/${pointer}/${fi}`;
        if (pointers.has(f.name)) {
          diagnostics.push({
            severity: 'error',
            code: 'duplicate-field',
            message: `field name '${f.name}' is already used at ${pointers.get(f.name)}`,
            pointer: `${p}/name`,
          });
        } else pointers.set(f.name, p);
        // info fields show text only; every other field (computed ones included) can be referred to
        if (f.type !== 'info') names.add(f.name);
        fieldTypes.set(f.name, f.type);
      }
    }
  }
  for (const name of Object.keys(computed)) {
    const p = pointers.get(name);
    if (p !== undefined && fieldTypes.get(name) !== 'computed') {
      diagnostics.push({
        severity: 'error',
        code: 'duplicate-field',
        message: `computed value '${name}' has the name of the field at ${p}`,
        pointer: `/computed/${name}`,
      });
    }
  }
  return names;
}

function checkStepIds(def: FormDefinition, diagnostics: Diagnostic[]): void {
  const stepIds = new Map<string, number>();
  def.steps.forEach((s, i) => {
    if (stepIds.has(s.id)) {
      diagnostics.push({
        severity: 'error',
        code: 'duplicate-step',
        message: `step id '${s.id}' is already used by step ${stepIds.get(s.id)}`,
        pointer: `/steps/${i}/id`,
      });
    } else stepIds.set(s.id, i);
  });
}

/** Checks of the names a condition, payload or expression refers to, against the form's names. */
function nameChecks(
  names: Set<string>,
  leftOut: ReadonlySet<string>,
  diagnostics: Diagnostic[],
): { checkNames: NameCheck; checkExpression: NameCheck<JsonValue> } {
  const checkNames: NameCheck = (used, pointer, what) => {
    for (const n of used) {
      const top = n.split('.')[0];
      if (!names.has(top) && !leftOut.has(top)) {
        diagnostics.push({
          severity: 'error',
          code: 'unknown-field',
          message: `${what} refers to field '${top}', which does not exist`,
          pointer,
        });
      }
    }
  };
  const checkExpression: NameCheck<JsonValue> = (expression, pointer, what) => {
    for (const u of unknownOperations(expression, pointer)) {
      diagnostics.push({
        severity: 'error',
        code: 'unknown-operation',
        message: `${what} uses the operation '${u.operation}', which is neither JSON Logic nor one of ${NAMED_OPERATIONS.join(', ')}`,
        pointer: u.pointer,
      });
    }
    checkNames(variablesOf(expression), pointer, what);
  };
  return { checkNames, checkExpression };
}

/** The steps of this variant: fields left out by options, steps whose `includeIf` does not hold dropped. */
function includedSteps(def: FormDefinition, options: Record<string, JsonPrimitive>): IncludedStep[] {
  return decideVariant(def, options)
    .steps.map((s, i) => ({ step: s, index: i }))
    .filter(({ step }) => optionHolds(step.includeIf, options));
}

/** Each step's fields compiled and placed, and its plan. */
function compileSteps(c: Compilation, included: IncludedStep[]): { placed: PlacedField[]; stepPlans: StepPlan[] } {
  const placed: PlacedField[] = [];
  const stepPlans: StepPlan[] = [];
  included.forEach(({ step, index: si }, stepIndex) => {
    const sections: SectionPlan[] = [];
    const stepFields: string[] = [];
    stepSections(step).forEach((source, ci) => {
      const fields = placeSection(c, source, si, stepIndex);
      placed.push(...fields);
      stepFields.push(...fields.filter((p) => p.compiled.hasData).map((p) => p.field.name));
      sections.push(sectionPlan(c, step, si, source, ci, fields));
    });
    stepPlans.push(stepPlan(c, step, si, stepIndex, stepFields, sections));
  });
  return { placed, stepPlans };
}

/** A section's fields of this variant, compiled; their conditions and default expressions checked. */
function placeSection(c: Compilation, source: SectionSource, si: number, stepIndex: number): PlacedField[] {
  const { fields, pointer, section } = source;
  const secPointer = `/steps/${si}/${pointer.replace(/\/fields$/, '')}`;
  if (section?.visibleIf) c.checkNames(conditionFields(section.visibleIf), `${secPointer}/visibleIf`, 'visibleIf');
  const placed: PlacedField[] = [];
  fields.forEach((field, fi) => {
    if (!field) return; // left out of this variant
    const fp = `/steps/${si}/${pointer}/${fi}`;
    for (const k of ['visibleIf', 'requiredIf', 'disabledIf'] as const) {
      const cond = field[k];
      if (cond) c.checkNames(conditionFields(cond), `${fp}/${k}`, k);
    }
    for (const [li, l] of (field.labelIf ?? []).entries())
      if (l) c.checkNames(conditionFields(l.if), `${fp}/labelIf/${li}/if`, 'labelIf');
    if (field.defaultFrom !== undefined) c.checkExpression(field.defaultFrom, `${fp}/defaultFrom`, 'defaultFrom');
    const { def, texts, diagnostics, names } = c;
    const ctx = { formId: def.id, texts, diagnostics, reference: def.reference ?? {}, scope: { names } };
    const compiled = compileField(field, { ...ctx, hint: `fields.${field.name}` }, fp);
    const visibleIf = allOfConditions([section?.visibleIf, field.visibleIf]);
    placed.push({ field, pointer: fp, step: stepIndex, visibleIf, compiled });
  });
  return placed;
}

/** A section's plan: its texts, layout, a modal section's dialog and storage, and its fields in order. */
function sectionPlan(
  c: Compilation,
  step: Step,
  si: number,
  { fields, pointer, section }: SectionSource,
  ci: number,
  placed: PlacedField[],
): SectionPlan {
  const secPointer = `/steps/${si}/${pointer.replace(/\/fields$/, '')}`;
  const hint = `steps.${step.id}.sections.${ci}`;
  const texts = c.texts;
  const plan = clean({
    headline: texts.optional(section?.headline, `${hint}.headline`, `${secPointer}/headline`),
    description: texts.optional(section?.description, `${hint}.description`, `${secPointer}/description`),
    layout: section?.layout ?? 'vertical',
    visibleIf: section?.visibleIf,
    ...(section?.display === 'modal'
      ? {
          display: 'modal' as const,
          modal: { width: section.modal?.width ?? '60%', fullWidthBelow: section.modal?.fullWidthBelow ?? 1110 },
          failureMessage: texts.optional(
            section.failureMessage,
            `${hint}.failureMessage`,
            `${secPointer}/failureMessage`,
          ),
          storage: sectionStorage(section, fields, secPointer, c.diagnostics),
        }
      : {}),
    fields: placed.map((p) => p.field.name),
  });
  if (section?.display !== 'modal' && (section?.storageKey || section?.storageFields)) {
    c.diagnostics.push({
      severity: 'error',
      code: 'storage-on-inline-section',
      message:
        "storageKey and storageFields apply to `display: modal` sections only (kept when the dialog's Next succeeds)",
      pointer: `${secPointer}/${section?.storageKey ? 'storageKey' : 'storageFields'}`,
    });
  }
  return plan;
}

/** A step's plan: its texts, button labels (the step's own, else the form's, else the catalogue's), fields, submit. */
function stepPlan(
  c: Compilation,
  step: Step,
  si: number,
  stepIndex: number,
  fields: string[],
  sections: SectionPlan[],
): StepPlan {
  const { def, texts } = c;
  const sp = `/steps/${si}`;
  const hint = `steps.${step.id}`;
  const wl = def.wizard?.labels ?? {};
  const label = (which: 'previous' | 'next' | 'done') => {
    const own = step.labels?.[which];
    if (own) return texts.key(own, `${hint}.labels.${which}`, `${sp}/labels/${which}`);
    const form = wl[which];
    if (form) return texts.key(form, `wizard.labels.${which}`, `/wizard/labels/${which}`);
    return `wizard.${which}`;
  };
  return clean({
    id: step.id,
    index: stepIndex,
    title: texts.key(step.title, `${hint}.title`, `${sp}/title`),
    headline: texts.optional(step.headline, `${hint}.headline`, `${sp}/headline`),
    subText: texts.optional(step.subText, `${hint}.subText`, `${sp}/subText`),
    tooltip: texts.optional(step.tooltip, `${hint}.tooltip`, `${sp}/tooltip`),
    failureMessage: texts.optional(step.failureMessage, `${hint}.failureMessage`, `${sp}/failureMessage`),
    labels: { previous: label('previous'), next: label('next'), done: label('done') },
    backButton: step.backButton === false ? (false as const) : undefined,
    fields,
    sections,
    schemaId: `${c.base}/step-${stepIndex}.json`,
    submit: step.submit ? compileSubmit(step.submit, texts, `${sp}/submit`, `${hint}.submit`, c.checkNames) : undefined,
  });
}

function checkDoneRequires(c: Compilation): void {
  for (const name of c.def.wizard?.doneRequires ?? []) {
    if (!c.names.has(name) && !c.leftOut.has(name)) {
      c.diagnostics.push({
        severity: 'error',
        code: 'unknown-field',
        message: `doneRequires refers to field '${name}', which does not exist`,
        pointer: '/wizard/doneRequires',
      });
    }
  }
}

function compileResults(c: Compilation): CompiledForm['results'] {
  const results: CompiledForm['results'] = {};
  for (const which of ['success', 'failure'] as const) {
    const r = c.def.results?.[which];
    if (r) results[which] = compileResult(r, c.texts, `/results/${which}`, `results.${which}`);
  }
  return results;
}

/** The compiled form: the passes' parts, the schemas built from the placed fields, the form's texts. */
function assembleForm(
  c: Compilation,
  placed: PlacedField[],
  stepPlans: StepPlan[],
  submit: SubmitSettings | undefined,
  results: CompiledForm['results'],
): CompiledForm {
  const { def, texts } = c;
  const computed = def.computed ?? {};
  const { fieldPlans, uiSchema } = fieldPlansOf(placed);
  const submitSchemas = submitSchemasOf(c, placed, stepPlans);
  return clean({
    id: def.id,
    version: def.version,
    title: texts.key(def.title, 'title', '/title'),
    options: c.options,
    schema: objectSchema(placed, `${c.base}/form.json`, texts, def, true, computed, true),
    stepSchemas: stepPlans.map((plan, i) =>
      objectSchema(
        placed.filter((p) => p.step === i),
        plan.schemaId,
        texts,
        def,
        false,
        {},
      ),
    ),
    uiSchema,
    steps: stepPlans,
    fields: fieldPlans,
    computed,
    reference: def.reference ?? {},
    submit,
    submitSchemas: submitSchemas.form || Object.keys(submitSchemas.steps).length ? submitSchemas : undefined,
    draft: def.draft,
    results,
    wizard: {
      ...(def.wizard ?? {}),
      indicator: def.wizard?.indicator ?? 'steps',
      hideIndicatorOnFirstStep: def.wizard?.hideIndicatorOnFirstStep ?? false,
      mobileStepCount: def.wizard?.mobileStepCount ?? true,
      scrollToFirstError: def.wizard?.scrollToFirstError ?? true,
      labels: undefined,
    },
    texts: sortKeys(texts.texts),
  });
}

/** Each placed field's plan and UI schema entry, and the UI schema's order. */
function fieldPlansOf(placed: PlacedField[]): { fieldPlans: Record<string, FieldPlan>; uiSchema: UiSchema } {
  const fieldPlans: Record<string, FieldPlan> = {};
  const uiSchema: UiSchema = {};
  for (const p of placed) {
    uiSchema[p.field.name] = p.compiled.ui as JsonValue;
    fieldPlans[p.field.name] = clean({
      name: p.field.name,
      type: p.field.type,
      step: p.step,
      label: p.compiled.ui['ui:title'] as string | undefined,
      visibleIf: p.visibleIf,
      requiredIf: p.field.requiredIf,
      disabledIf: p.field.disabledIf,
      defaultFrom: p.field.defaultFrom,
      transform: p.field.transform,
      dependsOn: p.compiled.dependsOn,
      hasData: p.compiled.hasData,
      pointer: p.pointer,
    });
  }
  uiSchema['ui:order'] = [...placed.map((p) => p.field.name), '*'];
  return { fieldPlans, uiSchema };
}

/**
 * What the server can check of each submission: the fields its payload carries (confirm fields and consent flags a
 * payload leaves out cannot be checked there; the browser checked them before sending).
 */
function submitSchemasOf(
  c: Compilation,
  placed: PlacedField[],
  stepPlans: StepPlan[],
): NonNullable<CompiledForm['submitSchemas']> {
  const { def, texts, base } = c;
  const submitSchemas: NonNullable<CompiledForm['submitSchemas']> = { steps: {} };
  const carried = (settings: SubmitSettings, candidates: PlacedField[]) => {
    const names = transmittedFields(
      settings,
      candidates.filter((p) => p.compiled.hasData).map((p) => p.field.name),
    );
    return candidates.filter((p) => names.has(p.field.name));
  };
  if (def.submit) {
    const fields = carried(def.submit, placed);
    submitSchemas.form = objectSchema(fields, `${base}/submit.json`, texts, def, true, def.computed ?? {}, true);
  }
  for (const [i, plan] of stepPlans.entries()) {
    if (!plan.submit) continue;
    const fields = carried(
      plan.submit,
      placed.filter((p) => p.step === i),
    );
    submitSchemas.steps[plan.id] = objectSchema(fields, `${base}/submit-${plan.id}.json`, texts, def, false, {}, true);
  }
  return submitSchemas;
}

/** The form fields a submission's payload carries (top-level names). */
export function transmittedFields(settings: SubmitSettings, dataFields: string[]): Set<string> {
  const map = settings.payload;
  if (!map || map.mode === 'all') {
    const omit = new Set(map?.omit ?? []);
    const out = new Set(dataFields.filter((n) => !omit.has(n)));
    for (const src of Object.values(map?.fields ?? {})) {
      const from = typeof src === 'string' ? src : src.from;
      if (from) out.add(from.split('.')[0]);
    }
    return out;
  }
  const sources: Array<string | ValueSource> =
    map.mode === 'template' ? (map.set ?? []) : Object.values(map.fields ?? {});
  const out = new Set<string>();
  for (const src of sources) {
    const from = typeof src === 'string' ? src : src.from;
    if (from) out.add(from.split('.')[0]);
  }
  return out;
}

/** Every `{ option, equals }` test in a part of a definition, with its pointer. */
function optionTests(node: unknown, pointer: string): Array<{ option: string; pointer: string }> {
  if (Array.isArray(node)) return node.flatMap((n, i) => optionTests(n, `${pointer}/${i}`));
  if (node === null || typeof node !== 'object') return [];
  const record = node as Record<string, unknown>;
  if (typeof record.option === 'string' && 'equals' in record && Object.keys(record).length === 2) {
    return [{ option: record.option, pointer }];
  }
  return Object.entries(record).flatMap(([k, v]) => optionTests(v, `${pointer}/${escapeSegment(k)}`));
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * A modal section's browser-storage record: its key and the stored properties (property → field), by default
 * each data field of the section under its own name. A property naming a field outside the section is an error.
 */
function sectionStorage(
  section: Pick<Section, 'storageKey' | 'storageFields'>,
  fields: Field[],
  pointer: string,
  diagnostics: Diagnostic[],
): SectionPlan['storage'] {
  if (!section.storageKey) {
    if (section.storageFields) {
      diagnostics.push({
        severity: 'error',
        code: 'storage-without-key',
        message: 'storageFields needs a storageKey to store them under',
        pointer: `${pointer}/storageFields`,
      });
    }
    return undefined;
  }
  const own = fields.filter((f) => f && isDataField(f)).map((f) => f.name);
  const mapping = section.storageFields ?? Object.fromEntries(own.map((name) => [name, name]));
  for (const [property, name] of Object.entries(mapping)) {
    if (!own.includes(name)) {
      diagnostics.push({
        severity: 'error',
        code: 'unknown-field',
        message: `storageFields/${property} refers to field '${name}', which is not a data field of this section (it has: ${own.join(', ') || 'none'})`,
        pointer: `${pointer}/storageFields/${escapeSegment(property)}`,
      });
    }
  }
  return { key: section.storageKey, fields: mapping };
}

interface SectionSource {
  fields: Field[];
  /** Pointer of the fields array relative to the step. */
  pointer: string;
  section?: Omit<Section, 'fields'>;
}

function stepSections(step: Step): SectionSource[] {
  const out: SectionSource[] = [];
  if (step.fields) out.push({ fields: step.fields, pointer: 'fields' });
  for (const [i, section] of (step.sections ?? []).entries()) {
    out.push({ fields: section.fields, pointer: `sections/${i}/fields`, section });
  }
  return out;
}

/** What `required` adds for a field, as the `then` of a condition or an `allOf` entry. */
function requiredness(p: PlacedField): { required: string[]; properties?: JsonSchema; errorMessage: JsonSchema } {
  const name = p.field.name;
  return clean({
    required: [name],
    properties: p.compiled.whenRequired ? { [name]: p.compiled.whenRequired as JsonValue } : undefined,
    errorMessage: { required: { [name]: p.compiled.requiredMessage } },
  });
}

/**
 * The object schema of a set of placed fields. Always-visible fields are plain properties; fields
 * shown under a condition get their schema (and requiredness) in an `if`/`then`, so the server and
 * the browser agree on what is checked when. `bounded` (the schemas the server checks): a field shown
 * under a condition keeps its length and character bounds when hidden, so that no hidden value escapes them.
 */
function objectSchema(
  placed: PlacedField[],
  id: string,
  texts: TextTable,
  def: FormDefinition,
  whole: boolean,
  computed: FormDefinition['computed'] & object,
  bounded = false,
): JsonSchema {
  const properties: Record<string, JsonValue> = {};
  const required: string[] = [];
  const requiredMessages: Record<string, string> = {};
  const allOf: JsonValue[] = [];
  for (const p of placed) {
    if (!p.compiled.hasData) continue;
    const name = p.field.name;
    const always = !p.field.requiredIf && p.field.required === true;
    if (!p.visibleIf) {
      properties[name] = (
        always && p.compiled.whenRequired
          ? withEntry(p.compiled.schema, { ...p.compiled.whenRequired, $comment: 'required' })
          : p.compiled.schema
      ) as JsonValue;
      if (always) {
        required.push(name);
        requiredMessages[name] = p.compiled.requiredMessage;
      }
    } else {
      properties[name] = (bounded ? boundsOf(p.compiled.schema) : {}) as JsonValue;
      const shown =
        always && p.compiled.whenRequired
          ? withEntry(p.compiled.schema, { ...p.compiled.whenRequired, $comment: 'required' })
          : p.compiled.schema;
      allOf.push({
        if: conditionToSchema(p.visibleIf) as JsonValue,
        then: clean({
          properties: { [name]: shown as JsonValue },
          required: always ? [name] : undefined,
          errorMessage: always ? { required: { [name]: p.compiled.requiredMessage } } : undefined,
        }) as JsonValue,
      });
    }
    if (p.field.requiredIf) {
      // requiredIf decides requiredness on its own (whatever `required` says), and only while the field is shown
      const when = allOfConditions([p.visibleIf, p.field.requiredIf]) as Condition;
      allOf.push({ if: conditionToSchema(when) as JsonValue, then: requiredness(p) as JsonValue });
    }
  }
  if (whole) {
    for (const [name, c] of Object.entries(computed)) properties[name] = { type: c.type, readOnly: true };
  }
  const englishTitle = typeof def.title === 'string' ? def.title : 'en' in def.title ? def.title.en : undefined;
  void texts;
  return clean({
    $schema: SCHEMA_DIALECT,
    $id: id,
    title: englishTitle,
    type: 'object',
    properties,
    required: required.length ? required : undefined,
    errorMessage: required.length ? { required: requiredMessages } : undefined,
    allOf: allOf.length ? allOf : undefined,
    additionalProperties: whole ? false : undefined,
  });
}

function compileSubmit(
  submit: SubmitSettings,
  texts: TextTable,
  pointer: string,
  hint: string,
  checkNames: (used: string[], pointer: string, what: string) => void,
): SubmitSettings {
  const sources: Array<[ValueSource | string, string]> = [];
  for (const [key, src] of Object.entries(submit.payload?.fields ?? {}))
    sources.push([src, `${pointer}/payload/fields/${key}`]);
  for (const [i, src] of (submit.payload?.set ?? []).entries()) sources.push([src, `${pointer}/payload/set/${i}`]);
  for (const [src, p] of sources) {
    const from = typeof src === 'string' ? src : src.from;
    if (from) checkNames([from], p, 'payload');
  }
  checkNames(submit.payload?.omit ?? [], `${pointer}/payload/omit`, 'payload omit');
  for (const [key, src] of Object.entries(submit.storeData ?? {})) {
    const from = typeof src === 'string' ? src : src.from;
    if (from) checkNames([from], `${pointer}/storeData/${key}`, 'storeData');
  }
  return clean({
    ...submit,
    errorMessage: submit.errorMessage
      ? texts.key(submit.errorMessage, `${hint}.errorMessage`, `${pointer}/errorMessage`)
      : undefined,
    messageMap: submit.messageMap?.map((m, i) => ({
      contains: m.contains,
      message: texts.key(m.message, `${hint}.messageMap.${i}`, `${pointer}/messageMap/${i}/message`),
    })),
    requiresStorage: submit.requiresStorage?.map((r, i) => ({
      key: r.key,
      message: texts.key(r.message, `${hint}.requiresStorage.${i}`, `${pointer}/requiresStorage/${i}/message`),
    })),
  });
}

function compileResult(r: ResultScreen, texts: TextTable, pointer: string, hint: string): ResultScreen {
  return clean({
    status: r.status ?? 'success',
    title: texts.key(r.title, `${hint}.title`, `${pointer}/title`),
    mobileTitle: texts.optional(r.mobileTitle, `${hint}.mobileTitle`, `${pointer}/mobileTitle`),
    subTitle: texts.optional(r.subTitle, `${hint}.subTitle`, `${pointer}/subTitle`),
    showId: r.showId,
    link: r.link
      ? { label: texts.key(r.link.label, `${hint}.link`, `${pointer}/link/label`), href: r.link.href }
      : undefined,
  });
}
