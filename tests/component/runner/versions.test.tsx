/**
 * An applicant with a draft of an older version of a form: they go on with that version while the server gives it,
 * else with the current one and the answers that still fit, told so. The server is a test double of `fetch`
 * answering the form routes (`GET /api/forms/{id}?version=n`) and the submission, as the real one does.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import {
  fetchCompiledForm,
  type LoadFormVersion,
  withVersion,
} from '../../../packages/react/src/engine/formVersions.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import { compileDefinition, threeSteps } from './forms.js';

const CHANGED = 'This form has changed since you started. We kept the answers that still fit; please check the rest.';

const v1 = compileDefinition(threeSteps);
/** Version 2: the city takes at most three letters now, and a street is asked for. */
const v2 = compileDefinition({
  ...threeSteps,
  version: 2,
  steps: [
    threeSteps.steps[0],
    {
      id: 'two',
      title: { en: 'Two' },
      headline: { en: 'Your address' },
      sections: [
        {
          fields: [
            { name: 'city', type: 'text', label: { en: 'City' }, required: true, rules: [{ maxLength: 3 }] },
            { name: 'street', type: 'text', label: { en: 'Street' } },
          ],
        },
      ],
    },
    threeSteps.steps[2],
  ],
} as FormDefinition);

type Answer = CompiledForm | number | Error;

/**
 * A test double of the server: `versions` says what `GET /api/forms/runner-demo?version=n` answers (a form, a
 * status, or a network failure), `current` what the route without a version answers, `submission` the status of
 * `POST /api/demo`. Every request is recorded.
 */
