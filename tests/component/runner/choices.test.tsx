import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import { compileDefinition, compileFile } from './forms.js';

const booking = compileFile('schemas/health-insurance/health-insurance-booking.form.json');

describe('choices in the form data', () => {
  it('keeps a picked radio option (RJSF used to drop values whose choices sit in allOf)', async () => {
    const user = userEvent.setup();
    render(<FormRunner form={booking} validation={runtimeValidation(booking)} locale="en" />);
    await user.click(screen.getByRole('radio', { name: 'Student' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // the other fields are empty, so the step stays and shows its messages, but none for the profession
    await waitFor(() => expect(screen.getAllByText('This field is required!').length).toBeGreaterThan(2));
    expect(document.querySelector('[data-field="profession"]')?.textContent).not.toContain('This field is required!');
    expect(document.querySelector('[data-field="firstName"]')?.textContent).toContain('This field is required!');
  });

  it('stores the value of the picked select option, whose label RJSF pairs with the choices by position', async () => {
    const form = compileDefinition({
      id: 'choices-demo',
      title: { en: 'Choices' },
      version: 1,
      draft: { storageKey: 'CHOICES_DEMO', storage: 'local', resumePrompt: true },
      steps: [
        {
          id: 'one',
          title: { en: 'One' },
          sections: [
            {
              fields: [
                {
                  name: 'maritalStatus',
                  type: 'select',
                  label: { en: 'Marital status' },
                  required: true,
                  options: ['Single', 'Married', 'Widowed', 'Divorced'].map((v) => ({ value: v, label: { en: v } })),
                },
              ],
            },
          ],
        },
        { id: 'two', title: { en: 'Two' }, headline: { en: 'Step two' }, sections: [{ fields: [] }] },
      ],
    } as FormDefinition);
    const user = userEvent.setup();
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
    const box = screen.getByRole('combobox', { name: /Marital status/ }) as HTMLSelectElement;
    // the platform's own select: its options are listed in it, the chosen one shows
    await user.selectOptions(box, 'Single');
    expect(box.selectedOptions[0].textContent).toBe('Single');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Step two' })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('CHOICES_DEMO') ?? 'null')?.data).toEqual({ maritalStatus: 'Single' });
  });

  it('focuses the first radio of a failing radio group, the topmost failing field', async () => {
    const user = userEvent.setup();
    render(<FormRunner form={booking} validation={runtimeValidation(booking)} locale="en" />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Student' })));
  });

  it('focuses a field with a wrong value above one that is missing', async () => {
    const form = compileDefinition({
      id: 'order-demo',
      title: { en: 'Order' },
      version: 1,
      steps: [
        {
          id: 'one',
          title: { en: 'One' },
          sections: [
            {
              fields: [
                { name: 'email', type: 'email', label: { en: 'Email' }, required: true },
                { name: 'city', type: 'text', label: { en: 'City' }, required: true },
              ],
            },
          ],
        },
      ],
    } as FormDefinition);
    const user = userEvent.setup();
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
    await user.type(screen.getByLabelText(/Email/), 'ann@');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('root_email'));
  });
});
