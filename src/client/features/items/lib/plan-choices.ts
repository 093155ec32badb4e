import {
  addDays,
  addYears,
  type Day,
  EARLIEST_PLANNED_DAY,
  PLAN_YEARS_AHEAD,
  weekdayOf,
} from '#shared/domain/days';

/*
 * The days a person picks a task's day from (docs/product.md#planning): the item dialog's "Day" and a
 * card's "Plan for…". Counted from the person's day (lib/persons-day.ts), never the device's clock.
 */

export type PlanChoice = 'none' | 'today' | 'tomorrow' | 'next-week' | 'date';

/**
 * "Next week" is the Monday that starts it, as quick add reads the words "next week"
 * (src/shared/domain/quick-add-words.ts): on a Sunday that is tomorrow, on a Monday a week on.
 */
export function nextWeekDay(today: Day): Day {
  return addDays(today, 7 - ((weekdayOf(today) + 6) % 7));
}

/** The day a choice stands for; `picked` is the date field's value for "Pick a date". */
export function dayOfChoice(choice: PlanChoice, today: Day, picked: string): Day | null {
  switch (choice) {
    case 'none':
      return null;
    case 'today':
      return today;
    case 'tomorrow':
      return addDays(today, 1);
    case 'next-week':
      return nextWeekDay(today);
    case 'date':
      return picked === '' ? null : picked;
  }
}

/** The choice a planned day shows as when the dialog opens: a named one when it is that day. */
export function choiceOfDay(day: Day | null, today: Day): PlanChoice {
  if (day === null) return 'none';
  if (day === today) return 'today';
  if (day === addDays(today, 1)) return 'tomorrow';
  return 'date';
}

/** The date field's bounds: what the API accepts (docs/product.md#planning), from the person's day. */
export function plannableRange(today: Day): { min: Day; max: Day } {
  return { min: EARLIEST_PLANNED_DAY, max: addYears(today, PLAN_YEARS_AHEAD) };
}

/** The dialog's repeat choices; "keep" stands for a rule made elsewhere (quick add, another device). */
export type RepeatChoice = 'none' | 'daily' | 'weekdays' | 'weekly' | 'monthly' | 'yearly' | 'keep';

const RULE_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/**
 * The rule a choice stands for, anchored on the task's day (`day`: its planned day, else today):
 * "Every week on Friday" is the anchor's weekday, "Every month on the 28th" its date.
 */
export function ruleOfChoice(choice: RepeatChoice, day: Day, kept: string | null): string | null {
  const date = Number(day.slice(8, 10));
  switch (choice) {
    case 'none':
      return null;
    case 'daily':
      return 'FREQ=DAILY';
    case 'weekdays':
      return 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR';
    case 'weekly':
      return `FREQ=WEEKLY;BYDAY=${RULE_DAYS[weekdayOf(day)]}`;
    case 'monthly':
      return `FREQ=MONTHLY;BYMONTHDAY=${date}`;
    case 'yearly':
      return `FREQ=YEARLY;BYMONTHDAY=${date};BYMONTH=${Number(day.slice(5, 7))}`;
    case 'keep':
      return kept;
  }
}

const CHOICES: readonly RepeatChoice[] = ['daily', 'weekdays', 'weekly', 'monthly', 'yearly'];

/** The choice a task's rule shows as: a named one when it is that rule for its day, else "keep". */
export function choiceOfRule(rule: string | null, day: Day): RepeatChoice {
  if (rule === null) return 'none';
  const same = (a: string, b: string) =>
    a.toUpperCase().split(';').sort().join(';') === b.toUpperCase().split(';').sort().join(';');
  return CHOICES.find((choice) => same(ruleOfChoice(choice, day, null) ?? '', rule)) ?? 'keep';
}

/*
 * A habit's schedule (docs/product.md#item-dialog): every day (no rule), a weekly rule, or "N times a
 * week". Written as one select value: "daily", "rule:{RRULE}", "times:{n}", or "keep" for a rule made
 * elsewhere.
 */
export const HABIT_RULES = [
  { rule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', label: 'Every weekday' },
  { rule: 'FREQ=WEEKLY;BYDAY=MO,WE,FR', label: 'Mon, Wed, Fri' },
  { rule: 'FREQ=WEEKLY;BYDAY=TU,TH', label: 'Tue, Thu' },
  { rule: 'FREQ=WEEKLY;BYDAY=SA,SU', label: 'Every weekend' },
] as const;
export const TIMES_PER_WEEK_CHOICES = [1, 2, 3, 4, 5, 6] as const;

export type HabitSchedule = { repeat: string | null; timesPerWeek: number | null };

export function scheduleValue({ repeat, timesPerWeek }: HabitSchedule): string {
  if (timesPerWeek !== null) return `times:${timesPerWeek}`;
  if (repeat === null) return 'daily';
  return HABIT_RULES.some((choice) => choice.rule === repeat) ? `rule:${repeat}` : 'keep';
}

export function scheduleOf(value: string, kept: HabitSchedule): HabitSchedule {
  if (value === 'daily') return { repeat: null, timesPerWeek: null };
  if (value.startsWith('rule:')) return { repeat: value.slice(5), timesPerWeek: null };
  if (value.startsWith('times:')) return { repeat: null, timesPerWeek: Number(value.slice(6)) };
  return kept;
}
