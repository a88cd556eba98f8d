/**
 * A step's precompiled validators that check phone numbers load the phone-number checks (libphonenumber's metadata)
 * apart, after the step is drawn (issue 19): `stepwiseValidation` draws the step at once, validates it only once
 * they are there, and then refuses and accepts exactly what the full runtime does.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import { createFormValidator, precompileValidators } from '../../../packages/core/src/validate/index.js';
import { renderChecksOf } from '../../../packages/react/src/engine/renderChecks.js';
import { type PrecompiledModule, stepwiseValidation } from '../../../packages/react/src/engine/validator.js';

const web = join(process.cwd(), 'site/web');
let form: CompiledForm;
let phoneStep: number;

/** Step `step`'s module as the server serves it to browsers, on the web app's two runtime bundles. */
async function stepModule(step: number, phoneRuntimeImport: string): Promise<PrecompiledModule> {
  const code = precompileValidators(form, {
    runtimeImport: join(web, 'validation-runtime.ts'),
    phoneRuntimeImport,
    bundle: true,
    step,
    checks: renderChecksOf(form, step),
  });
  const file = join(mkdtempSync(join(tmpdir(), 'antrag-phone-step-')), `${step}.mjs`);
  writeFileSync(file, code);
  return import(pathToFileURL(file).href);
}

const withPhone = (phoneNumber: string) => ({
  phoneNumber: { countryCode: '+49', phoneNumber, isoCode: 'DE' },
});
const phoneErrors = (errors: ReadonlyArray<{ field: string; messageKey?: string; message: string }>) =>
  errors.filter((e) => e.field === 'phoneNumber').map((e) => [e.messageKey, e.message]);

beforeAll(() => {
  const result = compileForm(JSON.parse(readFileSync('tests/fixtures/dsl/kitchen-sink.form.json', 'utf8')));
  form = result.form!;
  phoneStep = form.stepSchemas.findIndex((s) => JSON.stringify(s).includes('"phone":'));
  expect(phoneStep).toBeGreaterThanOrEqual(0);
});

describe('a step whose validators check phone numbers', () => {
  it('draws at once, waits for the phone checks to validate, then gives the full runtime’s errors', async () => {
    const mod = await stepModule(phoneStep, join(web, 'validation-runtime-phone.ts'));
    expect(typeof mod.prepare).toBe('function');
    const asked: number[] = [];
    // the module given, as a page hydrates with its first step's: drawn at once, the phone checks not loaded yet
    const drawn = stepwiseValidation(
      form,
      async (step) => {
        asked.push(step);
        return mod;
      },
      new Map([[phoneStep, mod]]),
    );
    expect(drawn.hasStep?.(phoneStep)).toBe(true);
    expect(drawn.canValidate?.(phoneStep)).toBe(false);
    const step = mod[`step${phoneStep}`] as (data: unknown) => boolean;
    expect(() => step(withPhone('123'))).toThrow(/phone-number check isValidPhone is not loaded/);
    // never a silent pass: validating before the phone checks are there says so
    expect(() => drawn.form.validateStep(phoneStep, withPhone('123'))).toThrow(/not ready/);
    await drawn.loadStep?.(phoneStep);
    expect(drawn.canValidate?.(phoneStep)).toBe(true);
    const full = createFormValidator(form);
    for (const number of ['123', '3012345678']) {
      const errors = phoneErrors(drawn.form.validateStep(phoneStep, withPhone(number)).errors);
      expect(errors, number).toEqual(phoneErrors(full.validateStep(phoneStep, withPhone(number)).errors));
    }
    // an invalid German number is refused with the field's message, a valid one passes
    expect(phoneErrors(drawn.form.validateStep(phoneStep, withPhone('123')).errors)).toEqual([
      ['validation.phoneInvalid', 'Invalid phone number'],
    ]);
    expect(phoneErrors(drawn.form.validateStep(phoneStep, withPhone('3012345678')).errors)).toEqual([]);
    expect(asked).toEqual([]); // the module was there: only the phone checks loaded
  });

  it('is not validated when the phone checks cannot be loaded, and asks again under another address', async () => {
    const missing = join(tmpdir(), 'antrag-no-such-runtime', 'validation-runtime-phone.mjs');
    const mod = await stepModule(phoneStep, missing);
    const validation = stepwiseValidation(form, async () => mod, new Map([[phoneStep, mod]]));
    await expect(validation.loadStep?.(phoneStep)).rejects.toThrow();
    expect(validation.canValidate?.(phoneStep)).toBe(false);
    expect(() => validation.form.validateStep(phoneStep, withPhone('123'))).toThrow(/not ready/);
    // the module itself refuses a phone check before prepare() resolved, rather than pass it
    const step = mod[`step${phoneStep}`] as (data: unknown) => boolean;
    expect(() => step(withPhone('123'))).toThrow(/phone-number check isValidPhone is not loaded/);
    await expect(validation.loadStep?.(phoneStep)).rejects.toThrow(/retry=1/);
  });
});
