/**
 * Country names load when a country or calling-code field needs them (issue 19): a first screen of empty fields
 * loads none; using a field loads them with its select, what was typed carrying into the loaded list; a value there
 * at first render shows by its name once they come, the stored value in the same box until then.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { countryNamesOf } from '../../../packages/react/src/i18n/countryNamesOnUse.js';
import { shownIn } from './lists.js';
import { renderForm } from './renderForm.js';

const text = { type: 'string' as const };
const country = { type: 'object' as const, properties: { name: text, iso: text } };
const phone = {
  type: 'object' as const,
  properties: { countryCode: text, areaCode: text, phoneNumber: text, isoCode: text },
};
const fields = (values?: object, locale?: 'de' | 'fr' | 'vi') =>
  renderForm({
    schema: { type: 'object', properties: { code: text, nationality: country, phone } },
    uiSchema: {
      code: { 'ui:widget': 'country', 'ui:title': 'Land', 'ui:options': { valueShape: 'code' } },
      nationality: { 'ui:field': 'country', 'ui:title': 'Nationality' },
      phone: { 'ui:field': 'phone', 'ui:title': 'Phone' },
    },
    formData: values,
    formContext: locale ? { locale } : undefined,
  });

/** The options of the open list, in its order. */
const listed = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

// the order matters: the names, once loaded, stay for the file's other tests
describe('country names, loaded on use', () => {
  it('are not loaded for empty fields, nor by typing a phone number; hovering a country field loads them', async () => {
    const user = userEvent.setup();
    fields(undefined, 'fr');
    await user.type(screen.getByLabelText('Phone'), '0151');
    await settle();
    expect(countryNamesOf('fr')).toBeUndefined();
    expect(countryNamesOf('en')).toBeUndefined();
    expect(document.querySelector('.ant-select')).toBeNull();
    fireEvent.pointerEnter(screen.getByRole('combobox', { name: 'Nationality' }).closest('.antrag-combo') as Element);
    await waitFor(() => expect(countryNamesOf('fr')).toBeDefined());
    // loaded, not used: the stand-in stays
    expect(document.querySelector('.ant-select')).toBeNull();
  });

  it('typed before they came: the text carries into the loaded list, which shows Germany first', async () => {
    const user = userEvent.setup();
    fields();
    expect(countryNamesOf('en')).toBeUndefined();
    const box = screen.getByRole('combobox', { name: 'Land' });
    await user.click(box);
    await user.keyboard('Ger');
    await waitFor(() => expect(listed()[0]).toBe('Germany'));
    const input = screen.getByRole('combobox', { name: 'Land' }) as HTMLInputElement;
    expect(input.value).toBe('Ger');
    expect(document.activeElement).toBe(input);
  });

  it('the dial code list: searched by the name in the page language, sorted as that language sorts', async () => {
    const user = userEvent.setup();
    const { latest } = fields(undefined, 'de');
    await user.click(screen.getByRole('combobox', { name: 'Ländervorwahl' }));
    await user.keyboard('Öst');
    await waitFor(() => expect(listed()[0]).toBe('Österreich (+43)'));
    await user.click(screen.getByTitle('Österreich (+43)'));
    expect(latest().phone).toMatchObject({ countryCode: '+43', isoCode: 'AT' });
  });

  it('a value there at first render: as stored at once, in the same box, then by its name once they come', async () => {
    fields(
      {
        code: 'DE',
        nationality: { name: 'Germany', iso: 'DE' },
        phone: { countryCode: '+49', phoneNumber: '1', isoCode: 'DE' },
      },
      'vi',
    );
    expect(countryNamesOf('vi')).toBeUndefined();
    // no placeholder meanwhile: the stored value
    expect(shownIn('Land')).toBe('DE');
    expect(shownIn('Nationality')).toBe('Germany');
    expect(shownIn('Mã quốc gia')).toBe('+49');
    await waitFor(() => expect(shownIn('Land')).toBe('Đức'));
    expect(shownIn('Nationality')).toBe('Đức');
    expect(shownIn('Mã quốc gia')).toBe('Đức (+49)');
    expect(document.querySelector('.ant-select')).toBeNull();
  });
});
