/** @vitest-environment jsdom */
import '../setup.js';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderForm } from './renderForm.js';

const schema = {
  type: 'object' as const,
  properties: { hours: { type: 'integer' as const }, income: { type: 'integer' as const } },
};
const uiSchema = {
  hours: { 'ui:widget': 'number', 'ui:title': 'Working hours per week' },
  income: { 'ui:widget': 'currency', 'ui:title': 'Monthly gross income', 'ui:options': { currency: 'EUR' } },
};

describe('whole-number fields', () => {
  it('keep a typed decimal after leaving the field, for the whole-number message to name it', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema });
    await user.type(screen.getByLabelText('Working hours per week'), '12.5');
    await user.type(screen.getByLabelText('Monthly gross income'), '1200.5');
    await user.tab();
    expect(latest()).toEqual({ hours: 12.5, income: 1200.5 });
    expect((screen.getByLabelText('Working hours per week') as HTMLInputElement).value).toBe('12.5');
  });
});
