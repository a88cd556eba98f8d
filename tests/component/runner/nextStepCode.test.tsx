/**
 * The next step's code (its widgets and validators) loads once the applicant uses the page, when the browser is
 * idle, not as soon as the first step is drawn: a page that only loads evaluates no later step's code while its
 * first step hydrates (issue 19: on the blocked-account wizard about 60 chunks of antd's upload and select, which
 * lengthened a phone's time until the page answers). Once used, it loads while the step is being filled.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import type { StepValidation } from '../../../packages/react/src/engine/validator.js';
import { compileDefinition, threeSteps } from './forms.js';

describe("the next step's code", () => {
  it('loads after the first use of the page, not while the first step is only shown', async () => {
    const form = compileDefinition({ ...threeSteps, draft: undefined });
    const loadStep = vi.fn((_step: number) => Promise.resolve());
    const validation: StepValidation = { ...runtimeValidation(form), hasStep: () => true, loadStep };
    render(<FormRunner form={form} validation={validation} locale="en" />);
    const box = await screen.findByLabelText('First name');
    // idle time passes (jsdom has no requestIdleCallback: the engine's fallback is a timer)
    await new Promise((done) => setTimeout(done, 100));
    expect(loadStep).not.toHaveBeenCalled();
    fireEvent.pointerDown(box);
    await waitFor(() => expect(loadStep).toHaveBeenCalledWith(1));
    expect(loadStep).not.toHaveBeenCalledWith(2);
  });
});
