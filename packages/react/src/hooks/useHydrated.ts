import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React draws on the server and while it hydrates that HTML, true in every render in the browser after
 * it (and in a page drawn in the browser alone, from its first render). What reads the browser (its storage) or may
 * differ from the server's drawing waits for it, so the hydrating render matches the HTML it takes over.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
