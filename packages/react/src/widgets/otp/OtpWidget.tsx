import type { SubmitSettings } from '@antrag/core/dsl/types';
import type { WidgetProps } from '@rjsf/utils';
import { Button, Form, Input, type InputRef } from 'antd';
import { type ClipboardEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { AntdFieldStatus } from '../shared/antdFieldStatus.js';
import { ariaFor } from '../shared/aria.js';
import { formContextOf, type Translate, textOr, textsOf, type WidgetFormContext } from '../shared/texts.js';
import { type CallFn, type CodeSend, type Retry, recentSend, sendCode, sendKey } from './sendCode.js';

/** The runner's formContext as this widget uses it (widgets may not import the runner, so typed here). */
interface OtpFormContext extends WidgetFormContext {
  call?: CallFn;
  /** Holds the step's Next and hides its sub-text while the field says so (RunnerContext.holdStep). */
  holdStep?: (fieldId: string, hold: { next: boolean; subText: boolean } | undefined) => void;
}

type SendState = { phase: 'sending' | 'sent' } | { phase: 'failed'; message: string; retry: Retry };

function messageText(t: Translate, message: { key?: string; text?: string }): string {
  return message.text ?? t(message.key ?? 'otp.sendFailed');
}

/**
 * With `send` settings and a runner to make the call: the code is sent when the field first shows, and Resend
 * sends it again once `resendSeconds` have passed since the last send (counted down on the button).
 */
function useCodeSending(t: Translate, send: SubmitSettings | undefined, resendSeconds: number, call?: CallFn) {
  const [state, setState] = useState<SendState | undefined>(undefined);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const current = useRef<CodeSend | undefined>(undefined);
  const latest = useRef({ t, call, send });
  latest.current = { t, call, send };

  const follow = useCallback(
    (codeSend: CodeSend) => {
      current.current = codeSend;
      setResendAt(codeSend.at + resendSeconds * 1000);
      setNow(Date.now());
      setState({ phase: 'sending' });
      void codeSend.done.then((result) => {
        if (current.current !== codeSend) return; // unmounted, or a newer send
        if (result.ok) setState({ phase: 'sent' });
        else {
          setState({ phase: 'failed', message: messageText(latest.current.t, result.message), retry: result.retry });
          // a failed send may be tried again at once, or when the server says
          setResendAt(result.retry.when === 'later' ? Date.now() + result.retry.afterSeconds * 1000 : 0);
          setNow(Date.now());
        }
      });
    },
    [resendSeconds],
  );

  const sendNow = useCallback(() => {
    const { call: c, send: s } = latest.current;
    if (!c || !s) return;
    follow(sendCode(c, s, sendKey(s, typeof window === 'undefined' ? '' : window.location.search)));
  }, [follow]);

  // the first showing sends, unless this page sent the same request within the countdown
  const active = !!send && !!call;
  useEffect(() => {
    if (!active) return;
    const s = latest.current.send as SubmitSettings;
    const earlier = recentSend(sendKey(s, window.location.search), resendSeconds * 1000);
    if (earlier) follow(earlier);
    else sendNow();
    return () => {
      current.current = undefined;
    };
  }, [active, resendSeconds, follow, sendNow]);

  // the countdown on the Resend button
  const counting = resendAt > now;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [counting]);

  const secondsLeft = counting ? Math.ceil((resendAt - now) / 1000) : 0;
  return { active, state, secondsLeft, resend: sendNow };
}

/**
 * A one-time code as separate one-digit boxes; typing moves on, Backspace moves back, pasting the code fills all.
 * With `ui:options.send` the code is sent by the field itself, with a Resend countdown (see useCodeSending).
 */
