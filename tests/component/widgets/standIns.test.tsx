import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shownIn } from './lists.js';
import { fakeFetch, renderLiveForm } from './liveForm.js';
import { renderForm } from './renderForm.js';

// The fields as a form's first screen draws them: light stand-ins, antd's Select and DatePicker not loaded. Here their
// code never arrives (a network that does not answer), so what is tested is the stand-in alone; the swap is tested
// in loadOnUse.test.tsx and in each widget's own tests.
vi.mock('../../../packages/react/src/widgets/date/DatePicker.js', () => new Promise(() => {}));
vi.mock('../../../packages/react/src/widgets/country/CountrySelect.js', () => new Promise(() => {}));
vi.mock('../../../packages/react/src/widgets/phone/DialCodeSelect.js', () => new Promise(() => {}));
vi.mock('../../../packages/react/src/widgets/choice/SearchSelectList.js', () => new Promise(() => {}));
vi.mock('../../../packages/react/src/widgets/choice/TagsSelect.js', () => new Promise(() => {}));
vi.mock('../../../packages/react/src/widgets/search/RemoteSelect.js', () => new Promise(() => {}));

afterEach(() => vi.unstubAllGlobals());

/** antd's heavy controls are not drawn (their roots carry these classes). */
const noAntdControl = () => expect(document.querySelector('.ant-picker, .ant-select')).toBeNull();

const text = { type: 'string' as const };
const one = (field: object, ui: object) => ({
  schema: { type: 'object' as const, properties: { v: field } },
  uiSchema: { v: ui },
});

