/**
 * Calendar-day rules (docs/decisions/003-day-rules.md, docs/decisions/015-day-start-and-history.md).
 * A person's day is a local calendar date in their IANA time zone that begins at their "day starts
 * at" hour, so a habit ticked at 1 a.m. by someone whose day ends at 3 a.m. counts for the evening
 * before, and completions reset by themselves with no job to run. `dayAt` is the one function that
 * decides which day it is: the server's completion rules, streaks, history and the client's
 * day-change refresh all go through it.
 */

export const DEFAULT_TIME_ZONE = 'UTC';

/** "Day starts at" is a whole hour from 0:00 to 6:00 (docs/product.md#account-settings). */
export const DAY_START_HOUR_MAX = 6;
export const DEFAULT_DAY_START_HOUR = 0;

/** A day as the API writes it: YYYY-MM-DD. */
export type Day = string;

/*
 * Temporal, where the runtime has it (browsers: Chromium 144 and later; not Node 20, so the server
 * always takes the Intl path). The first Intl date formatter of a page loads the locale's date data,
 * 40-80 ms measured in Chromium on this project's machine and four times that on Lighthouse's slowed
 * phone, in the first paint's work (docs/decisions/010-first-load-weight.md); Temporal reads a wall
 * clock in about 1 ms. Both read the same time zone database.
 */
type ZonedFields = { year: number; month: number; day: number; hour: number };
type TemporalApi = {
  Instant: { fromEpochMilliseconds(ms: number): { toZonedDateTimeISO(zone: string): ZonedFields } };
};
const temporal = (globalThis as { Temporal?: TemporalApi }).Temporal;

/** True when the runtime knows this IANA zone name (e.g. "Europe/Paris"). */
export function isValidTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    if (temporal) temporal.Instant.fromEpochMilliseconds(0).toZonedDateTimeISO(zone);
    else new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

// Every call of a request asks for the same answer: remember it per zone and hour for the minute (no
// zone changes its offset between whole minutes). Formatting was a visible cost per API call.
const recent = new Map<string, Day>();

/**
 * The person's day (YYYY-MM-DD) at `instant` in `zone` when their day starts at `dayStartHour`
 * o'clock local time: the local calendar date, or the one before while the local hour is earlier
 * than `dayStartHour`. Counting wall-clock hours, not elapsed ones, keeps the boundary at the same
 * local hour across daylight-saving changes (23- and 25-hour days are one day each); when that hour
 * does not exist (clocks jump past it), the day starts at the first local time after it. Unknown
 * zones count as UTC.
 */
