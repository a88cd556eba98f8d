/**
 * The engine's Button (engine/chrome/Button.tsx): antd's Button look and behaviour without antd's code.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../../../packages/react/src/engine/chrome/Button.js';

describe('Button', () => {
  it('is a button of type button by default, clicked by mouse and keyboard', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Previous</Button>);
    const button = screen.getByRole('button', { name: 'Previous' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.className).toContain('antrag-btn-default');
    await userEvent.click(button);
    await userEvent.tab();
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(button);
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  it('draws the primary look, sizes, block and danger with their classes', () => {
    render(
      <>
        <Button type="primary" htmlType="submit" size="large" block danger>
          Next
        </Button>
        <Button type="link" size="small">
          More
        </Button>
      </>,
    );
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next.getAttribute('type')).toBe('submit');
    for (const c of ['antrag-btn', 'antrag-btn-primary', 'antrag-btn-lg', 'antrag-btn-block', 'antrag-btn-dangerous']) {
      expect(next.classList.contains(c)).toBe(true);
    }
    const more = screen.getByRole('button', { name: 'More' });
    expect(more.classList.contains('antrag-btn-link')).toBe(true);
    expect(more.classList.contains('antrag-btn-sm')).toBe(true);
  });

  it('while loading shows the turning icon before its text, says it is busy and ignores clicks and submits', () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="primary" htmlType="submit" loading onClick={onClick}>
          Next
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Next' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.classList.contains('antrag-btn-loading')).toBe(true);
    const icon = button.firstElementChild as HTMLElement;
    expect(icon.querySelector('.antrag-icon-spin svg[data-icon="loading"]')).not.toBeNull();
    expect(icon.nextElementSibling?.textContent).toBe('Next');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('once no longer loading, clicks and submits again', () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <Button type="primary" htmlType="submit" loading>
          Next
        </Button>
      </form>,
    );
    rerender(
      <form onSubmit={onSubmit}>
        <Button type="primary" htmlType="submit">
          Next
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Next' });
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(button.querySelector('.antrag-icon')).toBeNull();
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('disabled: not clickable, out of the tab order', async () => {
    const onClick = vi.fn();
    render(
      <>
        <Button disabled onClick={onClick}>
          Done
        </Button>
        <Button>Other</Button>
      </>,
    );
    const done = screen.getByRole('button', { name: 'Done' }) as HTMLButtonElement;
    expect(done.disabled).toBe(true);
    await userEvent.click(done);
    expect(onClick).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Other' }));
  });

  it('with href is a link drawn as a button; disabled, a link without a target', () => {
    render(
      <>
        <Button type="primary" href="/forms/a">
          Start
        </Button>
        <Button href="/forms/b" disabled>
          Later
        </Button>
      </>,
    );
    const start = screen.getByRole('link', { name: 'Start' });
    expect(start.tagName).toBe('A');
    expect(start.getAttribute('href')).toBe('/forms/a');
    expect(start.classList.contains('antrag-btn-primary')).toBe(true);
    const later = screen.getByText('Later').closest('a') as HTMLAnchorElement;
    expect(later.hasAttribute('href')).toBe(false);
    expect(later.getAttribute('aria-disabled')).toBe('true');
    expect(later.classList.contains('antrag-btn-disabled')).toBe(true);
  });

  it('an icon alone makes a square button named by its aria-label; the ref reaches the element; autoFocus focuses', () => {
    const ref = createRef<HTMLButtonElement | HTMLAnchorElement>();
    render(<Button ref={ref} type="text" aria-label="Close" icon={<span data-testid="x" />} autoFocus />);
    const close = screen.getByRole('button', { name: 'Close' });
    expect(ref.current).toBe(close);
    expect(close.classList.contains('antrag-btn-icon-only')).toBe(true);
    expect(close.classList.contains('antrag-btn-text')).toBe(true);
    expect(document.activeElement).toBe(close);
  });
});
