import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type FormEvent, useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MAX_WAIT_MS, QUIET_MS, useDeferredChange } from '../../../packages/react/src/engine/deferredChange.js';

/** A text box on `useDeferredChange` inside a form that records every value it hears of. */
function Harness({ onSubmitted }: { onSubmitted?: (value: string) => void }) {
  const [value, setValue] = useState('start');
  const heard = useRef<string[]>([]);
  const latest = useRef(value);
  latest.current = value;
  const [shown, setShown] = useState(true);
  const onChange = (next: string) => {
    heard.current.push(next);
    setValue(next);
  };
  return (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmitted?.(latest.current);
      }}
    >
      {shown ? <Box value={value} onChange={onChange} /> : null}
      <output data-testid="form-value">{value}</output>
      <output data-testid="heard">{heard.current.join('|')}</output>
      <button type="button" onClick={() => setValue('from outside')}>
        Fill
      </button>
      <button type="button" onClick={() => setShown(false)}>
        Remove
      </button>
      <button type="submit">Next</button>
    </form>
  );
}

function Box({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const deferred = useDeferredChange(value, onChange);
  return (
    <input
      aria-label="Name"
      value={deferred.value}
      onChange={(e) => deferred.change(e.target.value)}
      onBlur={deferred.flush}
    />
  );
}

const box = () => screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
const formValue = () => screen.getByTestId('form-value').textContent;

describe('deferred typing', () => {
  it('shows typed text at once and hands the form only the latest value, when typing pauses', async () => {
    render(<Harness />);
    fireEvent.change(box(), { target: { value: 's' } });
    fireEvent.change(box(), { target: { value: 'st' } });
    fireEvent.change(box(), { target: { value: 'sta' } });
    expect(box().value).toBe('sta');
    expect(formValue()).toBe('start');
    await waitFor(() => expect(formValue()).toBe('sta'));
    // one hand-over for the three keystrokes
    expect(screen.getByTestId('heard').textContent).toBe('sta');
    expect(box().value).toBe('sta');
  });

  it('waits while keys keep coming, and hands over a long burst before it ends', () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    try {
      render(<Harness />);
      let typed = '';
      const typeFor = (ms: number, key: string) => {
        // a key every 50 ms: no pause of QUIET_MS
        for (let t = 0; t < ms; t += 50) {
          typed += key;
          fireEvent.change(box(), { target: { value: typed } });
          act(() => vi.advanceTimersByTime(50));
        }
      };
      typeFor(MAX_WAIT_MS / 2, 'a');
      expect(formValue()).toBe('start');
      typeFor(MAX_WAIT_MS, 'b');
      // the burst went on past MAX_WAIT_MS: the form has heard of it meanwhile
      expect(formValue()).toMatch(/^a+b+$/);
      expect(formValue()).not.toBe(typed);
      act(() => vi.advanceTimersByTime(QUIET_MS));
      expect(formValue()).toBe(typed);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands the value over at once when the box loses the focus', () => {
    render(<Harness />);
    fireEvent.change(box(), { target: { value: 'typed' } });
    fireEvent.blur(box());
    expect(formValue()).toBe('typed');
  });

  it('hands the value over before a form submission is handled', () => {
    const submitted: string[] = [];
    render(<Harness onSubmitted={(v) => submitted.push(v)} />);
    fireEvent.change(box(), { target: { value: 'just typed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(submitted).toEqual(['just typed']);
  });

  it('shows a value set from outside, unless something typed since is waiting', async () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Fill' }));
    expect(box().value).toBe('from outside');
    fireEvent.change(box(), { target: { value: 'mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fill' }));
    expect(box().value).toBe('mine');
    await waitFor(() => expect(formValue()).toBe('mine'));
    expect(box().value).toBe('mine');
  });

  it('hands a waiting value over when the box goes away', async () => {
    render(<Harness />);
    fireEvent.change(box(), { target: { value: 'last words' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    });
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(formValue()).toBe('last words');
  });
});
