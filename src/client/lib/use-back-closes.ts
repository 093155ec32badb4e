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

/**
 * The browser's Back button (and a phone's back gesture) closes an open dialog, or ends Execution Mode,
 * instead of leaving the page (docs/product.md#dialog-lifecycle, docs/product.md#execution-mode). Opening adds a history entry on the same URL marked with this
 * dialog; Back pops it and closes the dialog; closing any other way takes the entry back out. With two
 * dialogs open, Back closes the top one only: each closes when its own mark is gone.
 */
export function useBackCloses(open: boolean, close: () => void): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    const mark = `dialog-${++nextMark}`;
    let pushed = false;
    let poppedByBack = false;
    const onPopState = () => {
      if (!pushed || openMarks().includes(mark)) return;
      poppedByBack = true;
      closeRef.current();
    };
    // Pushed a task later: React's development double mount opens and closes at once, and an entry
    // pushed and taken back in the same instant would race the browser's asynchronous Back.
    const timer = window.setTimeout(() => {
      const state = typeof window.history.state === 'object' ? window.history.state : null;
      window.history.pushState({ ...state, [KEY]: [...openMarks(), mark] }, '');
      pushed = true;
      window.addEventListener('popstate', onPopState);
    }, 0);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('popstate', onPopState);
      // Closed by a button, Escape or a save: take our entry back out, unless the page has moved on
      // (a navigation from inside the dialog put another entry on top).
      const marks = openMarks();
      if (pushed && !poppedByBack && marks[marks.length - 1] === mark) window.history.back();
    };
  }, [open]);
}
