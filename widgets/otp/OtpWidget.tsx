import type { WidgetProps } from '@rjsf/utils';
import { Input, type InputRef } from 'antd';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { ariaFor } from '../shared/aria.js';
import { textOr, textsOf } from '../shared/texts.js';

/** A one-time code as separate one-digit boxes; typing moves on, Backspace moves back, pasting the code fills all. */
export function OtpWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, disabled, readonly, rawErrors, registry, options, autofocus } = props;
  const { length = 6 } = options as { length?: number };
  const { t } = textsOf(registry);
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

  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of inputs that together make one value
    <div
      role="group"
      aria-label={props.label}
      style={{ display: 'flex', gap: 8 }}
      aria-describedby={aria['aria-describedby']}
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
  );
}