describe('date stand-in: a light text box', () => {
  const date = one(text, { 'ui:widget': 'date', 'ui:title': 'Start', 'ui:options': { displayFormat: 'DD/MM/YYYY' } });

  it('takes a date typed as DD/MM/YYYY on Enter, submitting nothing, with no picker loaded', async () => {
    const user = userEvent.setup();
    const { latest, container } = renderForm(date);
    let submitted = 0;
    container.querySelector('form')?.addEventListener('submit', (e) => {
      e.preventDefault();
      submitted += 1;
    });
    const input = screen.getByLabelText('Start') as HTMLInputElement;
    expect(input.placeholder).toBe('Select date');
    await user.tab();
    expect(document.activeElement).toBe(input);
    await user.keyboard('15/03/2001{Enter}');
    expect(latest().v).toBe('2001-03-15');
    expect(submitted).toBe(0);
    expect(screen.getByLabelText('Start')).toBe(input);
    noAntdControl();
  });

  it('takes a whole date as it is typed, also one put in before the page could listen (replayed)', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm(date);
    const input = screen.getByLabelText('Start') as HTMLInputElement;
    input.focus();
    await user.keyboard('15/03/200');
    expect(latest().v).toBeUndefined();
    await user.keyboard('1');
    expect(latest().v).toBe('2001-03-15');
    // as the drawn page's hydration replays what was typed: the value set, an input event, the focus elsewhere
    input.blur();
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '01/04/2025');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await waitFor(() => expect(latest().v).toBe('2025-04-01'));
    noAntdControl();
  });

  it('shows a stored date in the display format and takes a new one on leaving the field', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ ...date, formData: { v: '2024-03-15' } });
    const input = screen.getByLabelText('Start') as HTMLInputElement;
    expect(input.value).toBe('15/03/2024');
    await user.tab();
    await user.keyboard('{Control>}a{/Control}01/04/2025');
    await user.tab();
    expect(latest().v).toBe('2025-04-01');
    expect(input.value).toBe('01/04/2025');
    noAntdControl();
  });

  it('keeps a text that is no date, says how to write one and takes it as typed, for the check to refuse', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm(date);
    const input = screen.getByLabelText('Start') as HTMLInputElement;
    for (const typed of ['31/02/2001', '1/4/2025', 'tomorrow']) {
      await user.tab({ shift: input === document.activeElement });
      if (document.activeElement !== input) input.focus();
      await user.keyboard(`{Control>}a{/Control}${typed}`);
      await user.tab();
      expect(screen.getByRole('alert').textContent).toBe('Please enter the date as DD/MM/YYYY.');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toContain('root_v__format');
      expect(input.value).toBe(typed);
      expect(latest().v).toBe(typed);
    }
    input.focus();
    await user.keyboard('{Control>}a{/Control}15/03/2001{Enter}');
    expect(latest().v).toBe('2001-03-15');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('never keeps the date before when a text that is no date is typed over it', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ ...date, formData: { v: '2000-01-01' } });
    const input = screen.getByLabelText('Start') as HTMLInputElement;
    input.focus();
    await user.keyboard('{Control>}a{/Control}31/02/2025');
    await user.tab();
    expect(latest().v).toBe('31/02/2025');
    expect(input.value).toBe('31/02/2025');
    expect(screen.getByRole('alert').textContent).toBe('Please enter the date as DD/MM/YYYY.');
    // Enter takes it alike
    input.focus();
    await user.keyboard('{Control>}a{/Control}tomorrow{Enter}');
    expect(latest().v).toBe('tomorrow');
    // mended, it is the date
    await user.keyboard('{Control>}a{/Control}28/02/2025{Enter}');
    expect(latest().v).toBe('2025-02-28');
    expect(screen.queryByRole('alert')).toBeNull();
    // a date written as answers are is that date, shown in the display format
    await user.keyboard('{Control>}a{/Control}2001-03-15');
    await user.tab();
    expect(latest().v).toBe('2001-03-15');
    expect(input.value).toBe('15/03/2001');
    expect(screen.queryByRole('alert')).toBeNull();
    // the same date written so again changes nothing, and shows as the field writes it
    input.focus();
    await user.keyboard('{Control>}a{/Control}2001-03-15');
    await user.tab();
    expect(input.value).toBe('15/03/2001');
    // Enter on a text that is no date says how to write one, as leaving the field does
    input.focus();
    await user.keyboard('{Control>}a{/Control}31/02/2025{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Please enter the date as DD/MM/YYYY.');
  });

  it('empties the answer when its text is emptied', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ ...date, formData: { v: '2024-03-15' } });
    screen.getByLabelText('Start').focus();
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.tab();
    expect(latest().v).toBeUndefined();
  });

  it('is in error as the field is: aria-invalid, described by its message', () => {
    renderForm({ ...date, extraErrors: { v: { __errors: ['This field is required!'] } } });
    const input = screen.getByLabelText('Start');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('root_v__error');
    noAntdControl();
  });

  it('reads and writes a month as MM/YYYY, stored as YYYY-MM', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      ...one(text, { 'ui:widget': 'month', 'ui:title': 'Month', 'ui:options': { displayFormat: 'MM/YYYY' } }),
      formData: { v: '2024-03' },
    });
    const input = screen.getByLabelText('Month') as HTMLInputElement;
    expect(input.value).toBe('03/2024');
    input.focus();
    await user.keyboard('{Control>}a{/Control}11/2025{Enter}');
    expect(latest().v).toBe('2025-11');
    noAntdControl();
  });

  it('asks for the calendar on ArrowDown or a press, and says it is busy while it loads', async () => {
    const user = userEvent.setup();
    renderForm(date);
    const input = screen.getByLabelText('Start');
    expect(input.getAttribute('aria-busy')).toBeNull();
    input.focus();
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(input);
  });

  it('leaves a display format it cannot read to the picker, asked for as soon as something is typed', async () => {
    const user = userEvent.setup();
    renderForm(one(text, { 'ui:widget': 'date', 'ui:title': 'Start', 'ui:options': { displayFormat: 'D MMM YYYY' } }));
    const input = screen.getByLabelText('Start');
    input.focus();
    await user.keyboard('1');
    expect(input.getAttribute('aria-busy')).toBe('true');
  });
});

