import * as rruleModule from 'rrule';
import { addDays, type Day, daysBetween } from './days';
import { parseRepeat, type RepeatRule } from './repeat-rule';

/*
 * Repeats expanded into days (docs/decisions/023-repeats-in-floating-days.md), apart from reading them
 * (repeat-rule.ts) so that what only reads rules never loads rrule. Expansion is the rrule library's, on
 * floating days: each day is UTC midnight of that date, the only time zone rrule then ever sees, so a
 * rule yields the same dates whatever zone the person is in and whatever daylight saving does. Which
 * day it is for the person stays `dayAt`'s answer.
 */

/*
 * rrule ships CommonJS (UMD) to Node and ES modules to bundlers: take RRule from whichever was loaded.
 */
const rruleClass = () => ((rruleModule as { default?: typeof rruleModule }).default ?? rruleModule).RRule;
type RRuleInstance = InstanceType<typeof rruleModule.RRule>;

// A floating day: UTC midnight of the date, the only zone rrule is ever given.
const floating = (day: Day) => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date): Day => date.toISOString().slice(0, 10);

const compiled = new Map<string, RRuleInstance>();
/** Rules read once per text: Upcoming asks about the same few rules for every task and day. */
const rules = new Map<string, RepeatRule>();

function ruleOf(text: string): RepeatRule {
  let rule = rules.get(text);
  if (rule) return rule;
  const parsed = parseRepeat(text);
  if (!parsed.ok) throw new Error(`not a repeat rule: ${text}`);
  rule = parsed.rule;
  if (rules.size > 2000) rules.clear();
  rules.set(text, rule);
  return rule;
}

/**
 * A first day later than `start` that gives the same days from `day` on, so rrule, which always walks
 * from its first day, does not walk years of a daily rule to reach today. Only daily and weekly rules
 * without COUNT move (by whole periods, so INTERVAL and the week keep their phase, and at least a
 * period before `day`, so the week it lands in is over before `day`); months and years are few to walk.
 */
function anchorNear(rule: RepeatRule, start: Day, day: Day): Day {
  if (rule.count !== null || (rule.freq !== 'DAILY' && rule.freq !== 'WEEKLY')) return start;
  const period = rule.freq === 'DAILY' ? rule.interval : 7 * rule.interval;
  const periods = Math.floor(daysBetween(start, day) / period) - 1;
  return periods > 0 ? addDays(start, periods * period) : start;
}

/**
 * The rrule for a rule text from its first day, to be asked about days from `near` on; kept, since
 * Upcoming expands the same rules many times.
 */
function compile(text: string, firstDay: Day, near: Day): RRuleInstance {
  const rule = ruleOf(text);
  const start = anchorNear(rule, firstDay, near);
  const key = `${text}@${start}`;
  let rrule = compiled.get(key);
  if (rrule) return rrule;
  const RRule = rruleClass();
  const weekday = (d: RepeatRule['byDay'][number]) => {
    const day = RRule[d.weekday];
    return d.nth === null ? day : day.nth(d.nth);
  };
  rrule = new RRule({
    freq: RRule[rule.freq],
    interval: rule.interval,
    dtstart: floating(start),
    // Leaving a BY part out lets rrule take it from the first day, as RFC 5545 does from DTSTART.
    ...(rule.byDay.length > 0 ? { byweekday: rule.byDay.map(weekday) } : {}),
    ...(rule.byMonthDay.length > 0 ? { bymonthday: rule.byMonthDay } : {}),
    ...(rule.byMonth.length > 0 ? { bymonth: rule.byMonth } : {}),
    ...(rule.count !== null ? { count: rule.count } : {}),
    ...(rule.until !== null ? { until: floating(rule.until) } : {}),
  });
  if (compiled.size > 2000) compiled.clear();
  compiled.set(key, rrule);
  return rrule;
}

/**
 * The days a rule falls on from `from` to `to` (both included), the rule starting on `start`. The start
 * counts only when it matches the rule: "every Monday" started on a Wednesday begins the Monday after.
 */
export function occurrencesBetween(text: string, start: Day, from: Day, to: Day): Day[] {
  if (to < from) return [];
  return compile(text, start, from).between(floating(from), floating(to), true).map(dayOf);
}

/** The first day the rule falls on after `day` (not `day` itself), or null when it has ended. */
export function nextOccurrenceAfter(text: string, start: Day, day: Day): Day | null {
  const next = compile(text, start, day).after(floating(day), false);
  return next ? dayOf(next) : null;
}

/** The first day the rule falls on from `day` on (`day` included), or null when it has ended. */
export function firstOccurrenceFrom(text: string, start: Day, day: Day): Day | null {
  return nextOccurrenceAfter(text, start, addDays(day, -1));
}

/**
 * Whether a habit with this rule, set on `start`, is due on `day` (docs/product.md#habit-schedules):
 * before the rule was set the habit was due every day, so its past keeps its meaning.
 */
export function habitDueOn(text: string, start: Day, day: Day): boolean {
  return day < start || fallsOn(text, start, day);
}

/** The days from `from` to `to` a habit with this rule, set on `start`, is due (see habitDueOn). */
export function habitDueDays(text: string, start: Day, from: Day, to: Day): Day[] {
  const daily: Day[] = [];
  for (let day = from; day <= to && day < start; day = addDays(day, 1)) daily.push(day);
  return [...daily, ...occurrencesBetween(text, start, from > start ? from : start, to)];
}

/** Whether the rule falls on `day`. */
export function fallsOn(text: string, start: Day, day: Day): boolean {
  return firstOccurrenceFrom(text, start, day) === day;
}
