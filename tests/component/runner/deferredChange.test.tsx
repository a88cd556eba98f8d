import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type FormEvent, useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MAX_WAIT_MS, QUIET_MS, useDeferredChange } from '../../../packages/react/src/engine/deferredChange.js';
import { TextBox } from '../../../packages/react/src/widgets/light/TextBox.js';

/** Which box the harness draws: a controlled input redrawn a keystroke, or a text box that keeps typed text itself. */
type BoxKind = 'controlled' | 'keeping';
let boxRenders = 0;

/** A text box on `useDeferredChange` inside a form that records every value it hears of. */
function Form({
  onSubmitted,
  kind = 'controlled',
  capitals = false,
}: {
  onSubmitted?: (value: string) => void;
  kind?: BoxKind;
  /** The form keeps what it hears in capitals (as a passport number's field does). */
  capitals?: boolean;
}) {
  const [value, setValue] = useState('start');
  const heard = useRef<string[]>([]);
  const latest = useRef(value);
  latest.current = value;
  const [shown, setShown] = useState(true);
  const onChange = (next: string) => {
    heard.current.push(next);
    setValue(capitals ? next.toUpperCase() : next);
  };
  return (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmitted?.(latest.current);
      }}
    >
      {shown ? <DeferredBox kind={kind} value={value} onChange={onChange} /> : null}
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

/**
 * A text box on `useDeferredChange`: controlled (redrawn a keystroke), or keeping typed text itself as the text
 * widget's box does (uncontrolled, not redrawn a keystroke).
 */
function DeferredBox({ kind, value, onChange }: { kind: BoxKind; value: string; onChange: (v: string) => void }) {
  boxRenders += 1;
  const deferred = useDeferredChange(value, onChange, { redraw: kind === 'controlled' });
  return (
    <TextBox
      aria-label="Name"
      {...(kind === 'keeping' ? { shownText: deferred.value } : { value: deferred.value })}
      onChange={(e) => deferred.change(e.target.value)}
      onBlur={deferred.flush}
    />
  );
}

const box = () => screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
const formValue = () => screen.getByTestId('form-value').textContent;

describe.each<BoxKind>(['controlled', 'keeping'])('deferred typing into a %s box', (kind) => {
  const Harness = (props: { onSubmitted?: (value: string) => void }) => <Form {...props} kind={kind} />;

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

describe('a box that keeps typed text itself', () => {
  it('is not redrawn while typing, and shows the value the form heard of then', async () => {
    render(<Form kind="keeping" />);
    boxRenders = 0;
    fireEvent.change(box(), { target: { value: 's' } });
    fireEvent.change(box(), { target: { value: 'st' } });
    fireEvent.change(box(), { target: { value: 'sta' } });
    expect(boxRenders).toBe(0);
    expect(box().value).toBe('sta');
    await waitFor(() => expect(formValue()).toBe('sta'));
    expect(box().value).toBe('sta');
  });

  it('writes a value set from outside into the box, and leaves the caret where it is otherwise', async () => {
    render(<Form kind="keeping" />);
    fireEvent.change(box(), { target: { value: 'start!' } });
    box().setSelectionRange(2, 2);
    await waitFor(() => expect(formValue()).toBe('start!'));
    // the form's value arriving is what the box holds: nothing is written, the caret stays
    expect(box().selectionStart).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Fill' }));
    expect(box().value).toBe('from outside');
  });

  it('shows the form’s form of what was typed, even where it is the value the form held before', async () => {
    render(<Form kind="keeping" capitals />);
    fireEvent.change(box(), { target: { value: 'ab' } });
    await waitFor(() => expect(box().value).toBe('AB'));
    fireEvent.change(box(), { target: { value: 'A' } });
    fireEvent.change(box(), { target: { value: 'Ab' } });
    await waitFor(() => expect(formValue()).toBe('AB'));
    await waitFor(() => expect(box().value).toBe('AB'));
  });

  it('keeps the caret where it was when only the letters change', async () => {
    render(<Form kind="keeping" capitals />);
    fireEvent.change(box(), { target: { value: 'abcdef' } });
    await waitFor(() => expect(box().value).toBe('ABCDEF'));
    box().focus();
    fireEvent.change(box(), { target: { value: 'ABxCDEF' } });
    box().setSelectionRange(3, 3);
    await waitFor(() => expect(box().value).toBe('ABXCDEF'));
    expect(box().selectionStart).toBe(3);
  });

  it('hands nothing over and writes nothing into the box while a keyboard composes a word', async () => {
    render(<Form kind="keeping" capitals />);
    box().focus();
    fireEvent.compositionStart(box());
    fireEvent.change(box(), { target: { value: 's' } });
    fireEvent.change(box(), { target: { value: 'sc' } });
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS * 3));
    // a phone keyboard composing "sc…": the form has not heard of it, and the box was not rewritten in capitals
    expect(formValue()).toBe('start');
    expect(box().value).toBe('sc');
    fireEvent.change(box(), { target: { value: 'schmidt' } });
    fireEvent.compositionEnd(box());
    await waitFor(() => expect(formValue()).toBe('SCHMIDT'));
    await waitFor(() => expect(box().value).toBe('SCHMIDT'));
  });
});
