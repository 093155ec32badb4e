import { addDays, type Day, dayAt } from '#shared/domain/days';
import { reminderInstant } from '#shared/domain/reminder-times';
import { firstOccurrenceFrom, habitDueOn, nextOccurrenceAfter } from '#shared/domain/repeat-expansion';
import { weekStart } from '#shared/domain/streaks';

/*
 * When an item's next reminder is due (docs/product.md#reminders): the first of its days, from its
 * remindAt in the person's zone and day rules (reminderInstant, dayAt), that falls in the window asked
 * for and is not done. Pure: the worker and the write hooks give it the item as it is now.
 */

export type Person = { timeZone: string; dayStartHour: number };

export type TaskFacts = {
  kind: 'task';
  remindAt: string | null;
  plannedFor: Day | null;
  repeat: string | null;
  repeatStart: Day | null;
  completed: boolean;
  lastCompletedDay: Day | null;
};

export type HabitFacts = {
  kind: 'habit';
  remindAt: string | null;
  repeat: string | null;
  repeatStart: Day | null;
  timesPerWeek: number | null;
  /** The days it was done, at least from the Monday of the week before the window on. */
  doneDays: ReadonlySet<Day>;
};

export type ItemFacts = TaskFacts | HabitFacts;

export type Occurrence = { day: Day; at: Date };

/** Days looked at for a habit before giving up: a rule that falls less than once a year reminds nothing. */
const HABIT_HORIZON_DAYS = 400;
/** Occurrences of a task's rule looked at: the window starts at most a day before the first that fits. */
const TASK_STEPS = 64;

/** Whether the item is done on `day` (that day is not reminded). */
export function doneOn(facts: ItemFacts, day: Day): boolean {
  if (facts.kind === 'task') return facts.completed || facts.lastCompletedDay === day;
  return facts.doneDays.has(day);
}

function habitDue(facts: HabitFacts, day: Day): boolean {
  if (facts.repeat !== null) return habitDueOn(facts.repeat, facts.repeatStart ?? day, day);
  if (facts.timesPerWeek === null) return true;
  // "N times a week": due every day of a week until N of its days are done.
  const monday = weekStart(day);
  let done = 0;
  for (let d = monday; d < addDays(monday, 7); d = addDays(d, 1)) if (facts.doneDays.has(d)) done++;
  return done < facts.timesPerWeek;
}

function* taskDays(facts: TaskFacts, firstDay: Day): Generator<Day> {
  if (facts.plannedFor === null || facts.completed) return;
  if (facts.repeat === null) {
    yield facts.plannedFor;
    return;
  }
  const start = facts.repeatStart ?? facts.plannedFor;
  // Its current day, then the rule's days after it (docs/product.md#repeats).
  let day: Day | null =
    facts.plannedFor >= firstDay ? facts.plannedFor : firstOccurrenceFrom(facts.repeat, start, firstDay);
  for (let step = 0; day !== null && step < TASK_STEPS; step++) {
    yield day;
    day = nextOccurrenceAfter(facts.repeat, start, day);
  }
}

function* habitDays(facts: HabitFacts, firstDay: Day): Generator<Day> {
  for (let offset = 0; offset < HABIT_HORIZON_DAYS; offset++) {
    const day = addDays(firstDay, offset);
    if (habitDue(facts, day)) yield day;
  }
}

/**
 * The first occurrence at or after `from` and strictly after `after` (the last one sent) on a day not
 * done, or null when the item reminds nothing more.
 */
export function nextReminder(
  facts: ItemFacts,
  person: Person,
  window: { from: Date; after: Date | null },
): Occurrence | null {
  if (facts.remindAt === null) return null;
  // A day's reminder may fall in the night after it (a time before the day-start hour): start a day back.
  const firstDay = addDays(dayAt(window.from, person.timeZone, person.dayStartHour), -1);
  const days = facts.kind === 'task' ? taskDays(facts, firstDay) : habitDays(facts, firstDay);
  for (const day of days) {
    const at = reminderInstant(day, facts.remindAt, person.timeZone, person.dayStartHour);
    if (at < window.from || (window.after !== null && at <= window.after) || doneOn(facts, day)) continue;
    return { day, at };
  }
  return null;
}
