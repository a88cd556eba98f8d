import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import { compileDefinition, threeSteps } from './forms.js';

/** A matchMedia test double that reports every query as matching (a phone-sized window). */
function pretendMobile() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...original(query), matches: true })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

describe('wizard layout and rules', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it("shows '(step/total)' after the headline on mobile, and a progress bar where the form asks", () => {
    restore = pretendMobile();
    const form = compileDefinition({
      ...threeSteps,
      wizard: { indicator: 'dots', mobileIndicator: 'progress', mobileStepCount: true },
    } as FormDefinition);
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
    expect(screen.getByRole('heading', { name: 'About you (1/3)' })).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: '(1/3)' });
    expect(bar.getAttribute('aria-valuenow')).toBe('33');
  });

  it('shows dots on desktop where the form asks, each naming its step, the current one marked', () => {
    const form = compileDefinition({ ...threeSteps, wizard: { indicator: 'dots' } } as FormDefinition);
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
    const dots = screen.getByRole('list', { name: '(1/3)' });
    const items = within(dots).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['One', 'Two', 'Three']);
    expect(items.map((i) => i.getAttribute('aria-current'))).toEqual(['step', null, null]);
  });

  it('shows numbered steps on desktop', () => {
    render(
      <FormRunner
        form={compileDefinition(threeSteps)}
        validation={runtimeValidation(compileDefinition(threeSteps))}
        locale="en"
      />,
    );
    expect(document.querySelectorAll('.ant-steps-item').length).toBe(3);
    expect(screen.getByRole('heading', { name: 'About you' })).toBeTruthy();
  });

  it('keeps Done disabled until the required agreements are ticked', async () => {
    const user = userEvent.setup();
    const form = compileDefinition({
      ...threeSteps,
      wizard: { indicator: 'none', doneRequires: ['terms'] },
      steps: [
        {
          id: 'only',
          title: { en: 'Only' },
          sections: [{ fields: [{ name: 'terms', type: 'agreement', content: { en: 'I agree to the terms' } }] }],
        },
      ],
    } as FormDefinition);
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
    const done = screen.getByRole('button', { name: 'Done' }) as HTMLButtonElement;
    expect(done.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(done.disabled).toBe(false));
  });

  it("advances after a step's own submission only when the answer's status is true", async () => {
    const user = userEvent.setup();
    const form = compileDefinition({
      ...threeSteps,
      steps: threeSteps.steps.map((s, i) =>
        i === 0
          ? {
              ...s,
              submit: {
                endpoint: '/api/lead',
                success: { field: 'status', values: [true, 'success'] },
                messageField: 'message',
              },
            }
          : s,
      ),
    } as FormDefinition);
    // a test double for the server: refuses once with its own message, then accepts
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ status: false, message: 'Email already used' })))
      .mockResolvedValueOnce(new Response(JSON.stringify({ status: 'success' })));
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" env={{ fetch }} />);
    await user.type(screen.getByLabelText(/First name/), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Email already used')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'About you' })).toBeTruthy();
    // antd's loading icon leaves with an animation jsdom never ends: its name may stay 'loading Next'
    await user.click(screen.getByRole('button', { name: /Next$/ }));
    expect(await screen.findByRole('heading', { name: 'Where you live' })).toBeTruthy();
  });
});
