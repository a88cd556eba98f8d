import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openList } from './lists.js';
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

  it('stores no country code until one is chosen (an empty code would fail on its own as invalid data)', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema: { phone: { ...uiSchema.phone, 'ui:options': {} } } });
    await user.type(screen.getByLabelText('Phone'), '0151123');
    expect(latest().phone).toEqual({ phoneNumber: '0151123' });
  });

  it('keeps letters as typed and says digits only, until they are gone', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema });
    const input = screen.getByLabelText('Phone') as HTMLInputElement;
    await user.type(input, '12ab');
    // never rewritten behind the person's back (issue 15): the form's check refuses it with its message
    expect(input.value).toBe('12ab');
    expect((latest().phone as { phoneNumber: string }).phoneNumber).toBe('12ab');
    expect(screen.getByRole('alert').textContent).toBe('Please enter digits only');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.clear(input);
    await user.type(input, '123');
    expect((latest().phone as { phoneNumber: string }).phoneNumber).toBe('123');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it('changes the dial code through the searchable country list', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema,
      uiSchema,
      formData: { phone: { countryCode: '+49', phoneNumber: '123', isoCode: 'DE' } },
    });
    await openList(user, 'Country code');
    await user.keyboard('austria');
    await user.click(await screen.findByTitle('Austria (+43)'));
    expect(latest().phone).toEqual({ countryCode: '+43', phoneNumber: '123', isoCode: 'AT' });
  });

  it('lists first the country whose name starts with what is typed (India before British Indian Ocean Territory)', async () => {
    const user = userEvent.setup();
    renderForm({ schema, uiSchema, formData: { phone: { countryCode: '+49', phoneNumber: '123', isoCode: 'DE' } } });
    await openList(user, 'Country code');
    await user.keyboard('india');
    await screen.findByTitle('India (+91)');
    const titles = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
    expect(titles[0]).toBe('India (+91)');
    expect(titles).toContain('British Indian Ocean Territory (+246)');
    // the first is the one Enter picks
    expect(document.querySelector('.ant-select-item-option-active')?.getAttribute('title')).toBe('India (+91)');
  });
});
