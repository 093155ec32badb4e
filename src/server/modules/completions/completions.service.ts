import type { Habit } from '#shared/api/habits';
import {
  HISTORY_EDITABLE_DAYS,
  HISTORY_MAX_DAYS,
  type HistoryQuery,
  type ItemHistory,
} from '#shared/api/history';
import type { Task } from '#shared/api/tasks';
import {
  addDays,
  type Day,
  type DayNumber,
  dayAt,
  dayNumber,
  dayOfNumber,
  daysBetween,
} from '#shared/domain/days';
import { habitDueDays } from '#shared/domain/repeat-expansion';
import { type HistoryStats, historyStats, scheduledStats, weeklyStats } from '#shared/domain/streaks';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import {
  type CompletionHistory,
  type CompletionKind,
  findCompletionHistory,
  setHabitCompletion,
  setTaskCompletion,
} from './completions.repo';

/*
 * Other modules mark days through this service, never through the repository: a habit's or a
 * habit-goal task's tick for today (habits, tasks), and a repeating task's day done and undone (tasks).
 */
export {
  type CompletionChange,
  recordRepeatDone,
  setHabitCompletion,
  setTaskCompletion,
  undoRepeatDone,
} from './completions.repo';

/*
 * The history of a daily item and edits of its past days (docs/product.md#history,
 * docs/decisions/015-day-start-and-history.md). Every day here is decided by `dayAt` with the
 * person's zone and "day starts at" hour, as for today's tick.
 */

/** Who asks, and what their day is: the person's id, zone and hour, and the instant of the call. */
export type PersonDay = { userId: string; timeZone: string; dayStartHour: number; now: Date };

const NAMES = { habit: 'Habit', task: 'Task' } as const;
const NOUNS = { habit: 'habit', task: 'task' } as const;

async function requireHistory(
  db: Db,
  person: PersonDay,
  kind: CompletionKind,
  id: string,
  range: { from: Day; to: Day },
) {
  const history = await findCompletionHistory(db, person.userId, kind, id, range);
  if (!history) throw notFound(NAMES[kind]);
  return history;
}

/**
 * The first day that may be changed: a year back, whenever the item was made, so a habit brought from
 * another app or from paper can be given its past (docs/decisions/031-a-habits-past.md).
 */
function editableFrom(today: Day): Day {
  return addDays(today, -HISTORY_EDITABLE_DAYS);
}

/** A 400 about the `day` of the path, named as a validation error names its field. */
function dayOutOfRange(message: string) {
  return badRequest(message, [{ path: 'day', message }]);
}

/**
 * The streaks by the item's schedule (docs/product.md#habit-schedules) and its days off in the range:
 * a rule counts its due days only, "N times a week" counts weeks, anything else every day.
 */
function statsBySchedule(
  history: CompletionHistory,
  today: Day,
  range: { from: Day; to: Day },
): HistoryStats & { offDays: Day[]; streakUnit: 'day' | 'week' } {
  const done = history.allDays;
  const todayNumber = dayNumber(today);
  if (history.timesPerWeek !== null) {
    return { ...weeklyStats(done, todayNumber, history.timesPerWeek), offDays: [], streakUnit: 'week' };
  }
  if (history.repeat === null) return { ...historyStats(done, todayNumber), offDays: [], streakUnit: 'day' };
  const start = history.repeatStart ?? today;
  const firstDone = done[0] === undefined ? undefined : dayOfNumber(done[0]);
  const first = firstDone !== undefined && firstDone < start ? firstDone : start;
  const due = habitDueDays(history.repeat, start, first, today).map(dayNumber);
  const dueInRange = new Set<DayNumber>(
    habitDueDays(history.repeat, start, range.from, range.to).map(dayNumber),
  );
  const offDays: Day[] = [];
  for (let day = dayNumber(range.from); day <= dayNumber(range.to); day += 1)
    if (!dueInRange.has(day)) offDays.push(dayOfNumber(day));
  return { ...scheduledStats(done, todayNumber, due), offDays, streakUnit: 'day' };
}

export async function getHistory(
  db: Db,
  person: PersonDay,
  kind: CompletionKind,
  id: string,
  query: HistoryQuery,
): Promise<ItemHistory> {
  const today = dayAt(person.now, person.timeZone, person.dayStartHour);
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(HISTORY_MAX_DAYS - 1));
  if (from > to) throw badRequest('from must not be after to');
  if (daysBetween(from, to) >= HISTORY_MAX_DAYS) {
    throw badRequest(`At most ${HISTORY_MAX_DAYS} days at once: ask for a shorter range`);
  }
  const history = await requireHistory(db, person, kind, id, { from, to });
  return {
    today,
    editableFrom: editableFrom(today),
    from,
    to,
    days: history.rangeDays.map(dayOfNumber),
    ...statsBySchedule(history, today, { from, to }),
  };
}

type ItemOf<K extends CompletionKind> = K extends 'habit' ? Habit : Task;

/**
 * Marks `day` done or not done. Refused with a 400 that says why: a day after today, a day before
 * the editable range, a task outside a habit goal. Repeating it changes nothing.
 */
export async function setDayDone<K extends CompletionKind>(
  db: Db,
  person: PersonDay,
  kind: K,
  id: string,
  day: Day,
  done: boolean,
): Promise<ItemOf<K>> {
  // Only whether the item is daily matters here: the range asked for is the day itself.
  const history = await requireHistory(db, person, kind, id, { from: day, to: day });
  if (!history.daily) throw badRequest('History can be changed only for habits and tasks in habit goals');
  const today = dayAt(person.now, person.timeZone, person.dayStartHour);
  if (day > today)
    throw dayOutOfRange(`day ${day} has not come yet: only days up to today (${today}) can be changed`);
  const first = editableFrom(today);
  if (day < first) {
    throw dayOutOfRange(
      `day ${day} is more than a year back: days of a ${NOUNS[kind]} from ${first} to today can be changed`,
    );
  }
  const change = { day, today, done };
  const result =
    kind === 'habit'
      ? await setHabitCompletion(db, person.userId, id, change)
      : await setTaskCompletion(db, person.userId, id, change);
  // Deleted, or moved out of its habit goal, since the read above.
  if (!result.found) throw notFound(NAMES[kind]);
  if (!result.daily) throw badRequest('History can be changed only for habits and tasks in habit goals');
  return result.item as ItemOf<K>;
}
