/**
 * The engine's Alert (engine/chrome/Alert.tsx): antd's Alert look and behaviour without antd's code.
 */
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from '../../../packages/react/src/engine/chrome/Alert.js';

describe('Alert', () => {
  it('is an alert (antd’s role) with the type’s colours, its icon, title and description', () => {
    render(<Alert type="error" showIcon title="Could not send" description="Try again later." />);
    const alert = screen.getByRole('alert');
    expect(alert.classList.contains('antrag-alert-error')).toBe(true);
    expect(alert.classList.contains('antrag-alert-with-description')).toBe(true);
    expect(alert.querySelector('.antrag-alert-icon svg[data-icon="close-circle"]')).not.toBeNull();
    expect(alert.querySelector('.antrag-alert-title')?.textContent).toBe('Could not send');
    expect(alert.querySelector('.antrag-alert-description')?.textContent).toBe('Try again later.');
    // the icon is decoration: the text says it all
    expect(alert.querySelector('.antrag-alert-icon [aria-hidden="true"]')).not.toBeNull();
  });

  it('takes another role, no icon unless asked, and draws each type’s icon', () => {
    const { rerender } = render(<Alert type="info" role="none" title="Changed" />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('.antrag-alert-icon')).toBeNull();
    const icons = {
      success: 'check-circle',
      info: 'info-circle',
      warning: 'exclamation-circle',
      error: 'close-circle',
    };
    for (const [type, name] of Object.entries(icons)) {
      rerender(<Alert type={type as keyof typeof icons} showIcon title="t" />);
      expect(document.querySelector(`.antrag-alert-${type} .antrag-alert-icon svg`)?.getAttribute('data-icon')).toBe(
        name,
      );
    }
  });

  it('shows its action beside the text', async () => {
    const retry = vi.fn();
    render(
      <Alert
        type="error"
        title="Step failed"
        action={
          <button type="button" onClick={retry}>
            Retry
          </button>
        }
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Retry' }).closest('.antrag-alert-actions')).not.toBeNull();
  });

  it('closable: a close button named by its label, reached by the keyboard, removes the alert and calls onClose', async () => {
    const onClose = vi.fn();
    render(<Alert type="info" title="The form changed" closable closeLabel="Close notice" onClose={onClose} />);
    await userEvent.tab();
    const close = screen.getByRole('button', { name: 'Close notice' });
    expect(document.activeElement).toBe(close);
    await userEvent.keyboard('{Enter}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
