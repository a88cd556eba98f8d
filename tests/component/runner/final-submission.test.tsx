/**
 * A form without a submission of its own (as staff may publish one): its last step sends the answers to the
 * submission the page names (`POST /api/forms/{id}/submissions`), instead of showing success and sending nothing.
 * The server is a test double of `fetch` that records the request.
 */
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import { compileDefinition } from './forms.js';

const oneStep = compileDefinition({
  id: 'no-submit',
  title: { en: 'No submit' },
  version: 1,
  results: { success: { status: 'success', title: { en: 'Thank you!' } } },
  steps: [
    {
      id: 'one',
      title: { en: 'One' },
      sections: [{ fields: [{ name: 'city', type: 'text', label: { en: 'City' }, required: true }] }],
    },
  ],
} as FormDefinition);

function serverDouble(status = 201) {
  const requests: Array<{ url: string; method?: string; headers: Record<string, string>; body: unknown }> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({
      url: String(input),
      method: init?.method,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    return new Response(JSON.stringify(status < 300 ? { ok: true, id: '7' } : { ok: false, message: 'No' }), {
      status,
    });
  };
  return { fetch, requests };
}

describe('a form without a submission of its own', () => {
  it('sends its answers to the submission the page names, with its version', async () => {
    const user = userEvent.setup();
    const server = serverDouble();
    render(
      <FormRunner
        form={{ ...oneStep, version: 4 }}
        validation={runtimeValidation(oneStep)}
        locale="en"
        env={{ fetch: server.fetch }}
        finalSubmission={{ endpoint: '/api/forms/no-submit/submissions', method: 'POST', encoding: 'json' }}
      />,
    );
    await user.type(await screen.findByRole('textbox', { name: /City/ }), 'Bonn');
    await user.click(screen.getByRole('button', { name: /Submit|Done|Send/ }));
    expect(await screen.findByText('Thank you!')).toBeTruthy();
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({
      url: '/api/forms/no-submit/submissions',
      method: 'POST',
      body: { city: 'Bonn' },
    });
    expect(server.requests[0].headers['X-Form-Version']).toBe('4');
  });

  it('keeps the applicant on the step when the server refuses it', async () => {
    const user = userEvent.setup();
    const server = serverDouble(400);
    render(
      <FormRunner
        form={oneStep}
        validation={runtimeValidation(oneStep)}
        locale="en"
        env={{ fetch: server.fetch }}
        finalSubmission={{ endpoint: '/api/forms/no-submit/submissions', method: 'POST', encoding: 'json' }}
      />,
    );
    await user.type(await screen.findByRole('textbox', { name: /City/ }), 'Bonn');
    await user.click(screen.getByRole('button', { name: /Submit|Done|Send/ }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByText('Thank you!')).toBeNull();
    expect(screen.getByRole('textbox', { name: /City/ })).toHaveProperty('value', 'Bonn');
  });
});
