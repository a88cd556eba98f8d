/**
 * The common fields drawn by the light controls (widgets/light/): native inputs in antd's look, no antd input code.
 * Each keeps what the antd widget it replaces did (labels, maxLength, emptyValue, read-only drawn disabled, the
 * error state with aria-invalid and the message as description) and gives the native control's keyboard.
 */
import { ErrorSchemaBuilder, type Registry, type RJSFSchema, type UiSchema, type WidgetProps } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ComponentType, ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Form as EngineForm } from '../../../packages/react/src/engine/rjsfTheme.js';
import { AgreementWidget } from '../../../packages/react/src/widgets/choice/AgreementWidget.js';
import { CheckboxesWidget, CheckboxWidget } from '../../../packages/react/src/widgets/choice/CheckboxWidget.js';
import { ChoiceButtonsWidget } from '../../../packages/react/src/widgets/choice/ChoiceButtonsWidget.js';
import { CurrencyWidget } from '../../../packages/react/src/widgets/choice/CurrencyWidget.js';
import { NumberWidget } from '../../../packages/react/src/widgets/choice/NumberWidget.js';
import { RadioWidget } from '../../../packages/react/src/widgets/choice/RadioWidget.js';
import { SelectWidget } from '../../../packages/react/src/widgets/choice/SelectWidget.js';
import { SwitchWidget } from '../../../packages/react/src/widgets/choice/SwitchWidget.js';
import { fields, widgets } from '../../../packages/react/src/widgets/index.js';
import { TextareaWidget } from '../../../packages/react/src/widgets/text/TextareaWidget.js';
import { EmailWidget, TextWidget } from '../../../packages/react/src/widgets/text/TextWidget.js';
import { renderForm } from './renderForm.js';

// user-event finds a radio's group with CSS.escape, which jsdom lacks
globalThis.CSS ??= { escape: (text: string) => text.replace(/[^\w-]/g, '\\$&') } as unknown as typeof CSS;

const one = (property: RJSFSchema) => ({ type: 'object' as const, properties: { v: property } });
const WRONG = new ErrorSchemaBuilder().addErrors('Please check this', 'v').ErrorSchema;

/** The text of the elements an element's aria-describedby names (those that exist). */
function description(el: Element): string {
  return (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? document.getElementById(id)?.textContent : '') ?? '')
    .join(' ')
    .trim();
}

/** The box the light control sits in (its border, focus ring and error look). */
const boxOf = (control: Element) => control.closest('.antrag-input') as HTMLElement;

const choices = (labels: string[], values: Array<string | number | boolean> = labels) => ({
  options: labels.map((label, i) => ({ value: values[i], label })),
});

