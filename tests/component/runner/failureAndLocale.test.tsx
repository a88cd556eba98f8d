import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TranslatableString } from '@rjsf/utils';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { precompileValidators } from '../../../packages/core/src/validate/index.js';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { createRunnerI18n } from '../../../packages/react/src/engine/i18n.js';
import { rjsfKey, rjsfTranslator } from '../../../packages/react/src/engine/locale.js';
import { renderChecksOf } from '../../../packages/react/src/engine/renderChecks.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import {
  type PrecompiledModule,
  precompiledValidation,
  stepwiseValidation,
} from '../../../packages/react/src/engine/validator.js';
import { compileDefinition, threeSteps } from './forms.js';

const withFailure = compileDefinition({
  ...threeSteps,
  id: 'runner-failure',
  submit: { endpoint: '/api/demo', method: 'POST', encoding: 'json', messageField: 'message' },
  draft: { storageKey: 'RUNNER_FAILURE', storage: 'local', resumePrompt: false, clearOnSuccess: true },
  results: {
    ...threeSteps.results,
    failure: { status: 'warning', title: { en: 'Review not sent' }, link: { label: 'Back to home', href: '/' } },
  },
});

describe('the failure result', () => {
  it("shows the form's failure result with the server's message, and goes back to the filled form", async () => {
    const user = userEvent.setup();
    // a test double for the server: refuses with a message
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'Server says no' }), { status: 400 }));
    localStorage.setItem(
      'RUNNER_FAILURE',
      JSON.stringify({ currentStep: 2, data: { firstName: 'Ann', city: 'Bonn' } }),
    );
    render(<FormRunner form={withFailure} validation={runtimeValidation(withFailure)} locale="en" env={{ fetch }} />);
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Review not sent')).toBeTruthy();
    expect(screen.getByText(/Server says no/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    await user.click(screen.getByRole('button', { name: 'Back to the form' }));
    expect(await screen.findByRole('button', { name: 'Done' })).toBeTruthy();
    expect(localStorage.getItem('RUNNER_FAILURE')).not.toBeNull();
  });
});

describe('library strings in the form language', () => {
  it("translates RJSF's own strings from the catalogue and keeps its parameters", () => {
    const t = createRunnerI18n('de', {}).t;
    const translate = rjsfTranslator((key, params) => (key ? String(t(key, params ?? {})) : ''));
    expect(translate(TranslatableString.AddItemButton)).toBe('Eintrag hinzufügen');
    expect(translate(TranslatableString.OptionPrefix, ['3'])).toBe('Option 3');
    expect(rjsfKey(TranslatableString.EmptyArray)).toBe('rjsf.No_items_yet_Use_the_button_below_to_add_some');
    // a string the catalogue lacks falls back to RJSF's English
    expect(translate(TranslatableString.CycleDetected, ['x'])).toContain('Circular reference');
  });

  it("renders antd's own texts (the date picker) in German", async () => {
    const user = userEvent.setup();
    const dated = compileDefinition({
      id: 'runner-date',
      title: { en: 'Date' },
      version: 1,
      steps: [
        {
          id: 'one',
          title: { en: 'One' },
          sections: [{ fields: [{ name: 'arrival', type: 'date', label: { en: 'Arrival' } }] }],
        },
      ],
    });
    render(<FormRunner form={dated} validation={runtimeValidation(dated)} locale="de" />);
    const input = await screen.findByLabelText(/Arrival/);
    await user.click(input);
    // antd's German locale names the "today" button 'Heute'
    await waitFor(() => expect(screen.getByText('Heute')).toBeTruthy());
  });
});

/** Each step's precompiled module of `demo`, as the server serves them (`validators/{step}.js`), imported. */
async function stepModules(demo: ReturnType<typeof compileDefinition>): Promise<PrecompiledModule[]> {
  const dir = join(process.cwd(), '.test-results', 'precompiled');
  mkdirSync(dir, { recursive: true });
  const runtime = join(process.cwd(), 'packages/core/src/validate/runtime.ts');
  const modules: PrecompiledModule[] = [];
  for (const [step] of demo.stepSchemas.entries()) {
    const file = join(dir, `${demo.id}-${step}.mjs`);
    writeFileSync(
      file,
      precompileValidators(demo, { runtimeImport: runtime, step, checks: renderChecksOf(demo, step) }),
    );
    modules.push((await import(pathToFileURL(file).href)) as PrecompiledModule);
  }
  return modules;
}

