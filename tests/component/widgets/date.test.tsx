import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderForm } from './renderForm.js';

const schema = { type: 'object' as const, properties: { start: { type: 'string' as const, title: 'Start' } } };
const uiSchema = { start: { 'ui:widget': 'date', 'ui:title': 'Start', 'ui:options': { displayFormat: 'DD/MM/YYYY' } } };

describe('date widget', () => {
  it('shows an ISO value as DD/MM/YYYY and stores a typed date as YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema, formData: { start: '2024-03-15' } });
    const input = screen.getByLabelText('Start') as HTMLInputElement;
    expect(input.value).toBe('15/03/2024');
    await user.clear(input);
    await user.type(input, '01/04/2025{Enter}');
    expect(latest().start).toBe('2025-04-01');
  });

  it('confirms a typed date with Enter without submitting the form around it', async () => {
    const user = userEvent.setup();
    const { latest, container } = renderForm({ schema, uiSchema });
    let submitted = 0;
    container.querySelector('form')?.addEventListener('submit', (e) => {
      e.preventDefault();
      submitted += 1;
    });
    await user.type(screen.getByLabelText('Start'), '01/04/2025{Enter}');
    expect(latest().start).toBe('2025-04-01');
    expect(submitted).toBe(0);
  });

  it('says how to write a date when a typed text is none, instead of dropping it without a word', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema });
    const input = screen.getByLabelText('Start') as HTMLInputElement;
    for (const typed of ['2001-03-15', '31/02/2001']) {
      await user.clear(input);
      await user.type(input, typed);
      await user.tab();
      expect(screen.getByRole('alert').textContent).toBe('Please enter the date as DD/MM/YYYY.');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toContain('root_start__format');
      expect(latest().start).toBeUndefined();
    }
    await user.clear(input);
    await user.type(input, '15/03/2001{Enter}');
    expect(latest().start).toBe('2001-03-15');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('uses the Select date placeholder', () => {
    renderForm({ schema, uiSchema });
    expect(screen.getByPlaceholderText('Select date')).toBeTruthy();
  });
});
