/**
 * In-page keystroke latency: from the keydown's `timeStamp` (when the browser received the key, so time the
 * page was busy before it could handle it counts) to a task posted from the next animation frame, which runs
 * once the main thread has produced that frame (rendered, laid out, painted into the compositor's layers).
 * React handles the `input` event synchronously (a discrete event), so the render a keystroke causes happens
 * before that frame; work a page defers past the frame (timers, idle callbacks) would not be counted.
 * Not the Event Timing API: its `duration` ends at the frame's presentation, which headless Chromium with
 * software compositing reports up to a second late (seen here: 1,048 ms for a keystroke whose handlers took
 * 78 ms), and it drops entries under its 16 ms minimum threshold.
 */
import { type ComponentType, createElement } from 'react';

export interface ProbeResult {
  /** Milliseconds per keystroke, keydown to after the next paint. */
  samples: number[];
}

declare global {
  interface Window {
    /** Widget renders since the last reset, with `?count` in the page address (see `countRenders`). */
    benchRenders?: number;
    /** Set by the page once its form shows. */
    benchReady?: boolean;
    /** Set by the page when it fails to render its case. */
    benchError?: string;
    benchProbe?: {
      /** Resolves when the last keystroke's frame has been painted. */
      settle(): Promise<void>;
      /** Forgets what was measured so far (after the warm-up keystrokes). */
      reset(): void;
      result(): ProbeResult;
    };
  }
}

/**
 * With `?count` in the page address: the widgets wrapped so that each render adds one to `window.benchRenders`
 * (how many fields re-render a keystroke); otherwise the widgets as they are.
 */
export function countRenders<T extends Record<string, unknown>>(widgets: T): T {
  if (!new URLSearchParams(location.search).has('count')) return widgets;
  window.benchRenders = 0;
  const out: Record<string, unknown> = {};
  for (const [name, Widget] of Object.entries(widgets)) {
    const Inner = Widget as ComponentType<Record<string, unknown>>;
    out[name] = (props: Record<string, unknown>) => {
      window.benchRenders = (window.benchRenders ?? 0) + 1;
      return createElement(Inner, props);
    };
  }
  return out as T;
}

export function installProbe(): void {
  let samples: number[] = [];
  let keydownAt: number | undefined;
  let pending: Promise<void> = Promise.resolve();

  // an error before the form shows ends the wait for it at once
  addEventListener('error', (e) => {
    if (!window.benchReady) window.benchError ??= e.message;
  });
  addEventListener('keydown', (e) => (keydownAt = e.timeStamp), { capture: true });
  addEventListener(
    'input',
    () => {
      if (keydownAt === undefined) return;
      const start = keydownAt;
      keydownAt = undefined;
      pending = new Promise((resolve) => {
        requestAnimationFrame(() => {
          // a message posted in the frame's callbacks runs after that frame's paint
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            samples.push(performance.now() - start);
            channel.port1.close();
            resolve();
          };
          channel.port2.postMessage(undefined);
        });
      });
    },
    { capture: true },
  );

  window.benchProbe = {
    settle: () => pending,
    reset() {
      if (window.benchRenders !== undefined) window.benchRenders = 0;
      samples = [];
    },
    result: () => ({ samples: [...samples] }),
  };
}
