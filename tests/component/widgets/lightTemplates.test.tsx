/**
 * The light field templates (widgets/light/FieldTemplate.tsx, fieldParts.tsx): what antd's `Form.Item` drew around a
 * field — the label tied to the control with the required mark, the description, the error list the control's
 * `aria-describedby` names, a help text in the errors' place — drawn with no antd form code, the same on the server
 * and in the browser, and the field's error state handed to antd's controls as the item handed it.
 */
import { ErrorSchemaBuilder, type RJSFSchema, type UiSchema, type WidgetProps } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { render, screen } from '@testing-library/react';
import { Select } from 'antd';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Form as EngineForm, preloadAntdTemplates } from '../../../packages/react/src/engine/rjsfTheme.js';
import { widgets } from '../../../packages/react/src/widgets/index.js';
import { withAntdFieldStatus } from '../../../packages/react/src/widgets/shared/antdFieldStatus.js';

const person: RJSFSchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', title: 'Name' },
    maiden: { type: 'string', title: 'Maiden name', description: 'Only if it differs from your last name.' },
    agree: { type: 'boolean', title: 'I agree' },
  },
};
const uiSchema: UiSchema = { agree: { 'ui:widget': 'checkbox' } };

function draw(opts: { schema?: RJSFSchema; uiSchema?: UiSchema; extraErrors?: object; widgets?: object } = {}) {
  return (
    <EngineForm
      schema={opts.schema ?? person}
      uiSchema={opts.uiSchema ?? uiSchema}
      validator={validator}
      widgets={{ ...widgets, ...opts.widgets }}
      extraErrors={opts.extraErrors as never}
      showErrorList={false}
    />
  );
}

/** The text of the elements an element's aria-describedby names (those that exist). */
function described(el: Element): string {
  return (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? document.getElementById(id)?.textContent : '') ?? '')
    .join(' ')
    .trim();
}

const itemOf = (control: Element) => control.closest('.antrag-form-item') as HTMLElement;

