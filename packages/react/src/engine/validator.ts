/**
 * Validation for the wizard's steps. The browser runs the form's precompiled module
 * (`GET /api/forms/{id}/validators.js`, no `eval`, so it works under the server's CSP); tests and the
 * studio's live preview compile at run time instead (`runtimeValidation.ts`). Both give the same
 * translated field errors; RJSF only sees them through `createStepValidator`.
 */

import type { CompiledForm } from '@antrag/core/compile/types';
import type { Locale } from '@antrag/core/dsl/types';
import { parsePointer } from '@antrag/core/json';
import {
  type FieldError,
  type FormValidator,
  formValidatorFrom,
  type ValidateFn,
} from '@antrag/core/validate/validator';
import { applyAllTransforms, type FormData, visibleFields } from '@antrag/core/wizard';
import type { ErrorSchema, RJSFSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';
import { hashForSchema, ID_KEY } from '@rjsf/utils';

type Data = FormData;

/** What the engine needs to validate a form: step validation and the sub-schema checks RJSF makes. */
export interface StepValidation {
  readonly form: FormValidator;
  /** Is `data` valid against a sub-schema of a step's render schema (a condition's `if`, a choice)? */
  check(schema: RJSFSchema, data: unknown): boolean;
  /**
   * Whether step `step`'s module is there, so the step can be drawn (RJSF's checks). Without it, every step's
   * always is.
   */
  hasStep?(step: number): boolean;
  /**
   * Whether step `step` can be validated: its module is there and has loaded what it loads apart (the phone-number
   * checks: `prepare`). Without it, every step with its module can.
   */
  canValidate?(step: number): boolean;
  /**
   * Loads step `step`'s validators until the step can be validated (once; again after a failure); rejects when
   * they cannot be loaded.
   */
  loadStep?(step: number): Promise<void>;
}

/** The module `precompileValidators` emits: `step0`, `step1`, …, and `checks` keyed as RJSF looks them up. */
export interface PrecompiledModule {
  checks: Record<string, ValidateFn>;
  /** The version of the form the server generated the module for (absent from modules of other origins). */
  formVersion?: number;
  /**
   * Loads what the module's validators need beyond it (the phone-number checks, which carry libphonenumber's
   * metadata), so the step is drawn before they come; `attempt` counts failed loads (another address). Present
   * only where needed; the validators throw until it has resolved.
   */
  prepare?: (attempt?: number) => Promise<void>;
  [name: string]: unknown;
}

/** RJSF's key for a sub-schema: its `$id`, else its hash. */
export function checkKey(schema: RJSFSchema): string {
  return (schema[ID_KEY] as string | undefined) ?? hashForSchema(schema);
}

function stepOf(form: CompiledForm, mod: PrecompiledModule, step: number): ValidateFn {
  const fn = mod[`step${step}`];
  if (typeof fn !== 'function') throw new Error(`The validators of form '${form.id}' lack step ${step}`);
  return fn as ValidateFn;
}

/** RJSF's sub-schema checks, looked up by key among the precompiled ones. */
function checkerOf(form: CompiledForm, checks: Record<string, ValidateFn>): StepValidation['check'] {
  const missing = new Set<string>();
  return (schema, data) => {
    const key = checkKey(schema);
    const fn = checks[key];
    if (fn) return fn(data) === true;
    // RJSF asked about a schema the precompiler did not foresee: treat it as not matching, and say so once
    if (!missing.has(key)) {
      missing.add(key);
      console.error(`Form '${form.id}': no precompiled check for sub-schema ${key}`, schema);
    }
    return false;
  };
}

/** Step validation from a precompiled module; a module that lacks a step is refused at once, by name. */
export function precompiledValidation(form: CompiledForm, mod: PrecompiledModule): StepValidation {
  const steps = form.stepSchemas.map((_s, i) => stepOf(form, mod, i));
  return { form: formValidatorFrom(form, { steps }), check: checkerOf(form, mod.checks ?? {}) };
}

/**
 * Step validation from one precompiled module per step (`GET /api/forms/{id}/validators/{step}.js`), loaded by
 * `load` when the wizard is about to show the step (`loadStep`); `loaded` holds those already there (the first
 * step's, fetched with the form). `attempt` counts the step's failed loads, so that a retry can ask for another
 * address: browsers that follow the HTML standard before 2025 keep a failed module import for the page's life
 * (Chromium 156 asks again). A step is drawn as soon as its module is there (`hasStep`) but validated only once
 * the module's `prepare` has resolved (`canValidate`; `loadStep` waits for both), so the phone-number checks load
 * after the first screen. Validating a step before then is an error that says so.
 */
export function stepwiseValidation(
  form: CompiledForm,
  load: (step: number, attempt: number) => Promise<PrecompiledModule>,
  loaded: ReadonlyMap<number, PrecompiledModule> = new Map(),
): StepValidation {
  const fns = new Map<number, ValidateFn>();
  const modules = new Map<number, PrecompiledModule>();
  /** The steps whose module needs no `prepare`, or whose `prepare` has resolved. */
  const prepared = new Set<number>();
  const checks: Record<string, ValidateFn> = {};
  const pending = new Map<number, Promise<void>>();
  const failures = new Map<number, number>();
  // every step's `prepare` loads the same phone runtime: once its address failed, every step asks for another
  let prepareFailures = 0;
  const add = (step: number, mod: PrecompiledModule) => {
    fns.set(step, stepOf(form, mod, step));
    modules.set(step, mod);
    if (typeof mod.prepare !== 'function') prepared.add(step);
    Object.assign(checks, mod.checks ?? {});
  };
  for (const [step, mod] of loaded) add(step, mod);
  const prepare = (step: number, mod: PrecompiledModule): Promise<void> =>
    mod.prepare ? mod.prepare(prepareFailures).then(() => void prepared.add(step)) : Promise.resolve();
  // formValidatorFrom reads a function's `errors` after calling it: each step's stands in for its module's
  const steps = form.stepSchemas.map((_s, i) => {
    const validate: ValidateFn = (data) => {
      const fn = fns.get(i);
      if (!fn) throw new Error(`The validators of step ${i} of form '${form.id}' have not been loaded`);
      if (!prepared.has(i)) {
        throw new Error(`The validators of step ${i} of form '${form.id}' are not ready: await loadStep(${i}) first`);
      }
      const valid = fn(data);
      validate.errors = fn.errors;
      fn.errors = null;
      return valid;
    };
    return validate;
  });
  return {
    form: formValidatorFrom(form, { steps }),
    check: checkerOf(form, checks),
    hasStep: (step) => fns.has(step),
    canValidate: (step) => prepared.has(step),
    loadStep(step) {
      if (prepared.has(step)) return Promise.resolve();
      let loading = pending.get(step);
      if (!loading) {
        const there = modules.get(step);
        const module = there
          ? Promise.resolve(there)
          : load(step, failures.get(step) ?? 0).then(
              (mod) => {
                add(step, mod);
                return mod;
              },
              (error: unknown) => {
                failures.set(step, (failures.get(step) ?? 0) + 1);
                throw error;
              },
            );
        loading = module
          .then((mod) =>
            prepare(step, mod).catch((error: unknown) => {
              prepareFailures += 1;
              throw error;
            }),
          )
          .finally(() => pending.delete(step));
        pending.set(step, loading);
      }
      return loading;
    },
  };
}

/** `/payers/0/email` → `.payers.0.email`, RJSF's property notation (used to focus the field). */
export function propertyOf(pointer: string): string {
  return parsePointer(pointer)
    .map((p) => `.${p}`)
    .join('');
}

/** Field errors as RJSF's error list and error schema (messages nested where the value is). */
export function toRjsfErrors(errors: readonly FieldError[]): ValidationData<Data> {
  const errorSchema: Record<string, unknown> = {};
  const list: RJSFValidationError[] = [];
  for (const e of errors) {
    const parts = e.path.split('/').slice(1);
    let node = errorSchema;
    for (const part of parts) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    const messages = (node.__errors as string[] | undefined) ?? [];
    messages.push(e.message);
    node.__errors = messages;
    list.push({ property: propertyOf(e.path), message: e.message, name: e.messageKey, stack: e.message });
  }
  return { errors: list, errorSchema: errorSchema as ErrorSchema<Data> };
}

/** The step's errors for the data, only for fields that currently show. */
export function validateStepData(
  validation: StepValidation,
  form: CompiledForm,
  index: number,
  data: Data,
  locale: Locale,
): FieldError[] {
  const committed = applyAllTransforms(form, data);
  const result = validation.form.validateStep(index, committed, { locale });
  const shown = new Set(visibleFields(form, index, committed));
  return result.errors.filter((e) => shown.has(e.field) || !form.fields[e.field]);
}

/**
 * Field errors placed where the step shows them. A field drawn as one control (a country, a phone number, a
 * place, an upload) shows its messages at itself, so an error inside its value (`/country/iso`,
 * `/phoneNumber/phoneNumber`, `/passportUpload/0/size`) moves up to the field; fields that show their parts'
 * errors themselves (`showsNestedErrors`: a payer's row, the face capture) keep them where they are.
 */
export function placeErrors(
  errors: readonly FieldError[],
  form: CompiledForm,
  showsNestedErrors: ReadonlySet<string>,
): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    const parts = e.path.split('/');
    const ui = form.uiSchema[parts[1] ?? ''] as { 'ui:field'?: string } | undefined;
    const uiField = ui?.['ui:field'];
    const lifted = parts.length > 2 && uiField && !showsNestedErrors.has(uiField) ? `/${parts[1]}` : e.path;
    const id = `${lifted}\u0000${e.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(lifted === e.path ? e : { ...e, path: lifted });
  }
  return out;
}

/** The RJSF validator of one step. */
export function createStepValidator(
  validation: StepValidation,
  form: CompiledForm,
  index: number,
  locale: Locale,
  showsNestedErrors: ReadonlySet<string> = new Set(),
): ValidatorType<Data> {
  const validateFormData = (formData: Data | undefined) =>
    toRjsfErrors(
      placeErrors(validateStepData(validation, form, index, formData ?? {}, locale), form, showsNestedErrors),
    );
  return {
    validateFormData,
    isValid: (schema: RJSFSchema, formData: Data | undefined) => validation.check(schema, formData),
    rawValidation: (_schema, formData) => {
      const errors = validateFormData(formData as Data | undefined).errors;
      return { errors: errors.length ? (errors as never) : undefined };
    },
    toErrorList: (errorSchema?: ErrorSchema<Data>) => {
      const out: RJSFValidationError[] = [];
      const walk = (node: unknown, path: string) => {
        if (!node || typeof node !== 'object') return;
        for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
          if (k === '__errors') for (const m of v as string[]) out.push({ property: path, message: m, stack: m });
          else walk(v, `${path}.${k}`);
        }
      };
      walk(errorSchema, '');
      return out;
    },
    reset: () => {},
  } as ValidatorType<Data>;
}
