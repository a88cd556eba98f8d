/**
 * Sending the one-time code (spec 000 §4 "KYC OTP", §7 call 6): the call is the field's `send` settings,
 * made by the runner (`formContext.call`, as it makes a step's submission). One send per page and request
 * within the resend countdown: a remount (Back to the step, React's development double mount) shows the
 * send already under way instead of asking the server again, which would refuse it anyway.
 */
import type { SubmitSettings } from '@antrag/core/dsl/types';

/** What the runner's `call` resolves with (a subset of its SubmitOutcome). */
export interface CallOutcome {
  ok: boolean;
  /** The answer's HTTP status; 0 when the call could not be made (a value it needs is missing). */
  status?: number;
  body?: unknown;
  message?: { key?: string; text?: string };
}

/**
 * Whether sending again can help after a refused send: `now` (the network or the server failed), `later` (429:
 * a code was sent a moment ago, the server names when it takes the next, and that code may well be in the mail)
 * or `never` (the link is not valid or has expired, or the call lacks what it needs: another try gets the
 * same answer).
 */
export type Retry = { when: 'now' } | { when: 'later'; afterSeconds: number } | { when: 'never' };

function retryOf(outcome: CallOutcome): Retry {
  const status = outcome.status;
  if (status === undefined || status >= 500 || status === 408) return { when: 'now' };
  if (status === 429) {
    const after = (outcome.body as { retry_after?: unknown } | undefined)?.retry_after;
    const seconds = typeof after === 'number' ? after : Number(after);
    return { when: 'later', afterSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 0 };
  }
  return { when: 'never' };
}

/** How a send went: sent, or refused with its message and whether to try again. */
export type SendResult = { ok: true } | { ok: false; message: { key?: string; text?: string }; retry: Retry };

export type CallFn = (settings: SubmitSettings) => Promise<CallOutcome>;

/** A send: when it started, and its outcome as text to show (`ok`) or the failure message. */
export interface CodeSend {
  at: number;
  done: Promise<SendResult>;
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
    (outcome): SendResult =>
      outcome.ok
        ? { ok: true }
        : {
            ok: false,
            message: outcome.message?.key || outcome.message?.text ? outcome.message : fallback,
            retry: retryOf(outcome),
          },
    (): SendResult => ({ ok: false, message: fallback, retry: { when: 'now' } }),
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
