/**
 * A repeat rule in words (docs/product.md#days-in-words): "Every Monday", "Every Mon, Wed, Fri",
 * "Monthly on the last day", "Every year on 24 Dec · 5 times".
 *
 * The rule is Stride's subset of an RFC 5545 RRULE, without the "RRULE:" prefix: FREQ=DAILY|WEEKLY|
 * MONTHLY|YEARLY, INTERVAL, BYDAY (an ordinal only with MONTHLY or YEARLY: "2TU", "-1FR"), BYMONTHDAY
 * (1 to 31, -1 to -31 from the month's end), BYMONTH, and COUNT or UNTIL. It is read by repeat-rule.ts,
 * the one parser of that subset (the API's), not by rrule's `RRule.parseString`: these words are drawn on
 * every Today and Upcoming card, and importing rrule would put its whole expansion engine (about 14 kB
 * gzipped) into the first screen's bundle for the sake of splitting a string
 * (docs/decisions/010-first-load-weight.md). Expanding a rule into days is repeat-expansion.ts's job.
 */

import { MONTH_NAMES, shortMonth, shortWeekday, WEEKDAY_NAMES } from './day-labels';
import type { Day } from './days';
import { type Frequency, numberOfWeekday, parseRepeat, type RepeatRule } from './repeat-rule';

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

function ordinalWeekday({ weekday, nth: ordinal }: RepeatRule['byDay'][number]): string {
  const name = WEEKDAY_NAMES[numberOfWeekday(weekday)];
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
function head(freq: Frequency, interval: number): string {
  const unit = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' }[freq];
  if (interval > 1) return `Every ${interval} ${unit}s`;
  return freq === 'MONTHLY' ? 'Monthly' : `Every ${unit}`;
}

function body(rule: RepeatRule, spoken: boolean): string {
  const { freq, interval, byDay, byMonthDay, byMonth } = rule;
  const plain = byDay.filter((d) => d.nth === null).map((d) => numberOfWeekday(d.weekday));
  const ordinals = byDay.filter((d) => d.nth !== null);
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
  const parsed = parseRepeat(text);
  if (!parsed.ok) return null;
  const { rule } = parsed;
  const spoken = options.spoken ?? false;
  let words = body(rule, spoken);
  if (rule.count !== null) words += ` · ${rule.count === 1 ? 'once' : `${rule.count} times`}`;
  if (rule.until !== null) words += ` · until ${untilWords(rule.until, options.today, spoken)}`;
  return words;
}
