/**
 * A repeat rule in words (docs/product.md#days-in-words): "Every Monday", "Every Mon, Wed, Fri",
 * "Monthly on the last day", "Every year on 24 Dec · 5 times".
 *
 * The rule is Stride's subset of an RFC 5545 RRULE, without the "RRULE:" prefix: FREQ=DAILY|WEEKLY|
 * MONTHLY|YEARLY, INTERVAL, BYDAY (an ordinal only with MONTHLY or YEARLY: "2TU", "-1FR"), BYMONTHDAY
 * (1 to 31, -1 to -31 from the month's end), BYMONTH, and COUNT or UNTIL. It is read here by a small
 * parser of that subset, not by rrule's `RRule.parseString`: these words are drawn on every Today and
 * Upcoming card, and importing rrule would put its whole expansion engine (about 14 kB gzipped) into the
 * first screen's bundle for the sake of splitting a string (docs/decisions/010-first-load-weight.md).
 * Expanding a rule into days is rrule's job, where that is needed.
 */

import { MONTH_NAMES, shortMonth, shortWeekday, WEEKDAY_NAMES } from './day-labels';
import type { Day } from './days';

export type RepeatFrequency = 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';

/** A weekday of a rule: 0 for Sunday to 6 for Saturday, with an ordinal in the month or year (-1 = last). */
export type RuleWeekday = { weekday: number; ordinal: number | null };

export type RepeatRule = {
  freq: RepeatFrequency;
  interval: number;
  byDay: RuleWeekday[];
  byMonthDay: number[];
  byMonth: number[];
  count: number | null;
  /** The last day it may happen on. */
  until: Day | null;
};

const FREQUENCIES: readonly RepeatFrequency[] = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'];
/** RFC 5545's two-letter weekdays, indexed like `Date.getUTCDay()`. */
export const RULE_WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/** The longest rule text taken; Stride's own rules are far shorter. */
export const REPEAT_MAX_LENGTH = 200;

const POSITIVE = /^[1-9]\d{0,3}$/;
const BY_DAY = /^([+-]?[1-5])?(SU|MO|TU|WE|TH|FR|SA)$/;
const MONTH_DAY = /^-?[1-9]\d?$/;
const UNTIL = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/;

function listOf<T>(value: string, item: (part: string) => T | null): T[] | null {
  const items: T[] = [];
  for (const part of value.split(',')) {
    const parsed = item(part);
    if (parsed === null) return null;
    items.push(parsed);
  }
  return items;
}

function ruleWeekday(part: string): RuleWeekday | null {
  const match = BY_DAY.exec(part);
  if (!match) return null;
  const weekday = RULE_WEEKDAYS.indexOf(match[2] as (typeof RULE_WEEKDAYS)[number]);
  return { weekday, ordinal: match[1] ? Number(match[1]) : null };
}

function monthDay(part: string): number | null {
  if (!MONTH_DAY.test(part)) return null;
  const n = Number(part);
  return Math.abs(n) <= 31 ? n : null;
}

function month(part: string): number | null {
  return POSITIVE.test(part) && Number(part) <= 12 ? Number(part) : null;
}

function untilDay(value: string): Day | null {
  const match = UNTIL.exec(value);
  if (!match) return null;
  const [, year, monthText, dayText] = match as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(year), Number(monthText) - 1, Number(dayText)));
  if (date.getUTCFullYear() !== Number(year) || date.getUTCDate() !== Number(dayText)) return null;
  return `${year}-${monthText}-${dayText}`;
}

/**
 * The rule `text` read into its parts, or null when it is not in Stride's subset: an unknown or
 * repeated part, a value out of range, no FREQ, both COUNT and UNTIL, an ordinal weekday with DAILY
 * or WEEKLY, or a BYMONTHDAY with WEEKLY (which RFC 5545 forbids). Names may be in any case.
 */
