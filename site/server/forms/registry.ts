import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compileForm } from '@antrag/core/compile';
import { PUBLISH_LIMITS } from '@antrag/core/compile/publishLimits';
import type { CompiledForm, JsonSchema } from '@antrag/core/compile/types';
import type { FormDefinition, JsonPrimitive, SubmitSettings, ValueSource } from '@antrag/core/dsl/types';
import { type CmsKind, detectCmsKind, importCms } from '@antrag/core/import';
import { createFormValidator, type FormValidator } from '@antrag/core/validate';
import { createAjv } from '@antrag/core/validate/ajv';

/** One submission a form makes: the form, its settings, the step (for step submissions), and the schema the server checks. */
export interface SubmissionTarget {
  form: CompiledForm;
  settings: SubmitSettings;
  /** The step id for a step's submission; absent for the form's final submission. */
  step?: string;
  /** Path the submission is posted to, with `{host}` removed. */
  path: string;
  method: string;
  schema: JsonSchema;
  validator: FormValidator;
  /** Constant payload values that tell this submission from others to the same path (e.g. step: 2). */
  constants: Record<string, unknown>;
  /** The CMS format the definition came from, for bookings and review forms. */
  source?: CmsKind;
  /** True for the first of a form's submissions to one path (the sign-up that creates a lead). */
  first: boolean;
  /** The content record id of a CMS definition; bookings sharing one path are told apart by it. */
  sourceId?: string;
  /** The top-level keys this submission's payload may have. */
  payloadKeys: Set<string>;
}

/** The header that names the variant a submission was made with (`mobile=true`), as the engine sends it. */
export const FORM_OPTIONS_HEADER = 'x-form-options';

/**
 * The option values a form can be compiled with, every combination: booleans both ways, strings each
 * value of their `enum` (a string without one keeps its default). The defaults come first. A form with more
 * combinations than `PUBLISH_LIMITS.variants` is compiled in its defaults alone (the CLI and the store refuse it).
 */
export function variantsOf(def: FormDefinition): Array<Record<string, JsonPrimitive>> {
  const choices = Object.entries(def.options ?? {}).map(([name, option]) => {
    const values = option.type === 'boolean' ? [option.default, !option.default] : (option.enum ?? [option.default]);
    return { name, values: [option.default, ...new Set(values.filter((v) => v !== option.default))] };
  });
  // counted before any is built: 26 boolean options would be 67 million combinations
  const count = choices.reduce((n, c) => n * Math.max(1, c.values.length), 1);
  if (count > PUBLISH_LIMITS.variants) return [Object.fromEntries(choices.map((c) => [c.name, c.values[0]]))];
  let combos: Array<Record<string, JsonPrimitive>> = [{}];
  for (const { name, values } of choices) combos = combos.flatMap((c) => values.map((v) => ({ ...c, [name]: v })));
  return combos;
}

/** A variant's key: its option values in name order, as a query string (`faceVerification=true&mobile=false`). */
export function variantKey(options: Record<string, JsonPrimitive>): string {
  return new URLSearchParams(
    Object.keys(options)
      .sort()
      .map((k): [string, string] => [k, String(options[k])]),
  ).toString();
}

/** Requested option values (a query or the options header) as text, one value a name. */
export type RequestedOptions = Record<string, string>;

/** `mobile=true&x=1` → `{ mobile: 'true', x: '1' }`; absent or empty gives `{}`. */
export function parseOptionsHeader(header: string | string[] | undefined): RequestedOptions {
  const text = Array.isArray(header) ? header[0] : header;
  return text ? Object.fromEntries(new URLSearchParams(text)) : {};
}

function files(dir: string, suffixes: string[]): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (suffixes.some((s) => e.name.endsWith(s))) out.push(join(d, e.name));
    }
  };
  walk(dir);
  return out;
}

/** The path of an endpoint as this server answers it: `{host}` (the CRM base) is this server by default. */
export function endpointPath(endpoint: string): string {
  return endpoint.replace('{host}', '').replace(/^https?:\/\/[^/]+/, '') || '/';
}

/** The top-level keys a payload map produces. */
function payloadKeysOf(settings: SubmitSettings, form: CompiledForm): Set<string> {
  const payload = settings.payload;
  const keys = new Set(Object.keys(payload?.fields ?? {}));
  if (!payload || payload.mode === 'all') {
    const omit = new Set(payload?.omit ?? []);
    for (const plan of Object.values(form.fields)) if (plan.hasData && !omit.has(plan.name)) keys.add(plan.name);
  }
  if (payload?.mode === 'template' && payload.template && typeof payload.template === 'object') {
    for (const key of Object.keys(payload.template)) keys.add(key);
  }
  return keys;
}

