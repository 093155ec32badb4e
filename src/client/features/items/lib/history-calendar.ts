import { MONTH_NAMES, shortMonth, WEEKDAY_NAMES } from '#shared/domain/day-labels';
import { addDays, type Day, daysBetween, weekdayOf } from '#shared/domain/days';

/** One cell of the history calendar: a day, or a blank before the range's first weekday. */
export type CalendarCell = { day: Day; column: number; row: number };

export type CalendarLayout = {
  cells: CalendarCell[];
  columns: number;
  /** Where each month's name goes: the column holding its first day. */
  months: Array<{ column: number; label: string }>;
};

const monthOf = (day: Day) => Number(day.slice(5, 7));

/** Rows run Monday to Sunday, as a week is written in most of the world. */
const rowOf = (day: Day) => (weekdayOf(day) + 6) % 7;

/** The days from `from` to `to` laid out in week columns, oldest on the left. */
export function calendarLayout(from: Day, to: Day): CalendarLayout {
  const offset = rowOf(from);
  const count = daysBetween(from, to) + 1;
  const cells: CalendarCell[] = [];
  const months: CalendarLayout['months'] = [];
  for (let i = 0; i < count; i += 1) {
    const day = addDays(from, i);
    const column = Math.floor((offset + i) / 7);
    cells.push({ day, column, row: (offset + i) % 7 });
    if (day.endsWith('-01')) months.push({ column, label: shortMonth(monthOf(day)) });
  }
  return { cells, columns: Math.floor((offset + count - 1) / 7) + 1, months };
}

/** "Tuesday 3 March 2026": a day's name for screen readers and tooltips. */
export function dayName(day: Day): string {
  return `${WEEKDAY_NAMES[weekdayOf(day)]} ${Number(day.slice(8, 10))} ${MONTH_NAMES[monthOf(day) - 1]} ${day.slice(0, 4)}`;
}
