import { type Habit, HabitSchema } from '#shared/api/habits';
import { type TodayTask, TodayTaskSchema } from '#shared/api/today';
import {
  UPCOMING_DEFAULT_DAYS,
  UPCOMING_MAX_DAYS,
  type Upcoming,
  type UpcomingQuery,
} from '#shared/api/upcoming';
import { addDays, type Day, daysBetween, weekdayOf } from '#shared/domain/days';
import { habitDueDays, occurrencesBetween } from '#shared/domain/repeat-expansion';
import type { JsonText } from '../../db/api-json';
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import { jsonWriter } from '../../http/json-serializer';
import type { KeptAnswers } from '../today/kept-answers';
import { type PlannedTask, readPlanned, type ScheduledHabit } from './upcoming.repo';

/**
 * The days from `from` to `to` a habit on Today is due (docs/product.md#habit-schedules): its rule's
 * days, expanded once for the range; "N times a week" every day of today's week while the target is
 * not met (counting today once it is done, for the days after it), and every day of other weeks.
 */
function habitDueDaysIn(scheduled: ScheduledHabit, today: Day, from: Day, to: Day): (day: Day) => boolean {
  const { habit, repeatStart, doneThisWeekBefore } = scheduled;
  if (habit.repeat !== null) {
    const due = new Set(habitDueDays(habit.repeat, repeatStart ?? today, from, to));
    return (day) => due.has(day);
  }
  const { timesPerWeek } = habit;
  if (timesPerWeek === null) return () => true;
  const weekEnd = addDays(today, 7 - (weekdayOf(today) === 0 ? 7 : weekdayOf(today)));
  return (day) =>
    day < today ||
    day > weekEnd ||
    doneThisWeekBefore + (day > today && habit.completedToday ? 1 : 0) < timesPerWeek;
}

/*
 * The plan by day (docs/product.md#upcoming). A task is on the day it is planned for; a repeating one
 * also on every later day its rule falls on (src/shared/domain/repeat-rule.ts); what is overdue is
 * listed apart, once, and its repeats are shown from tomorrow on.
 */

/** The days of the range a planned task is shown on, and whether it is overdue. */
function daysOf(planned: PlannedTask, today: Day, from: Day, to: Day): { overdue: boolean; days: Day[] } {
  const { task, repeatStart, lastCompletedDay } = planned;
  const day = task.plannedFor;
  if (day === null) return { overdue: false, days: [] };
  const overdue = !task.completed && day < today;
  const days = new Set<Day>();
  // Done today, it shows on today as Today shows it (a done task planned earlier included).
  const shownOn = day < today ? today : day;
  if (!overdue && (!task.repeat || day >= today || lastCompletedDay === today)) days.add(shownOn);
  if (task.repeat) {
    if (lastCompletedDay === today) days.add(today);
    const after = day > today ? day : today;
    const first = addDays(after, 1) > from ? addDays(after, 1) : from;
    for (const next of occurrencesBetween(task.repeat, repeatStart ?? day, first, to)) days.add(next);
  }
  return { overdue, days: [...days].filter((d) => d >= from && d <= to) };
}

/**
 * The plan by day as the API answers it. The answer kept for this person, range and day is sent again
 * while the rows it was built from stand (as Today's, docs/decisions/026-planning-screens.md); otherwise
 * it is built and kept. `fresh` builds it whatever is kept.
 */
export async function getUpcoming(
  db: Db,
  kept: KeptAnswers,
  userId: string,
  today: Day,
  query: UpcomingQuery,
  fresh = false,
): Promise<JsonText<Upcoming>> {
  const from = query.from ?? today;
  const to = query.to ?? addDays(from, UPCOMING_DEFAULT_DAYS - 1);
  if (from > to) throw badRequest('from must not be after to');
  if (daysBetween(from, to) >= UPCOMING_MAX_DAYS) {
    throw badRequest(`At most ${UPCOMING_MAX_DAYS} days at once: ask for a shorter range`);
  }
  // One kept answer per person and range: the screen asks for its first days and then the next ones.
  const key = `${userId} ${from} ${to}`;
  const known = fresh ? undefined : kept.find(key, today);
  const read = await readPlanned(db, userId, today, to, known?.version);
  if (!read.planned) {
    if (!known) throw new Error('Upcoming was not read without a kept answer');
    return known.body;
  }
  const body = writeUpcoming(placed(read.planned, today, from, to));
  kept.keep(key, { day: today, version: read.version, body });
  return body;
}

/** The planned tasks and Today habits placed on the days from `from` to `to`, overdue ones apart. */
function placed(
  { tasks, habits }: { tasks: PlannedTask[]; habits: ScheduledHabit[] },
  today: Day,
  from: Day,
  to: Day,
): Upcoming {
  const length = daysBetween(from, to) + 1;
  const dueOn = habits.map((scheduled) => ({
    habit: scheduled.habit,
    due: habitDueDaysIn(scheduled, today, from, to),
  }));
  const days = Array.from({ length }, (_, index) => {
    const day = addDays(from, index);
    const due: Habit[] = dueOn.filter(({ due }) => due(day)).map(({ habit }) => habit);
    return { day, tasks: [] as TodayTask[], habits: due };
  });
  const overdue: TodayTask[] = [];
  for (const planned of tasks) {
    const placed = daysOf(planned, today, from, to);
    if (placed.overdue) overdue.push(planned.task);
    for (const day of placed.days) days[daysBetween(from, day)]?.tasks.push(planned.task);
  }
  // Oldest first; the sort is stable, so a day's tasks keep their Today order.
  overdue.sort((a, b) =>
    (a.plannedFor ?? '') < (b.plannedFor ?? '') ? -1 : a.plannedFor === b.plannedFor ? 0 : 1,
  );
  return { today, overdue, days };
}

const writeTask = jsonWriter(TodayTaskSchema);
const writeHabit = jsonWriter(HabitSchema);

/**
 * The answer as JSON text, each task and habit written once however many days it is on (a daily habit
 * is on every day of the range, a daily task too): writing the same objects again for each day was most
 * of the answer's cost (bench/notes/plan-reads.md). The writers are the response schemas' own, so only
 * the properties they list go out; tests/server/answer-shapes.test.ts checks the whole answer.
 */
function writeUpcoming(upcoming: Upcoming): JsonText<Upcoming> {
  const written = new Map<object, string>();
  const once = <T extends object>(item: T, write: (value: T) => string) => {
    let text = written.get(item);
    if (text === undefined) {
      text = write(item);
      written.set(item, text);
    }
    return text;
  };
  const tasks = (list: TodayTask[]) => `[${list.map((task) => once(task, writeTask)).join(',')}]`;
  const days = upcoming.days.map(
    (day) =>
      `{"day":${JSON.stringify(day.day)},"tasks":${tasks(day.tasks)},"habits":[${day.habits
        .map((habit) => once(habit, writeHabit))
        .join(',')}]}`,
  );
  return `{"today":${JSON.stringify(upcoming.today)},"overdue":${tasks(upcoming.overdue)},"days":[${days.join(',')}]}`;
}
