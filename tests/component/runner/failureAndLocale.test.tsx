/** @vitest-environment jsdom */
import '../setup.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TranslatableString } from '@rjsf/utils';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { precompileValidators } from '../../../renderer/core/validate/index.js';
import { FormRunner } from '../../../renderer/react/FormRunner.js';
import { createRunnerI18n } from '../../../renderer/react/i18n.js';
import { rjsfKey, rjsfTranslator } from '../../../renderer/react/locale.js';
import { runtimeValidation } from '../../../renderer/react/runtimeValidation.js';
import { type PrecompiledModule, precompiledValidation } from '../../../renderer/react/validator.js';
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

describe('the runner on precompiled validators', () => {
  it('validates a step with the precompiled module exactly as with run-time ajv', async () => {
    const dir = join(process.cwd(), '.test-results', 'precompiled');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${threeSteps.id}.mjs`);
    const runtime = join(process.cwd(), 'renderer/core/validate/runtime.ts');
    writeFileSync(file, precompileValidators(compileDefinition(threeSteps), { runtimeImport: runtime }));
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

  it('refuses a module that lacks a step, naming the form and the step', () => {
    const demo = compileDefinition(threeSteps);
    expect(() => precompiledValidation(demo, { checks: {}, step0: () => true } as PrecompiledModule)).toThrow(
      "The validators of form 'runner-demo' lack step 1",
    );
  });
});
