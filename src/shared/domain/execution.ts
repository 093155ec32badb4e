/**
 * Execution Mode (docs/product.md#execution-mode) as pure functions of the visible Today list and a
 * clock, so the rules can be tested with a fake clock and the view only wires timers to them.
 *
 * The view calls `settleExecution` whenever the list changes and when `advanceAt` is reached; the list
 * is the source of truth for completion, so completing through any control (card, keyboard, another tab
 * after a refetch) advances the same way.
 */

/** Wait after a completion before moving on, so the person sees the item checked off. */
export const EXECUTION_ADVANCE_DELAY_MS = 800;
/** The elapsed timer ticks once a second. */
export const EXECUTION_TICK_MS = 1000;

export interface ExecutionItem {
  /** Unique across tasks and habits, e.g. `task:<id>`. */
  key: string;
  completed: boolean;
}

export interface ExecutionRun {
  currentKey: string;
  /** Where the current item sat in the list, to carry on from there if it leaves the list. */
  currentIndex: number;
  /** Uncompleted items when the run started: the denominator of the progress bar. */
  initialTotal: number;
  /** When the current item became current; the elapsed timer counts from here. */
  itemStartedAt: number;
  /** When a completed current item hands over to the next one; null while none is pending. */
  advanceAt: number | null;
}

export type ExecutionStart = { kind: 'started'; run: ExecutionRun } | { kind: 'nothing-to-execute' };
export type ExecutionSettle = { kind: 'running'; run: ExecutionRun } | { kind: 'all-done' };

function firstUncompleted(items: readonly ExecutionItem[], from: number): number {
  for (let i = Math.max(0, from); i < items.length; i++) if (!items[i]!.completed) return i;
  return -1;
}

function lastUncompleted(items: readonly ExecutionItem[], before: number): number {
  for (let i = Math.min(before, items.length) - 1; i >= 0; i--) if (!items[i]!.completed) return i;
  return -1;
}

function currentPosition(run: ExecutionRun, items: readonly ExecutionItem[]): number {
  return items.findIndex((item) => item.key === run.currentKey);
}

function runAt(
  items: readonly ExecutionItem[],
  index: number,
  initialTotal: number,
  now: number,
): ExecutionRun {
  return {
    currentKey: items[index]!.key,
    currentIndex: index,
    initialTotal,
    itemStartedAt: now,
    advanceAt: null,
  };
}

/** Items of the list not completed yet: the "{n} remaining" count. */
export function remainingCount(items: readonly ExecutionItem[]): number {
  return items.reduce((count, item) => (item.completed ? count : count + 1), 0);
}

/** Starts at the first uncompleted item of the visible list, or says there is nothing to do. */
export function startExecution(items: readonly ExecutionItem[], now: number): ExecutionStart {
  const index = firstUncompleted(items, 0);
  if (index === -1) return { kind: 'nothing-to-execute' };
  return { kind: 'started', run: runAt(items, index, remainingCount(items), now) };
}

/** The nearest uncompleted item before the current one, if any (enables the previous arrow). */
export function previousKey(run: ExecutionRun, items: readonly ExecutionItem[]): string | undefined {
  const position = currentPosition(run, items);
  const index = lastUncompleted(items, position === -1 ? run.currentIndex : position);
  return index === -1 ? undefined : items[index]!.key;
}

/** The nearest uncompleted item after the current one, if any (enables the next arrow). */
export function nextKey(run: ExecutionRun, items: readonly ExecutionItem[]): string | undefined {
  const position = currentPosition(run, items);
  const index = firstUncompleted(items, position === -1 ? run.currentIndex : position + 1);
  return index === -1 ? undefined : items[index]!.key;
}

function moveTo(
  run: ExecutionRun,
  items: readonly ExecutionItem[],
  key: string | undefined,
  now: number,
): ExecutionRun {
  if (key === undefined) return run;
  const index = items.findIndex((item) => item.key === key);
  return index === -1 ? run : runAt(items, index, run.initialTotal, now);
}

/** Previous arrow: jumps to the previous uncompleted item, restarting the timer; a no-op without one. */
export function stepPrevious(run: ExecutionRun, items: readonly ExecutionItem[], now: number): ExecutionRun {
  return moveTo(run, items, previousKey(run, items), now);
}

/** Next arrow: jumps to the next uncompleted item, restarting the timer; a no-op without one. */
export function stepNext(run: ExecutionRun, items: readonly ExecutionItem[], now: number): ExecutionRun {
  return moveTo(run, items, nextKey(run, items), now);
}

/**
 * Brings the run in line with the list at `now`:
 * - the current item just got completed: schedule the hand-over EXECUTION_ADVANCE_DELAY_MS later;
 * - it got uncompleted again before that: cancel the hand-over and stay;
 * - the hand-over is due, or the item left the list: move to the next uncompleted item after it,
 *   else the first one before it (an item skipped with the arrows is still to do), else all done.
 */
export function settleExecution(
  run: ExecutionRun,
  items: readonly ExecutionItem[],
  now: number,
): ExecutionSettle {
  const position = currentPosition(run, items);
  if (position !== -1) {
    const current = items[position]!;
    if (!current.completed) {
      const stayed = position === run.currentIndex && run.advanceAt === null;
      return { kind: 'running', run: stayed ? run : { ...run, currentIndex: position, advanceAt: null } };
    }
    if (run.advanceAt === null) {
      return {
        kind: 'running',
        run: { ...run, currentIndex: position, advanceAt: now + EXECUTION_ADVANCE_DELAY_MS },
      };
    }
    if (now < run.advanceAt) {
      return {
        kind: 'running',
        run: position === run.currentIndex ? run : { ...run, currentIndex: position },
      };
    }
  }
  const from = position === -1 ? run.currentIndex : position + 1;
  let index = firstUncompleted(items, from);
  if (index === -1) index = firstUncompleted(items, 0);
  if (index === -1) return { kind: 'all-done' };
  return { kind: 'running', run: runAt(items, index, run.initialTotal, now) };
}

/** Whole seconds spent on the current item. */
export function elapsedSeconds(run: ExecutionRun, now: number): number {
  return Math.max(0, Math.floor((now - run.itemStartedAt) / 1000));
}

/** Progress bar value in [0, 1]: (initial total − remaining) / initial total. */
export function executionProgress(run: ExecutionRun, items: readonly ExecutionItem[]): number {
  if (run.initialTotal <= 0) return 1;
  const value = (run.initialTotal - remainingCount(items)) / run.initialTotal;
  return Math.min(1, Math.max(0, value));
}

/** m:ss, minutes unbounded (docs/product.md#execution-mode): 0:00, 0:59, 1:05, 75:00. */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
