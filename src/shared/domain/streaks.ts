import { addDays, type Day, daysBetween, weekdayOf } from './days';

/*
 * Streaks and counts over an item's completed days (docs/decisions/015-day-start-and-history.md).
 * They work on the days as recorded, each the person's day (`dayAt`) when it was ticked, and never
 * re-bucket instants in today's zone: so a flight does not move yesterday's tick into another day, a
 * day lived twice (flying west over the date line) is one row, and a 23- or 25-hour day is one day.
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

/** The length of the run of consecutive days in `done` that contains `day` (0 when it is not done). */
function runThrough(done: ReadonlySet<Day>, day: Day): number {
  if (!done.has(day)) return 0;
  let length = 1;
  for (let d = addDays(day, -1); done.has(d); d = addDays(d, -1)) length += 1;
  // Days after today exist only after travelling west of where they were ticked: they still chain.
  for (let d = addDays(day, 1); done.has(d); d = addDays(d, 1)) length += 1;
  return length;
}

/** The longest run in `sorted` of days each `step` days after the one before (weeks: their Mondays, 7). */
function longestRun(sorted: readonly Day[], step = 1): number {
  let best = 0;
  let run = 0;
  let previous: Day | undefined;
  for (const day of sorted) {
    run = previous !== undefined && daysBetween(previous, day) === step ? run + 1 : 1;
    best = Math.max(best, run);
    previous = day;
  }
  return best;
}

function doneWithin(sorted: readonly Day[], today: Day, length: number): number {
  const first = addDays(today, -(length - 1));
  return sorted.filter((day) => day >= first && day <= today).length;
}

/** Days done among the last 7, 30 and 365, whatever the schedule. */
function recentCounts(
  sorted: readonly Day[],
  today: Day,
): Pick<HistoryStats, 'last7' | 'last30' | 'last365'> {
  return {
    last7: doneWithin(sorted, today, 7),
    last30: doneWithin(sorted, today, 30),
    last365: doneWithin(sorted, today, 365),
  };
}

/** The streaks and counts of an item completed on `days` (in any order, repeats ignored) as of `today`. */
export function historyStats(days: readonly Day[], today: Day): HistoryStats {
  const done = new Set(days);
  // YYYY-MM-DD sorts as text in calendar order.
  const sorted = [...done].sort();
  const currentStreak = done.has(today) ? runThrough(done, today) : runThrough(done, addDays(today, -1));
  return { currentStreak, bestStreak: longestRun(sorted), ...recentCounts(sorted, today) };
}

/** Days of a habit's schedule: the due days from its first day through today, oldest first. */
export type DueDays = readonly Day[];

/**
 * The streaks of an item due only on some days (a habit with a rule, docs/product.md#habit-schedules):
 * the current streak is the run of consecutive due days done through the last due day, or through the
 * one before it while the last is today and not done yet; days off neither count nor break it. A
 * Mon/Wed/Fri habit done on all three keeps its streak through Tuesday and Thursday.
 */
export function scheduledStats(days: readonly Day[], today: Day, due: DueDays): HistoryStats {
  const done = new Set(days);
  const sorted = [...done].sort();
  const dueSoFar = due.filter((day) => day <= today);
  let end = dueSoFar.length - 1;
  if (dueSoFar[end] === today && !done.has(today)) end -= 1;
  let currentStreak = 0;
  for (let i = end; i >= 0 && done.has(dueSoFar[i] ?? ''); i -= 1) currentStreak += 1;
  let bestStreak = 0;
  let run = 0;
  for (const day of dueSoFar) {
    run = done.has(day) ? run + 1 : 0;
    bestStreak = Math.max(bestStreak, run);
  }
  return { currentStreak, bestStreak, ...recentCounts(sorted, today) };
}

/** The Monday of `day`'s week. */
export function weekStart(day: Day): Day {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

/**
 * The streaks of an "N times a week" habit, counted in weeks (Monday to Sunday) that met the target:
 * the current streak runs through this week when it is met, else through last week (a week is not
 * missed before it is over); the best is the longest run of weeks met.
 */
export function weeklyStats(days: readonly Day[], today: Day, timesPerWeek: number): HistoryStats {
  const done = new Set(days);
  const sorted = [...done].sort();
  const perWeek = new Map<Day, number>();
  for (const day of sorted) perWeek.set(weekStart(day), (perWeek.get(weekStart(day)) ?? 0) + 1);
  const met = (week: Day) => (perWeek.get(week) ?? 0) >= timesPerWeek;
  const thisWeek = weekStart(today);
  let week = met(thisWeek) ? thisWeek : addDays(thisWeek, -7);
  let currentStreak = 0;
  for (; met(week); week = addDays(week, -7)) currentStreak += 1;
  const bestStreak = longestRun([...perWeek.keys()].filter(met).sort(), 7);
  return { currentStreak, bestStreak, ...recentCounts(sorted, today) };
}
