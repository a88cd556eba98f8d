/**
 * Validation cost: a full, valid blocked-account application (schemas/blocked-account, seven-step variant;
 * the data of tests/fixtures/forms/blocked-account.ts, checked valid first) validated 10,000 times
 *   - with the precompiled validators: the standalone ES module `antrag compile` writes (`precompileValidators`
 *     with the whole-form validator), loaded with `import()` — what the browser runs, step by step, under its CSP;
 *   - with ajv compiling the same schema at run time (`createAjv`: ajv + ajv-formats + ajv-errors + Antrag's
 *     keywords), compiled once — what the server does at start — and compiled anew for every validation
 *     (cold: a new ajv instance each time; timed over a sample and extrapolated, as labelled).
 * Each variant is timed on the bare validate function and through the `FormValidator` the engine and the server
 * call (it normalises the data, recalculates the computed values and maps errors), for the whole form and for
 * the seven step validators in turn (one application checked step by step, as the wizard does).
 * "compile" is the time until the validator can run: for the precompiled module its `import()` (its code is
 * generated at build time; that generation is printed below the table), for ajv `new Ajv` + `compile`.
 * Every variant runs in a Node process of its own: in one process the variants slow each other down (measured:
 * the same run-time validator went from 53 to 69 µs once the precompiled module's validators had run, as they
 * share ajv's and Antrag's helper functions). In its process a variant gets 1,000 untimed warm-up validations,
 * then three timed rounds, the fastest shown (JIT-warm steady state, less of a shared machine's noise).
 *
 * Run: npm run bench:validation   (options: --iterations <n> (10,000), --rounds <n> (3), --cold-sample <n> (20),
 *   --json <file> (the figures as JSON))
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileForm } from '../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../packages/core/src/compile/types.js';
import type { FormDefinition } from '../../packages/core/src/dsl/types.js';
import { withComputedValues } from '../../packages/core/src/expr/index.js';
import {
  createAjv,
  createFormValidator,
  type FormValidator,
  formValidatorFrom,
  normalizeData,
  precompileValidators,
  type ValidateFn,
} from '../../packages/core/src/validate/index.js';
import { application } from '../fixtures/forms/blocked-account.js';

const ROOT = join(import.meta.dirname, '../..');

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const ITERATIONS = Number(arg('iterations', '10000'));
const ROUNDS = Number(arg('rounds', '3'));
const COLD_SAMPLE = Number(arg('cold-sample', '20'));
const WARMUP = 1_000;

const VARIANTS = {
  'precompiled-fn': 'precompiled module, whole form (validate function)',
  'runtime-fn': 'ajv at run time, compiled once, whole form (validate function)',
  'precompiled-form': 'precompiled module, whole form (FormValidator.validate)',
  'runtime-form': 'ajv at run time, compiled once, whole form (FormValidator.validate)',
  'precompiled-steps': 'precompiled module, 7 step validators (FormValidator.validateStep each)',
  'runtime-steps': 'ajv at run time, compiled once, 7 step validators (FormValidator.validateStep each)',
  cold: 'ajv at run time, new ajv + compile + validate each time',
} as const;
type VariantKey = keyof typeof VARIANTS;

interface Measurement {
  compileMs: number;
  /** Fastest round of ITERATIONS validations; for `cold`, one validation times ITERATIONS. */
  totalMs: number;
  extrapolated?: boolean;
}

function compiled(): CompiledForm {
  const path = join(ROOT, 'schemas/blocked-account/blocked-account.form.json');
  const result = compileForm(JSON.parse(readFileSync(path, 'utf8')) as FormDefinition);
  if (!result.form) throw new Error(`${path} does not compile: ${JSON.stringify(result.diagnostics.slice(0, 3))}`);
  return result.form;
}

/** Fastest of ROUNDS rounds of ITERATIONS validations, after the warm-up; fails loudly on an invalid result. */
function fastestRound(run: () => boolean): number {
  for (let i = 0; i < WARMUP; i++) if (!run()) throw new Error('the application is not valid');
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round++) {
    let valid = 0;
    const start = performance.now();
    for (let i = 0; i < ITERATIONS; i++) if (run()) valid++;
    best = Math.min(best, performance.now() - start);
    if (valid !== ITERATIONS) throw new Error(`${ITERATIONS - valid} of ${ITERATIONS} validations failed`);
  }
  return best;
}

