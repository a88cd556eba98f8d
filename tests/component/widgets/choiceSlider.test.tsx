/** @vitest-environment jsdom */
import '../setup.js';
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

  it('the first arrow key chooses where the handle lands, as before', () => {
    const { latest } = renderForm(months);
    const handle = screen.getByRole('slider', { name: 'Contract duration' });
    key(handle, 'ArrowRight', 39);
    expect(latest().v).toBe(2);
    expect(handle.getAttribute('aria-valuetext')).toBe('2');
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
