import { useEffect, useRef } from 'react';

/** The key in history.state under which the open dialogs' marks are stacked. */
const KEY = 'strideOpenDialogs';

function openMarks(): string[] {
  const state: unknown = window.history.state;
  if (typeof state === 'object' && state !== null && KEY in state) {
    const marks = (state as Record<string, unknown>)[KEY];
    if (Array.isArray(marks)) return marks.filter((mark): mark is string => typeof mark === 'string');
  }
  return [];
}

let nextMark = 0;

/** One opening's history entry, kept by the component across React's development re-run of effects. */
type Entry = { mark: string; poppedByBack: boolean; leaving: boolean };

/**
 * The browser's Back button (and a phone's back gesture) closes an open dialog, or ends Execution Mode,
 * instead of leaving the page (docs/product.md#dialog-lifecycle, docs/product.md#execution-mode). Opening adds a history entry on the same URL marked with this
 * dialog; Back pops it and closes the dialog; closing any other way takes the entry back out. With two
 * dialogs open, Back closes the top one only: each closes when its own mark is gone.
 *
 * The entry is pushed in the same effects flush that gives the dialog its focus, so a dialog that
 * shows its focus already answers Back. (It used to be pushed a task later, and a Back pressed in
 * between left the page: the focus journey's flaky Back.) React's development double run of effects
 * (closed and opened again at once) keeps the same entry: taking it out is put off by a microtask,
 * which the run that follows at once cancels.
 */
export function useBackCloses(open: boolean, close: () => void): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  const entryRef = useRef<Entry | null>(null);
  useEffect(() => {
    if (!open) return;
    let entry = entryRef.current;
    if (entry?.leaving) {
      entry.leaving = false;
    } else {
      entry = { mark: `dialog-${++nextMark}`, poppedByBack: false, leaving: false };
      entryRef.current = entry;
      const state = typeof window.history.state === 'object' ? window.history.state : null;
      window.history.pushState({ ...state, [KEY]: [...openMarks(), entry.mark] }, '');
    }
    const current = entry;
    const onPopState = () => {
      if (openMarks().includes(current.mark)) return;
      current.poppedByBack = true;
      closeRef.current();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      current.leaving = true;
      queueMicrotask(() => {
        if (!current.leaving) return;
        if (entryRef.current === current) entryRef.current = null;
        // Closed by a button, Escape or a save: take our entry back out, unless the page has moved on
        // (a navigation from inside the dialog put another entry on top).
        const marks = openMarks();
        if (!current.poppedByBack && marks[marks.length - 1] === current.mark) window.history.back();
      });
    };
  }, [open]);
}