/** Top-level constant values of a payload: `fields` entries with `const`, or a template's own values. */
function constantsOf(settings: SubmitSettings): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const payload = settings.payload;
  for (const [key, source] of Object.entries(payload?.fields ?? {})) {
    if (typeof source === 'object' && 'const' in (source as ValueSource)) out[key] = (source as ValueSource).const;
  }
  if (
    payload?.mode === 'template' &&
    payload.template &&
    typeof payload.template === 'object' &&
    !Array.isArray(payload.template)
  ) {
    const set = new Set((payload.set ?? []).map((s) => s.pointer.split('/')[1]));
    for (const [key, value] of Object.entries(payload.template)) {
      if (!set.has(key) && value !== null && typeof value !== 'object') out[key] = value;
    }
  }
  return out;
}

/**
 * Every form the server knows — DSL files and CMS definitions under `schemas/` (and CMS definitions in
 * further content folders) — compiled once at start in each of their variants, with a validator for
 * each submission they make.
 */
export class FormRegistry {
  /** The default variant of every form, by id. */
  readonly forms = new Map<string, CompiledForm>();
  /** Every compiled variant (the defaults too), by form id and then `variantKey`. */
  readonly variants = new Map<string, Map<string, CompiledForm>>();
  readonly targets: SubmissionTarget[] = [];
  /** Problems found while loading, as `file: message` lines (the server starts without those forms). */
  readonly problems: string[] = [];
  /** The published version each form serves (forms of the store, forms/store.ts); absent for forms read from files only. */
  readonly versionOf = new Map<string, number>();
  private readonly ajv = createAjv();

  /** A registry of one form's variants (the default first), as a published version holds them. */
  static fromVariants(variants: CompiledForm[], kind?: CmsKind, sourceId?: string): FormRegistry {
    const registry = new FormRegistry();
    for (const form of variants) registry.add(form, kind, sourceId);
    return registry;
  }

  /**
   * Serves `version` of form `id` from now on: its variants and submissions take the place of the ones served
   * until now. `from` holds that version alone (`fromVariants`).
   */
  replace(id: string, from: FormRegistry, version: number): void {
    const forms = from.variants.get(id);
    const base = from.forms.get(id);
    if (!forms || !base) throw new Error(`the version to serve holds no form '${id}'`);
    this.forms.set(id, base);
    this.variants.set(id, forms);
    const others = this.targets.filter((t) => t.form.id !== id);
    this.targets.splice(0, this.targets.length, ...others, ...from.targets.filter((t) => t.form.id === id));
    this.versionOf.set(id, version);
  }

  /** Adds a compiled form; the first variant added under an id is its default. */
  add(form: CompiledForm, source?: CmsKind, sourceId?: string): void {
    if (!this.forms.has(form.id)) this.forms.set(form.id, form);
    if (!this.variants.has(form.id)) this.variants.set(form.id, new Map());
    this.variants.get(form.id)!.set(variantKey(form.options), form);
    const add = (settings: SubmitSettings, schema: JsonSchema | undefined, step?: string) => {
      if (!schema) return;
      const stepIndex = 0;
      // a validator over exactly the submitted fields: one "step" whose schema is the submit schema
      const plan = step ? form.steps.find((s) => s.id === step) : undefined;
      const fields = Object.keys((schema.properties as object) ?? {});
      const submitForm: CompiledForm = {
        ...form,
        stepSchemas: [schema],
        steps: [{ ...(plan ?? form.steps[0]), index: stepIndex, fields }],
      };
      this.targets.push({
        form,
        settings,
        step,
        path: endpointPath(settings.endpoint),
        method: settings.method ?? 'POST',
        schema,
        validator: createFormValidator(submitForm, this.ajv),
        constants: constantsOf(settings),
        source,
        sourceId,
        payloadKeys: payloadKeysOf(settings, form),
        first: !this.targets.some((t) => t.form === form && t.path === endpointPath(settings.endpoint)),
      });
    };
    if (form.submit) add(form.submit, form.submitSchemas?.form);
    for (const step of form.steps) if (step.submit) add(step.submit, form.submitSchemas?.steps[step.id], step.id);
  }

  /**
   * The variant of a form the requested option values select (options not named keep their defaults):
   * `{ form }`, or `{ error }` naming an option the form does not have or a value it was not compiled with.
   * Undefined when there is no form with this id.
   */
  variant(id: string, requested: RequestedOptions = {}): { form: CompiledForm } | { error: string } | undefined {
    const base = this.forms.get(id);
    if (!base) return undefined;
    const options: Record<string, JsonPrimitive> = { ...base.options };
    for (const [name, text] of Object.entries(requested)) {
      if (!(name in options)) {
        const has = Object.keys(options).join(', ') || 'none';
        return { error: `The form '${id}' has no option '${name}' (it has: ${has})` };
      }
      const boolean = typeof base.options[name] === 'boolean';
      options[name] = boolean && (text === 'true' || text === 'false') ? text === 'true' : text;
    }
    const form = this.variants.get(id)?.get(variantKey(options));
    return form ? { form } : { error: `The form '${id}' has no variant ${variantKey(options)}` };
  }

