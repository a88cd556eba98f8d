import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { CompiledForm } from '../compile/types.js';
import { createAjv } from './ajv.js';
import { RUNTIME_MODULE_ID } from './keywords.js';

export interface PrecompileOptions {
  /** How the generated module imports `renderer/core/validate/runtime` (a path or package specifier). */
  runtimeImport: string;
  /**
   * `steps` (default): the step validators the wizard runs; `all`: also the whole-form validator, which
   * doubles the module (the server compiles the whole-form schema at run time instead).
   */
  include?: 'steps' | 'all';
}

/**
 * ajv's standalone output refers to helpers with `require(...)` even in ES-module mode; rewrite
 * each into a default import so the module runs in browsers and Node alike, without eval.
 */
export function toEsModule(code: string, runtimeImport: string): string {
  const modules = new Map<string, string>();
  const body = code.replace(/require\("([^"]+)"\)/g, (_m, id: string) => {
    let target = id === RUNTIME_MODULE_ID ? runtimeImport : id;
    if (target.startsWith('ajv/dist/') && !target.endsWith('.js')) target = `${target}.js`;
    if (!modules.has(target)) modules.set(target, `__import${modules.size}`);
    return modules.get(target)!;
  });
  // `require(x)` means the CommonJS exports object. Node hands it over as the namespace's default, bundlers
  // (honouring __esModule) as the namespace itself; an ES module (our runtime) has its functions as named exports.
  const interop = 'const __exportsOf = (ns) => (ns.default && ns.default.__esModule ? ns.default : ns);';
  const imports = [...modules].map(
    ([target, name]) =>
      `import * as ${name}ns from ${JSON.stringify(target)};\nconst ${name} = __exportsOf(${name}ns);`,
  );
  return `${interop}\n${imports.join('\n')}\n${body.replace(/^"use strict";/, '')}`;
}

/**
 * One ES module exporting the precompiled validator of each step (`step0`, `step1`, …) and, with
 * `include: 'all'`, of the whole form (`form`). The browser runs them under a Content-Security-Policy
 * without `unsafe-eval`.
 */
export function precompileValidators(form: CompiledForm, opts: PrecompileOptions): string {
  const ajv = createAjv({
    code: { source: true, esm: true, formats: _`require(${RUNTIME_MODULE_ID}).formats` },
  });
  const exportsById: Record<string, string> = {};
  if (opts.include === 'all') {
    ajv.addSchema(form.schema);
    exportsById.form = form.schema.$id as string;
  }
  form.stepSchemas.forEach((s, i) => {
    ajv.addSchema(s);
    exportsById[`step${i}`] = s.$id as string;
  });
  return toEsModule(standaloneCode.default(ajv, exportsById), opts.runtimeImport);
}
