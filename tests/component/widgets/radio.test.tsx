import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderForm } from './renderForm.js';

const schema = {
  type: 'object' as const,
  properties: { profession: { type: 'string' as const, enum: ['Student', 'Vocational Trainee'] } },
};
const uiSchema = {
  profession: {
    'ui:widget': 'radio',
    'ui:title': 'Profession',
    'ui:options': {
      options: [
        { value: 'Student', label: 'Student' },
        { value: 'Vocational Trainee', label: 'Vocational Trainee' },
      ],
    },
  },
};

describe('radio', () => {
  it('is a radio group named by its label, storing the chosen value', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema });
    const group = screen.getByRole('radiogroup', { name: 'Profession' });
    expect(group.getAttribute('aria-invalid')).toBe('false');
    await user.click(screen.getByRole('radio', { name: 'Vocational Trainee' }));
    expect(latest().profession).toBe('Vocational Trainee');
    expect((screen.getByRole('radio', { name: 'Vocational Trainee' }) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the value of the form data', () => {
    renderForm({ schema, uiSchema, formData: { profession: 'Student' } });
    expect((screen.getByRole('radio', { name: 'Student' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Vocational Trainee' }) as HTMLInputElement).checked).toBe(false);
  });

  it('shows nothing chosen while the form data holds no value', () => {
    renderForm({ schema, uiSchema });
    for (const radio of screen.getAllByRole('radio')) expect((radio as HTMLInputElement).checked).toBe(false);
  });
});