export function parseRepeat(text: string): RepeatRule | null {
  if (text.length === 0 || text.length > REPEAT_MAX_LENGTH) return null;
  const fields = new Map<string, string>();
  for (const part of text.toUpperCase().split(';')) {
    const equals = part.indexOf('=');
    if (equals <= 0) return null;
    const name = part.slice(0, equals);
    if (fields.has(name)) return null;
    fields.set(name, part.slice(equals + 1));
  }
  const rule: RepeatRule = {
    freq: 'DAILY',
    interval: 1,
    byDay: [],
    byMonthDay: [],
    byMonth: [],
    count: null,
    until: null,
  };
  for (const [name, value] of fields) {
    switch (name) {
      case 'FREQ': {
        const freq = FREQUENCIES.find((f) => f === value);
        if (!freq) return null;
        rule.freq = freq;
        break;
      }
      case 'INTERVAL':
        if (!POSITIVE.test(value)) return null;
        rule.interval = Number(value);
        break;
      case 'COUNT':
        if (!POSITIVE.test(value)) return null;
        rule.count = Number(value);
        break;
      case 'UNTIL': {
        rule.until = untilDay(value);
        if (rule.until === null) return null;
        break;
      }
      case 'BYDAY': {
        const days = listOf(value, ruleWeekday);
        if (!days) return null;
        rule.byDay = days;
        break;
      }
      case 'BYMONTHDAY': {
        const days = listOf(value, monthDay);
        if (!days) return null;
        rule.byMonthDay = days;
        break;
      }
      case 'BYMONTH': {
        const months = listOf(value, month);
        if (!months) return null;
        rule.byMonth = months;
        break;
      }
      default:
        return null;
    }
  }
  if (!fields.has('FREQ')) return null;
  if (rule.count !== null && rule.until !== null) return null;
  const ordinals = rule.byDay.some((d) => d.ordinal !== null);
  if (ordinals && (rule.freq === 'DAILY' || rule.freq === 'WEEKLY')) return null;
  if (rule.byMonthDay.length > 0 && rule.freq === 'WEEKLY') return null;
  return rule;
}

/**
 * A rule written back as RRULE text, its parts in one fixed order and INTERVAL=1 left out, so one
 * rule always reads the same: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE".
 */
export function formatRepeat(rule: RepeatRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval > 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.byMonth.length > 0) parts.push(`BYMONTH=${rule.byMonth.join(',')}`);
  if (rule.byMonthDay.length > 0) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  if (rule.byDay.length > 0) {
    const day = ({ weekday, ordinal }: RuleWeekday) => `${ordinal ?? ''}${RULE_WEEKDAYS[weekday]}`;
    parts.push(`BYDAY=${rule.byDay.map(day).join(',')}`);
  }
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== null) parts.push(`UNTIL=${rule.until.replaceAll('-', '')}`);
  return parts.join(';');
}

