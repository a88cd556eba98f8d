/** @vitest-environment jsdom */
import '../setup.js';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderForm } from './renderForm.js';

const schema = { type: 'object' as const, properties: { code: { type: 'string' as const } } };
const uiSchema = { code: { 'ui:widget': 'otp', 'ui:title': 'Code', 'ui:options': { length: 6 } } };

describe('otp widget', () => {
  it('fills all six boxes from a pasted code', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema });
    const boxes = screen.getAllByRole('textbox', { name: /Digit \d of 6/ });
    expect(boxes).toHaveLength(6);
    await user.click(boxes[0]);
    await user.paste('123456');
    expect(latest().code).toBe('123456');
    expect(boxes.map((b) => (b as HTMLInputElement).value)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('accepts digits only and moves on while typing', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema });
    const first = screen.getByRole('textbox', { name: 'Digit 1 of 6' });
    await user.click(first);
    await user.keyboard('4a7');
    expect(latest().code).toBe('47');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Digit 3 of 6' }));
  });
});
