import { useDeferredValue, useEffect, useRef } from 'react';
import { markFirstScreenDrawn } from './after-first-screen';

/**
 * A screen's data as it is to be drawn: its first arrival by a background render, in slices, and every
 * change after that at once (docs/decisions/010-first-load-weight.md, "Cards drawn once").
 *
 * A query's answer reaches React as a store change, which React draws in one task: a screen full of
 * cards, its drag-and-drop lists and their effects, all before the page can answer a tap. Deferred, the
 * first list is built in slices while the page keeps answering; later changes (a tick, a drag, a
 * refetch) are small and are drawn at once, so they never lag behind the person's hand.
 *
 * Once a first arrival is drawn, the first screen is (lib/after-first-screen.ts): background work
 * waiting for it may start.
 */
export function useFirstArrivalInBackground<T>(value: T | undefined): T | undefined {
  const deferred = useDeferredValue(value);
  const drawn = useRef(false);
  const shown = drawn.current ? value : deferred;
  useEffect(() => {
    if (shown === undefined) return;
    drawn.current = true;
    markFirstScreenDrawn();
  });
  return shown;
}