describe('text boxes', () => {
  it('a native text box in antd’s box, named by its label, stopping at maxLength, emptied to the field’s emptyValue', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema: one({ type: 'string' }),
      uiSchema: { v: { 'ui:widget': 'text', 'ui:title': 'City', 'ui:options': { maxLength: 5, emptyValue: '' } } },
    });
    const input = screen.getByRole('textbox', { name: 'City' }) as HTMLInputElement;
    expect(input.tagName).toBe('INPUT');
    expect(input.closest('.ant-input')).toBeNull();
    expect(boxOf(input).className).toBe('antrag-input');
    await user.type(input, 'Berlin-Mitte');
    expect(input.value).toBe('Berli');
    expect(latest().v).toBe('Berli');
    await user.clear(input);
    expect(latest().v).toBe('');
  });

  it('an e-mail box brings the e-mail keyboard', () => {
    renderForm({ schema: one({ type: 'string' }), uiSchema: { v: { 'ui:widget': 'email', 'ui:title': 'Email' } } });
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('type')).toBe('email');
  });

  it('in error: invalid, described by its message, in the red box with the error icon', () => {
    renderForm({
      schema: one({ type: 'string' }),
      uiSchema: { v: { 'ui:widget': 'text', 'ui:title': 'City' } },
      extraErrors: WRONG,
    });
    const input = screen.getByRole('textbox', { name: 'City' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toContain('Please check this');
    expect(boxOf(input).classList.contains('antrag-input-invalid')).toBe(true);
    // the ✕ is decoration: its message says it
    expect(boxOf(input).querySelector('.antrag-feedback')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('valid: no error look and no icon', () => {
    renderForm({ schema: one({ type: 'string' }), uiSchema: { v: { 'ui:widget': 'text', 'ui:title': 'City' } } });
    const input = screen.getByRole('textbox', { name: 'City' });
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(boxOf(input).classList.contains('antrag-input-invalid')).toBe(false);
    expect(boxOf(input).querySelector('.antrag-feedback')).toBeNull();
  });

  it('read-only is drawn disabled, as RJSF’s antd theme draws it, unless the form context says otherwise', () => {
    const uiSchema = { v: { 'ui:widget': 'text', 'ui:title': 'City', 'ui:readonly': true } };
    const { unmount } = renderForm({ schema: one({ type: 'string' }), uiSchema, formData: { v: 'Bonn' } });
    const input = screen.getByRole('textbox', { name: 'City' }) as HTMLInputElement;
    expect(input.disabled).toBe(true);
    expect(boxOf(input).classList.contains('antrag-input-disabled')).toBe(true);
    unmount();
    renderForm({
      schema: one({ type: 'string' }),
      uiSchema,
      formData: { v: 'Bonn' },
      formContext: { readonlyAsDisabled: false } as never,
    });
    const readOnly = screen.getByRole('textbox', { name: 'City' }) as HTMLInputElement;
    expect(readOnly.disabled).toBe(false);
    expect(readOnly.readOnly).toBe(true);
    expect(readOnly.value).toBe('Bonn');
  });

  it('a press on the box beside the control puts the caret into it', async () => {
    const user = userEvent.setup();
    renderForm({
      schema: one({ type: 'number' }),
      uiSchema: { v: { 'ui:widget': 'currency', 'ui:title': 'Deposit', 'ui:options': { currency: 'EUR' } } },
    });
    await user.click(screen.getByText('€'));
    expect(document.activeElement).toBe(screen.getByRole('spinbutton', { name: 'Deposit' }));
  });

  it('text area: rows lines high, the count against the limit under it, stopping at the limit', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema: one({ type: 'string' }),
      uiSchema: { v: { 'ui:widget': 'textarea', 'ui:title': 'Message', 'ui:options': { maxLength: 12, rows: 6 } } },
    });
    const area = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.rows).toBe(6);
    expect(within(boxOf(area)).getByText('0 / 12')).toBeTruthy();
    await user.type(area, 'Hello, world and more');
    expect(latest().v).toBe('Hello, world');
    expect(within(boxOf(area)).getByText('12 / 12')).toBeTruthy();
  });

  it('currency: the symbol inside the box, the amount a spin button; in error the box is red', () => {
    renderForm({
      schema: one({ type: 'number' }),
      uiSchema: { v: { 'ui:widget': 'currency', 'ui:title': 'Income', 'ui:options': { currency: 'USD' } } },
      extraErrors: WRONG,
    });
    const input = screen.getByRole('spinbutton', { name: 'Income' });
    expect(input.closest('.ant-input-affix-wrapper')).toBeNull();
    expect(within(boxOf(input)).getByText('$')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toContain('Please check this');
    expect(boxOf(input).classList.contains('antrag-input-invalid')).toBe(true);
  });
});

