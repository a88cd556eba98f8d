/** @vitest-environment jsdom */
import '../setup.js';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderForm } from './renderForm.js';

const schema = {
  type: 'object' as const,
  properties: {
    phone: {
      type: 'object' as const,
      properties: {
        countryCode: { type: 'string' as const },
        areaCode: { type: 'string' as const },
        phoneNumber: { type: 'string' as const },
        isoCode: { type: 'string' as const },
      },
    },
  },
};
const uiSchema = { phone: { 'ui:field': 'phone', 'ui:title': 'Phone', 'ui:options': { defaultCountry: 'DE' } } };

describe('phone field', () => {
  it('stores { countryCode, phoneNumber, isoCode } from the default country and typed digits', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema });
    await user.type(screen.getByLabelText('Phone'), '1701234567');
    expect(latest().phone).toEqual({ countryCode: '+49', phoneNumber: '1701234567', isoCode: 'DE' });
  });

  it('refuses letters and says digits only', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema });
    const input = screen.getByLabelText('Phone') as HTMLInputElement;
    await user.type(input, '12ab');
    expect(input.value).toBe('12');
    expect((latest().phone as { phoneNumber: string }).phoneNumber).toBe('12');
    expect(screen.getByRole('alert').textContent).toBe('Please enter digits only');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.type(input, '3');
    expect((latest().phone as { phoneNumber: string }).phoneNumber).toBe('123');
  });

  it('changes the dial code through the searchable country list', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema,
      uiSchema,
      formData: { phone: { countryCode: '+49', phoneNumber: '123', isoCode: 'DE' } },
    });
    const code = screen.getByRole('combobox', { name: 'Country code' });
    await user.click(code);
    await user.type(code, 'austria');
    await user.click(await screen.findByTitle('Austria (+43)'));
    expect(latest().phone).toEqual({ countryCode: '+43', phoneNumber: '123', isoCode: 'AT' });
  });
});
