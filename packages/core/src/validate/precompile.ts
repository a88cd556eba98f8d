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
   * With `bundle`: the bundle that adds the phone-number checks (libphonenumber's metadata, about 40 KB gzip) to
   * `runtimeImport`'s; a module without them never loads it. A step's module (`step`) takes the runtime from
   * `runtimeImport` and loads this one only when its `prepare()` is called (see `deferredPhoneChecks`), so the step can
   * be drawn before it; the whole form's module, and a step whose render checks need phone numbers themselves,
   * import the runtime from here. Default: `runtimeImport`.
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

/** How a module gets the phone-number checks it needs: from the phone bundle at once, or later (`prepare`). */
type PhoneChecks = 'none' | 'static' | 'deferred';

function importOf(id: string, opts: PrecompileOptions, phone: PhoneChecks): { from: string; name?: string } {
  if (id === RUNTIME_MODULE_ID) {
    if (!opts.bundle) return { from: opts.runtimeImport };
    return { from: (phone === 'static' && opts.phoneRuntimeImport) || opts.runtimeImport, name: 'runtime' };
  }
  const helper = /^ajv\/dist\/runtime\/(\w+)(\.js)?$/.exec(id)?.[1];
  if (!helper || !(AJV_HELPERS as readonly string[]).includes(helper)) {
    throw new Error(`precompiled validators need '${id}', which the browser's validation runtime does not provide`);
  }
  return opts.bundle ? { from: opts.runtimeImport, name: helper } : { from: `ajv/dist/runtime/${helper}.js` };
}

/**
 * A module whose phone-number checks load apart: its runtime's phone functions stand in for the phone bundle's
 * until `prepare(attempt)` has loaded it (the generated code binds each function once, as the module is
 * evaluated, so they cannot be swapped later). Until then a phone check throws: a step checked without them must
 * not pass. `attempt` counts the failed loads, so that a retry asks for another address (browsers that follow the
 * HTML standard before 2025 keep a failed module import for the page's life).
 */
function deferredPhoneChecks(url: string): string {
  const names = JSON.stringify(Object.keys(phoneChecks));
  return `let __phoneChecks;
let __phoneLoading;
export function prepare(attempt = 0) {
  if (!__phoneLoading) {
    const url = ${JSON.stringify(url)};
    const address = attempt ? url + (url.includes("?") ? "&" : "?") + "retry=" + attempt : url;
    __phoneLoading = import(address).then(
      (ns) => { __phoneChecks = __exportsOf(ns.runtime); },
      (error) => { __phoneLoading = undefined; throw error; },
    );
  }
  return __phoneLoading;
}
const __withPhoneChecks = (runtime) => {
  const out = { ...runtime };
  for (const name of ${names}) {
    out[name] = (...args) => {
      if (!__phoneChecks) throw new Error("The phone-number check " + name + " is not loaded yet: call the validators module's prepare() and await it before validating");
      return __phoneChecks[name](...args);
    };
  }
  return out;
};`;
}

/**
 * ajv's standalone output refers to helpers with `require(...)` even in ES-module mode; rewrite
 * each into an import so the module runs in browsers and Node alike, without eval. `deferPhone` (with `bundle` and
 * `phoneRuntimeImport`): a module that checks phone numbers takes the plain runtime and loads the phone bundle
 * only in its `prepare()` (`deferredPhoneChecks`).
 */
export function toEsModule(code: string, opts: PrecompileOptions, deferPhone = false): string {
  const modules = new Map<string, { local: string; from: string; name?: string }>();
  const phone: PhoneChecks = !PHONE_CHECK.test(code)
    ? 'none'
    : deferPhone && opts.bundle && opts.phoneRuntimeImport
      ? 'deferred'
      : 'static';
  const body = code.replace(/require\("([^"]+)"\)/g, (_m, id: string) => {
    if (!modules.has(id)) modules.set(id, { local: `__import${modules.size}`, ...importOf(id, opts, phone) });
    return modules.get(id)!.local;
  });
  // `require(x)` means the CommonJS exports object. Node hands it over as the namespace's default, bundlers
  // (honouring __esModule) as the namespace itself; an ES module (our runtime) has its functions as named exports.
  const interop = 'const __exportsOf = (ns) => (ns.default && ns.default.__esModule ? ns.default : ns);';
  const imports = [...modules.entries()].map(([id, { local, from, name }]) => {
    const binding = name ? `{ ${name} as ${local}ns }` : `* as ${local}ns`;
    const value =
      phone === 'deferred' && id === RUNTIME_MODULE_ID
        ? `__withPhoneChecks(__exportsOf(${local}ns))`
        : `__exportsOf(${local}ns)`;
    return `import ${binding} from ${JSON.stringify(from)};\nconst ${local} = ${value};`;
  });
  const head = phone === 'deferred' ? [interop, deferredPhoneChecks(opts.phoneRuntimeImport!)] : [interop];
  return `${head.join('\n')}\n${imports.join('\n')}\n${body.replace(/^"use strict";/, '')}`;
}

/** The indexes of a form's steps, or only `step`. */
const stepIndexes = (form: CompiledForm, step?: number): number[] =>
  step === undefined ? form.stepSchemas.map((_s, i) => i) : [step];

/**
 * One ES module exporting the precompiled validator of each step (`step0`, `step1`, …), the checks RJSF
 * makes while rendering (`checks`, by key) and, with `include: 'all'`, the whole form's (`form`); with `step`,
 * only that step's validator and checks. The browser runs it under a Content-Security-Policy without
 * `unsafe-eval`. A step's module whose validator checks phone numbers, in a bundle with `phoneRuntimeImport`, also
 * exports `prepare(attempt?)`, which must have resolved before the validator runs (`deferredPhoneChecks`).
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
  const standalone = standaloneCode.default(ajv, exportsById);
  // a step's phone checks load apart (`prepare`) unless RJSF needs them to draw the step: a render check with them
  const checkExports = Object.fromEntries(Object.entries(exportsById).filter(([name]) => name.startsWith('check')));
  const deferPhone =
    step !== undefined &&
    PHONE_CHECK.test(standalone) &&
    !(checkNames.length > 0 && PHONE_CHECK.test(standaloneCode.default(ajv, checkExports)));
  const code = toEsModule(standalone, opts, deferPhone);
  return `${code}\nexport const checks = { ${checkNames.join(', ')} };\n`;
}