  /** Whether a target belongs to the variant the requested options select (forms without options always do). */
  private isRequestedVariant(t: SubmissionTarget, requested: RequestedOptions): boolean {
    const defaults = this.forms.get(t.form.id)?.options ?? {};
    return Object.entries(t.form.options).every(([k, v]) => String(v) === (requested[k] ?? String(defaults[k])));
  }

  /**
   * The submission posted to a path; several to one path are told apart by their constant payload values.
   * `requested`: the variant's option values the submission names (the `X-Form-Options` header); a
   * submission that names none is checked against the default variant.
   */
  find(method: string, path: string, body: unknown, requested: RequestedOptions = {}): SubmissionTarget | undefined {
    const candidates = this.targets.filter(
      (t) => t.method === method && t.path === path && this.isRequestedVariant(t, requested),
    );
    if (candidates.length <= 1) return candidates[0];
    const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const byId = candidates.filter((t) => t.sourceId !== undefined && String(record.id) === t.sourceId);
    if (byId.length === 1) return byId[0];
    const matches = (t: SubmissionTarget) =>
      Object.entries(t.constants).every(([k, v]) => record[k] !== undefined && String(record[k]) === String(v));
    // the most specific match wins (most constants); then the form whose payload keys fit the body best
    // (two forms may post to one path, like the contact enquiry and the pre-subscription)
    const payloadFit = (t: SubmissionTarget) => {
      const keys = Object.keys(record);
      const unknown = keys.filter((k) => !t.payloadKeys.has(k)).length;
      return keys.length - unknown * 10;
    };
    const ranked = (list: SubmissionTarget[]) =>
      [...list].sort(
        (a, b) => Object.keys(b.constants).length - Object.keys(a.constants).length || payloadFit(b) - payloadFit(a),
      );
    return (
      ranked(candidates.filter(matches))[0] ??
      ranked(
        candidates.filter(
          (t) => Object.keys(t.constants).length === 0 || Object.values(t.constants).every((v) => String(v) === '1'),
        ),
      )[0]
    );
  }

  /**
   * Loads the forms of the schemas folder — DSL files (`*.form.json`) and CMS definitions (`*.cms.json`) —
   * and CMS definitions (any `.json` recognised by its shape) from further content folders, each in every
   * variant its options declare.
   */
  static load(root: string, contentDirs: string[] = []): FormRegistry {
    const registry = new FormRegistry();
    const report = (file: string, message: string) => registry.problems.push(`${relative(root, file)}: ${message}`);
    for (const { file, value, problem } of shippedDocuments(root, contentDirs)) {
      if (problem !== undefined) report(file, problem);
      else if (file.endsWith('.form.json')) addVariantsTo(registry, report, file, value as FormDefinition);
      else addCmsTo(registry, report, file, value);
    }
    return registry;
  }
}

type Report = (file: string, message: string) => void;

function addVariantsTo(
  registry: FormRegistry,
  report: Report,
  file: string,
  definition: FormDefinition,
  kind?: CmsKind,
  earlier: string[] = [],
): void {
  for (const options of variantsOf(definition)) {
    const result = compileForm(definition, { options });
    if (result.form) registry.add(result.form, kind, definition.source?.id);
    else {
      report(file, [...earlier, ...result.diagnostics.map((d) => `${d.pointer} ${d.message}`)].join('; '));
      return;
    }
  }
}

function addCmsTo(registry: FormRegistry, report: Report, file: string, doc: unknown): void {
  const kind = detectCmsKind(doc);
  if (!kind) return;
  const imported = importCms(kind, doc);
  const problems = imported.diagnostics.map((d) => `${d.pointer} ${d.message}`);
  if (imported.definition) addVariantsTo(registry, report, file, imported.definition, kind, problems);
  else report(file, problems.join('; '));
}

/** A form document that ships with the product: its file and parsed JSON, or why it could not be read. */
export interface ShippedDocument {
  file: string;
  value?: unknown;
  problem?: string;
}

/**
 * The form documents of the schemas folder — DSL files (`*.form.json`) and CMS definitions (`*.cms.json`) — and
 * the CMS definitions (any `.json` recognised by its shape) of further content folders, in file-name order.
 */
export function shippedDocuments(root: string, contentDirs: string[] = []): ShippedDocument[] {
  const out: ShippedDocument[] = [];
  const read = (file: string) => {
    try {
      const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
      out.push({ file, value });
    } catch (e) {
      out.push({ file, problem: (e as Error).message });
    }
  };
  for (const file of files(join(root, 'schemas'), ['.form.json', '.cms.json'])) read(file);
  for (const dir of contentDirs) {
    for (const file of files(dir, ['.json'])) {
      const before = out.length;
      read(file);
      // a content folder holds other JSON too: only CMS definitions are forms
      const added = out[before];
      if (added && added.problem === undefined && !detectCmsKind(added.value)) out.pop();
    }
  }
  return out;
}
