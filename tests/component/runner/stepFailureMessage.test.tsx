import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import { compileDefinition, compileFile } from './forms.js';

const FILL = 'Please fill all required fields.';

const twoSteps: FormDefinition = {
  id: 'runner-step-failure',
  title: { en: 'Step failure' },
  version: 1,
  steps: [
    {
      id: 'passport',
      title: { en: 'Passport' },
      headline: { en: 'Your passport' },
      failureMessage: FILL,
      fields: [
        { name: 'passportNumber', type: 'text', label: { en: 'Passport number' }, required: true },
        { name: 'maidenName', type: 'text', label: { en: 'Maiden name' } },
      ],
    },
    {
      id: 'city',
      title: { en: 'City' },
      headline: { en: 'Where you live' },
      fields: [{ name: 'city', type: 'text', label: { en: 'City' }, required: true }],
    },
  ],
};

/** The wizard's error alert above the buttons (the one outside any field and dialog). */
const stepAlert = () =>
  screen.queryAllByRole('alert').find((a) => a.closest('.antrag-wizard') && !a.closest('[role="dialog"]'));

describe("a step's failure message on a failed Next", () => {
  it('shows above the buttons when Next finds the step invalid, and goes when the data changes', async () => {
    const user = userEvent.setup();
    const form = compileDefinition(twoSteps);
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
    expect(stepAlert()).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(stepAlert()?.textContent).toBe(FILL));
    // the field's own message shows too
    expect(screen.getByText('This field is required!')).toBeTruthy();
    await user.type(screen.getByLabelText(/Passport number/), 'X');
    await waitFor(() => expect(stepAlert()).toBeUndefined());
    await user.clear(screen.getByLabelText(/Passport number/));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(stepAlert()?.textContent).toBe(FILL));
  });

  it('goes when the user moves to another step, and a step without one shows nothing new', async () => {
    const user = userEvent.setup();
    const form = compileDefinition(twoSteps);
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(stepAlert()?.textContent).toBe(FILL));
    await user.type(screen.getByLabelText(/Passport number/), 'X4K7T9RN3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Where you live' })).toBeTruthy();
    expect(stepAlert()).toBeUndefined();
    // the second step has no failure message: its field's message only
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('This field is required!')).toBeTruthy();
    expect(stepAlert()).toBeUndefined();
    // and back to the first, which is valid now: no message there either
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { name: 'Your passport' })).toBeTruthy();
    expect(stepAlert()).toBeUndefined();
  });

  it('is shown in the active language', async () => {
    const user = userEvent.setup();
    const form = compileDefinition(twoSteps);
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="de" />);
    await user.click(await screen.findByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(stepAlert()?.textContent).toBe('Bitte füllen Sie alle Pflichtfelder aus.'));
  });

  it('does not show when a failing field of a modal section opens its dialog instead', async () => {
    const user = userEvent.setup();
    const form = compileDefinition({
      ...twoSteps,
      steps: [
        {
          id: 'blocking',
          title: { en: 'Blocking' },
          headline: { en: 'Blocking details' },
          failureMessage: 'Please complete all required fields.',
          sections: [
            { fields: [{ name: 'minor', type: 'checkbox', label: { en: 'I am under 18' } }] },
            {
              display: 'modal',
              headline: { en: 'Parental consent' },
              failureMessage: 'Please fill in the guardian details.',
              visibleIf: { field: 'minor', equals: true },
              fields: [
                {
                  name: 'guardianName',
                  type: 'text',
                  label: { en: 'Guardian name' },
                  requiredIf: { field: 'minor', equals: true },
                },
              ],
            },
          ],
        },
        twoSteps.steps[1],
      ],
    });
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
    await user.click(screen.getByLabelText(/I am under 18/));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Parental consent')).toBeTruthy();
    expect(screen.queryByText('Please complete all required fields.')).toBeNull();
    // the dialog's own Next shows the dialog's text, still not the step's
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please fill in the guardian details.')).toBeTruthy();
    expect(screen.queryByText('Please complete all required fields.')).toBeNull();
  });

  it("is part of the blocked-account form's upload and blocking steps", () => {
    const form = compileFile('schemas/blocked-account/blocked-account.form.json');
    const byId = Object.fromEntries(form.steps.map((s) => [s.id, s.failureMessage]));
    expect(byId['upload-documents']).toBe('errors.fillRequired');
    expect(byId['blocking-details']).toBe('errors.completeRequired');
  });
});

describe('a step without Back (backButton: false)', () => {
  it('shows no Back button on that step, and Back on the others', async () => {
    const user = userEvent.setup();
    const form = compileDefinition({
      ...twoSteps,
      wizard: { labels: { previous: 'Back', done: 'Submit' } },
      steps: [
        { ...twoSteps.steps[0], failureMessage: undefined },
        { ...twoSteps.steps[1], backButton: false },
        { id: 'note', title: { en: 'Note' }, headline: { en: 'A note' }, fields: [{ name: 'note', type: 'text' }] },
      ],
    });
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
    await user.type(screen.getByLabelText(/Passport number/), 'X4K7T9RN3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Where you live' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    await user.type(screen.getByLabelText(/City/), 'Bonn');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'A note' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it("is set on the KYC form's face step, whose only wizard button is Submit", async () => {
    const form = compileFile('schemas/blocked-account/kyc-reverification.form.json');
    const face = form.steps.find((s) => s.id === 'face-verification');
    expect(face?.backButton).toBe(false);
    expect(form.steps.filter((s) => s.backButton === false)).toHaveLength(1);
  });
});