/** One variant, in this (child) process. */
async function measure(key: VariantKey, modulePath: string): Promise<Measurement> {
  const form = compiled();
  const data = application();
  // what the validate functions see: the data as the FormValidator hands it over (computed values included)
  const prepared = withComputedValues(normalizeData(data), form.computed, form.reference);
  const steps = form.stepSchemas.map((_s, i) => i);
  const viaSteps = (v: FormValidator) => () => steps.every((i) => v.validateStep(i, data).valid);

  if (key === 'cold') {
    const start = performance.now();
    for (let i = 0; i < COLD_SAMPLE; i++) {
      if (createAjv().compile(form.schema)(prepared) !== true) throw new Error('the application is not valid');
    }
    const each = (performance.now() - start) / COLD_SAMPLE;
    return { compileMs: each, totalMs: each * ITERATIONS, extrapolated: true };
  }
  if (key.startsWith('precompiled')) {
    const start = performance.now();
    const mod = (await import(pathToFileURL(modulePath).href)) as Record<string, ValidateFn>;
    const compileMs = performance.now() - start;
    const validator = formValidatorFrom(form, { form: mod.form, steps: steps.map((i) => mod[`step${i}`]) });
    const run =
      key === 'precompiled-fn'
        ? () => mod.form(prepared) === true
        : key === 'precompiled-form'
          ? () => validator.validate(data).valid
          : viaSteps(validator);
    return { compileMs, totalMs: fastestRound(run) };
  }
  const start = performance.now();
  if (key === 'runtime-fn') {
    const fn = createAjv().compile(form.schema);
    const compileMs = performance.now() - start;
    return { compileMs, totalMs: fastestRound(() => fn(prepared) === true) };
  }
  // the server's validator: the whole form and every step, compiled by one ajv instance
  const validator = createFormValidator(form);
  const compileMs = performance.now() - start;
  return {
    compileMs,
    totalMs: fastestRound(key === 'runtime-form' ? () => validator.validate(data).valid : viaSteps(validator)),
  };
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const fmt = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  return [fmt(rows[0]), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.slice(1).map(fmt)].join('\n');
}

const number = (v: number, digits = 1) =>
  v.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(): Promise<void> {
  const only = arg('only', '') as VariantKey | '';
  if (only) {
    console.log(`RESULT ${JSON.stringify(await measure(only, arg('module', '')))}`);
    return;
  }
  const cpu = cpus();
  console.log(
    `Antrag validation benchmark: a blocked-account application, ${ITERATIONS.toLocaleString('en')} validations ` +
      `a variant (fastest of ${ROUNDS} rounds, each variant in a process of its own)`,
  );
  console.log(
    `machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, load average ` +
      `${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
  );
  const form = compiled();
  const check = createFormValidator(form).validate(application());
  if (!check.valid) {
    console.error('the fixture application is not valid:', check.errors.slice(0, 5));
    process.exit(1);
  }

  // the module as `antrag compile --whole-form` writes it; under node_modules/.cache so that its
  // `ajv/dist/runtime/…` imports resolve, as they do from dist/forms
  const cache = join(ROOT, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'antrag-validation-'));
  try {
    const start = performance.now();
    const code = precompileValidators(form, {
      runtimeImport: join(ROOT, 'packages/core/src/validate/runtime.ts'),
      include: 'all',
    });
    const generateMs = performance.now() - start;
    const modulePath = join(dir, 'validators.mjs');
    writeFileSync(modulePath, code);

    const results = new Map<VariantKey, Measurement>();
    for (const key of Object.keys(VARIANTS) as VariantKey[]) {
      const output = execFileSync(
        process.execPath,
        [
          '--conditions=antrag:source',
          '--import',
          'tsx',
          fileURLToPath(import.meta.url),
          '--only',
          key,
          '--module',
          modulePath,
          '--iterations',
          String(ITERATIONS),
          '--rounds',
          String(ROUNDS),
          '--cold-sample',
          String(COLD_SAMPLE),
        ],
        { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const line = output.split('\n').find((l) => l.startsWith('RESULT '));
      if (!line) throw new Error(`variant ${key} gave no result:\n${output}`);
      results.set(key, JSON.parse(line.slice('RESULT '.length)) as Measurement);
    }

    console.log(
      table([
        ['variant', 'compile ms', `${ITERATIONS.toLocaleString('en')} validations ms`, 'per validation µs'],
        ...[...results].map(([key, r]) => [
          key === 'cold' ? `${VARIANTS[key]} (${COLD_SAMPLE} timed, extrapolated)` : VARIANTS[key],
          number(r.compileMs),
          `${r.extrapolated ? '~' : ''}${number(r.totalMs)}`,
          number((r.totalMs / ITERATIONS) * 1000),
        ]),
      ]),
    );
    const pre = results.get('precompiled-fn');
    const run = results.get('runtime-fn');
    const cold = results.get('cold');
    if (pre && run && cold) {
      console.log(
        `\nprecompiled vs ajv compiled once: ${number(pre.totalMs / run.totalMs, 2)}× the time per validation; ` +
          `ready after ${number(pre.compileMs)} ms (import) vs ${number(run.compileMs)} ms (compile). ` +
          `Compiling for every validation costs ${number(cold.totalMs / pre.totalMs, 0)}× the precompiled time.`,
      );
    }
    const jsonOut = arg('json', '');
    if (jsonOut) {
      writeFileSync(
        jsonOut,
        JSON.stringify(
          {
            date: new Date().toISOString(),
            iterations: ITERATIONS,
            variants: Object.fromEntries([...results].map(([key, r]) => [key, { label: VARIANTS[key], ...r }])),
          },
          null,
          2,
        ),
      );
    }
    console.log(
      `build step, not at run time: generating the module took ${number(generateMs)} ms ` +
        `(${(code.length / 1024).toFixed(0)} KiB with the whole-form validator and ${form.stepSchemas.length} steps)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