function serverDouble(versions: Record<number, Answer>, current: CompiledForm, submission = 200) {
  const requests: Array<{ url: string; headers: Record<string, string>; body?: unknown }> = [];
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    requests.push({ url, headers, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/demo')
      return submission === 409
        ? json(409, { ok: false, code: 'form-version-retired', message: 'version 1 is retired' })
        : json(submission, { dealID: 'D-7' });
    const match = /^\/api\/forms\/runner-demo(?:\?version=(\d+))?$/.exec(url);
    if (!match) return json(404, { ok: false });
    const answer: Answer = match[1] === undefined ? current : (versions[Number(match[1])] ?? 404);
    if (answer instanceof Error) throw answer;
    return typeof answer === 'number' ? json(answer, { ok: false, code: 'form-version-retired' }) : json(200, answer);
  };
  // the page's loader, on the double: the form of a version with validators for it
  const loadVersion: LoadFormVersion = async (version) => {
    const form = await fetchCompiledForm('runner-demo', version === undefined ? '' : withVersion('', version), fetch);
    return { form, validation: runtimeValidation(form) };
  };
  return { fetch, loadVersion, requests };
}

function storeDraft(draft: object) {
  localStorage.setItem('RUNNER_DEMO', JSON.stringify(draft));
}

function storedDraft(): { currentStep: number; data: Record<string, unknown>; version?: number } {
  return JSON.parse(localStorage.getItem('RUNNER_DEMO') ?? 'null');
}

const fieldValue = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('a draft of another version of the form', () => {
  it('goes on with the version it was filled in on while the server gives it, and submits naming it', async () => {
    const user = userEvent.setup();
    const server = serverDouble({ 1: v1 }, v2);
    storeDraft({
      currentStep: 1,
      data: { firstName: 'Ann', city: 'Bonn' },
      version: 1,
      savedAt: '2025-01-01T00:00:00Z',
    });
    render(
      <FormRunner
        form={v2}
        validation={runtimeValidation(v2)}
        locale="en"
        env={{ fetch: server.fetch }}
        loadVersion={server.loadVersion}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    // version 1's step: its headline, and 'Bonn' is fine there although version 2 would refuse it
    expect(await screen.findByRole('heading', { name: 'Where you live' })).toBeTruthy();
    expect(server.requests.map((r) => r.url)).toEqual(['/api/forms/runner-demo?version=1']);
    expect(fieldValue(/City/)).toBe('Bonn');
    expect(screen.queryByText(CHANGED)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Almost done' })).toBeTruthy();
    // the draft stays on version 1
    expect(storedDraft()).toMatchObject({ currentStep: 2, version: 1, data: { firstName: 'Ann', city: 'Bonn' } });
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(/Your deal id: D-7/)).toBeTruthy();
    const submission = server.requests.find((r) => r.url === '/api/demo');
    expect(submission?.headers['X-Form-Version']).toBe('1');
    expect(submission?.body).toMatchObject({ firstName: 'Ann', city: 'Bonn' });
  });

  it.each([
    [410, 'retired'],
    [404, 'unknown'],
  ])(
    'goes on with the current version when the server answers %i (%s), keeping the answers that fit',
    async (status) => {
      const user = userEvent.setup();
      const server = serverDouble({ 1: status }, v2);
      storeDraft({ currentStep: 1, data: { firstName: 'Ann', city: 'Bonn', gone: 'x' }, version: 1 });
      render(
        <FormRunner
          form={v2}
          validation={runtimeValidation(v2)}
          locale="en"
          env={{ fetch: server.fetch }}
          loadVersion={server.loadVersion}
        />,
      );
      await user.click(await screen.findByRole('button', { name: 'Yes' }));
      // the notice is a status, so screen readers announce it
      await waitFor(() =>
        expect(screen.getAllByRole('status').some((el) => el.textContent?.includes(CHANGED))).toBe(true),
      );
      expect(screen.getByRole('heading', { name: 'Your address' })).toBeTruthy();
      // 'Bonn' no longer fits the city: it is left out, not shown as an error
      expect(fieldValue(/City/)).toBe('');
      expect(screen.queryByText('This field is required!')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      // the notice goes when closed
      await user.click(screen.getByRole('button', { name: 'Close' }));
      expect(screen.queryByText(CHANGED)).toBeNull();
      // the first name fits and is kept
      await user.click(screen.getByRole('button', { name: 'Previous' }));
      expect(await screen.findByRole('heading', { name: 'About you' })).toBeTruthy();
      expect(fieldValue(/First name/)).toBe('Ann');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await user.type(await screen.findByLabelText(/City/), 'Ulm');
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('heading', { name: 'Almost done' })).toBeTruthy();
      expect(storedDraft()).toEqual(
        expect.objectContaining({ version: 2, data: { firstName: 'Ann', city: 'Ulm' }, currentStep: 2 }),
      );
    },
  );

  it('goes on where a draft saved before versions left off, on the version served, as before', async () => {
    const user = userEvent.setup();
    const server = serverDouble({}, v2);
    storeDraft({ currentStep: 1, data: { firstName: 'Ann', city: 'Ulm' } });
    render(<FormRunner form={v2} validation={runtimeValidation(v2)} locale="en" loadVersion={server.loadVersion} />);
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('heading', { name: 'Your address' })).toBeTruthy();
    expect(fieldValue(/City/)).toBe('Ulm');
    expect(server.requests).toEqual([]);
    expect(screen.queryByText(CHANGED)).toBeNull();
  });

  it('is switched without asking when the form restores drafts without asking', async () => {
    const silent = (form: CompiledForm): CompiledForm => ({ ...form, draft: { ...form.draft!, resumePrompt: false } });
    const server = serverDouble({ 1: silent(v1) }, silent(v2));
    storeDraft({ currentStep: 1, data: { firstName: 'Ann', city: 'Bonn' }, version: 1 });
    render(
      <FormRunner
        form={silent(v2)}
        validation={runtimeValidation(silent(v2))}
        locale="en"
        loadVersion={server.loadVersion}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Where you live' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Yes' })).toBeNull();
    expect(fieldValue(/City/)).toBe('Bonn');
  });

  it('keeps the draft when the version cannot be loaded for the network, and tries again on request', async () => {
    const user = userEvent.setup();
    const versions: Record<number, Answer> = { 1: new TypeError('Failed to fetch') };
    const server = serverDouble(versions, v2);
    storeDraft({ currentStep: 1, data: { firstName: 'Ann', city: 'Bonn' }, version: 1 });
    render(<FormRunner form={v2} validation={runtimeValidation(v2)} locale="en" loadVersion={server.loadVersion} />);
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your saved answers could not be loaded');
    expect(storedDraft()).toMatchObject({ version: 1, data: { firstName: 'Ann', city: 'Bonn' } });
    versions[1] = v1;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Where you live' })).toBeTruthy();
    expect(fieldValue(/City/)).toBe('Bonn');
  });
});

describe('a submission on a version the server no longer takes (409)', () => {
  it('keeps the draft, then goes on with the current version and the answers that fit, saying so', async () => {
    const user = userEvent.setup();
    const server = serverDouble({}, v2, 409);
    storeDraft({ currentStep: 2, data: { firstName: 'Ann', city: 'Bonn' }, version: 1 });
    render(
      <FormRunner
        form={v1}
        validation={runtimeValidation(v1)}
        locale="en"
        env={{ fetch: server.fetch }}
        loadVersion={server.loadVersion}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await user.type(await screen.findByLabelText(/Note/), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((el) => el.textContent?.includes(CHANGED))).toBe(true),
    );
    const submission = server.requests.find((r) => r.url === '/api/demo');
    expect(submission?.headers['X-Form-Version']).toBe('1');
    // the current version was asked for afresh
    expect(server.requests.at(-1)?.url).toBe('/api/forms/runner-demo');
    // everything given was kept in the draft before the switch
    expect(storedDraft()).toMatchObject({
      version: 1,
      currentStep: 2,
      data: { firstName: 'Ann', city: 'Bonn', note: 'Hello' },
    });
    // on version 2 'Bonn' no longer fits: the applicant is taken to the step that lacks it
    expect(screen.getByRole('heading', { name: 'Your address' })).toBeTruthy();
    expect(fieldValue(/City/)).toBe('');
    expect(screen.queryByText('This field is required!')).toBeNull();
  });
});
