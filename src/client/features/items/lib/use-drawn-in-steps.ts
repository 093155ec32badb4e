import { startTransition, useEffect, useMemo, useState } from 'react';

/*
 * Long lists are drawn a screenful at a time (docs/decisions/010-first-load-weight.md): All Items with
 * two hundred tasks drew about 8,500 elements in one go, a 495 ms task that kept the page from answering
 * a tap (Lighthouse: 851 ms of blocking time on a mid-range phone). The first step draws what fills a
 * phone's screen; each next one waits for the browser to paint and take input, then draws the next rows.
 */

/**
 * Rows per step: more than a phone screen shows (about ten), few enough for a short task. 15 rather than
 * 30 since 2026-11-26: All Items' Lighthouse blocking time 1,436 to 1,275 ms and 1,377 to 1,229 ms in two
 * side-by-side pairings of five runs (bench/notes/first-load.md, "All Items' first sections in slices too").
 */
export const ROWS_PER_STEP = 15;

/**
 * The items to draw in each section within `budget` rows, one entry per section drawn (the sections
 * after the last entry are not drawn yet). A heading is a row, and so is an empty section's
 * placeholder; a section is begun with its heading and at least one item, so a heading never stands
 * alone, and the first section is always begun.
 */
export function itemsWithin(counts: readonly number[], budget: number): number[] {
  const drawn: number[] = [];
  let rows = 0;
  for (const count of counts) {
    if (drawn.length > 0 && rows >= budget) break;
    const items = Math.min(count, Math.max(1, budget - rows - 1));
    drawn.push(items);
    rows += 1 + Math.max(1, items);
  }
  return drawn;
}

/**
 * How much of `sections` to draw now, as `itemsWithin` counts it: ROWS_PER_STEP rows at first, more
 * after each paint, part of a section at a time. Once everything has been drawn it stays drawn, so
 * later changes (a refetch, an added task, a filter) are drawn at once.
 */
export function useDrawnInSteps<T>(
  sections: readonly T[],
  itemsOf: (section: T) => number,
): readonly number[] {
  const [budget, setBudget] = useState(ROWS_PER_STEP);
  const counts = useMemo(() => sections.map(itemsOf), [sections, itemsOf]);
  const drawn = useMemo(() => itemsWithin(counts, budget), [counts, budget]);
  const done = drawn.length === counts.length && drawn.every((items, index) => items === counts[index]);
  useEffect(() => {
    if (budget === Number.POSITIVE_INFINITY) return;
    if (done) {
      setBudget(Number.POSITIVE_INFINITY);
      return;
    }
    // A macrotask after the commit: the browser paints and handles input in between.
    const next = setTimeout(() => startTransition(() => setBudget(budget + ROWS_PER_STEP)), 0);
    return () => clearTimeout(next);
  }, [done, budget]);
  return drawn;
}