describe('select', () => {
  const select = (extra: { ui?: object; schema?: RJSFSchema } = {}) => ({
    schema: one(extra.schema ?? { type: 'string' }),
    uiSchema: {
      v: { 'ui:widget': 'select', 'ui:title': 'Title', 'ui:options': choices(['Mr.', 'Ms.', 'Mx.']), ...extra.ui },
    },
  });

  it('is the platform’s select, named by its label, listing the options and no blank one', () => {
    renderForm(select({ ui: { 'ui:placeholder': 'Please choose' } }));
    const box = screen.getByRole('combobox', { name: 'Title' }) as HTMLSelectElement;
    expect(box.tagName).toBe('SELECT');
    expect(
      within(box)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Mr.', 'Ms.', 'Mx.']);
    // nothing chosen: the placeholder shows, from an option that cannot be chosen
    expect(box.selectedOptions[0].textContent).toBe('Please choose');
    expect(box.selectedOptions[0].disabled).toBe(true);
    expect(box.selectedOptions[0].hidden).toBe(true);
  });

  it('stores the chosen option’s value, a number as a number', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema: one({ type: 'number' }),
      uiSchema: { v: { 'ui:widget': 'select', 'ui:title': 'Rooms', 'ui:options': choices(['One', 'Two'], [1, 2]) } },
    });
    const box = screen.getByRole('combobox', { name: 'Rooms' }) as HTMLSelectElement;
    await user.selectOptions(box, 'Two');
    expect(latest().v).toBe(2);
    expect(box.selectedOptions[0].textContent).toBe('Two');
  });

  it('shows the option of the form data', () => {
    renderForm({ ...select(), formData: { v: 'Ms.' } });
    expect((screen.getByRole('combobox', { name: 'Title' }) as HTMLSelectElement).selectedOptions[0].textContent).toBe(
      'Ms.',
    );
  });

  it('an optional choice is emptied with the clear button, which gives the focus back to the select', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ ...select(), formData: { v: 'Mr.' } });
    await user.click(screen.getByRole('button', { name: 'Clear the choice' }));
    expect(latest().v).toBeUndefined();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Title' }));
    // nothing left to clear
    expect(screen.queryByRole('button', { name: 'Clear the choice' })).toBeNull();
  });

  it('a required choice has no clear button and says it is required', () => {
    renderForm({
      schema: { type: 'object', required: ['v'], properties: { v: { type: 'string' } } },
      uiSchema: select().uiSchema,
      formData: { v: 'Mr.' },
    });
    const box = screen.getByRole('combobox', { name: /Title/ });
    expect(box.getAttribute('aria-required')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Clear the choice' })).toBeNull();
  });

  it('in error: invalid, described by its message, in the red box with the error icon', () => {
    renderForm({ ...select(), extraErrors: WRONG });
    const box = screen.getByRole('combobox', { name: 'Title' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(description(box)).toContain('Please check this');
    expect(boxOf(box).classList.contains('antrag-input-invalid')).toBe(true);
    expect(boxOf(box).querySelector('.antrag-feedback')).not.toBeNull();
  });

  it('read-only: disabled', () => {
    renderForm({ ...select({ ui: { 'ui:readonly': true } }), formData: { v: 'Mx.' } });
    expect((screen.getByRole('combobox', { name: 'Title' }) as HTMLSelectElement).disabled).toBe(true);
  });

  it('shows a stored value no option gives as it is (a draft of an older version), without storing it again', () => {
    const { changes } = renderForm({ ...select(), formData: { v: 'Dr.' } });
    const box = screen.getByRole('combobox', { name: 'Title' }) as HTMLSelectElement;
    expect(box.selectedOptions[0].textContent).toBe('Dr.');
    expect(changes).toEqual([]);
  });

  it('of options sharing a value, the one picked stays shown', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema: one({ type: 'string' }),
      uiSchema: {
        v: {
          'ui:widget': 'select',
          'ui:title': 'Code',
          'ui:options': choices(['Canada (+1)', 'United States (+1)'], ['+1', '+1']),
        },
      },
    });
    const box = screen.getByRole('combobox', { name: 'Code' }) as HTMLSelectElement;
    await user.selectOptions(box, 'United States (+1)');
    expect(latest().v).toBe('+1');
    expect(box.selectedOptions[0].textContent).toBe('United States (+1)');
  });
});

