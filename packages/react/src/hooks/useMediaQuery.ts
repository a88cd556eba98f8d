import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/**
 * What a page drawn on the server assumed about the screen: `narrow` for a phone (the server guesses from the
 * request's `Sec-CH-UA-Mobile` or user agent). A `max-width` query reads as `narrow` while a server's HTML is being
 * hydrated, so the first render matches that HTML; the real answer follows at once. Without a provider: wide.
 */
export const ScreenGuess = createContext<{ narrow: boolean }>({ narrow: false });

const matchesNow = (query: string) =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;

/** Whether a CSS media query matches, following changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  const guess = useContext(ScreenGuess);
  const subscribe = useCallback(
    (changed: () => void) => {
      if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener?.('change', changed);
      return () => list.removeEventListener?.('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => matchesNow(query),
    () => guess.narrow && /max-width/.test(query),
  );
}
