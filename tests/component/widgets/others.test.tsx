import { fireEvent, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatComputed } from '../../../packages/react/src/widgets/computed/format.js';
import { openList } from './lists.js';
import { renderForm } from './renderForm.js';

const one = (type: 'string' | 'number' | 'boolean' | 'object' | 'array', extra: object = {}) => ({
  type: 'object' as const,
  properties: { v: { type, ...extra } },
});

describe('country', () => {
  it('widget: searchable list in the active locale, value is the ISO code', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema: one('string'),
      uiSchema: { v: { 'ui:widget': 'country', 'ui:title': 'Land', 'ui:options': { valueShape: 'code' } } },
      formContext: { locale: 'de' },
    });
    await openList(user, 'Land');
    await user.keyboard('österr');
    await user.click(await screen.findByTitle('Österreich'));
    expect(latest().v).toBe('AT');
  });

  it('field: value is { name, iso }', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema: one('object', { properties: { name: { type: 'string' }, iso: { type: 'string' } } }),
      uiSchema: { v: { 'ui:field': 'country', 'ui:title': 'Nationality' } },
    });
    await openList(user, 'Nationality');
    await user.keyboard('germ');
    await user.click(await screen.findByTitle('Germany'));
    expect(latest().v).toEqual({ name: 'Germany', iso: 'DE' });
  });
});

describe('agreement', () => {
  it('renders links opening in a new tab, no raw HTML, and stores true when ticked', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema: one('boolean'),
      uiSchema: {
        v: {
          'ui:widget': 'agreement',
          'ui:options': { content: 'I accept the [terms](https://example.com/terms) <b>now</b>' },
        },
      },
    });
    const link = screen.getByText('terms');
    expect(link.getAttribute('href')).toBe('https://example.com/terms');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(document.querySelector('b')).toBeNull();
    await user.click(screen.getByRole('checkbox'));
    expect(latest().v).toBe(true);
  });
});

describe('info and computed', () => {
  it('info shows its translated content as a warning', () => {
    renderForm({
      // an empty property schema is not rendered by RJSF 6 at all, so display-only fields need some keyword
      schema: { type: 'object', properties: { note: { $comment: 'display only' } } },
      uiSchema: { note: { 'ui:field': 'info', 'ui:options': { content: 'upload.hint10MB', variant: 'warning' } } },
    });
    expect(screen.getByText('max. 10MB size')).toBeTruthy();
    // antd's Alert's look, drawn without antd's code (an info may be on a first screen)
    const alert = document.querySelector('.antrag-alert-warning');
    expect(alert?.getAttribute('role')).toBe('alert');
    expect(alert?.querySelector('.antrag-alert-icon')).not.toBeNull();
    expect(document.querySelector('.ant-alert')).toBeNull();
  });

  it('computed shows the runner-provided value formatted as currency, and nothing without it', () => {
    const uiSchema = {
      total: { 'ui:field': 'computed', 'ui:title': 'Total', 'ui:options': { value: 'sum', format: 'currency' } },
    };
    const schema = { type: 'object' as const, properties: { total: { type: 'number' as const } } };
    const { unmount } = renderForm({ schema, uiSchema, formContext: { formData: { sum: 1234.56 } } });
    // amounts in the page's language: English by default
    expect(screen.getByText('€1,234.56')).toBeTruthy();
    unmount();
    renderForm({ schema, uiSchema });
    expect(screen.queryByText('Total')).toBeNull();
    expect(formatComputed('2024-03-15', 'date')).toBe('15/03/2024');
    expect(formatComputed(1234.5, 'number')).toBe('1,234.5');
    expect(formatComputed(1234.5, 'number', 'de')).toBe('1.234,5');
    expect(formatComputed(6150.4, 'currency', 'en')).toBe('€6,150.40');
    expect(formatComputed(6150.4, 'currency', 'de')).toBe('6.150,40\u00a0€');
    expect(formatComputed(35, 'currency', 'fr')).toBe('35,00\u00a0€');
  });
});

describe('currency, rate, choices, month', () => {
  it('currency shows € and stores a number', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema: one('number'),
      uiSchema: {
        v: {
          'ui:widget': 'currency',
          'ui:title': 'Income',
          'ui:options': { currency: 'EUR', symbolPosition: 'suffix' },
        },
      },
    });
    expect(screen.getByText('€')).toBeTruthy();
    await user.type(screen.getByLabelText('Income'), '1500');
    expect(latest().v).toBe(1500);
  });

  it('rate stores the chosen number of stars', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema: one('number'),
      uiSchema: { v: { 'ui:widget': 'rate', 'ui:title': 'Rating', 'ui:options': { count: 5 } } },
    });
    const stars = document.querySelectorAll('.ant-rate-star > div');
    expect(stars).toHaveLength(5);
    await user.click(stars[3] as HTMLElement);
    expect(latest().v).toBe(4);
  });

  it('choiceButtons stores the chosen option value', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema: one('string'),
      uiSchema: {
        v: {
          'ui:widget': 'choiceButtons',
          'ui:options': {
            options: [
              { value: 'mr', label: 'Mr' },
              { value: 'ms', label: 'Ms' },
            ],
          },
        },
      },
    });
    await user.click(screen.getByText('Ms'));
    expect(latest().v).toBe('ms');
  });

  it('choiceSlider moves between options with the arrow keys', () => {
    const { latest } = renderForm({
      schema: one('string'),
      uiSchema: {
        v: {
          'ui:widget': 'choiceSlider',
          'ui:title': 'Level',
          'ui:options': {
            options: [
              { value: 'a', label: 'Low' },
              { value: 'b', label: 'Mid' },
              { value: 'c', label: 'High' },
            ],
          },
        },
      },
      formData: { v: 'a' },
    });
    const handle = document.querySelector('[role="slider"]') as HTMLElement;
    // rc-slider reads keyCode, which user-event does not set
    fireEvent.keyDown(handle, { key: 'ArrowRight', keyCode: 39, which: 39 });
    expect(latest().v).toBe('b');
    expect(handle.getAttribute('aria-valuetext')).toBe('Mid');
  });

  it('month shows MM/YYYY and stores YYYY-MM', () => {
    renderForm({
      schema: one('string'),
      uiSchema: { v: { 'ui:widget': 'month', 'ui:title': 'Since', 'ui:options': { displayFormat: 'MM/YYYY' } } },
      formData: { v: '2024-03' },
    });
    expect((screen.getByLabelText('Since') as HTMLInputElement).value).toBe('03/2024');
  });
});
