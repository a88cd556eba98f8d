/**
 * A number chosen from options (radio, select, slider…) is handed over as the option's number, and drawing such a
 * field asks the browser for no number formatting: RJSF's NumberField calls `Intl.NumberFormat` on every render for
 * its typed-text handling, and the first such call starts the browser's ICU (100–400 ms of a phone's main thread
 * while a server-drawn first step hydrates; issue 19). Typed numbers keep their own path (numberText.test).
 */
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderForm } from './renderForm.js';

const months = {
  type: 'object' as const,
  properties: { months: { type: 'number' as const, oneOf: [1, 6, 12].map((n) => ({ const: n, title: `${n}` })) } },
};

describe('a chosen number', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(['radio', 'choiceButtons'])('%s: drawn without Intl.NumberFormat, stored as the number', async (widget) => {
    const formats = vi.spyOn(Intl, 'NumberFormat');
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema: months,
      uiSchema: { months: { 'ui:widget': widget, 'ui:title': 'Months' } },
    });
    await user.click(await screen.findByRole('radio', { name: '6' }));
    expect(latest().months).toBe(6);
    expect(formats).not.toHaveBeenCalled();
  });
});
