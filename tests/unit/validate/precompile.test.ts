import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashForSchema } from '@rjsf/utils';
import type { ErrorObject } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import {
  BUNDLE_EXPORTS,
  createAjv,
  createFormValidator,
  precompileValidators,
  toEsModule,
  toFieldErrors,
} from '../../../packages/core/src/validate/index.js';
import { renderChecksOf } from '../../../packages/react/src/engine/renderChecks.js';

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

const runtimePath = join(process.cwd(), 'packages/core/src/validate/runtime.ts');
let form: CompiledForm;
let code: string;
let mod: Record<string, Validate>;

beforeAll(async () => {
  const def = JSON.parse(readFileSync('tests/fixtures/dsl/kitchen-sink.form.json', 'utf8'));
  const result = compileForm(def);
  expect(result.diagnostics).toEqual([]);
  form = result.form!;
  code = precompileValidators(form, { runtimeImport: runtimePath, include: 'all', checks: renderChecksOf(form) });
  const dir = mkdtempSync(join(tmpdir(), 'antrag-precompiled-'));
  writeFileSync(join(dir, 'validators.mjs'), code);
  mod = await import(pathToFileURL(join(dir, 'validators.mjs')).href);
});

const samples: Array<Record<string, unknown>> = [
  {},
  { firstName: 'J0hn', zipCode: '123', country: { iso: 'DE', name: 'Germany' } },
  {
    firstName: 'Anna',
    lastName: 'Müller',
    email: 'anna@example.com',
    confirmEmail: 'anna@example.org',
    zipCode: '10115',
    country: { iso: 'DE', name: 'Germany' },
  },
  { title: 'dr', phoneNumber: { countryCode: '+49', phoneNumber: '123', isoCode: 'DE' }, dateOfArrival: '1999-01-01' },
];

