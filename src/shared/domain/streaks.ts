import { type Day, type DayNumber, dayNumber, dayOfNumber } from './days';

/*
 * Streaks and counts over an item's completed days (docs/decisions/015-day-start-and-history.md).
 * They work on the days as recorded, each the person's day (`dayAt`) when it was ticked, and never
 * re-bucket instants in today's zone: so a flight does not move yesterday's tick into another day, a
 * day lived twice (flying west over the date line) is one row, and a 23- or 25-hour day is one day.
 * They count on day numbers (`DayNumber`, days since 1970-01-01, as the history read gives them):
 * a year of history parsed day by day was a quarter of the history call's time (bench/notes/history.md).
 */

/** "N times a week" habits take 1 to 6: seven is every day (docs/product.md#habit-schedules). */
export const TIMES_PER_WEEK_MAX = 6;

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

/** The days done, each once, in calendar order. */
function uniqueSorted(days: readonly DayNumber[]): DayNumber[] {
  const sorted = Float64Array.from(days).sort();
  const unique: DayNumber[] = [];
  for (const day of sorted) if (unique[unique.length - 1] !== day) unique.push(day);
  return unique;
}

/** The length of the run of consecutive days in `done` that contains `day` (0 when it is not done). */
function runThrough(done: ReadonlySet<DayNumber>, day: DayNumber): number {
  if (!done.has(day)) return 0;
  let length = 1;
  for (let d = day - 1; done.has(d); d -= 1) length += 1;
  // Days after today exist only after travelling west of where they were ticked: they still chain.
  for (let d = day + 1; done.has(d); d += 1) length += 1;
  return length;
}

/** The longest run in `sorted` of days each `step` days after the one before (weeks: their Mondays, 7). */
function longestRun(sorted: readonly DayNumber[], step = 1): number {
  let best = 0;
  let run = 0;
  let previous: DayNumber | undefined;
  for (const day of sorted) {
    run = previous !== undefined && day - previous === step ? run + 1 : 1;
    best = Math.max(best, run);
    previous = day;
  }
  return best;
}

function doneWithin(sorted: readonly DayNumber[], today: DayNumber, length: number): number {
  const first = today - (length - 1);
  let count = 0;
  for (const day of sorted) if (day >= first && day <= today) count += 1;
  return count;
}

/** Days done among the last 7, 30 and 365, whatever the schedule. */
function recentCounts(
  sorted: readonly DayNumber[],
  today: DayNumber,
): Pick<HistoryStats, 'last7' | 'last30' | 'last365'> {
  return {
    last7: doneWithin(sorted, today, 7),
    last30: doneWithin(sorted, today, 30),
    last365: doneWithin(sorted, today, 365),
  };
}

/** The streaks and counts of an item completed on `days` (in any order, repeats ignored) as of `today`. */
export function historyStats(days: readonly DayNumber[], today: DayNumber): HistoryStats {
  const sorted = uniqueSorted(days);
  const done = new Set(sorted);
  const currentStreak = done.has(today) ? runThrough(done, today) : runThrough(done, today - 1);
  return { currentStreak, bestStreak: longestRun(sorted), ...recentCounts(sorted, today) };
}

/** Days of a habit's schedule: the due days from its first day through today, oldest first. */
export type DueDays = readonly DayNumber[];

/**
 * The streaks of an item due only on some days (a habit with a rule, docs/product.md#habit-schedules):
 * the current streak is the run of consecutive due days done through the last due day, or through the
 * one before it while the last is today and not done yet; days off neither count nor break it. A
 * Mon/Wed/Fri habit done on all three keeps its streak through Tuesday and Thursday.
 */
export function scheduledStats(days: readonly DayNumber[], today: DayNumber, due: DueDays): HistoryStats {
  const sorted = uniqueSorted(days);
  const done = new Set(sorted);
  const dueSoFar = due.filter((day) => day <= today);
  let end = dueSoFar.length - 1;
  if (dueSoFar[end] === today && !done.has(today)) end -= 1;
  let currentStreak = 0;
  for (let i = end; i >= 0 && done.has(dueSoFar[i] ?? Number.NaN); i -= 1) currentStreak += 1;
  let bestStreak = 0;
  let run = 0;
  for (const day of dueSoFar) {
    run = done.has(day) ? run + 1 : 0;
    bestStreak = Math.max(bestStreak, run);
  }
  return { currentStreak, bestStreak, ...recentCounts(sorted, today) };
}

/** The number of the Monday of day `n`'s week (day 0, 1970-01-01, was a Thursday). */
export function weekStartNumber(n: DayNumber): DayNumber {
  return n - ((((n + 3) % 7) + 7) % 7);
}

/** The Monday of `day`'s week. */
export function weekStart(day: Day): Day {
  return dayOfNumber(weekStartNumber(dayNumber(day)));
}

/**
 * The streaks of an "N times a week" habit, counted in weeks (Monday to Sunday) that met the target:
 * the current streak runs through this week when it is met, else through last week (a week is not
 * missed before it is over); the best is the longest run of weeks met.
 */
export function weeklyStats(
  days: readonly DayNumber[],
  today: DayNumber,
  timesPerWeek: number,
): HistoryStats {
  const sorted = uniqueSorted(days);
  const perWeek = new Map<DayNumber, number>();
  for (const day of sorted) {
    const week = weekStartNumber(day);
    perWeek.set(week, (perWeek.get(week) ?? 0) + 1);
  }
  const met = (week: DayNumber) => (perWeek.get(week) ?? 0) >= timesPerWeek;
  const thisWeek = weekStartNumber(today);
  let week = met(thisWeek) ? thisWeek : thisWeek - 7;
  let currentStreak = 0;
  for (; met(week); week -= 7) currentStreak += 1;
  // The weeks come in calendar order, since the days did.
  const bestStreak = longestRun([...perWeek.keys()].filter(met), 7);
  return { currentStreak, bestStreak, ...recentCounts(sorted, today) };
}
