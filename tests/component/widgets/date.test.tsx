import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { datePicker } from '../../../packages/react/src/widgets/date/DateWidget.js';
import { renderForm } from './renderForm.js';

const schema = { type: 'object' as const, properties: { start: { type: 'string' as const, title: 'Start' } } };
const uiSchema = { start: { 'ui:widget': 'date', 'ui:title': 'Start', 'ui:options': { displayFormat: 'DD/MM/YYYY' } } };

// The light box itself (typing, errors, clearing) is tested in standIns.test.tsx, where antd's picker never loads.

describe('date widget: a press opens the calendar', () => {
  it('draws no picker until then; the press swaps it in, open, with the focus and the date', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema, formData: { start: '2024-03-15' } });
    expect(document.querySelector('.ant-picker')).toBeNull();
    await user.click(screen.getByLabelText('Start'));
    await screen.findByText('Today');
    const input = screen.getByLabelText('Start') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('15/03/2024');
    await user.click(screen.getByTitle('2024-03-20'));
    expect(latest().start).toBe('2024-03-20');
  });
});

describe("date widget: antd's picker, once loaded", () => {
  beforeAll(() => datePicker.load());

  it('shows an ISO value as DD/MM/YYYY and stores a typed date as YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema, formData: { start: '2024-03-15' } });
    const input = screen.getByLabelText('Start') as HTMLInputElement;
    expect(input.value).toBe('15/03/2024');
    // the light box until the field is pressed (the picker takes over only while in use: a phone's tap into it
    // took no typed key); then the picker, open, with the date
    expect(document.querySelector('.ant-picker')).toBeNull();
    await user.click(input);
    await screen.findByText('Today');
    const picker = screen.getByLabelText('Start') as HTMLInputElement;
    expect(picker.closest('.ant-picker')).not.toBeNull();
    await user.clear(picker);
    await user.type(picker, '01/04/2025{Enter}', { skipClick: true });
    expect(latest().start).toBe('2025-04-01');
  });

  it('gives the field back to the light box when it is left, with the date typed into the picker', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema, formData: {} });
    await user.click(screen.getByLabelText('Start'));
    await screen.findByText('Today');
    await user.type(screen.getByLabelText('Start'), '17/05/1995', { skipClick: true });
    await user.tab();
    expect(latest().start).toBe('1995-05-17');
    const box = screen.getByLabelText('Start') as HTMLInputElement;
    expect(box.closest('.ant-picker')).toBeNull();
    expect(box.value).toBe('17/05/1995');
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

  it('says how to write a date when a typed text is none, and keeps it as the answer for the check', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema });
    // (such an answer shows in the light box, which takes the picker's place: the field's input is found anew)
    const input = () => screen.getByLabelText('Start') as HTMLInputElement;
    for (const typed of ['31/02/2001', 'tomorrow']) {
      await user.clear(input());
      await user.type(input(), typed);
      await user.tab();
      expect(screen.getByRole('alert').textContent).toBe('Please enter the date as DD/MM/YYYY.');
      expect(input().value).toBe(typed);
      expect(input().getAttribute('aria-invalid')).toBe('true');
      expect(input().getAttribute('aria-describedby')).toContain('root_start__format');
      // the text typed is the answer (the step's date check refuses it), not the date before
      expect(latest().start).toBe(typed);
    }
    await user.clear(input());
    await user.type(input(), '15/03/2001{Enter}');
    expect(latest().start).toBe('2001-03-15');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an answer that is no date as it was typed, never as another date or none', async () => {
    const user = userEvent.setup();
    renderForm({ schema, uiSchema, formData: { start: '2025-13-01' } });
    const input = screen.getByLabelText('Start') as HTMLInputElement;
    // not rolled over into 01/01/2026, not emptied: the light box holds it, saying how to write a date
    expect(input.value).toBe('2025-13-01');
    expect(screen.getByRole('alert').textContent).toBe('Please enter the date as DD/MM/YYYY.');
    await user.clear(input);
    await user.type(input, '15/03/2001{Enter}');
    expect((screen.getByLabelText('Start') as HTMLInputElement).value).toBe('15/03/2001');
  });

  it('keeps in its box an impossible date typed over a valid one in the picker', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema, formData: { start: '2001-03-15' } });
    await user.click(screen.getByLabelText('Start'));
    await screen.findByText('Today');
    await user.keyboard('{Escape}');
    const input = screen.getByLabelText('Start') as HTMLInputElement;
    await user.clear(input);
    await user.type(input, '31/02/2025');
    await user.tab();
    expect(latest().start).toBe('31/02/2025');
    expect((screen.getByLabelText('Start') as HTMLInputElement).value).toBe('31/02/2025');
  });

  it('uses the Select date placeholder', () => {
    renderForm({ schema, uiSchema });
    expect(screen.getByPlaceholderText('Select date')).toBeTruthy();
  });
});
