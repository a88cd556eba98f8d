import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import { compileDefinition } from './forms.js';

/** One step, one optional field: Send submits at once. */
const oneStep = (results: FormDefinition['results']) =>
  compileDefinition({
    id: 'runner-send',
    title: { en: 'Send demo' },
    version: 1,
    wizard: { indicator: 'none', labels: { done: 'Send' }, mobileBreakpoint: 1024 },
    submit: { endpoint: '/api/demo', method: 'POST', encoding: 'json', errorMessage: 'Oops' },
    results,
    steps: [{ id: 'only', title: { en: 'Only' }, fields: [{ name: 'note', type: 'text', label: { en: 'Note' } }] }],
  } as FormDefinition);

/** A matchMedia test double: every query matches (a phone-sized window). */
function pretendMobile() {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...original(query), matches: true })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

describe('the Send button and the result page', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  it("is named 'Send' again at once after a failed call (no loading icon left behind)", async () => {
    const user = userEvent.setup();
    let answer: (r: Response) => void = () => {};
    // a test double for the server, answering when the test says so
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    const form = oneStep({ success: { title: 'Successfully Submitted!' } });
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" env={{ fetch }} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // busy: the button keeps its name and says it is busy, its turning icon before the text
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' }).getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByRole('button', { name: 'Send' }).querySelector('.antrag-icon-spin')).not.toBeNull();
    answer(new Response('{}', { status: 500 }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Oops'));
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send.hasAttribute('aria-busy')).toBe(false);
    expect(send.querySelector('.antrag-icon-spin')).toBeNull();
  });

  it('writes a two-character Chinese label as written, without a space between ("完成", not "完 成")', async () => {
    const form = compileDefinition({
      id: 'runner-zh',
      title: { en: 'Chinese' },
      version: 1,
      steps: [{ id: 'only', title: { en: 'Only' }, fields: [{ name: 'note', type: 'text', label: { en: 'Note' } }] }],
    } as FormDefinition);
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="zh" />);
    const done = await screen.findByRole('button', { name: /完/ });
    expect(done.textContent).toBe('完成');
  });

  it('shows the mobile title of the result under the breakpoint, the title elsewhere', async () => {
    const user = userEvent.setup();
    const fetch = vi.fn(async () => new Response('{}', { status: 200 }));
    const form = oneStep({ success: { title: 'Successfully Submitted!', mobileTitle: 'Successfully sent!' } });
    const first = render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" env={{ fetch }} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Successfully Submitted!')).toBeTruthy();
    first.unmount();

    restore = pretendMobile();
    render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" env={{ fetch }} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Successfully sent!')).toBeTruthy();
    expect(screen.queryByText('Successfully Submitted!')).toBeNull();
  });
});
