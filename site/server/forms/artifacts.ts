/**
 * What a published version of a form is compiled into, once, when it is published: every variant its options
 * declare, and the precompiled validator modules of each (the whole form and each step), so that no instance
 * compiles on a request. The modules import the validation runtime at a placeholder address that the form routes
 * replace with the deployment's own (VALIDATION_RUNTIME_URL), so a stored version serves any deployment.
 */
import { createHash } from 'node:crypto';
import { compileForm } from '@antrag/core/compile';
import type { CompiledForm, Diagnostic } from '@antrag/core/compile/types';
import { classify, type FileAccess, formFromDocument, hasErrors, readDocument } from '@antrag/core/document';
import type { FormDefinition } from '@antrag/core/dsl/types';
import { importCms } from '@antrag/core/import';
import { MAX_JSON_DEPTH, valueDepth } from '@antrag/core/json';
import { precompileValidators } from '@antrag/core/validate';
import { renderChecksOf } from '@antrag/react/render-checks';
import { checkPattern } from './patternCheck.js';
import { variantKey, variantsOf } from './registry.js';

/**
 * The compiler's version the artefacts were made with: artefacts of another are compiled again when loaded.
 * forms-2: a step's module loads its phone-number checks apart (`prepare`).
 */
export const COMPILER_VERSION = 'core-0.1.0+forms-2';

/** The address the stored modules import the runtime from, replaced when they are served. */
const RUNTIME_PLACEHOLDER = '/__antrag__/validation-runtime.js';
const PHONE_RUNTIME_PLACEHOLDER = '/__antrag__/validation-runtime-phone.js';

export interface StoredArtifacts {
  compiler: string;
  /** The DSL definition compiled (a CMS document's import), to compile again under another compiler version. */
  dsl: FormDefinition;
  /** Every variant, the default first. */
  variants: CompiledForm[];
  /** Validator modules by variant key, then by step index or `all`. */
  modules: Record<string, Record<string, string>>;
}

/** A definition ready to be stored: what it is, its id, its hash, and what was compiled from it. */
export interface PreparedVersion {
  ok: true;
  id: string;
  kind: string;
  /** The definition as given (a CMS document stays one). */
  definition: unknown;
  /** The DSL definition (imported, for a CMS document). */
  dsl: FormDefinition;
  hash: string;
  artifacts: StoredArtifacts;
  /** Warnings the check found (errors refuse the definition). */
  warnings: Diagnostic[];
}

export interface RefusedVersion {
  ok: false;
  /** Every problem, each with its JSON pointer into the definition, as the CLI reports them. */
  diagnostics: Diagnostic[];
}

/** The SHA-256 of a value's JSON with its keys sorted, so key order and spacing do not make a new version. */
export function contentHash(value: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex');
}

/** One document in memory, read as the CLI reads a file (`$ref`s cannot be followed: there is no folder). */
function memoryFiles(name: string, text: string): FileAccess {
  return {
    read: (file) => {
      if (file === name) return text;
      throw Object.assign(new Error(`a published definition cannot refer to other files (${file})`), {
        code: 'EREF',
      });
    },
    resolve: (_dir, path) => path,
    dirname: () => '',
    display: (file) => file,
    refRefused: (file) =>
      file === name ? undefined : 'a published definition is one document: resolve its $refs before publishing',
  };
}

/** The diagnostic fields an answer carries (no file positions: they would be of the server's copy). */
function plain(d: Diagnostic): Diagnostic {
  const { severity, code, message, pointer, hint, rule } = d;
  return { severity, code, message, pointer, ...(hint ? { hint } : {}), ...(rule ? { rule } : {}) };
}

/**
 * The refusal of a parsed definition nested deeper than MAX_JSON_DEPTH (as readDocument refuses its text), or
 * undefined. Counted without recursion, so it runs before anything that recurses over the value: JSON.stringify,
 * and the structured clone that hands a definition to the publish worker (it overflows the stack past some
 * thousand levels, a 500 rather than this 400).
 */
export function tooDeepRefusal(definition: unknown): RefusedVersion | undefined {
  if (valueDepth(definition) <= MAX_JSON_DEPTH) return undefined;
  const message = `nested deeper than ${MAX_JSON_DEPTH} levels; a form needs far fewer`;
  return { ok: false, diagnostics: [{ severity: 'error', code: 'json-syntax', message, pointer: '' }] };
}

