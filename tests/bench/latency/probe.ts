/**
 * In-page keystroke latency: from the keydown's `timeStamp` (when the browser received the key, so time the
 * page was busy before it could handle it counts) to the first task after the next animation frame, which runs
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
  /**
   * The same keystrokes in three parts: until the page's keydown listener ran (the page was busy), until the
   * next frame's callbacks ran (handlers, rendering, waiting for the frame), until that frame was drawn.
   */
  parts: Array<{ queued: number; toFrame: number; drawn: number }>;
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
  let parts: ProbeResult['parts'] = [];
  let keydownAt: number | undefined;
  let handledAt = 0;
  let pending: Promise<void> = Promise.resolve();

  // an error before the form shows ends the wait for it at once
  addEventListener('error', (e) => {
    if (!window.benchReady) window.benchError ??= e.message;
  });
  addEventListener(
    'keydown',
    (e) => {
      keydownAt = e.timeStamp;
      handledAt = performance.now();
    },
    { capture: true },
  );
  addEventListener(
    'input',
    () => {
      if (keydownAt === undefined) return;
      const start = keydownAt;
      const handled = handledAt;
      keydownAt = undefined;
      pending = new Promise((resolve) => {
        requestAnimationFrame(() => {
          const frame = performance.now();
          // a task posted from the frame's callbacks runs once that frame is drawn. The browser picks which
          // queue it serves first (seen here: a message waited behind the page's timers, and their work was
          // counted as drawing), so the first of a user-blocking task (Chromium's scheduler serves those
          // first), a message and a timer posted here marks the end of the frame
          let ended = false;
          const channel = new MessageChannel();
          const end = () => {
            if (ended) return;
            ended = true;
            const now = performance.now();
            samples.push(now - start);
            parts.push({ queued: handled - start, toFrame: frame - handled, drawn: now - frame });
            channel.port1.close();
            resolve();
          };
          channel.port1.onmessage = end;
          channel.port2.postMessage(undefined);
          setTimeout(end, 0);
          const { scheduler } = globalThis as {
            scheduler?: { postTask(task: () => void, options: { priority: string }): Promise<void> };
          };
          scheduler?.postTask(end, { priority: 'user-blocking' }).catch(() => {});
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
      parts = [];
    },
    result: () => ({ samples: [...samples], parts: [...parts] }),
  };
}
