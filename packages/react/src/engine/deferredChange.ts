/**
 * Typed text shows at once; the form hears of it when typing pauses.
 *
 * A keystroke in a text box of a big step used to wait for RJSF to take the change (resolve the step's
 * conditions, fill defaults, redraw the step: ~20–40 ms on a 300-field step) before the browser could draw
 * the character. A text box that uses `useDeferredChange` keeps what was typed in state of its own, so the
 * keystroke redraws that box alone, and hands the value to the form once no key has come for `QUIET_MS`
 * (at most `MAX_WAIT_MS` after the first waiting keystroke, then after the next frame): the form's work runs
 * between keystrokes instead of in front of the next one. What depends on the value (a condition, a computed
 * value) follows that much later.
 *
 * A box whose control keeps what is typed itself (an uncontrolled `input`, see `keepsTypedText`) is not even
 * redrawn a keystroke: `useDeferredChange(value, onChange, { redraw: false })` only notes the value; the box is drawn
 * again once the value is handed over or the form's value changes otherwise (a fill, a reset, a draft), and then
 * writes into its control what differs from what the control holds.
 *
 * Nothing typed is lost or submitted stale: the value reaches the form at once (synchronously) when the box
 * loses the focus, when any form is submitted (Enter, or a Next button: the `submit` event is caught before
 * React's handlers see it), when the page is hidden or left, and when the box goes away.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/** Typing has paused when no key came for this long (people type a key every 100–250 ms). */
export const QUIET_MS = 120;
/** A long burst of typing still reaches the form this often. */
export const MAX_WAIT_MS = 600;

/** The flushes of every box with a value the form has not heard of yet. */
const pending = new Set<() => void>();

/** Hands every typed value still waiting to its form, now. */
export function flushDeferredChanges(): void {
  for (const flush of [...pending]) flush();
}

/** A keyboard is composing text (a phone's keyboard composes each word; an IME composes a syllable). */
let composing = false;

/**
 * Whether a keyboard is composing text right now: nothing is handed to the form then, and nothing is written into
 * a box, since either would end the composition and garble the word (a phone keyboard writing "schmidt" into a box
 * that puts it in capitals would give "Sschmidt").
 */
export function isComposing(): boolean {
  return composing;
}

let listening = false;
function listenOnce(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  document.addEventListener(
    'compositionstart',
    () => {
      composing = true;
    },
    true,
  );
  document.addEventListener(
    'compositionend',
    () => {
      composing = false;
    },
    true,
  );
  // capture on the window runs before React's own listeners on its root, so RJSF's submit sees the value
  window.addEventListener('submit', flushDeferredChanges, true);
  window.addEventListener('pagehide', flushDeferredChanges);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushDeferredChanges();
  });
}

/**
 * Runs `task` in a task after the next frame has been drawn, or within `fallbackMs` if no frame comes (a
 * hidden page draws none). Returns a cancel function.
 */
function afterNextFrame(task: () => void, fallbackMs = 100): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  let frameTimer: ReturnType<typeof setTimeout> | undefined;
  const frame =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => {
          // a task posted from the frame's callbacks runs once that frame is drawn
          frameTimer = setTimeout(run, 0);
        })
      : undefined;
  const fallback = setTimeout(run, frame === undefined ? 0 : fallbackMs);
  return () => {
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(frameTimer);
    clearTimeout(fallback);
  };
}

/** Runs `task` after `ms` (a timer: a later keystroke cancels it and starts another). */
function afterQuiet(task: () => void, ms: number): () => void {
  const timer = setTimeout(task, ms);
  return () => clearTimeout(timer);
}

export interface DeferredChange<T> {
  /** What the box shows: the value typed last, or the form's value when nothing typed is waiting. */
  value: T;
  /** Takes a typed value: shown at once, handed to the form when typing pauses. */
  change: (value: T) => void;
  /** Hands a waiting value to the form now (on blur). */
  flush: () => void;
}

/**
 * The value a text box shows and the way it reports changes, for a box whose every change would otherwise
 * redraw the whole step. `value` and `onChange` are the widget's own props.
 */
export function useDeferredChange<T>(
  value: T,
  onChange: (value: T) => void,
  { redraw = true }: { redraw?: boolean } = {},
): DeferredChange<T> {
  const [local, setLocal] = useState(value);
  const [seen, setSeen] = useState(value);
  const [, setHandedOver] = useState(0);
  const waiting = useRef<{ value: T } | undefined>(undefined);
  const cancel = useRef<(() => void) | undefined>(undefined);
  const report = useRef(onChange);
  report.current = onChange;

  // the form's value changed (our own change arriving, or another source: a fill, a reset, a draft): shown
  // unless something typed since is still waiting
  if (redraw && !Object.is(seen, value)) {
    setSeen(value);
    if (!waiting.current) setLocal(value);
  }

  const flushRef = useRef<() => void>(() => {});
  flushRef.current = () => {
    const item = waiting.current;
    cancel.current?.();
    cancel.current = undefined;
    pending.delete(flush);
    if (!item) return;
    waiting.current = undefined;
    // synchronously, so that nothing typed can slip in between the value being handed over and arriving; a box that
    // keeps typed text is drawn once more, so it shows the value the form made of it (capitals, say) even where that
    // value is the one the form held before
    flushSync(() => {
      report.current(item.value);
      if (!redraw) setHandedOver((n) => n + 1);
    });
  };
  const flush = useCallback(() => flushRef.current(), []);

  const waitingSince = useRef(0);
  // hands over when typing pauses, unless a word is still being composed: then once it is (checked as typing pauses)
  const handOverWhenComposed = useCallback(() => {
    if (!composing) {
      flush();
      return;
    }
    cancel.current = afterQuiet(handOverWhenComposed, QUIET_MS);
  }, [flush]);
  const change = useCallback(
    (next: T) => {
      if (redraw) setLocal(next);
      const now = performance.now();
      if (!waiting.current) waitingSince.current = now;
      waiting.current = { value: next };
      pending.add(flush);
      cancel.current?.();
      cancel.current =
        now - waitingSince.current >= MAX_WAIT_MS
          ? afterNextFrame(handOverWhenComposed)
          : afterQuiet(handOverWhenComposed, QUIET_MS);
    },
    [flush, redraw, handOverWhenComposed],
  );

  // listening from the first box drawn, so that the first word composed is seen too
  useEffect(() => listenOnce(), []);

  // a box that goes away with a value waiting hands it over first (not synchronously: React is unmounting)
  useEffect(
    () => () => {
      cancel.current?.();
      pending.delete(flush);
      const item = waiting.current;
      waiting.current = undefined;
      if (item) report.current(item.value);
    },
    [flush],
  );

  // a box that is not redrawn a keystroke shows what is waiting (its control has it already) or the form's value
  const shown = redraw ? local : waiting.current ? waiting.current.value : value;
  return { value: shown, change, flush };
}

const KEEPS_TYPED_TEXT = Symbol.for('antrag.keepsTypedText');

/**
 * Marks a widget whose control keeps what is typed itself (an uncontrolled `input` that, when drawn, writes its
 * `value` prop into the control where the two differ): its deferred wrapper then does not redraw it a keystroke.
 */
export function keepsTypedText<W extends object>(widget: W): W {
  return Object.assign(widget, { [KEEPS_TYPED_TEXT]: true });
}

/** Whether `widget` was marked by `keepsTypedText`. */
export function isKeepingTypedText(widget: object): boolean {
  return (widget as { [KEEPS_TYPED_TEXT]?: boolean })[KEEPS_TYPED_TEXT] === true;
}
