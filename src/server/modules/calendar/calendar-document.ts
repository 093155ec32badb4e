import { Temporal } from '@js-temporal/polyfill';
import ical, { type ICalEventData } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { checklistLines } from '#shared/domain/checklist';
import { addDays, type Day, isValidTimeZone } from '#shared/domain/days';
import { icalendarPriority } from '#shared/domain/priority';
import { instantOfLocalTime } from '#shared/domain/reminder-times';
import { firstOccurrenceFrom, occurrencesBetween } from '#shared/domain/repeat-expansion';
import { parseRepeat, repeatText } from '#shared/domain/repeat-rule';
import type { FeedTask } from './calendar.repo';

/*
 * The feed as RFC 5545 iCalendar (docs/product.md#calendar-feed, docs/decisions/033-calendar-feed.md),
 * written by ical-generator. A task without a reminder time is an all-day event on its day; one with a
 * time is an event at that time in the person's zone, with the zone's VTIMEZONE (timezones-ical-library)
 * so that every calendar reads the same instant. A repeat is the task's RRULE from its current day;
 * its labels are the event's categories.
 * Nothing in the text depends on when it is written, so its ETag changes only when the plan does.
 */

/** How long a timed event lasts in the calendar: a reminder is a moment, shown as a short slot. */
export const TIMED_EVENT_MINUTES = 15;

const PRODUCT = { company: 'Stride', product: 'Stride planner', language: 'EN' } as const;

function vtimezone(zone: string): string | null {
  const block = tzlib_get_ical_block(zone);
  return Array.isArray(block) && typeof block[0] === 'string' && block[0].startsWith('BEGIN:VTIMEZONE')
    ? block[0]
    : null;
}

const basicUtc = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/**
 * The task's rule from `from` (an occurrence), for an event starting there: COUNT lowered by the days
 * the rule already fell on before `from`; UNTIL, for a timed event, as the UTC instant RFC 5545 asks
 * for (3.3.10). Null when nothing of the rule is left.
 */
function ruleFrom(task: FeedTask, from: Day, time: string | null, zone: string): string | null {
  if (task.repeat === null) return null;
  const parsed = parseRepeat(task.repeat);
  if (!parsed.ok) return null;
  const start = task.repeatStart ?? task.plannedFor;
  let count = parsed.rule.count;
  if (count !== null) {
    count -= occurrencesBetween(task.repeat, start, start, addDays(from, -1)).length;
    if (count <= 0) return null;
  }
  const text = repeatText({ ...parsed.rule, count, until: null });
  const until = parsed.rule.until;
  if (until === null) return text;
  return `${text};UNTIL=${time === null ? until.replaceAll('-', '') : basicUtc(instantOfLocalTime(until, time, zone))}`;
}

/**
 * The goal's line, the task's own description, then its checklist (docs/product.md#calendar-feed); null
 * with none of them. The feed is no day's view: an item of a habit goal's task, which reads done only on
 * the day it was ticked, is shown unticked, as each of the event's days starts it.
 */
function eventDescription(task: FeedTask): string | null {
  const checklist = checklistLines(
    task.checklist.map((item) => ({ title: item.title, done: !task.inHabitGoal && item.doneOn !== null })),
  );
  const parts = [
    task.goalTitle === null ? null : `Goal: ${task.goalTitle}`,
    task.description,
    checklist === '' ? null : checklist,
  ];
  const text = parts.filter((part) => part !== null).join('\n\n');
  return text === '' ? null : text;
}

function eventAt(
  task: FeedTask,
  day: Day,
  zone: string,
  uid: string,
  repeating: string | null,
): ICalEventData {
  // A time before the day-start hour falls in the night after the planned date (reminder-times.ts):
  // the calendar would show it on another date than the plan, so such a task is all-day there.
  const base = {
    id: uid,
    summary: task.title,
    description: eventDescription(task),
    priority: icalendarPriority(task.priority),
    // RFC 5545's CATEGORIES (3.8.1.2), which calendars show as tags; a label is one word, so nothing
    // in it needs escaping (docs/product.md#calendar-feed).
    categories: task.labels.map((name) => ({ name })),
    stamp: task.updatedAt,
    ...(repeating ? { repeating: `RRULE:${repeating}` } : {}),
  };
  if (task.remindAt === null) return { ...base, start: Temporal.PlainDate.from(day), allDay: true };
  const start = Temporal.PlainDateTime.from(`${day}T${task.remindAt}`).toZonedDateTime(zone);
  return { ...base, start, end: start.add({ minutes: TIMED_EVENT_MINUTES }), timezone: zone };
}

/** The events of one task: its day with its repeat, and, when it was moved off its rule, that day apart. */
function eventsOf(task: FeedTask, zone: string, dayStartHour: number): ICalEventData[] {
  const timed = task.remindAt !== null && Number(task.remindAt.slice(0, 2)) >= dayStartHour;
  const shown: FeedTask = timed ? task : { ...task, remindAt: null };
  const uid = `${task.id}@stride`;
  if (task.repeat === null) return [eventAt(shown, task.plannedFor, zone, uid, null)];
  const start = task.repeatStart ?? task.plannedFor;
  if (firstOccurrenceFrom(task.repeat, start, task.plannedFor) === task.plannedFor) {
    const rule = ruleFrom(shown, task.plannedFor, shown.remindAt, zone);
    return [eventAt(shown, task.plannedFor, zone, uid, rule)];
  }
  // Moved by hand to a day off its rule (docs/product.md#repeats): that day, then the rule's days after it.
  const events = [eventAt(shown, task.plannedFor, zone, `${task.id}-${task.plannedFor}@stride`, null)];
  const next = firstOccurrenceFrom(task.repeat, start, addDays(task.plannedFor, 1));
  const rule = next === null ? null : ruleFrom(shown, next, shown.remindAt, zone);
  if (next !== null && rule !== null) events.push(eventAt(shown, next, zone, uid, rule));
  return events;
}

/** The person's planned tasks as an iCalendar text. */
export function calendarDocument(tasks: FeedTask[], zone: string, dayStartHour: number): string {
  const safeZone = isValidTimeZone(zone) ? zone : 'UTC';
  const calendar = ical({ name: 'Stride', prodId: PRODUCT });
  calendar.timezone({ name: null, generator: vtimezone });
  for (const task of tasks) {
    for (const event of eventsOf(task, safeZone, dayStartHour)) calendar.createEvent(event);
  }
  return calendar.toString();
}
