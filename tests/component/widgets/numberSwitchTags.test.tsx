import { fireEvent, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openList } from './lists.js';
import { renderForm } from './renderForm.js';

const one = (type: 'integer' | 'number' | 'boolean' | 'array', extra: object = {}) => ({
  type: 'object' as const,
  properties: { v: { type, ...extra } },
});

describe('switch', () => {
  it('is a labelled switch toggled with the keyboard, storing a boolean', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema: one('boolean'),
      uiSchema: { v: { 'ui:widget': 'switch', 'ui:title': 'Newsletter' } },
    });
    const toggle = screen.getByRole('switch', { name: 'Newsletter' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    toggle.focus();
    await user.keyboard(' ');
    expect(latest().v).toBe(true);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.keyboard('{Enter}');
    expect(latest().v).toBe(false);
  });
});

describe('number', () => {
  it('is a labelled spin button storing a number, whole for integer schemas, stepped with the arrow keys', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema: one('integer'),
      uiSchema: { v: { 'ui:widget': 'number', 'ui:title': 'Children', 'ui:options': { min: 0, max: 10, step: 1 } } },
    });
    const input = screen.getByRole('spinbutton', { name: 'Children' });
    expect(input.getAttribute('aria-valuemin')).toBe('0');
    expect(input.getAttribute('aria-valuemax')).toBe('10');
    await user.type(input, '3');
    expect(latest().v).toBe(3);
    await user.keyboard('{ArrowUp}');
    expect(latest().v).toBe(4);
  });

  it('range: a slider between the field’s min and max, moved with the arrow keys', () => {
    const { latest } = renderForm({
      schema: one('number'),
      uiSchema: { v: { 'ui:widget': 'range', 'ui:title': 'Months', 'ui:options': { min: 6, max: 24, step: 6 } } },
      formData: { v: 6 },
    });
    const handle = screen.getByRole('slider', { name: 'Months' });
    expect(handle.getAttribute('aria-valuemin')).toBe('6');
    expect(handle.getAttribute('aria-valuemax')).toBe('24');
    // rc-slider reads keyCode, which user-event does not set
    fireEvent.keyDown(handle, { key: 'ArrowRight', keyCode: 39, which: 39 });
    expect(latest().v).toBe(12);
  });

  it("range with no value: announced 'Not chosen' and drawn neutral at min; Home chooses min, an arrow moves on", () => {
    const range = {
      schema: one('integer'),
      uiSchema: { v: { 'ui:widget': 'range', 'ui:title': 'Months', 'ui:options': { min: 6, max: 24, step: 6 } } },
    };
    const { latest } = renderForm(range);
    const handle = screen.getByRole('slider', { name: 'Months' });
    expect(handle.getAttribute('aria-valuetext')).toBe('Not chosen');
    expect(handle.closest('.ant-slider')?.classList.contains('antrag-slider-unchosen')).toBe(true);
    expect(latest()?.v).toBeUndefined();
    // a key that leaves the handle where it is still chooses
    fireEvent.keyDown(handle, { key: 'Home', keyCode: 36, which: 36 });
    fireEvent.keyUp(handle, { key: 'Home', keyCode: 36, which: 36 });
    expect(latest().v).toBe(6);
    expect(handle.getAttribute('aria-valuetext')).toBe('6');
    expect(handle.closest('.ant-slider')?.classList.contains('antrag-slider-unchosen')).toBe(false);
    fireEvent.keyDown(handle, { key: 'ArrowRight', keyCode: 39, which: 39 });
    expect(latest().v).toBe(12);
  });
});

describe('tags', () => {
  it('stores several chosen options as an array', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({
      schema: one('array', { uniqueItems: true, items: { enum: ['de', 'en', 'fr'] } }),
      uiSchema: {
        v: {
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
      },
    });
    await openList(user, 'Languages');
    await user.click(screen.getByTitle('English'));
    await user.keyboard('fre');
    await user.click(screen.getByTitle('French'));
    expect(latest().v).toEqual(['en', 'fr']);
  });
});