describe('the runner on precompiled validators', () => {
  it('validates a step with the precompiled module exactly as with run-time ajv', async () => {
    const dir = join(process.cwd(), '.test-results', 'precompiled');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${threeSteps.id}.mjs`);
    const runtime = join(process.cwd(), 'packages/core/src/validate/runtime.ts');
    writeFileSync(
      file,
      precompileValidators(compileDefinition(threeSteps), {
        runtimeImport: runtime,
        checks: renderChecksOf(compileDefinition(threeSteps)),
      }),
    );
    const demo = compileDefinition({ ...threeSteps, draft: undefined });
    const mod = (await import(pathToFileURL(file).href)) as PrecompiledModule;
    const user = userEvent.setup();
    render(<FormRunner form={demo} validation={precompiledValidation(demo, mod)} locale="en" />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('This field is required!')).toBeTruthy();
    await user.type(screen.getByLabelText(/First name/), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Where you live' })).toBeTruthy();
  });

  it("loads each step's module as the step is about to show, and offers to try again when one fails", async () => {
    const demo = compileDefinition({ ...threeSteps, id: 'runner-stepwise', draft: undefined });
    const modules = await stepModules(demo);
    // the loader stands in for the browser's import of `/validators/{step}.js`: step 1's fails twice, as offline
    const asked: string[] = [];
    let failuresLeft = 2;
    const load = vi.fn(async (step: number, attempt: number) => {
      asked.push(`${step}:${attempt}`);
      if (step === 1 && failuresLeft-- > 0) throw new TypeError('Failed to fetch dynamically imported module');
      return modules[step];
    });
    const quiet = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const validation = stepwiseValidation(demo, load, new Map([[0, modules[0]]]));
    expect(validation.hasStep?.(0)).toBe(true);
    expect(validation.hasStep?.(1)).toBe(false);
    expect(() => validation.form.validateStep(2, {})).toThrow(
      "The validators of step 2 of form 'runner-stepwise' have not been loaded",
    );
    const user = userEvent.setup();
    render(<FormRunner form={demo} validation={validation} locale="en" />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('This field is required!')).toBeTruthy();
    // step 1's module was asked for while step 0 showed (and failed: nothing said until the step is opened)
    await waitFor(() => expect(asked).toEqual(['1:0']));
    await user.type(screen.getByLabelText(/First name/), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This step could not be loaded. Please check your connection and try again.');
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(document.activeElement).toBe(retry);
    expect(screen.queryByLabelText(/City/)).toBeNull();
    await user.click(retry);
    // the step shows once its module is there, and checks with it
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('This field is required!')).toBeTruthy();
    expect(screen.getByLabelText(/City/)).toBeTruthy();
    // each load after a failure is told how many failed before, to ask for another address
    expect(asked.slice(0, 3)).toEqual(['1:0', '1:1', '1:2']);
    expect(validation.hasStep?.(1)).toBe(true);
    // step 2's module was preloaded with step 1 shown; step 0's was never asked for
    await waitFor(() => expect(validation.hasStep?.(2)).toBe(true));
    expect(asked).toEqual(['1:0', '1:1', '1:2', '2:0']);
    expect(quiet).toHaveBeenCalledWith(
      "The validators of step 1 of form 'runner-stepwise' could not be loaded",
      expect.any(TypeError),
    );
    quiet.mockRestore();
  });

  it('draws a step before what its checks load apart, and says a failure of that load only when Next needs it', async () => {
    const demo = compileDefinition({ ...threeSteps, id: 'runner-apart', draft: undefined });
    const modules = await stepModules(demo);
    // a unit-test double for the load of what step 0's checks need apart (the phone-number runtime, after the first
    // screen): fails in the background and again at the first Next, as offline, then comes
    let failuresLeft = 2;
    const prepare = vi.fn(async () => {
      if (failuresLeft-- > 0) throw new TypeError('Failed to fetch dynamically imported module');
    });
    const quiet = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const validation = stepwiseValidation(
      demo,
      async (step) => modules[step],
      new Map([[0, { ...modules[0], prepare }]]),
    );
    const user = userEvent.setup();
    render(<FormRunner form={demo} validation={validation} locale="en" />);
    const name = (await screen.findByLabelText(/First name/)) as HTMLInputElement;
    await waitFor(() => expect(prepare).toHaveBeenCalledTimes(1));
    // the background load failed: the step stays as drawn and takes what the applicant types
    await user.type(name, 'Ann');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Ann');
    // Next needs the checks: it asks again, and says that they could not be loaded
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This step could not be loaded. Please check your connection and try again.');
    expect(prepare).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    // they came: the step is back with what was typed, and Next checks it and goes on
    await waitFor(() => expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Ann'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Where you live' })).toBeTruthy();
    quiet.mockRestore();
  });

  it('refuses a module that lacks a step, naming the form and the step', () => {
    const demo = compileDefinition(threeSteps);
    expect(() => precompiledValidation(demo, { checks: {}, step0: () => true } as PrecompiledModule)).toThrow(
      "The validators of form 'runner-demo' lack step 1",
    );
  });
});
