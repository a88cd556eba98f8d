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

let listening = false;
function listenOnce(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
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
export function useDeferredChange<T>(value: T, onChange: (value: T) => void): DeferredChange<T> {
  const [local, setLocal] = useState(value);
  const [seen, setSeen] = useState(value);
  const waiting = useRef<{ value: T } | undefined>(undefined);
  const cancel = useRef<(() => void) | undefined>(undefined);
  const report = useRef(onChange);
  report.current = onChange;

  // the form's value changed (our own change arriving, or another source: a fill, a reset, a draft): shown
  // unless something typed since is still waiting
  if (!Object.is(seen, value)) {
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
    // synchronously, so that nothing typed can slip in between the value being handed over and arriving
    flushSync(() => report.current(item.value));
  };
  const flush = useCallback(() => flushRef.current(), []);

  const waitingSince = useRef(0);
  const change = useCallback(
    (next: T) => {
      listenOnce();
      setLocal(next);
      const now = performance.now();
      if (!waiting.current) waitingSince.current = now;
      waiting.current = { value: next };
      pending.add(flush);
      cancel.current?.();
      cancel.current = now - waitingSince.current >= MAX_WAIT_MS ? afterNextFrame(flush) : afterQuiet(flush, QUIET_MS);
    },
    [flush],
  );

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

  return { value: local, change, flush };
}
