import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compileForm } from '../../../renderer/core/compile/index.js';
import type { CompiledForm, JsonSchema } from '../../../renderer/core/compile/types.js';
import type { SubmitSettings, ValueSource } from '../../../renderer/core/dsl/types.js';
import { type CmsKind, detectCmsKind, importCms } from '../../../renderer/core/import/index.js';
import { createAjv } from '../../../renderer/core/validate/ajv.js';
import { createFormValidator, type FormValidator } from '../../../renderer/core/validate/index.js';

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
 * Every form the server knows — DSL files under `schemas/` and CMS definitions under the content
 * folder — compiled once at start, with a validator for each submission they make.
 */
export class FormRegistry {
  readonly forms = new Map<string, CompiledForm>();
  readonly targets: SubmissionTarget[] = [];
  /** Problems found while loading, as `file: message` lines (the server starts without those forms). */
  readonly problems: string[] = [];
  private readonly ajv = createAjv();

  add(form: CompiledForm, source?: CmsKind, sourceId?: string): void {
    this.forms.set(form.id, form);
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

  /** The submission posted to a path; several to one path are told apart by their constant payload values. */
  find(method: string, path: string, body: unknown): SubmissionTarget | undefined {
    const candidates = this.targets.filter((t) => t.method === method && t.path === path);
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

  /** Loads `*.form.json` from the schemas folder and CMS definitions (`*.json`) from the content folders. */
  static load(root: string, contentDirs: string[] = []): FormRegistry {
    const registry = new FormRegistry();
    const report = (file: string, message: string) => registry.problems.push(`${relative(root, file)}: ${message}`);
    for (const file of files(join(root, 'schemas'), ['.form.json'])) {
      try {
        const result = compileForm(JSON.parse(readFileSync(file, 'utf8')));
        if (result.form) registry.add(result.form);
        else report(file, result.diagnostics.map((d) => `${d.pointer} ${d.message}`).join('; '));
      } catch (e) {
        report(file, (e as Error).message);
      }
    }
    for (const dir of contentDirs) {
      for (const file of files(dir, ['.json'])) {
        try {
          const doc = JSON.parse(readFileSync(file, 'utf8'));
          const kind = detectCmsKind(doc);
          if (!kind) continue;
          const imported = importCms(kind, doc);
          const result = imported.definition ? compileForm(imported.definition) : undefined;
          if (result?.form) registry.add(result.form, kind, imported.definition?.source?.id);
          else
            report(
              file,
              [...imported.diagnostics, ...(result?.diagnostics ?? [])]
                .map((d) => `${d.pointer} ${d.message}`)
                .join('; '),
            );
        } catch (e) {
          report(file, (e as Error).message);
        }
      }
    }
    return registry;
  }
}
