import { addDays, type Day, daysBetween } from './days';

/*
 * Streaks and counts over an item's completed days (docs/decisions/015-day-start-and-history.md).
 * They work on the days as recorded, each the person's day (`dayAt`) when it was ticked, and never
 * re-bucket instants in today's zone: so a flight does not move yesterday's tick into another day, a
 * day lived twice (flying west over the date line) is one row, and a 23- or 25-hour day is one day.
 */

export type HistoryStats = {
  /** Consecutive days ending today, or ending yesterday while today is not done yet. */
  currentStreak: number;
  /** The longest run of consecutive days ever recorded. */
  bestStreak: number;
  /** Days done among the last 7, 30 and 365 days, today included. */
  last7: number;
  last30: number;
  last365: number;
};

/** The length of the run of consecutive days in `done` that contains `day` (0 when it is not done). */
function runThrough(done: ReadonlySet<Day>, day: Day): number {
  if (!done.has(day)) return 0;
  let length = 1;
  for (let d = addDays(day, -1); done.has(d); d = addDays(d, -1)) length += 1;
  // Days after today exist only after travelling west of where they were ticked: they still chain.
  for (let d = addDays(day, 1); done.has(d); d = addDays(d, 1)) length += 1;
  return length;
}

function longestRun(sorted: readonly Day[]): number {
  let best = 0;
  let run = 0;
  let previous: Day | undefined;
  for (const day of sorted) {
    run = previous !== undefined && daysBetween(previous, day) === 1 ? run + 1 : 1;
    best = Math.max(best, run);
    previous = day;
  }
  return best;
}

function doneWithin(sorted: readonly Day[], today: Day, length: number): number {
  const first = addDays(today, -(length - 1));
  return sorted.filter((day) => day >= first && day <= today).length;
}

/** The streaks and counts of an item completed on `days` (in any order, repeats ignored) as of `today`. */
export function historyStats(days: readonly Day[], today: Day): HistoryStats {
  const done = new Set(days);
  // YYYY-MM-DD sorts as text in calendar order.
  const sorted = [...done].sort();
  const currentStreak = done.has(today) ? runThrough(done, today) : runThrough(done, addDays(today, -1));
  return {
    currentStreak,
    bestStreak: longestRun(sorted),
    last7: doneWithin(sorted, today, 7),
    last30: doneWithin(sorted, today, 30),
    last365: doneWithin(sorted, today, 365),
  };
}
