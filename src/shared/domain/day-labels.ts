/**
 * A planned day in words, relative to the person's day (docs/product.md#days-in-words): the cards'
 * "Tomorrow", "Fri 28", "Overdue · Mon 23", "24 Dec", the Upcoming headings and the accessible names.
 * `today` is always the person's day from `dayAt`, never the machine's clock.
 *
 * Written out from tables rather than asked of Intl: the first Intl date formatter of a page loads the
 * locale's date data (40-80 ms, docs/decisions/010-first-load-weight.md), browsers differ in commas and
 * abbreviations, and these words are what tests and screen readers rely on. Dates are written day
 * first ("24 Dec", "Friday 28 November"), as the History view writes them.
 */
import { type Day, daysBetween, weekdayOf } from './days';

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "Mon", "Tue": the three-letter names cards and repeat rules use. */
export const shortWeekday = (weekday: number): string => (WEEKDAY_NAMES[weekday] ?? '').slice(0, 3);
/** "Jan", "Feb". */
export const shortMonth = (month: number): string => (MONTH_NAMES[month - 1] ?? '').slice(0, 3);

/** Days on either side of today that a card names by weekday ("Fri 28", "Overdue · Mon 23"). */
export const WEEKDAY_LABEL_DAYS = 6;

const monthOf = (day: Day) => Number(day.slice(5, 7));
const dateOf = (day: Day) => Number(day.slice(8, 10));

/*
 * A date without its year always means the nearest one in the direction read: a later "24 Dec" is the
 * next 24 December, an overdue one the last. That holds while the day is less than a year away, so
 * the year is written only from a year on.
 */
const needsYear = (day: Day, today: Day) => Math.abs(daysBetween(today, day)) >= 365;

/** "24 Dec", or "24 Dec 2027" a year or more away: a date alone, without "Overdue" or weekday. */
export function shortDate(day: Day, today: Day): string {
  const date = `${dateOf(day)} ${shortMonth(monthOf(day))}`;
  return needsYear(day, today) ? `${date} ${day.slice(0, 4)}` : date;
}

function longDate(day: Day, today: Day): string {
  const date = `${WEEKDAY_NAMES[weekdayOf(day)]} ${dateOf(day)} ${MONTH_NAMES[monthOf(day) - 1]}`;
  return needsYear(day, today) ? `${date} ${day.slice(0, 4)}` : date;
}

/**
 * A card's short label for the day a task is planned for: "Today", "Tomorrow", "Fri 28" up to six
 * days ahead, "24 Dec" farther ("24 Dec 2027" a year or more away), and for an earlier day
 * "Overdue · Mon 23" (up to six days back) or "Overdue · 3 Nov"; a task `done` is overdue no more:
 * "Mon 23".
 */
export function dayLabel(day: Day, today: Day, { done = false }: { done?: boolean } = {}): string {
  const offset = daysBetween(today, day);
  if (offset === 0) return 'Today';
  if (offset === 1) return 'Tomorrow';
  const near = Math.abs(offset) <= WEEKDAY_LABEL_DAYS;
  const words = near ? `${shortWeekday(weekdayOf(day))} ${dateOf(day)}` : shortDate(day, today);
  return offset < 0 && !done ? `Overdue · ${words}` : words;
}

/**
 * The same day for an accessible name, every word whole: "Today", "Tomorrow", "Friday 28 November",
 * "Overdue since Monday 23 November" ("Monday 23 November" for a task `done`).
 */
export function daySpoken(day: Day, today: Day, { done = false }: { done?: boolean } = {}): string {
  const offset = daysBetween(today, day);
  if (offset === 0) return 'Today';
  if (offset === 1) return 'Tomorrow';
  return offset < 0 && !done ? `Overdue since ${longDate(day, today)}` : longDate(day, today);
}

/** A day's heading in the Upcoming view: "Today", "Tomorrow", "Yesterday", then "Friday 28 November". */
export function dayHeading(day: Day, today: Day): string {
  const offset = daysBetween(today, day);
  if (offset === 0) return 'Today';
  if (offset === 1) return 'Tomorrow';
  if (offset === -1) return 'Yesterday';
  return longDate(day, today);
}
