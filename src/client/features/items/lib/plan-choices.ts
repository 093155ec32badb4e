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