describe('radios', () => {
  const radios = {
    schema: one({ type: 'string' }),
    uiSchema: { v: { 'ui:widget': 'radio', 'ui:title': 'Profession', 'ui:options': choices(['A', 'B', 'C']) } },
  };

  it('native radios sharing a name: Tab enters the group, the arrow keys move and choose', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm(radios);
    const group = screen.getByRole('radiogroup', { name: 'Profession' });
    const [a, b, c] = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(new Set([a.name, b.name, c.name]).size).toBe(1);
    await user.tab();
    expect(document.activeElement).toBe(a);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(b);
    expect(latest().v).toBe('B');
    await user.keyboard('{ArrowDown}');
    expect(latest().v).toBe('C');
    expect(c.checked).toBe(true);
    expect(b.checked).toBe(false);
  });

  it('ids from RJSF’s: the group has the field’s, each radio the field’s and its position', () => {
    renderForm(radios);
    expect(screen.getByRole('radiogroup', { name: 'Profession' }).id).toBe('root_v');
    expect(screen.getAllByRole('radio').map((r) => r.id)).toEqual(['root_v-0', 'root_v-1', 'root_v-2']);
  });

  it('in error: the group is invalid and described by its message; read-only: disabled', () => {
    const { unmount } = renderForm({ ...radios, extraErrors: WRONG });
    const group = screen.getByRole('radiogroup', { name: 'Profession' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(description(group)).toContain('Please check this');
    unmount();
    renderForm({ ...radios, uiSchema: { v: { ...radios.uiSchema.v, 'ui:readonly': true } } });
    for (const radio of screen.getAllByRole('radio')) expect((radio as HTMLInputElement).disabled).toBe(true);
  });

  it('choice buttons: radios drawn as buttons, named by their labels, chosen with the arrow keys', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema: one({ type: 'string' }),
      uiSchema: {
        v: {
          'ui:widget': 'choiceButtons',
          'ui:title': 'Salutation',
          'ui:options': choices(['Mr', 'Ms'], ['mr', 'ms']),
        },
      },
    });
    const group = screen.getByRole('radiogroup', { name: 'Salutation' });
    await user.click(within(group).getByRole('radio', { name: 'Mr' }));
    expect(latest().v).toBe('mr');
    await user.keyboard('{ArrowRight}');
    expect(latest().v).toBe('ms');
    expect((within(group).getByRole('radio', { name: 'Ms' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('switch, checkbox, agreement', () => {
  it('switch: a button with role switch, off while the data holds nothing; invalid in error; read-only disabled', () => {
    const uiSchema = { v: { 'ui:widget': 'switch', 'ui:title': 'Newsletter' } };
    const { unmount } = renderForm({ schema: one({ type: 'boolean' }), uiSchema, extraErrors: WRONG });
    const toggle = screen.getByRole('switch', { name: 'Newsletter' });
    expect(toggle.tagName).toBe('BUTTON');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.getAttribute('aria-invalid')).toBe('true');
    expect(description(toggle)).toContain('Please check this');
    unmount();
    renderForm({ schema: one({ type: 'boolean' }), uiSchema: { v: { ...uiSchema.v, 'ui:readonly': true } } });
    expect((screen.getByRole('switch', { name: 'Newsletter' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('checkbox: labelled by its own label, storing a boolean', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema: one({ type: 'boolean' }),
      uiSchema: { v: { 'ui:widget': 'checkbox', 'ui:title': 'I am under 18' } },
    });
    const box = screen.getByRole('checkbox', { name: /I am under 18/ }) as HTMLInputElement;
    expect(box.closest('.ant-checkbox-wrapper')).toBeNull();
    expect(box.checked).toBe(false);
    await user.click(box);
    expect(latest().v).toBe(true);
    expect(box.checked).toBe(true);
    await user.keyboard(' ');
    expect(latest().v).toBe(false);
  });

  it('checkbox: a field that must be ticked carries the red mark beside its label', () => {
    renderForm({
      schema: { type: 'object', required: ['v'], properties: { v: { type: 'boolean', const: true } } },
      uiSchema: { v: { 'ui:widget': 'checkbox', 'ui:title': 'I agree' } },
    });
    const box = screen.getByRole('checkbox', { name: /I agree/ });
    expect(box.closest('label')?.querySelector('.antrag-required-mark')?.textContent).toBe('*');
  });

  it('checkboxes: a group named by its label, storing the ticked options’ values in their order', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema: one({ type: 'array', uniqueItems: true, items: { enum: ['de', 'en', 'fr'] } }),
      uiSchema: {
        v: {
          'ui:widget': 'checkboxes',
          'ui:title': 'Languages',
          'ui:options': choices(['German', 'English', 'French'], ['de', 'en', 'fr']),
        },
      },
    });
    const group = screen.getByRole('group', { name: 'Languages' });
    await user.click(within(group).getByRole('checkbox', { name: 'French' }));
    await user.click(within(group).getByRole('checkbox', { name: 'German' }));
    expect(latest().v).toEqual(['de', 'fr']);
    await user.click(within(group).getByRole('checkbox', { name: 'French' }));
    expect(latest().v).toEqual(['de']);
  });

  it('agreement: the checkbox is invalid and described by its message in error, toggled with Space', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema: one({ type: 'boolean' }),
      uiSchema: { v: { 'ui:widget': 'agreement', 'ui:options': { content: 'I agree to the [terms](/terms)' } } },
      extraErrors: WRONG,
    });
    const box = screen.getByRole('checkbox', { name: /I agree to the terms/ });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(description(box)).toContain('Please check this');
    box.focus();
    await user.keyboard(' ');
    expect(latest().v).toBe(true);
  });
});

describe('RJSF’s input template in the engine’s form', () => {
  /** The engine's RJSF form (its antd templates, the light input template) with the project's widgets. */
  function renderEngineForm(
    schema: RJSFSchema,
    uiSchema: UiSchema,
    extraErrors?: typeof WRONG,
    formData?: Record<string, unknown>,
  ) {
    let data: Record<string, unknown> = formData ?? {};
    render(
      <EngineForm
        schema={schema}
        uiSchema={uiSchema}
        formData={formData}
        validator={validator}
        widgets={widgets}
        fields={fields}
        extraErrors={extraErrors}
        showErrorList={false}
        onChange={(e) => {
          data = e.formData;
        }}
      />,
    );
    return () => data;
  }

  it('a field drawn by RJSF’s own widget (a web address) is a light text box, invalid in error', async () => {
    const user = userEvent.setup();
    const latest = renderEngineForm(one({ type: 'string', format: 'uri' }), { v: { 'ui:title': 'Website' } }, WRONG);
    const input = screen.getByRole('textbox', { name: 'Website' }) as HTMLInputElement;
    expect(input.type).toBe('url');
    expect(input.closest('.ant-input')).toBeNull();
    expect(boxOf(input).classList.contains('antrag-input-invalid')).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(description(input)).toContain('Please check this');
    await user.type(input, 'https://example.com');
    expect(latest().v).toBe('https://example.com');
  });

  it('the key of an additional property is a light text box; renaming it renames the entry', async () => {
    const user = userEvent.setup();
    const latest = renderEngineForm(
      one({ type: 'object', additionalProperties: { type: 'string' } }),
      { v: { 'ui:title': 'Extras' } },
      undefined,
      { v: { colour: 'blue' } },
    );
    // the entry's template loads when first drawn (light/WrapIfAdditionalTemplate.tsx)
    const key = (await screen.findByRole('textbox', { name: 'colour Key' })) as HTMLInputElement;
    expect(key.closest('.ant-input')).toBeNull();
    expect(boxOf(key).className).toBe('antrag-input');
    await user.clear(key);
    await user.type(key, 'color');
    await user.tab();
    expect(latest().v).toEqual({ color: 'blue' });
  });

  it('a number RJSF draws with its up-down widget is a native number input, stored as a number', async () => {
    const user = userEvent.setup();
    const latest = renderEngineForm(one({ type: 'integer', minimum: 1 }), {
      v: { 'ui:widget': 'updown', 'ui:title': 'Nights' },
    });
    const input = screen.getByRole('spinbutton', { name: 'Nights' }) as HTMLInputElement;
    expect(input.type).toBe('number');
    expect(input.min).toBe('1');
    await user.type(input, '3');
    expect(latest().v).toBe(3);
  });
});

/** Props as RJSF hands a widget, for drawing it outside a form. */
function propsOf(schema: RJSFSchema, value: unknown, extra: Partial<WidgetProps> = {}): WidgetProps {
  return {
    id: 'root_v',
    name: 'v',
    htmlName: 'v',
    schema,
    uiSchema: {} as UiSchema,
    value,
    label: 'V',
    options: {},
    required: false,
    disabled: false,
    readonly: false,
    autofocus: false,
    rawErrors: ['Please check this'],
    onChange: vi.fn(),
    onBlur: vi.fn(),
    onFocus: vi.fn(),
    registry: { formContext: { locale: 'de' } } as unknown as Registry,
    ...extra,
  } as WidgetProps;
}

describe('server rendering', () => {
  const cases: Array<[string, ComponentType<WidgetProps>, WidgetProps]> = [
    ['text', TextWidget, propsOf({ type: 'string' }, 'Ann', { options: { maxLength: 100 } })],
    ['email', EmailWidget, propsOf({ type: 'string' }, undefined)],
    ['textarea', TextareaWidget, propsOf({ type: 'string' }, 'Hi', { options: { maxLength: 50 } })],
    ['number', NumberWidget, propsOf({ type: 'number' }, 1.5, { options: { min: 0 } })],
    ['currency', CurrencyWidget, propsOf({ type: 'number' }, 900, { options: { currency: 'EUR' } })],
    ['select', SelectWidget, propsOf({ type: 'string' }, 'b', { options: choices(['a', 'b']) })],
    ['radio', RadioWidget, propsOf({ type: 'string' }, 'a', { options: choices(['a', 'b']) })],
    ['choiceButtons', ChoiceButtonsWidget, propsOf({ type: 'string' }, 'b', { options: choices(['a', 'b']) })],
    ['switch', SwitchWidget, propsOf({ type: 'boolean' }, true)],
    ['checkbox', CheckboxWidget, propsOf({ type: 'boolean' }, false)],
    ['checkboxes', CheckboxesWidget, propsOf({ type: 'array' }, ['a'], { options: choices(['a', 'b']) })],
    ['agreement', AgreementWidget, propsOf({ type: 'boolean' }, true, { options: { content: 'I [agree](/t)' } })],
  ];

  it.each(cases)(
    '%s: the server’s HTML is what the browser draws, and hydrates without a mismatch',
    async (_n, W, p) => {
      const element: ReactElement = <W {...p} />;
      const html = renderToString(element);
      // the server's HTML as the browser reads it (attribute case, void elements)
      const parsed = document.createElement('div');
      parsed.innerHTML = html;
      const container = document.createElement('div');
      container.innerHTML = html;
      document.body.append(container);
      const problems: unknown[] = [];
      const error = vi.spyOn(console, 'error').mockImplementation((...args) => problems.push(args));
      try {
        const root = await act(async () =>
          hydrateRoot(container, element, { onRecoverableError: (e) => problems.push(e) }),
        );
        expect(problems).toEqual([]);
        expect(container.innerHTML).toBe(parsed.innerHTML);
        act(() => root.unmount());
      } finally {
        error.mockRestore();
        container.remove();
      }
    },
  );
});
