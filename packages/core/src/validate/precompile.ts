import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { CompiledForm, JsonSchema } from '../compile/types.js';
import { createAjv } from './ajv.js';
import { RUNTIME_MODULE_ID } from './keywords.js';
import * as phoneChecks from './phone.js';

export interface PrecompileOptions {
  /** How the generated module imports `renderer/core/validate/runtime` (a path or package specifier). */
  runtimeImport: string;
  /**
   * `true` for browsers: `runtimeImport` is one bundle exporting the runtime as `runtime` and ajv's helpers
   * under their file names (`equal`, `ucs2length`, …; see `BUNDLE_EXPORTS`), since a browser resolves
   * no bare package names. `false` (default): ajv's helpers are imported from the `ajv` package.
   */
  bundle?: boolean;
  /**
   * With `bundle`: where a module that checks phone numbers imports the runtime from instead, a bundle that adds
   * the phone-number checks (libphonenumber's metadata, about 40 KB gzip) to `runtimeImport`'s; a module without
   * them never loads it. Default: `runtimeImport`.
   */
  phoneRuntimeImport?: string;
  /**
   * `steps` (default): the step validators the wizard runs; `all`: also the whole-form validator, which
   * doubles the module (the server compiles the whole-form schema at run time instead).
   */
  include?: 'steps' | 'all';
  /**
   * Only this step: its validator (`step<n>`) and the checks of its render schema, so a browser loads each step's
   * validators when the step is about to show (a form's first screen then waits for the first step's only).
   * Leaves `include` out of account.
   */
  step?: number;
  /**
   * Further schemas to precompile, by the key a renderer looks them up with (RJSF's render checks:
   * `renderChecksOf` in `@antrag/react`); each is exported under `checks`. The core knows no renderer.
   */
  checks?: ReadonlyMap<string, JsonSchema>;
}

/** ajv's run-time helpers a standalone validator may import, by the name the browser bundle exports them. */
export const AJV_HELPERS = ['equal', 'ucs2length', 'uri', 'validation_error', 'timestamp'] as const;
/** What the browser's validation-runtime bundle must export. */
export const BUNDLE_EXPORTS = ['runtime', ...AJV_HELPERS] as const;

/** A use of the runtime's phone-number checks (every export of `phone.ts`), as generated code names them. */
const PHONE_CHECK = new RegExp(
  `require\\(${JSON.stringify(RUNTIME_MODULE_ID)}\\)\\.(${Object.keys(phoneChecks).join('|')})\\b`,
);

function importOf(id: string, opts: PrecompileOptions, phone: boolean): { from: string; name?: string } {
  if (id === RUNTIME_MODULE_ID) {
    if (!opts.bundle) return { from: opts.runtimeImport };
    return { from: (phone && opts.phoneRuntimeImport) || opts.runtimeImport, name: 'runtime' };
  }
  const helper = /^ajv\/dist\/runtime\/(\w+)(\.js)?$/.exec(id)?.[1];
  if (!helper || !(AJV_HELPERS as readonly string[]).includes(helper)) {
    throw new Error(`precompiled validators need '${id}', which the browser's validation runtime does not provide`);
  }
  return opts.bundle ? { from: opts.runtimeImport, name: helper } : { from: `ajv/dist/runtime/${helper}.js` };
}

/**
 * ajv's standalone output refers to helpers with `require(...)` even in ES-module mode; rewrite
 * each into an import so the module runs in browsers and Node alike, without eval.
 */
export function toEsModule(code: string, opts: PrecompileOptions): string {
  const modules = new Map<string, { local: string; from: string; name?: string }>();
  const phone = PHONE_CHECK.test(code);
  const body = code.replace(/require\("([^"]+)"\)/g, (_m, id: string) => {
    if (!modules.has(id)) modules.set(id, { local: `__import${modules.size}`, ...importOf(id, opts, phone) });
    return modules.get(id)!.local;
  });
  // `require(x)` means the CommonJS exports object. Node hands it over as the namespace's default, bundlers
  // (honouring __esModule) as the namespace itself; an ES module (our runtime) has its functions as named exports.
  const interop = 'const __exportsOf = (ns) => (ns.default && ns.default.__esModule ? ns.default : ns);';
  const imports = [...modules.values()].map(({ local, from, name }) => {
    const binding = name ? `{ ${name} as ${local}ns }` : `* as ${local}ns`;
    return `import ${binding} from ${JSON.stringify(from)};\nconst ${local} = __exportsOf(${local}ns);`;
  });
  return `${interop}\n${imports.join('\n')}\n${body.replace(/^"use strict";/, '')}`;
}

/** The indexes of a form's steps, or only `step`. */
const stepIndexes = (form: CompiledForm, step?: number): number[] =>
  step === undefined ? form.stepSchemas.map((_s, i) => i) : [step];

/**
 * One ES module exporting the precompiled validator of each step (`step0`, `step1`, …), the checks RJSF
 * makes while rendering (`checks`, by key) and, with `include: 'all'`, the whole form's (`form`); with `step`,
 * only that step's validator and checks. The browser runs it under a Content-Security-Policy without
 * `unsafe-eval`.
 */
export function precompileValidators(form: CompiledForm, opts: PrecompileOptions): string {
  const { step } = opts;
  if (step !== undefined && !(Number.isInteger(step) && step >= 0 && step < form.stepSchemas.length)) {
    throw new RangeError(`form ${form.id} has no step ${step} (it has ${form.stepSchemas.length})`);
  }
  const ajv = createAjv({
    code: { source: true, esm: true, formats: _`require(${RUNTIME_MODULE_ID}).formats` },
  });
  const exportsById: Record<string, string> = {};
  if (opts.include === 'all' && step === undefined) {
    ajv.addSchema(form.schema);
    exportsById.form = form.schema.$id as string;
  }
  for (const i of stepIndexes(form, step)) {
    ajv.addSchema(form.stepSchemas[i]);
    exportsById[`step${i}`] = form.stepSchemas[i].$id as string;
  }
  const checkNames: string[] = [];
  for (const [key, schema] of opts.checks ?? []) {
    const name = `check${checkNames.length}`;
    ajv.addSchema({ ...schema, $id: key });
    exportsById[name] = key;
    checkNames.push(`${JSON.stringify(key)}: ${name}`);
  }
  const code = toEsModule(standaloneCode.default(ajv, exportsById), opts);
  return `${code}\nexport const checks = { ${checkNames.join(', ')} };\n`;
}