describe('select stand-ins: antd’s box with the choice, a combobox', () => {
  it('country widget: the stored country by its name in the page language', async () => {
    renderForm({
      ...one(text, { 'ui:widget': 'country', 'ui:title': 'Land', 'ui:options': { valueShape: 'code' } }),
      formData: { v: 'AT' },
      formContext: { locale: 'de' },
    });
    // the names load for the value (countryNamesOnUse.ts); the select does not
    await waitFor(() => expect(shownIn('Land')).toBe('Österreich'));
    noAntdControl();
  });

  it('country field: its placeholder, and in error as the field is', () => {
    const country = { type: 'object' as const, properties: { name: text, iso: text } };
    renderForm({
      ...one(country, { 'ui:field': 'country', 'ui:title': 'Nationality', 'ui:placeholder': 'wizard.selectDate' }),
      extraErrors: { v: { __errors: ['This field is required!'] } },
    });
    const box = screen.getByRole('combobox', { name: 'Nationality' });
    expect(shownIn('Nationality')).toBe('Select date');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toContain('root_v__error');
    noAntdControl();
  });

  it('a press asks for the list: busy, the focus in the field, what is typed kept', async () => {
    const user = userEvent.setup();
    renderForm(one(text, { 'ui:widget': 'country', 'ui:title': 'Land' }));
    const box = screen.getByRole('combobox', { name: 'Land' }) as HTMLInputElement;
    await user.click(box);
    expect(box.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(box);
    await user.keyboard('ger');
    expect(box.value).toBe('ger');
    // the list it will open, named as antd names it
    expect(box.getAttribute('aria-controls')).toBe('root_v_list');
  });

  it('phone: the default country’s code shown, a typed number stored, no list loaded', async () => {
    const user = userEvent.setup();
    const phone = {
      type: 'object' as const,
      properties: { countryCode: text, areaCode: text, phoneNumber: text, isoCode: text },
    };
    const { latest } = renderForm(
      one(phone, { 'ui:field': 'phone', 'ui:title': 'Phone', 'ui:options': { defaultCountry: 'DE' } }),
    );
    await waitFor(() => expect(shownIn('Country code')).toBe('Germany (+49)'));
    await user.type(screen.getByLabelText('Phone'), '1701234567');
    expect(latest().v).toEqual({ countryCode: '+49', phoneNumber: '1701234567', isoCode: 'DE' });
    noAntdControl();
  });

  it('searchable select: the chosen option, a calling code by its country, the clear icon empties it', async () => {
    const user = userEvent.setup();
    const dial = [
      { value: '+1', label: '+1', country: 'US' },
      { value: '+1', label: '+1', country: 'CA' },
      { value: '+49', label: '+49', country: 'DE' },
    ];
    const { latest, container } = renderForm({
      ...one(text, { 'ui:widget': 'searchSelect', 'ui:title': 'Area code', 'ui:options': { options: dial } }),
      formData: { v: '+49' },
    });
    expect(shownIn('Area code')).toBe('Germany (+49)');
    // antd's clear icon, for the pointer only (as antd's)
    const clear = container.querySelector('.antrag-combo-clear');
    expect(clear).not.toBeNull();
    await user.click(clear as Element);
    expect(latest().v).toBeUndefined();
    noAntdControl();
  });

  it('tags: the chosen ones shown; a tag’s ✕ and Backspace remove one, no list loaded', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      ...one(
        { type: 'array', uniqueItems: true, items: { enum: ['de', 'en', 'fr'] } },
        {
          'ui:widget': 'tags',
          'ui:title': 'Languages',
          'ui:options': {
            options: [
              { value: 'de', label: 'German' },
              { value: 'en', label: 'English' },
              { value: 'fr', label: 'French' },
            ],
          },
        },
      ),
      formData: { v: ['de', 'en', 'fr'] },
    });
    // each tag carries its label as its title, as antd's do
    for (const tag of ['German', 'English', 'French']) expect(screen.getByTitle(tag).textContent).toBe(tag);
    await user.click(screen.getByTitle('German').querySelector('[aria-hidden="true"]') as Element);
    expect(latest().v).toEqual(['en', 'fr']);
    screen.getByRole('combobox', { name: 'Languages' }).focus();
    await user.keyboard('{Backspace}');
    expect(latest().v).toEqual(['en']);
    noAntdControl();
  });

  it('university: a stored id shown by the name the lookup gives', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch(() => ({
        total: 1,
        data: [{ id: 'u03', universityName: 'University 03', location: 'City 03A', slug: 'university-03' }],
      })).fetch,
    );
    renderLiveForm({
      ...one(text, { 'ui:widget': 'universitySelect', 'ui:title': 'University' }),
      formData: { v: 'u03' },
    });
    await waitFor(() => expect(shownIn('University')).toBe('University 03'));
    noAntdControl();
  });
});
