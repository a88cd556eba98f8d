import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForm } from './renderForm.js';

const months = {
  schema: { type: 'object' as const, properties: { v: { type: 'number' as const } } },
  uiSchema: {
    v: {
      'ui:widget': 'choiceSlider',
      'ui:title': 'Contract duration',
      'ui:options': { options: [1, 2, 3].map((m) => ({ value: m, label: String(m) })) },
    },
  },
};

// rc-slider reads keyCode, which user-event does not set
const key = (el: HTMLElement, name: string, keyCode: number) => {
  fireEvent.keyDown(el, { key: name, keyCode, which: keyCode });
  fireEvent.keyUp(el, { key: name, keyCode, which: keyCode });
};

describe('choiceSlider with nothing chosen yet', () => {
  it("announces 'Not chosen' and draws the handle neutral instead of showing the first option as chosen", () => {
    const { latest } = renderForm(months);
    const handle = screen.getByRole('slider', { name: 'Contract duration' });
    expect(handle.getAttribute('aria-valuetext')).toBe('Not chosen');
    expect(handle.closest('.ant-slider')?.classList.contains('antrag-slider-unchosen')).toBe(true);
    expect(latest()?.v).toBeUndefined();
  });

  it('says so in the active language', () => {
    renderForm({ ...months, formContext: { locale: 'de' } });
    expect(screen.getByRole('slider', { name: 'Contract duration' }).getAttribute('aria-valuetext')).toBe(
      'Nicht gewählt',
    );
  });

  it('Home chooses the first option, though the handle does not move', () => {
    const { latest } = renderForm(months);
    const handle = screen.getByRole('slider', { name: 'Contract duration' });
    key(handle, 'Home', 36);
    expect(latest().v).toBe(1);
    expect(handle.getAttribute('aria-valuetext')).toBe('1');
    expect(handle.closest('.ant-slider')?.classList.contains('antrag-slider-unchosen')).toBe(false);
    key(handle, 'ArrowRight', 39);
    key(handle, 'ArrowRight', 39);
    expect(latest().v).toBe(3);
    expect(handle.getAttribute('aria-valuetext')).toBe('3');
  });

  it('the first arrow key chooses the first option, not the one after it; End the last', () => {
    const { latest } = renderForm(months);
    const handle = screen.getByRole('slider', { name: 'Contract duration' });
    key(handle, 'ArrowRight', 39);
    expect(latest().v).toBe(1);
    expect(handle.getAttribute('aria-valuetext')).toBe('1');
    expect(handle.getAttribute('aria-valuenow')).toBe('1');
    key(handle, 'ArrowRight', 39);
    expect(latest().v).toBe(2);

    const other = renderForm(months);
    const second = other.getAllByRole('slider', { name: 'Contract duration' }).at(-1) as HTMLElement;
    key(second, 'End', 35);
    expect(other.latest().v).toBe(3);
  });

  it('announces the options themselves (1–3), not their indexes, and hides the handle and its tooltip while empty', () => {
    renderForm(months);
    const handle = screen.getByRole('slider', { name: 'Contract duration' });
    expect(handle.getAttribute('aria-valuemin')).toBe('1');
    expect(handle.getAttribute('aria-valuemax')).toBe('3');
    expect(handle.getAttribute('aria-valuenow')).toBe('1');
    fireEvent.focus(handle);
    expect(handle.style.opacity).toBe('0');
    expect(document.querySelector('.ant-tooltip')).toBeNull();
  });

  it('options that are not consecutive numbers are announced by their place from 1, with their labels', () => {
    renderForm({
      schema: { type: 'object' as const, properties: { v: { type: 'string' as const } } },
      uiSchema: {
        v: {
          'ui:widget': 'choiceSlider',
          'ui:title': 'Size',
          'ui:options': { options: ['s', 'm', 'l'].map((v) => ({ value: v, label: v.toUpperCase() })) },
        },
      },
      formData: { v: 'm' },
    });
    const handle = screen.getByRole('slider', { name: 'Size' });
    expect([handle.getAttribute('aria-valuemin'), handle.getAttribute('aria-valuemax')]).toEqual(['1', '3']);
    expect(handle.getAttribute('aria-valuenow')).toBe('2');
    expect(handle.getAttribute('aria-valuetext')).toBe('M');
  });

  it('the handle carries the field id, aria-invalid and aria-describedby', () => {
    renderForm(months);
    const handle = screen.getByRole('slider', { name: 'Contract duration' });
    expect(handle.id).toBe('root_v');
    expect(document.querySelectorAll('#root_v')).toHaveLength(1);
    expect(handle.getAttribute('aria-invalid')).toBe('false');
    expect(handle.getAttribute('aria-describedby')).toContain('root_v__error');
  });

  it('a key that does not move a chosen handle changes nothing', () => {
    const { latest, changes } = renderForm({ ...months, formData: { v: 1 } });
    const handle = screen.getByRole('slider', { name: 'Contract duration' });
    expect(handle.getAttribute('aria-valuetext')).toBe('1');
    key(handle, 'Home', 36);
    expect(changes).toHaveLength(0);
    expect(latest().v).toBe(1);
  });

  it('a click on the first mark chooses it', () => {
    const { latest } = renderForm(months);
    fireEvent.click(screen.getByText('1'));
    expect(latest().v).toBe(1);
  });
});
