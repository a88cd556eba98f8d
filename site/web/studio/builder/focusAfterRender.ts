/**
 * Where the focus goes once a change has been drawn: a builder edit rewrites the text and re-renders its rows, so
 * the element to focus exists only after the next render. Set `.current` to a finder; it runs once, after it.
 */

import { type RefObject, useEffect, useRef } from 'react';

export type FocusFinder = () => HTMLElement | null | undefined;

export function useFocusAfterRender(): RefObject<FocusFinder | undefined> {
  const pending = useRef<FocusFinder | undefined>(undefined);
  useEffect(() => {
    const find = pending.current;
    if (!find) return;
    pending.current = undefined;
    find()?.focus();
  });
  return pending;
}
