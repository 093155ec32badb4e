import { addDays, type Day, isValidTimeZone } from './days';

/*
 * Reminder times (docs/product.md#reminders): `remindAt` is a time of day, "HH:MM", in the person's
 * zone, and a reminder is due at that time on each of the item's days. Which day an instant belongs to
 * is `dayAt`'s answer; this file only turns a day and a time of day back into an instant.
 */

/** A time of day written HH:MM, 00:00 to 23:59. */
export type TimeOfDay = string;

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const REMIND_AT_MESSAGE = 'remindAt must be a time of day written HH:MM, from 00:00 to 23:59';

export function isTimeOfDay(value: string): boolean {
  return TIME_OF_DAY.test(value);
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `ms` (UTC milliseconds), in milliseconds. */
function offsetAt(ms: number, zone: string): number {
  let formatter = offsetFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    offsetFormatters.set(zone, formatter);
  }
  const parts = formatter.formatToParts(new Date(ms));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The calendar date and time of day the wall clock in `zone` reads at `instant`: the other way round
 * from instantOfLocalTime. Unknown zones count as UTC.
 */
export function localClockAt(instant: Date, zone: string): { date: Day; time: TimeOfDay } {
  const safeZone = isValidTimeZone(zone) ? zone : 'UTC';
  const wall = new Date(instant.getTime() + offsetAt(instant.getTime(), safeZone)).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

const HOUR_MS = 3_600_000;

/**
 * The instant the wall clock in `zone` reads `time` on the calendar date `date`, as RFC 5545 reads a
 * local time (3.3.5): a time that happens twice (clocks go back) is the first of the two, and a time
 * that never happens (clocks jump over it) is moved on by the length of the jump, so 02:30 on a night
 * the clocks go from 02:00 to 03:00 is 03:30. Unknown zones count as UTC.
 */
export function instantOfLocalTime(date: Day, time: TimeOfDay, zone: string): Date {
  const safeZone = isValidTimeZone(zone) ? zone : 'UTC';
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // No zone changes its offset twice within a day, so the offsets a day either side are the only two.
  const before = offsetAt(wall - 24 * HOUR_MS, safeZone);
  const after = offsetAt(wall + 24 * HOUR_MS, safeZone);
  const readsAs = (ms: number) => ms + offsetAt(ms, safeZone) === wall;
  const candidates = [wall - before, wall - after].filter(readsAs).sort((a, b) => a - b);
  // A time in a gap reads as no instant: take the offset in force before the gap.
  return new Date(candidates[0] ?? wall - before);
}

/**
 * The instant a reminder at `time` is due on the person's `day` (YYYY-MM-DD): the first instant the
 * wall clock reads `time` that `dayAt` counts as `day`. With a day that starts at 3:00, 01:30 on the
 * day 2026-03-10 is 01:30 on the 11th, the last hours of the person's 10th.
 */
export function reminderInstant(day: Day, time: TimeOfDay, zone: string, dayStartHour: number): Date {
  const hour = Number(time.slice(0, 2));
  const date = hour < dayStartHour ? addDays(day, 1) : day;
  return instantOfLocalTime(date, time, zone);
}