export function OtpWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, disabled, readonly, rawErrors, registry, options, autofocus } = props;
  const {
    length = 6,
    resendSeconds = 60,
    send,
  } = options as {
    length?: number;
    resendSeconds?: number;
    send?: SubmitSettings;
  };
  const { t } = textsOf(registry);
  const ctx = formContextOf(registry) as OtpFormContext;
  const sending = useCodeSending(t, send, resendSeconds, ctx.call);
  // no code to enter while none is sent: Next waits; a refused send (not one refused for coming too soon after
  // the last, whose code may be in the mail) also hides the step's sub-text, which says the code was sent
  const sendPhase = sending.state?.phase;
  const refusedOutright = sending.state?.phase === 'failed' && sending.state.retry.when !== 'later';
  const holdNext = sending.active && (sendPhase === undefined || sendPhase === 'sending' || refusedOutright);
  const { holdStep } = ctx;
  useEffect(() => {
    holdStep?.(id, holdNext || refusedOutright ? { next: holdNext, subText: refusedOutright } : undefined);
  }, [holdStep, id, holdNext, refusedOutright]);
  useEffect(() => () => holdStep?.(id, undefined), [holdStep, id]);
  const refs = useRef<Array<InputRef | null>>([]);
  const text = typeof value === 'string' ? value : '';
  const digits = Array.from({ length }, (_, i) => text[i] ?? '');
  const aria = ariaFor(id, rawErrors);

  const commit = (next: string[]) => {
    const joined = next.join('');
    onChange(joined === '' ? undefined : joined);
  };
  const focus = (i: number) => refs.current[Math.max(0, Math.min(length - 1, i))]?.focus();

  const onPaste = (i: number) => (e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData('text').replace(/\D/g, '');
    e.preventDefault();
    if (!pasted) return;
    const next = [...digits];
    for (let k = 0; k < pasted.length && i + k < length; k++) next[i + k] = pasted[k];
    commit(next);
    focus(i + pasted.length);
  };
  const onKeyDown = (i: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !digits[i] && i > 0) {
      e.preventDefault();
      const next = [...digits];
      next[i - 1] = '';
      commit(next);
      focus(i - 1);
    } else if (e.key === 'ArrowLeft') focus(i - 1);
    else if (e.key === 'ArrowRight') focus(i + 1);
  };

  const statusId = `${id}__send-status`;
  // the field's Form.Item gives every input inside it a feedback icon: in a 40 px box a ✕ per digit, which
  // leaves no room for the digit itself. The boxes keep the item's status (red borders) without the icons; the
  // group's message is said once, below the boxes.
  const boxes = (
    <AntdFieldStatus>
      <Form.Item noStyle hasFeedback={false}>
        {/* biome-ignore lint/a11y/useSemanticElements: a group of inputs that together make one value */}
        <div
          role="group"
          aria-label={props.label}
          style={{ display: 'flex', gap: 8 }}
          aria-describedby={[aria['aria-describedby'], sending.active ? statusId : ''].filter(Boolean).join(' ')}
        >
          {digits.map((d, i) => (
            <Input
              // biome-ignore lint/suspicious/noArrayIndexKey: boxes are positions
              key={i}
              ref={(el) => {
                refs.current[i] = el;
              }}
              id={i === 0 ? id : `${id}-${i}`}
              aria-label={textOr(t, 'otp.digit', 'Digit {{n}} of {{total}}', { n: i + 1, total: length })}
              aria-invalid={aria['aria-invalid']}
              inputMode="numeric"
              autoComplete={i === 0 ? 'one-time-code' : 'off'}
              maxLength={length}
              value={d}
              disabled={disabled}
              readOnly={readonly}
              autoFocus={autofocus && i === 0}
              style={{ width: 40, textAlign: 'center' }}
              onPaste={onPaste(i)}
              onKeyDown={onKeyDown(i)}
              onBlur={() => onBlur(id, value)}
              onChange={(e) => {
                const typed = e.target.value.replace(/\D/g, '');
                if (typed.length > 1) {
                  // autofill or typing over a filled box: spread the digits from here
                  const next = [...digits];
                  const fresh = typed.startsWith(d) && d ? typed.slice(d.length) : typed;
                  for (let k = 0; k < fresh.length && i + k < length; k++) next[i + k] = fresh[k];
                  commit(next);
                  focus(i + fresh.length);
                  return;
                }
                const next = [...digits];
                next[i] = typed;
                commit(next);
                if (typed) focus(i + 1);
              }}
            />
          ))}
        </div>
      </Form.Item>
    </AntdFieldStatus>
  );
  if (!sending.active) return boxes;
  const { state, secondsLeft } = sending;
  return (
    <div className="antrag-otp">
      {boxes}
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginTop: 8 }}>
        <div id={statusId} role="status" aria-live="polite">
          {state?.phase === 'sent' ? t('otp.sent') : ''}
        </div>
        <div role="alert">
          {state?.phase === 'failed' ? <span style={{ color: '#cf1322' }}>{state.message}</span> : null}
        </div>
        {/* sending again cannot help after some refusals (a link that is not valid or has expired) */}
        {state?.phase === 'failed' && state.retry.when === 'never' ? null : (
          <Button
            type="link"
            htmlType="button"
            style={{ paddingInline: 0 }}
            disabled={disabled || readonly || state?.phase === 'sending' || secondsLeft > 0}
            onClick={sending.resend}
          >
            {secondsLeft > 0 ? t('otp.resendIn', { seconds: secondsLeft }) : t('otp.resend')}
          </Button>
        )}
      </div>
    </div>
  );
}
