import { startTransition, useEffect, useState } from 'react';

/*
 * Long lists are drawn a screenful at a time (docs/decisions/010-first-load-weight.md): All Items with
 * two hundred tasks drew about 8,500 elements in one go, a 495 ms task that kept the page from answering
 * a tap (Lighthouse: 851 ms of blocking time on a mid-range phone). The first step draws what fills a
 * phone's screen; each next one waits for the browser to paint and take input, then draws the next rows.
 */

/**
 * Rows per step: more than a phone screen shows (about ten), few enough for a short task. 15 rather than
 * 30 since 2026-11-26: All Items' Lighthouse blocking time 1,436 to 1,275 ms and 1,377 to 1,229 ms in two
 * side-by-side pairings of five runs (docs/decisions/010-first-load-weight.md).
 */
export const ROWS_PER_STEP = 15;

/**
 * How many of `sections` to draw now, whole sections only (a section's drag-and-drop list needs all of
 * its rows): as many as fit the rows drawn so far, at least one. Grows by ROWS_PER_STEP after each paint
 * until every section is drawn; then stays, so refetches and filters draw everything at once.
 */
export function useDrawnInSteps<T>(sections: readonly T[], rowsOf: (section: T) => number): number {
  const [budget, setBudget] = useState(ROWS_PER_STEP);
  const totalRows = sections.reduce((sum, section) => sum + rowsOf(section), 0);
  const done = budget >= totalRows;
  useEffect(() => {
    if (done) return;
    // A macrotask after the commit: the browser paints and handles input in between.
    const next = setTimeout(() => startTransition(() => setBudget(budget + ROWS_PER_STEP)), 0);
    return () => clearTimeout(next);
  }, [done, budget]);
  let rows = 0;
  let count = 0;
  for (const section of sections) {
    rows += rowsOf(section);
    if (count > 0 && rows > budget) break;
    count += 1;
  }
  return count;
}
