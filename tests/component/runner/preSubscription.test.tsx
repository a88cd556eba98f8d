import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import { compileFile } from './forms.js';

const form = compileFile('schemas/health-insurance/pre-subscription.form.json');

describe('FormRunner with the pre-subscription form', () => {
  it('shows the headline and labelled fields', () => {
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
    expect(screen.getByRole('heading', { name: 'Request your health insurance' })).toBeTruthy();
    expect(screen.getByLabelText(/First name/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
  });

  it('reports required fields when Submit is pressed on an empty form', async () => {
    const user = userEvent.setup();
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findAllByText('This field is required!')).length).toBeGreaterThan(2);
  });

  it('says when the passport numbers do not match, and upper-cases them while typing', async () => {
    const user = userEvent.setup();
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
    await user.type(screen.getByLabelText(/^Passport number/), 'ab123');
    await user.type(screen.getByLabelText(/Confirm passport number/), 'ab124');
    expect((screen.getByLabelText(/^Passport number/) as HTMLInputElement).value).toBe('AB123');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The entries do not match')).toBeTruthy();
  });

  it('speaks German when asked', async () => {
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="de" />);
    expect(await screen.findByLabelText(/Vorname/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Absenden|Senden|Submit/ })).toBeTruthy();
  });

  it('focuses the first failing field', async () => {
    const user = userEvent.setup();
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
    await user.type(screen.getByLabelText(/Last name/), 'Doe');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(document.activeElement?.id).toMatch(/^root_title/));
  });
});
