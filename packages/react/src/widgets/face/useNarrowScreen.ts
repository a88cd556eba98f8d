import { useEffect, useState } from 'react';

/** The face screen's mobile layout applies below 769 px (spec §2). */
export const NARROW_QUERY = '(max-width: 768px)';

/** Whether the viewport is narrower than 769 px, following changes (false where matchMedia is missing). */
export function useNarrowScreen(): boolean {
  const read = () =>
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;
  const [narrow, setNarrow] = useState(read);
  useEffect(() => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(NARROW_QUERY);
    const update = () => setNarrow(list.matches);
    update();
    list.addEventListener?.('change', update);
    return () => list.removeEventListener?.('change', update);
  }, []);
  return narrow;
}