describe('precompiled validators', () => {
  it('are an ES module without eval or new Function, importing only the runtime and ajv helpers', () => {
    expect(code).not.toMatch(/\beval\(|new Function/);
    expect(code).not.toMatch(/\brequire\(/);
    const imports = [...code.matchAll(/^import \* as \w+ from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(imports).toContain(runtimePath);
    for (const i of imports) expect(i === runtimePath || i.startsWith('ajv/dist/runtime/')).toBe(true);
  });

  it('export the whole form, every step and the render checks', () => {
    const names = Object.keys(mod);
    for (const [i] of form.stepSchemas.entries()) expect(names).toContain(`step${i}`);
    expect(names).toContain('form');
    expect(names).toContain('checks');
    const checkExports = names.filter((n) => /^check\d+$/.test(n));
    expect(Object.keys(mod.checks as unknown as object)).toHaveLength(checkExports.length);
  });

  it('check every sub-schema RJSF tests while rendering, keyed as RJSF looks it up, like run-time ajv', () => {
    const checks = renderChecksOf(form);
    // the kitchen sink has conditions: their `if` schemas are among the checks
    expect(checks.size).toBeGreaterThan(0);
    const fns = mod.checks as unknown as Record<string, Validate>;
    expect(Object.keys(fns).sort()).toEqual([...checks.keys()].sort());
    const ajv = createAjv();
    for (const [key, schema] of checks) {
      const { $id: _id, ...plain } = schema;
      expect(hashForSchema(plain as never) === key || schema.$id === key).toBe(true);
      const expected = ajv.compile({ ...plain });
      for (const data of samples) expect(fns[key](data)).toBe(expected(data));
    }
  });

  it('report the same field errors as the run-time validator, step by step', () => {
    const runtime = createFormValidator(form);
    const order = form.steps.flatMap((s) => s.fields);
    for (const [i, schema] of form.stepSchemas.entries()) {
      for (const data of samples) {
        // the run-time validator adds computed values first; the browser does the same before calling a module
        const { errors: expected, data: withComputed } = runtime.validateStep(i, data);
        const validate = mod[`step${i}`];
        validate(withComputed);
        expect(toFieldErrors(validate.errors, schema, order, 'en', form.texts)).toEqual(expected);
      }
    }
  });
});

describe('precompiled validators of one step', () => {
  const load = async (code: string): Promise<Record<string, Validate>> => {
    const dir = mkdtempSync(join(tmpdir(), 'antrag-precompiled-step-'));
    writeFileSync(join(dir, 'step.mjs'), code);
    return import(pathToFileURL(join(dir, 'step.mjs')).href);
  };

  it("hold only that step's validator and its own render checks, and validate as the whole module does", async () => {
    for (const [i] of form.stepSchemas.entries()) {
      const one = await load(
        precompileValidators(form, {
          runtimeImport: runtimePath,
          step: i,
          include: 'all',
          checks: renderChecksOf(form, i),
        }),
      );
      const names = Object.keys(one);
      expect(names.filter((n) => /^step\d+$/.test(n))).toEqual([`step${i}`]);
      expect(names).not.toContain('form');
      expect(Object.keys(one.checks as unknown as object).sort()).toEqual([...renderChecksOf(form, i).keys()].sort());
      for (const data of samples) {
        const runtime = createFormValidator(form).validateStep(i, data);
        expect(one[`step${i}`](runtime.data)).toBe(mod[`step${i}`](runtime.data));
      }
    }
    // the steps' checks together are the form's
    const union = new Set(form.stepSchemas.flatMap((_s, i) => [...renderChecksOf(form, i).keys()]));
    expect([...union].sort()).toEqual([...renderChecksOf(form).keys()].sort());
  });

  it('refuses a step the form does not have, naming the form and its step count', () => {
    const count = form.stepSchemas.length;
    for (const step of [count, -1, 0.5]) {
      expect(() => precompileValidators(form, { runtimeImport: runtimePath, step })).toThrow(
        `form ${form.id} has no step ${step} (it has ${count})`,
      );
    }
  });
});

describe('toEsModule', () => {
  it('turns each required module into one namespace import and maps the runtime id', () => {
    const out = toEsModule(
      '"use strict";const a = require("ajv/dist/runtime/equal").default;const b = require("@antrag/validation-runtime").checkDate;const c = require("ajv/dist/runtime/equal").default;',
      { runtimeImport: './runtime.js' },
    );
    expect(out.match(/^import /gm)).toHaveLength(2);
    expect(out).toContain('import * as __import0ns from "ajv/dist/runtime/equal.js";');
    expect(out).toContain('import * as __import1ns from "./runtime.js";');
    expect(out).toContain('const b = __import1.checkDate;');
  });

  it('imports everything from the one runtime bundle by name for browsers', () => {
    const out = toEsModule(
      'const a = require("ajv/dist/runtime/equal").default;const b = require("@antrag/validation-runtime").formats;',
      { runtimeImport: '/assets/validation-runtime.js', bundle: true },
    );
    expect(out).toContain('import { equal as __import0ns } from "/assets/validation-runtime.js";');
    expect(out).toContain('import { runtime as __import1ns } from "/assets/validation-runtime.js";');
  });

  it('imports the runtime from the phone bundle only in a module that checks phone numbers', () => {
    const opts = {
      runtimeImport: '/assets/validation-runtime.js',
      phoneRuntimeImport: '/assets/validation-runtime-phone.js',
      bundle: true,
    };
    const withPhone = toEsModule(
      'const a = require("ajv/dist/runtime/equal").default;const b = require("@antrag/validation-runtime").phoneForSibling;',
      opts,
    );
    expect(withPhone).toContain('import { equal as __import0ns } from "/assets/validation-runtime.js";');
    expect(withPhone).toContain('import { runtime as __import1ns } from "/assets/validation-runtime-phone.js";');
    const without = toEsModule('const b = require("@antrag/validation-runtime").checkDate;', opts);
    expect(without).toContain('import { runtime as __import0ns } from "/assets/validation-runtime.js";');
  });

  it("leaves a phone step's phone bundle out of its static imports, loading it only in prepare()", () => {
    const bundle = {
      runtimeImport: '/assets/validation-runtime.js',
      phoneRuntimeImport: '/assets/validation-runtime-phone.js',
      bundle: true,
    };
    const phoneStep = form.stepSchemas.findIndex((s) => JSON.stringify(s).includes('"phone":'));
    expect(phoneStep).toBeGreaterThanOrEqual(0);
    const step = precompileValidators(form, { ...bundle, step: phoneStep, checks: renderChecksOf(form, phoneStep) });
    expect(step).toMatch(/\.isValidPhone\b/);
    const statics = [...step.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(new Set(statics)).toEqual(new Set(['/assets/validation-runtime.js']));
    expect(step).toContain('import { runtime as ');
    expect(step).toMatch(/^export function prepare\(attempt = 0\)/m);
    expect(step).toContain('const url = "/assets/validation-runtime-phone.js";');
    expect(step).not.toMatch(/\beval\(|new Function/);
    // the whole form's module has no prepare(): it imports the phone bundle as before
    const whole = precompileValidators(form, { ...bundle, include: 'all' });
    expect(whole).toContain('import { runtime as __import');
    expect(whole).toMatch(/^import \{ runtime as \w+ \} from "\/assets\/validation-runtime-phone\.js";$/m);
    expect(whole).not.toContain('export function prepare');
  });

  it('keeps the phone bundle a static import where drawing the step needs it (a render check with a phone)', () => {
    const phoneStep = form.stepSchemas.findIndex((s) => JSON.stringify(s).includes('"phone":'));
    const checks = new Map(renderChecksOf(form, phoneStep));
    checks.set('a-phone-check', { type: 'object', properties: { mobile: { phone: true } } });
    const step = precompileValidators(form, {
      runtimeImport: '/assets/validation-runtime.js',
      phoneRuntimeImport: '/assets/validation-runtime-phone.js',
      bundle: true,
      step: phoneStep,
      checks,
    });
    expect(step).toMatch(/^import \{ runtime as \w+ \} from "\/assets\/validation-runtime-phone\.js";$/m);
    expect(step).not.toContain('export function prepare');
  });

  it('refuses a helper the browser runtime does not provide, naming it', () => {
    expect(() => toEsModule('require("ajv/dist/runtime/re2")', { runtimeImport: './r.js' })).toThrow(
      /ajv\/dist\/runtime\/re2/,
    );
  });

  it('the browser bundle entry exports every name the modules import', async () => {
    const entry = await import('../../../site/web/validation-runtime.js');
    for (const name of BUNDLE_EXPORTS) expect(entry, name).toHaveProperty(name);
    expect(typeof entry.runtime.formats.date).toBe('function');
    expect(typeof entry.equal.default).toBe('function');
    // the phone-number checks live in a bundle of their own, with the whole runtime
    expect(entry.runtime).not.toHaveProperty('isValidPhone');
    const phone = await import('../../../site/web/validation-runtime-phone.js');
    expect(typeof phone.runtime.isValidPhone).toBe('function');
    expect(typeof phone.runtime.checkDate).toBe('function');
  });
});