/** "1st", "2nd", "3rd", "11th", "22nd", "31st". */
export function ordinalWord(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

export type RepeatWordsOptions = {
  /** The person's day: an end date less than a year away is written without its year. */
  today?: Day;
  /** Every name whole, for accessible names: "Every Monday, Wednesday and Friday". */
  spoken?: boolean;
};

/** "a, b and c" when spoken; "a, b, c" on a card, where space is short. */
function joined(items: string[], spoken: boolean): string {
  if (!spoken || items.length < 2) return items.join(', ');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const MONDAY_FIRST = (weekday: number) => (weekday + 6) % 7;
const WEEKDAYS_MON_FRI = '1,2,3,4,5';
const WEEKEND = '0,6';

/**
 * Plain weekdays (no ordinal), Monday first. After "Every": "weekday", "Monday", "Mon, Wed, Fri"; after
 * "on": "weekdays", "Tuesday", "Tue, Thu"; as a plural: "weekdays", "Tuesdays and Thursdays".
 */
function plainWeekdays(weekdays: number[], spoken: boolean, use: 'every' | 'on' | 'plural'): string {
  const sorted = [...new Set(weekdays)].sort((a, b) => MONDAY_FIRST(a) - MONDAY_FIRST(b));
  const key = [...sorted].sort((a, b) => a - b).join(',');
  const group = use === 'every' ? '' : 's';
  if (key === WEEKDAYS_MON_FRI) return `weekday${group}`;
  if (key === WEEKEND) return `weekend${group}`;
  const plural = use === 'plural';
  const whole = spoken || plural || sorted.length === 1;
  const name = (weekday: number) => (whole ? (WEEKDAY_NAMES[weekday] ?? '') : shortWeekday(weekday));
  return joined(
    sorted.map((weekday) => `${name(weekday)}${plural ? 's' : ''}`),
    spoken || plural,
  );
}

function ordinalWeekday({ weekday, ordinal }: RuleWeekday): string {
  const name = WEEKDAY_NAMES[weekday];
  if (ordinal === null) return name ?? '';
  if (ordinal === -1) return `last ${name}`;
  if (ordinal < 0) return `${ordinalWord(-ordinal)} to last ${name}`;
  return `${ordinalWord(ordinal)} ${name}`;
}

function monthDayWord(day: number): string {
  if (day === -1) return 'last day';
  if (day < 0) return `${ordinalWord(-day)} to last day`;
  return ordinalWord(day);
}

function monthName(month: number, spoken: boolean): string {
  return spoken ? (MONTH_NAMES[month - 1] ?? '') : shortMonth(month);
}

function untilWords(until: Day, today: Day | undefined, spoken: boolean): string {
  const month = Number(until.slice(5, 7));
  const date = `${Number(until.slice(8, 10))} ${monthName(month, spoken)}`;
  const sameYearAhead =
    today !== undefined && until >= today && Date.parse(until) - Date.parse(today) < 365 * 86_400_000;
  return sameYearAhead ? date : `${date} ${until.slice(0, 4)}`;
}

/** "Every 2 weeks", "Monthly", "Every year": the rule's frequency before any "on". */
function head(freq: RepeatFrequency, interval: number): string {
  const unit = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' }[freq];
  if (interval > 1) return `Every ${interval} ${unit}s`;
  return freq === 'MONTHLY' ? 'Monthly' : `Every ${unit}`;
}

function body(rule: RepeatRule, spoken: boolean): string {
  const { freq, interval, byDay, byMonthDay, byMonth } = rule;
  const plain = byDay.filter((d) => d.ordinal === null).map((d) => d.weekday);
  const ordinals = byDay.filter((d) => d.ordinal !== null);
  const months = [...byMonth].sort((a, b) => a - b).map((m) => monthName(m, spoken));

  // Weekdays alone, on a daily or weekly rule: "Every Monday", "Every 2 weeks on Tue, Thu".
  if ((freq === 'DAILY' || freq === 'WEEKLY') && plain.length > 0 && byMonth.length === 0) {
    const every = interval === 1;
    if (every && new Set(plain).size === 7) return head('DAILY', 1);
    if (every) return `Every ${plainWeekdays(plain, spoken, 'every')}`;
    return `${head(freq, interval)} on ${plainWeekdays(plain, spoken, 'on')}`;
  }

  // "Every year on 24 Dec": one day of one month reads as a date.
  if (freq === 'YEARLY' && byMonth.length === 1 && byMonthDay.length === 1 && byDay.length === 0) {
    const day = byMonthDay[0] ?? 1;
    const date = day > 0 ? `${day} ${months[0]}` : `the ${monthDayWord(day)} of ${months[0]}`;
    return `${head(freq, interval)} on ${date}`;
  }

  const on: string[] = [];
  if (byMonthDay.length > 0) {
    // Days from the start first, then those counted from the end: "the 1st, 15th and last day".
    const order = (d: number) => (d > 0 ? d : 100 - d);
    const sorted = [...byMonthDay].sort((a, b) => order(a) - order(b));
    on.push(`the ${joined(sorted.map(monthDayWord), true)}`);
  }
  // A plain weekday beside month days narrows them (RFC 5545): "Monthly on the 13th, if a Friday".
  const narrowing = byMonthDay.length > 0 && plain.length > 0 && ordinals.length === 0;
  if (narrowing) {
    const names = [...new Set(plain)].sort((a, b) => MONDAY_FIRST(a) - MONDAY_FIRST(b));
    on.push(`if a ${names.map((d) => WEEKDAY_NAMES[d]).join(' or ')}`);
  } else if (byDay.length > 0) {
    const weekdays = [
      ...ordinals.map(ordinalWeekday),
      ...(plain.length > 0 ? [plainWeekdays(plain, spoken, 'plural')] : []),
    ];
    on.push(`${ordinals.length > 0 ? 'the ' : ''}${joined(weekdays, true)}`);
  }

  let words = head(freq, interval);
  if (on.length > 0) words += ` on ${on.join(narrowing ? ', ' : ' and ')}`;
  if (months.length > 0) words += `${on.length > 0 ? ' of' : ' in'} ${joined(months, true)}`;
  return words;
}

/**
 * A rule in words, for a card ("Every Mon, Wed, Fri", "Monthly on the 2nd Tuesday", "Every year on
 * 24 Dec · until 24 Dec 2027") or, with `spoken`, for an accessible name ("Every Monday, Wednesday and
 * Friday"). A text that is not a rule of Stride's subset answers null.
 */
export function repeatWords(text: string, options: RepeatWordsOptions = {}): string | null {
  const rule = parseRepeat(text);
  if (!rule) return null;
  const spoken = options.spoken ?? false;
  let words = body(rule, spoken);
  if (rule.count !== null) words += ` · ${rule.count === 1 ? 'once' : `${rule.count} times`}`;
  if (rule.until !== null) words += ` · until ${untilWords(rule.until, options.today, spoken)}`;
  return words;
}
