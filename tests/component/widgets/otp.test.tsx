import { act, fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import { forgetSends } from '../../../packages/react/src/widgets/otp/sendCode.js';
import { renderForm } from './renderForm.js';

const schema = { type: 'object' as const, properties: { code: { type: 'string' as const } } };
const uiSchema = { code: { 'ui:widget': 'otp', 'ui:title': 'Code', 'ui:options': { length: 6 } } };

describe('otp widget', () => {
  it('fills all six boxes from a pasted code', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema });
    const boxes = screen.getAllByRole('textbox', { name: /Digit \d of 6/ });
    expect(boxes).toHaveLength(6);
    await user.click(boxes[0]);
    await user.paste('123456');
    expect(latest().code).toBe('123456');
    expect(boxes.map((b) => (b as HTMLInputElement).value)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('accepts digits only and moves on while typing', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema });
    const first = screen.getByRole('textbox', { name: 'Digit 1 of 6' });
    await user.click(first);
    await user.keyboard('4a7');
    expect(latest().code).toBe('47');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Digit 3 of 6' }));
  });
});

/** The KYC OTP step's shape: the field sends the code itself; the step's submission verifies it. */
const kyc: FormDefinition = {
  id: 'otp-flow',
  title: 'OTP flow',
  version: 1,
  steps: [
    {
      id: 'otp',
      title: 'OTP',
      headline: 'Enter the verification code',
      subText: 'We have sent a 6-digit verification code to you.',
      fields: [
        {
          name: 'otp',
          type: 'otp',
          label: 'Verification code',
          required: true,
          length: 6,
          resendSeconds: 60,
          send: {
            endpoint: '{host}/api/v1/blkacct/send-kyc-otp',
            encoding: 'multipart',
            auth: 'bearer',
            payload: { mode: 'mapped', fields: { lead_id: { query: ['user_key'] } } },
            success: { field: 'status', values: [true, 'success'] },
            store: { account_id: 'account_id' },
            errorMessage: 'Failed to send OTP',
          },
        },
      ],
    },
    { id: 'next', title: 'Next', headline: 'Upload your passport', fields: [{ name: 'note', type: 'text' }] },
  ],
};

/** Test double for the server: the token and send-kyc-otp, answering as `answers` says in turn. */
function server(answers: Array<{ status: number; body: unknown }>) {
  const sends: Array<Record<string, FormDataEntryValue>> = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    if (path.endsWith('/api/get-token'))
      return new Response(JSON.stringify({ access_token: 'tok-1', valid_until: '2999-01-01T00:00:00Z' }));
    if (path.endsWith('/api/v1/blkacct/send-kyc-otp')) {
      sends.push(Object.fromEntries((init?.body as FormData | undefined)?.entries() ?? []));
      const answer = answers[Math.min(sends.length - 1, answers.length - 1)];
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }
    return new Response('{}', { status: 404 });
  });
  return { fetch, sends };
}

function runOtp(fetch: typeof globalThis.fetch) {
  const { form } = compileForm(kyc);
  if (!form) throw new Error('the OTP flow does not compile');
  return render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" env={{ fetch }} />);
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const resendButton = () =>
  [...document.querySelectorAll('button')].find((b) => /^Resend/.test(b.textContent ?? '')) as HTMLButtonElement;
const nextButton = () =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === 'Next') as HTMLButtonElement;
const SENT_TEXT = 'We have sent a 6-digit verification code to you.';
const sendStatus = () => document.querySelector('.antrag-otp [role="status"]')?.textContent;
const sendAlert = () => document.querySelector('.antrag-otp [role="alert"]')?.textContent;

