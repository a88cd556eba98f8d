/**
 * Browser storage, guarded: a browser may refuse it (privacy mode, a sandboxed frame, cookies switched off), and
 * then merely reading `localStorage` throws. Everything the engine and the widgets keep in storage goes through
 * this, so the form works without storage instead of failing.
 */

/** Which of the browser's storages: `local` outlives the tab, `session` does not. */
export type StorageArea = 'local' | 'session';

/**
 * The browser's local storage (`'session'`: its session storage; any other area is local), or undefined where
 * there is none (Node) or the browser refuses it.
 */
export function browserStorage(area: StorageArea = 'local'): Storage | undefined {
  try {
    if (area === 'session') return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
