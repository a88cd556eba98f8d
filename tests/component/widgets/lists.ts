/**
 * Select boxes as a person uses them: a field's searchable select is drawn first as a light stand-in and swaps in
 * antd's Select when pressed (widgets/shared/loadOnUse.tsx), so a test presses the box and goes on once the list is
 * open with the focus in it, then types where the focus is.
 */
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Presses the combobox named `name` and waits until its list is open with the focus in it; returns the combobox. */
export async function openList(user: UserEvent, name: string | RegExp): Promise<HTMLElement> {
  await user.click(screen.getByRole('combobox', { name }));
  return waitFor(() => {
    const box = screen.getByRole('combobox', { name });
    if (box.getAttribute('aria-expanded') !== 'true' || document.activeElement !== box) throw new Error('not open');
    return box;
  });
}

/** What the select named `name` shows as chosen (its stand-in and antd's Select show it beside their input). */
export function shownIn(name: string | RegExp): string {
  return screen.getByRole('combobox', { name }).parentElement?.textContent ?? '';
}