describe('otp widget sending the code', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    forgetSends();
    window.history.replaceState(null, '', '/forms/kyc-reverification?user_key=77');
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it('sends the code to the lead of user_key when it shows, then Resend counts down 60 s', async () => {
    const { fetch, sends } = server([{ status: 200, body: { status: true, account_id: 'DE99' } }]);
    runOtp(fetch);
    await advance(10);
    expect(sends).toEqual([{ lead_id: '77' }]);
    const headers = fetch.mock.calls.find(([u]) => String(u).endsWith('send-kyc-otp'))?.[1]?.headers as Record<
      string,
      string
    >;
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(sendStatus()).toBe('OTP sent successfully');
    expect(localStorage.getItem('account_id')).toBe('DE99');
    expect(resendButton().textContent).toBe('Resend in 60 s');
    expect(resendButton().disabled).toBe(true);
    await advance(30_000);
    expect(resendButton().textContent).toBe('Resend in 30 s');
    await advance(30_000);
    expect(resendButton().textContent).toBe('Resend');
    expect(resendButton().disabled).toBe(false);
    fireEvent.click(resendButton());
    await advance(10);
    expect(sends).toHaveLength(2);
    expect(resendButton().textContent).toBe('Resend in 60 s');
  });

  it("says 'Failed to send OTP' when the server fails, Resend may be tried at once, Next waits for a sent code", async () => {
    const { fetch, sends } = server([
      { status: 500, body: { status: false, message: 'Internal error' } },
      { status: 200, body: { status: true } },
    ]);
    runOtp(fetch);
    expect(nextButton().disabled).toBe(true);
    await advance(10);
    expect(sendAlert()).toBe('Failed to send OTP');
    expect(sendStatus()).toBe('');
    expect(screen.queryByText(SENT_TEXT)).toBeNull();
    expect(nextButton().disabled).toBe(true);
    expect(resendButton().disabled).toBe(false);
    fireEvent.click(resendButton());
    await advance(10);
    expect(sends).toHaveLength(2);
    expect(sendAlert()).toBe('');
    expect(sendStatus()).toBe('OTP sent successfully');
    expect(screen.getByText(SENT_TEXT)).toBeTruthy();
    expect(nextButton().disabled).toBe(false);
  });

  it('a link the server refuses (403): its message once, no "we have sent", no Resend, Next off', async () => {
    const { fetch, sends } = server([
      { status: 403, body: { status: false, message: 'This verification link is not valid or has expired.' } },
    ]);
    runOtp(fetch);
    await advance(10);
    expect(sends).toHaveLength(1);
    // (this form maps no server message: the field's own)
    expect(sendAlert()).toBe('Failed to send OTP');
    expect(screen.getAllByText('Failed to send OTP')).toHaveLength(1);
    expect(screen.queryByText(SENT_TEXT)).toBeNull();
    expect(resendButton()).toBeUndefined();
    expect(nextButton().disabled).toBe(true);
  });

  it('a send refused as too soon (429) counts down to retry_after; the code sent before may be entered', async () => {
    const { fetch, sends } = server([
      { status: 429, body: { status: false, message: 'Failed to send OTP', retry_after: 40 } },
      { status: 200, body: { status: true } },
    ]);
    runOtp(fetch);
    await advance(10);
    expect(sendAlert()).toBe('Failed to send OTP');
    expect(resendButton().textContent).toBe('Resend in 40 s');
    expect(resendButton().disabled).toBe(true);
    expect(nextButton().disabled).toBe(false);
    expect(screen.getByText(SENT_TEXT)).toBeTruthy();
    await advance(40_000);
    expect(resendButton().disabled).toBe(false);
    fireEvent.click(resendButton());
    await advance(10);
    expect(sends).toHaveLength(2);
    expect(sendStatus()).toBe('OTP sent successfully');
  });

  it('does not send again when the step shows again within the countdown', async () => {
    const { fetch, sends } = server([{ status: 200, body: { status: true } }]);
    const first = runOtp(fetch);
    await advance(20_000);
    first.unmount();
    runOtp(fetch);
    await advance(10);
    expect(sends).toHaveLength(1);
    expect(sendStatus()).toBe('OTP sent successfully');
    expect(resendButton().textContent).toBe('Resend in 40 s');
  });

  it('without send settings shows only the boxes', () => {
    renderForm({ schema, uiSchema });
    expect(document.querySelector('.antrag-otp')).toBeNull();
    expect(screen.queryByRole('button', { name: /Resend/ })).toBeNull();
  });
});