export function dayAt(instant: Date, zone: string, dayStartHour: number = DEFAULT_DAY_START_HOUR): Day {
  const key = `${zone}|${dayStartHour}|${Math.floor(instant.getTime() / 60_000)}`;
  const known = recent.get(key);
  if (known !== undefined) return known;
  if (recent.size > 1000) recent.clear();
  const { date, hour } = wallClock(instant, zone);
  const day = hour < dayStartHour ? addDays(date, -1) : date;
  recent.set(key, day);
  return day;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

function wallClock(instant: Date, zone: string): { date: Day; hour: number } {
  if (temporal) {
    const safeZone = isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
    const local = temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(safeZone);
    return {
      date: `${String(local.year).padStart(4, '0')}-${twoDigits(local.month)}-${twoDigits(local.day)}`,
      hour: local.hour,
    };
  }
  // A cached formatter means the zone was already checked; checking builds a formatter, which is slow.
  const safeZone = formatters.has(zone) || isValidTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  const parts = formatterFor(safeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
}

const MS_PER_DAY = 86_400_000;
/** The value of the digit at `index`, or -1 when it is not an ASCII digit. */
function digitAt(value: string, index: number): number {
  const digit = value.charCodeAt(index) - 48;
  return digit >= 0 && digit <= 9 ? digit : -1;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether `value` is a real calendar date written YYYY-MM-DD (2026-02-30 is not), years 0100 to 9999
 * (JavaScript's Date reads years below 100 as 19xx, so none of them ever named a day here). Read
 * character by character, without a regular expression or a Date: an import checks up to 500,000 of
 * them while the event loop waits (docs/decisions/037-fair-heavy-work.md).
 */
export function isDay(value: string): boolean {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  const digits = [0, 1, 2, 3, 5, 6, 8, 9].map((index) => digitAt(value, index));
  if (digits.includes(-1)) return false;
  const [y1, y2, y3, y4, m1, m2, d1, d2] = digits as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const year = y1 * 1000 + y2 * 100 + y3 * 10 + y4;
  const month = m1 * 10 + m2;
  const day = d1 * 10 + d2;
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0));
}

// Calendar arithmetic on dates alone, in UTC where every day has 24 hours: days are labels, never
// durations, so a daylight-saving change cannot make one count twice or not at all.

/**
 * A day as a whole number: days since 1970-01-01 (what PostgreSQL's `day - date '1970-01-01'` gives).
 * Streaks count on these (src/shared/domain/streaks.ts), so a history is never parsed day by day.
 */
export type DayNumber = number;

/** The number of `day` (days since 1970-01-01). */
export function dayNumber(day: Day): DayNumber {
  return Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY;
}

const TWO_DIGITS = Array.from({ length: 32 }, (_, i) => String(i).padStart(2, '0'));

/**
 * The day numbered `n` (days since 1970-01-01), written YYYY-MM-DD. Whole-number arithmetic on the
 * proleptic Gregorian calendar in 400-year eras (H. Hinnant's `civil_from_days`), the same answers as
 * `Date#toISOString` for years 0 to 9999 without making a Date: the history writes a year of days per
 * call with it.
 */
export function dayOfNumber(n: DayNumber): Day {
  if (!Number.isInteger(n) || n < -719_468 || n > 2_932_896) {
    return new Date(n * MS_PER_DAY).toISOString().slice(0, 10);
  }
  const z = n + 719_468; // days since 0000-03-01
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153); // 0 is March
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}`;
}

/** The day `count` days after `day` (before it when negative). */
export function addDays(day: Day, count: number): Day {
  return dayOfNumber(dayNumber(day) + count);
}

/** How many days `to` is after `from` (negative when before). */
export function daysBetween(from: Day, to: Day): number {
  return dayNumber(to) - dayNumber(from);
}

/** The day of the week of `day`, 0 for Sunday to 6 for Saturday. */
export function weekdayOf(day: Day): number {
  return new Date(dayNumber(day) * MS_PER_DAY).getUTCDay();
}

/**
 * Milliseconds from `instant` until `dayAt` answers the next day, for a page left open across the
 * boundary. Found by bisection on the minute, since the boundary's distance varies with daylight
 * saving and with the hour; it is always within 26 hours.
 */
export function msUntilNextDay(instant: Date, zone: string, dayStartHour: number): number {
  const today = dayAt(instant, zone, dayStartHour);
  const start = instant.getTime();
  let low = 0; // minutes after `instant` still on `today`
  let high = 26 * 60; // minutes after `instant` surely on a later day
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (dayAt(new Date(start + middle * 60_000), zone, dayStartHour) === today) low = middle;
    else high = middle;
  }
  // Boundaries fall on whole minutes of UTC: step to the start of the minute found.
  const boundary = Math.floor((start + high * 60_000) / 60_000) * 60_000;
  return Math.max(0, boundary - start);
}

/**
 * The same month and day `count` years after `day`; 29 February becomes 28 February in a year
 * without one (a date a year on is a label, as above).
 */
export function addYears(day: Day, count: number): Day {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = `${String(year + count).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(date)}`;
  return isDay(target) ? target : addDays(`${target.slice(0, 8)}01`, date - 2);
}

/*
 * The days a task may be planned for (docs/product.md#planning): real calendar days from 2000-01-01
 * to ten years ahead. "Ahead" is counted from the latest day anyone is living at `instant` (the zone
 * furthest east, UTC+14), so the bound needs no person and is never short for anyone.
 */
export const EARLIEST_PLANNED_DAY: Day = '2000-01-01';
export const PLAN_YEARS_AHEAD = 10;
const ZONE_FURTHEST_AHEAD = 'Pacific/Kiritimati';

/** The last day a task may be planned for at `instant`. */
export function latestPlannableDay(instant: Date): Day {
  return addYears(dayAt(instant, ZONE_FURTHEST_AHEAD), PLAN_YEARS_AHEAD);
}