/**
 * Checks a definition (DSL or CMS document, told apart by shape), compiles every variant and precompiles every
 * validator module. Never throws for problems of the input: they come back as diagnostics. Synchronous and
 * costly (seconds for a large form): the server runs it in the publish worker (forms/publishWorker.ts).
 */
export function prepareVersion(definition: unknown, expectedId?: string): PreparedVersion | RefusedVersion {
  const name = 'definition.json';
  const deep = tooDeepRefusal(definition);
  if (deep) return deep;
  let text: string;
  try {
    text = JSON.stringify(definition, null, 2);
  } catch {
    // nested deeper than the engine's stack: readDocument would refuse it anyway (MAX_JSON_DEPTH)
    const message = 'the definition is nested too deeply to be read; a form needs far fewer levels';
    return { ok: false, diagnostics: [{ severity: 'error', code: 'too-deep', message, pointer: '' }] };
  }
  const document = readDocument(name, memoryFiles(name, text));
  // the publish limits come first (nothing larger is compiled), and every pattern is checked for catastrophic backtracking
  const source = formFromDocument(document, {}, { checkPattern });
  const diagnostics = source.diagnostics.map(plain);
  if (!source.form || !source.definition || !source.kind || hasErrors(diagnostics)) {
    return { ok: false, diagnostics: diagnostics.length ? diagnostics : [noForm()] };
  }
  if (expectedId !== undefined && source.form.id !== expectedId) {
    const message = `the definition's form id is '${source.form.id}', but it is published as '${expectedId}'`;
    return { ok: false, diagnostics: [{ severity: 'error', code: 'form-id-mismatch', message, pointer: '/id' }] };
  }
  const artifacts = compileArtifacts(source.definition);
  if ('diagnostics' in artifacts) return { ok: false, diagnostics: artifacts.diagnostics.map(plain) };
  return {
    ok: true,
    id: source.form.id,
    kind: source.kind,
    definition,
    dsl: source.definition,
    hash: contentHash(definition),
    artifacts,
    warnings: diagnostics.filter((d) => d.severity !== 'error'),
  };
}

/** The id a document would publish under (a DSL definition's `id`, or its CMS import's), without compiling it. */
export function formIdOf(value: unknown): string | undefined {
  const kind = classify(value, 'definition.json');
  if (kind === 'dsl')
    return typeof (value as { id?: unknown }).id === 'string' ? (value as { id: string }).id : undefined;
  if (!kind) return undefined;
  try {
    return importCms(kind, value).definition?.id;
  } catch {
    return undefined;
  }
}

const noForm = (): Diagnostic => ({
  severity: 'error',
  code: 'no-form',
  message: 'no form could be read',
  pointer: '',
});

/** Every variant of a DSL definition and its validator modules; the diagnostics of the first variant that fails. */
export function compileArtifacts(dsl: FormDefinition): StoredArtifacts | { diagnostics: Diagnostic[] } {
  const variants: CompiledForm[] = [];
  const modules: StoredArtifacts['modules'] = {};
  for (const options of variantsOf(dsl)) {
    const result = compileForm(dsl, { options });
    if (!result.form || hasErrors(result.diagnostics)) return { diagnostics: result.diagnostics };
    const form = result.form;
    variants.push(form);
    const byStep: Record<string, string> = {};
    for (const step of [undefined, ...form.stepSchemas.map((_, i) => i)]) {
      byStep[step === undefined ? 'all' : String(step)] = precompileValidators(form, {
        runtimeImport: RUNTIME_PLACEHOLDER,
        phoneRuntimeImport: PHONE_RUNTIME_PLACEHOLDER,
        bundle: true,
        step,
        checks: renderChecksOf(form, step),
      });
    }
    modules[variantKey(form.options)] = byStep;
  }
  return { compiler: COMPILER_VERSION, dsl, variants, modules };
}

/** A stored module with the deployment's runtime addresses in place of the placeholders. */
export function servedModule(code: string, runtimeUrl: string, phoneRuntimeUrl: string): string {
  return code
    .replaceAll(JSON.stringify(PHONE_RUNTIME_PLACEHOLDER), JSON.stringify(phoneRuntimeUrl))
    .replaceAll(JSON.stringify(RUNTIME_PLACEHOLDER), JSON.stringify(runtimeUrl));
}
