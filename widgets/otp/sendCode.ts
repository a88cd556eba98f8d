/**
 * Sending the one-time code (spec 000 §4 "KYC OTP", §7 call 6): the call is the field's `send` settings,
 * made by the runner (`formContext.call`, as it makes a step's submission). One send per page and request
 * within the resend countdown: a remount (Back to the step, React's development double mount) shows the
 * send already under way instead of asking the server again, which would refuse it anyway.
 */
import type { SubmitSettings } from '../../renderer/core/dsl/types.js';

/** What the runner's `call` resolves with (a subset of its SubmitOutcome). */
export interface CallOutcome {
  ok: boolean;
  message?: { key?: string; text?: string };
}

export type CallFn = (settings: SubmitSettings) => Promise<CallOutcome>;

/** A send: when it started, and its outcome as text to show (`ok`) or the failure message. */
export interface CodeSend {
  at: number;
  done: Promise<{ ok: true } | { ok: false; message: { key?: string; text?: string } }>;
}

const sends = new Map<string, CodeSend>();

/** The same call for the same page address is the same send. */
export function sendKey(settings: SubmitSettings, search: string): string {
  return `${settings.method ?? 'POST'} ${settings.endpoint} ${JSON.stringify(settings.payload ?? {})} ${search}`;
}

/** Sends the code now. */
export function sendCode(call: CallFn, settings: SubmitSettings, key: string, now = Date.now()): CodeSend {
  const fallback = { key: (settings.errorMessage as string | undefined) ?? 'otp.sendFailed' };
  const done = call(settings).then(
    (outcome) =>
      outcome.ok
        ? ({ ok: true } as const)
        : ({ ok: false, message: outcome.message?.key || outcome.message?.text ? outcome.message : fallback } as const),
    () => ({ ok: false, message: fallback }) as const,
  );
  const send = { at: now, done };
  sends.set(key, send);
  return send;
}

/** The send made for `key` less than `withinMs` ago, if any. */
export function recentSend(key: string, withinMs: number, now = Date.now()): CodeSend | undefined {
  const send = sends.get(key);
  return send && now - send.at < withinMs ? send : undefined;
}

/** Forgets every send (tests). */
export function forgetSends(): void {
  sends.clear();
}