describe('the light field template', () => {
  // antd's array template loads when a form draws one: here it is there, as after a use
  beforeAll(() => preloadAntdTemplates());

  it('ties the label to its control and marks a required field', () => {
    render(draw());
    const name = screen.getByLabelText('Name');
    expect(name.id).toBe('root_name');
    const label = document.querySelector('label[for="root_name"]') as HTMLLabelElement;
    expect(label.className).toBe('ant-form-item-required');
    expect(label.title).toBe('Name');
    expect(label.closest('.ant-form-item-label')).not.toBeNull();
    // an optional field's label has no mark
    expect((document.querySelector('label[for="root_maiden"]') as HTMLLabelElement).className).toBe('');
    // the layout antd's vertical item had: label, then the control in its input row
    expect(name.closest('.ant-form-item-control-input-content')).not.toBeNull();
    expect(itemOf(name).classList).toContain('ant-form-item');
  });

  it('leaves the label of a check box to the box itself', () => {
    render(draw());
    const agree = screen.getByRole('checkbox', { name: 'I agree' });
    expect(itemOf(agree).querySelector('.ant-form-item-label')).toBeNull();
  });

  it('shows the description below the control, named by its aria-describedby', () => {
    render(draw());
    const maiden = screen.getByLabelText('Maiden name');
    const text = document.getElementById('root_maiden__description');
    expect(text?.textContent).toBe('Only if it differs from your last name.');
    expect(text?.closest('.ant-form-item-extra')).not.toBeNull();
    expect(described(maiden)).toBe('Only if it differs from your last name.');
    // no description: no empty extra line taking room
    expect(itemOf(screen.getByLabelText('Name')).querySelector('.ant-form-item-extra')).toBeNull();
  });

  it('lists a field’s errors in the error colour, under the id its control names', () => {
    const extraErrors = new ErrorSchemaBuilder().addErrors(['Required', 'Too short'], 'name').ErrorSchema;
    render(draw({ extraErrors }));
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const list = document.getElementById('root_name__error') as HTMLElement;
    expect([...list.children].map((line) => line.textContent)).toEqual(['Required', 'Too short']);
    expect(list.closest('.ant-form-item-explain-error')).not.toBeNull();
    expect(described(name)).toBe('RequiredToo short');
    const item = itemOf(name);
    expect(item.classList).toContain('ant-form-item-has-error');
    expect(item.classList).toContain('ant-form-item-with-help');
    // a field without errors draws no message line and keeps antd's spacing
    const maidenItem = itemOf(screen.getByLabelText('Maiden name'));
    expect(maidenItem.classList).not.toContain('ant-form-item-has-error');
    expect(maidenItem.querySelector('.ant-form-item-explain')).toBeNull();
  });

  it('shows a help text in the place of the errors, as antd’s template does', () => {
    const extraErrors = new ErrorSchemaBuilder().addErrors('Required', 'name').ErrorSchema;
    render(draw({ uiSchema: { ...uiSchema, name: { 'ui:help': 'As in your passport' } }, extraErrors }));
    const help = document.getElementById('root_name__help') as HTMLElement;
    expect(help.textContent).toBe('As in your passport');
    expect(help.className).toBe('help-block');
    expect(document.getElementById('root_name__error')).toBeNull();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(help.closest('.ant-form-item-explain-error')).not.toBeNull();
  });

  it('draws an array’s title as a label over a divider', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: { names: { type: 'array', title: 'Other names', items: { type: 'string' } } },
    };
    render(draw({ schema, uiSchema: {} }));
    const title = document.querySelector('label[for="root_names__title"]') as HTMLLabelElement;
    expect(title.textContent).toBe('Other names');
    expect(title.nextElementSibling?.tagName).toBe('HR');
  });

  it('draws the same on the server and in the browser', async () => {
    const extraErrors = new ErrorSchemaBuilder().addErrors('Required', 'name').ErrorSchema;
    const element = draw({ extraErrors });
    const html = renderToString(element);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const root = hydrateRoot(container, element, { onRecoverableError: recoverable });
      await vi.waitFor(() => expect(container.querySelector('#root_name')).not.toBeNull());
      await new Promise((done) => setTimeout(done, 50));
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      // the browser's serialisation of the server's HTML, unchanged by hydrating
      const served = document.createElement('div');
      served.innerHTML = html;
      expect(container.innerHTML).toBe(served.innerHTML);
      root.unmount();
    } finally {
      errors.mockRestore();
      container.remove();
    }
  });
});

describe('antd controls inside the light field template', () => {
  /** An antd Select as the loaded-on-use widgets draw it, with the field's state handed on. */
  const AntdSelect = withAntdFieldStatus(function AntdSelect({ id }: WidgetProps) {
    return <Select id={id} options={[{ value: 'a', label: 'A' }]} style={{ width: '100%' }} />;
  });
  const schema: RJSFSchema = { type: 'object', properties: { pick: { type: 'string', title: 'Pick' } } };
  const ui: UiSchema = { pick: { 'ui:widget': 'antdSelect' } };

  it('shows the error border and ✕ on the control of a field in error', () => {
    const extraErrors = new ErrorSchemaBuilder().addErrors('Required', 'pick').ErrorSchema;
    const { container } = render(draw({ schema, uiSchema: ui, extraErrors, widgets: { antdSelect: AntdSelect } }));
    expect(container.querySelector('.ant-select-status-error')).not.toBeNull();
    expect(container.querySelector('.ant-select .ant-form-item-feedback-icon-error')).not.toBeNull();
  });

  it('shows neither while the field is valid', () => {
    const { container } = render(draw({ schema, uiSchema: ui, widgets: { antdSelect: AntdSelect } }));
    expect(container.querySelector('.ant-select')).not.toBeNull();
    expect(container.querySelector('.ant-select-status-error')).toBeNull();
    expect(container.querySelector('.ant-form-item-feedback-icon')).toBeNull();
  });
});
