/**
 * How long the CLI's work takes at scale: 1,000 generated forms of 50 fields each (mixed field types, rules and
 * conditions). Measures parsing + meta-schema check + compile (what `antrag validate` does per file), building
 * the precompiled validators (`antrag compile`), and typegen on a sample (extrapolated, and labelled so).
 *
 * Run: npm run bench:compile   (options: --forms <n>, --fields <n>, --typegen-sample <n>)
 */
import { arch, cpus, platform, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { formTypes } from '../../packages/cli/src/typegen.js';
import { checkDefinitionShape } from '../../packages/core/src/compile/check.js';
import { compileForm } from '../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../packages/core/src/compile/types.js';
import type { Field, FormDefinition, Rule } from '../../packages/core/src/dsl/types.js';
import { precompileValidators } from '../../packages/core/src/validate/index.js';

const TARGET_SECONDS = 5;

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const FORMS = arg('forms', 1000);
const FIELDS = arg('fields', 50);
const TYPEGEN_SAMPLE = Math.min(arg('typegen-sample', 100), FORMS);
/** Precompiling is a build step of ~100 ms a form: measured on a sample and extrapolated, like typegen. */
const VALIDATORS_SAMPLE = Math.min(arg('validators-sample', 100), FORMS);
const FIELDS_PER_STEP = 10;

/** A small deterministic PRNG (mulberry32), so every run measures the same forms. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Counts {
  rules: number;
  conditions: number;
}

/** Field `i` of a form: the type cycles through the kinds, rules and conditions are sprinkled in. */
function field(i: number, rnd: () => number, choices: string[], counts: Counts): Field {
  const name = `f${i}`;
  const label = `Field ${i}`;
  const required = rnd() < 0.6;
  const rules: Rule[] = [];
  const kind = i % 12;
  let f: Field;
  switch (kind) {
    case 0:
      f = { name, type: 'text', label, required, transform: ['trim'] };
      rules.push({ minLength: 2 }, { maxLength: 40 });
      if (rnd() < 0.5) rules.push({ letters: true });
      break;
    case 1:
      f = { name, type: 'email', label, required };
      break;
    case 2:
      f = { name, type: 'number', label, required, min: 0, max: 100, wholeNumber: rnd() < 0.5 };
      break;
    case 3:
      f = {
        name,
        type: 'select',
        label,
        required,
        options: ['a', 'b', 'c', 'other'].map((v) => ({ value: v, label: `Option ${v.toUpperCase()}` })),
      };
      choices.push(name);
      break;
    case 4:
      f = { name, type: 'date', label, required };
      rules.push({ after: 'today' }, { notAfter: { today: { years: 1 } } });
      break;
    case 5:
      f = { name, type: 'text', label, required, inputMode: 'numeric' };
      rules.push({ pattern: '^[0-9]{4,6}$', message: 'Please enter 4 to 6 digits' });
      break;
    case 6:
      f = { name, type: 'checkbox', label, required };
      break;
    case 7:
      f = {
        name,
        type: 'multiselect',
        label,
        options: ['x', 'y', 'z'].map((v) => ({ value: v, label: v })),
        maxItems: 2,
      };
      break;
    case 8:
      f = { name, type: 'textarea', label, maxLength: 500 };
      break;
    case 9:
      f = { name, type: 'currency', label, required, min: 10, max: 10000, wholeNumber: true };
      break;
    case 10:
      f = {
        name,
        type: 'upload',
        label,
        required,
        accept: ['.pdf', '.jpg', '.png'],
        maxSize: { value: 5, unit: 'MB' },
        maxFiles: 2,
      };
      break;
    default:
      f = { name, type: 'switch', label };
  }
  // a confirmation field of the text field just before: sameAs
  if (kind === 1 && i > 0 && rnd() < 0.5) rules.push({ requires: `f${i - 1}` });
  // conditions on an earlier choice of the form: shown, or required, only for some answers
  if (choices.length && choices.at(-1) !== name && rnd() < 0.3) {
    const on = choices[Math.floor(rnd() * choices.length)];
    if (rnd() < 0.5) f.visibleIf = { field: on, equals: 'other' };
    else {
      // requiredIf with `required: false` crashes compileForm (reported); a conditionally required field has neither
      delete f.required;
      f.requiredIf = { field: on, in: ['a', 'b'] };
    }
    counts.conditions++;
  }
  if (rules.length) {
    f.rules = rules;
    counts.rules += rules.length;
  }
  return f;
}

function generateForm(n: number, counts: Counts): FormDefinition {
  const rnd = random(n + 1);
  const choices: string[] = [];
  const fields = Array.from({ length: FIELDS }, (_, i) => field(i, rnd, choices, counts));
  const steps = [];
  for (let s = 0; s * FIELDS_PER_STEP < fields.length; s++) {
    steps.push({
      id: `step-${s + 1}`,
      title: `Step ${s + 1}`,
      fields: fields.slice(s * FIELDS_PER_STEP, (s + 1) * FIELDS_PER_STEP),
    });
  }
  return { id: `bench-form-${n}`, title: `Benchmark form ${n}`, version: 1, steps };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

function perForm(ms: number, n: number): string {
  return `${(ms / n).toFixed(2)} ms`;
}

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows
    .map((r, i) => {
      const line = r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('   ');
      return i === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('   ')}` : line;
    })
    .join('\n');
}

async function main(): Promise<void> {
  const cpu = cpus();
  console.log(`Antrag compile benchmark: ${FORMS} forms × ${FIELDS} fields`);
  console.log(
    `machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
      `${platform()} ${arch()}, Node ${process.version}`,
  );

  const counts: Counts = { rules: 0, conditions: 0 };
  const texts = Array.from({ length: FORMS }, (_, n) => JSON.stringify(generateForm(n, counts), null, 2));
  console.log(
    `generated: ${FORMS * FIELDS} fields, ${counts.rules} rules, ${counts.conditions} conditions, ` +
      `${(texts.reduce((n, t) => n + t.length, 0) / 2 ** 20).toFixed(1)} MiB of JSON\n`,
  );

  // 1. meta-schema check alone (the first call includes compiling the meta-schema)
  const parsed: unknown[] = [];
  let t = performance.now();
  for (const text of texts) parsed.push(JSON.parse(text));
  const parseMs = performance.now() - t;

  t = performance.now();
  let shapeErrors = 0;
  for (const doc of parsed) shapeErrors += checkDefinitionShape(doc).length;
  const checkMs = performance.now() - t;

  // 2. what `antrag validate` does per file: parse + compileForm (which runs the meta-schema check again)
  const forms: CompiledForm[] = [];
  t = performance.now();
  let problems = 0;
  for (const text of texts) {
    const result = compileForm(JSON.parse(text));
    problems += result.diagnostics.length;
    if (result.form) forms.push(result.form);
    else if (problems && forms.length === 0) {
      console.error('a generated form does not compile:', result.diagnostics.slice(0, 5));
      process.exit(1);
    }
  }
  const validateMs = performance.now() - t;
  if (shapeErrors || problems)
    console.warn(`note: ${shapeErrors} shape errors, ${problems} diagnostics in the generated forms`);

  // 3. building the precompiled (standalone) validators, as `antrag compile` writes them
  t = performance.now();
  let validatorBytes = 0;
  for (const form of forms.slice(0, VALIDATORS_SAMPLE)) {
    validatorBytes += precompileValidators(form, { runtimeImport: '../runtime.js' }).length;
  }
  const validatorsMs = performance.now() - t;
  const validatorsAllMs = (validatorsMs / VALIDATORS_SAMPLE) * forms.length;

  // 4. typegen on a sample
  t = performance.now();
  for (const form of forms.slice(0, TYPEGEN_SAMPLE)) await formTypes(form, `bench/${form.id}.form.json`);
  const typegenSampleMs = performance.now() - t;
  const typegenAllMs = (typegenSampleMs / TYPEGEN_SAMPLE) * forms.length;
  t = performance.now();
  for (const form of forms.slice(0, TYPEGEN_SAMPLE)) await formTypes(form, `bench/${form.id}.form.json`, false);
  const rawSampleMs = performance.now() - t;
  const rawAllMs = (rawSampleMs / TYPEGEN_SAMPLE) * forms.length;

  const ok = validateMs / 1000 < TARGET_SECONDS;
  console.log(
    table([
      ['step', 'forms', 'total', 'per form', 'target'],
      ['JSON.parse', String(FORMS), seconds(parseMs), perForm(parseMs, FORMS), ''],
      ['meta-schema check alone', String(FORMS), seconds(checkMs), perForm(checkMs, FORMS), ''],
      [
        'validate + compile (parse, check, compileForm)',
        String(FORMS),
        seconds(validateMs),
        perForm(validateMs, FORMS),
        `< ${TARGET_SECONDS} s ${ok ? 'met' : 'MISSED'}`,
      ],
      [
        'build step validators (precompileValidators)',
        String(VALIDATORS_SAMPLE),
        seconds(validatorsMs),
        perForm(validatorsMs, VALIDATORS_SAMPLE),
        '',
      ],
      [
        `build step validators, extrapolated to ${forms.length}`,
        `(${forms.length})`,
        `~${seconds(validatorsAllMs)}`,
        '',
        '',
      ],
      [
        'typegen (json-schema-to-typescript)',
        String(TYPEGEN_SAMPLE),
        seconds(typegenSampleMs),
        perForm(typegenSampleMs, TYPEGEN_SAMPLE),
        '',
      ],
      [`typegen, extrapolated to ${forms.length} forms`, `(${forms.length})`, `~${seconds(typegenAllMs)}`, '', ''],
      ['typegen --no-prettier', String(TYPEGEN_SAMPLE), seconds(rawSampleMs), perForm(rawSampleMs, TYPEGEN_SAMPLE), ''],
      [`typegen --no-prettier, extrapolated to ${forms.length}`, `(${forms.length})`, `~${seconds(rawAllMs)}`, '', ''],
    ]),
  );
  console.log(
    `\nvalidators.js (step validators): ${(validatorBytes / VALIDATORS_SAMPLE / 1024).toFixed(0)} KiB a form on average (${VALIDATORS_SAMPLE} forms; before minification and gzip)`,
  );
}

await main();
