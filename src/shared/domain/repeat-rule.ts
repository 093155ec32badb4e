import { type Day, isDay } from './days';

/*
 * Repeats (docs/product.md#repeats, docs/decisions/023-repeats-in-floating-days.md): an RFC 5545 RRULE
 * without its "RRULE:" prefix, in the subset Stride takes, read, checked and written here and nowhere
 * else; expanded into days in repeat-expansion.ts.
 */
// No rrule here: cards read rules for words, and Today's first bundle must not carry it (decision 010).

export const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
/** RFC 5545's two-letter weekdays, Monday first as rrule numbers them (MO = 0). */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** The rule's weekday for a `Date.getUTCDay()` number (0 for Sunday), and the number for a weekday. */
export const weekdayOfNumber = (n: number): Weekday => WEEKDAYS[(n + 6) % 7] ?? 'MO';
export const numberOfWeekday = (weekday: Weekday): number => (WEEKDAYS.indexOf(weekday) + 1) % 7;

/** Longest rule text taken: far more than the subset can usefully say. */
export const REPEAT_MAX_LENGTH = 200;
/** Largest INTERVAL and COUNT taken: beyond them a rule says nothing a person plans for. */
export const REPEAT_INTERVAL_MAX = 1000;
export const REPEAT_COUNT_MAX = 10_000;

export const REPEAT_MESSAGE =
  'repeat must be a rule such as FREQ=WEEKLY;BYDAY=MO: FREQ (DAILY, WEEKLY, MONTHLY or YEARLY) with INTERVAL, BYDAY, BYMONTHDAY, BYMONTH, COUNT or UNTIL';

export type RepeatRule = {
  freq: Frequency;
  interval: number;
  /** Weekdays, each with an ordinal in a month or year (2TU: the second Tuesday; -1FR: the last Friday). */
  byDay: Array<{ weekday: Weekday; nth: number | null }>;
  /** Days of the month; -1 is the last. */
  byMonthDay: number[];
  byMonth: number[];
  count: number | null;
  /** The last day the rule may fall on, included. */
  until: Day | null;
};

export type ParsedRepeat = { ok: true; rule: RepeatRule; text: string } | { ok: false; message: string };

const fail = (message: string): ParsedRepeat => ({ ok: false, message });

const WHOLE = /^[+-]?\d{1,6}$/;
const BY_DAY = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;
const UNTIL = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/;

/** A comma list of whole numbers, each in [min, max] and never 0. */
function numbers(value: string, min: number, max: number): number[] | undefined {
  const items = value.split(',');
  const result: number[] = [];
  for (const item of items) {
    if (!WHOLE.test(item)) return undefined;
    const n = Number(item);
    if (n === 0 || n < min || n > max) return undefined;
    result.push(n);
  }
  return result;
}

/**
 * Reads a rule of the subset (names and values in any case) into its parts and its canonical text,
 * or says what is wrong with it, naming `repeat`.
 */
export function parseRepeat(input: string): ParsedRepeat {
  const text = input.trim().toUpperCase();
  if (text.length === 0 || input.length > REPEAT_MAX_LENGTH) return fail(REPEAT_MESSAGE);
  if (text.startsWith('RRULE:')) return fail('repeat must be the rule without "RRULE:", such as FREQ=DAILY');
  const parts = new Map<string, string>();
  for (const part of text.split(';')) {
    const [name, value, ...rest] = part.split('=');
    if (!name || value === undefined || value === '' || rest.length > 0) return fail(REPEAT_MESSAGE);
    if (parts.has(name)) return fail(`repeat gives ${name} twice`);
    parts.set(name, value);
  }
  for (const name of parts.keys()) {
    if (!['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'COUNT', 'UNTIL'].includes(name)) {
      return fail(`repeat cannot use ${name}: ${REPEAT_MESSAGE.slice('repeat must be '.length)}`);
    }
  }
  const freq = parts.get('FREQ');
  if (!FREQUENCIES.includes(freq as Frequency)) return fail(REPEAT_MESSAGE);
  const rule: RepeatRule = {
    freq: freq as Frequency,
    interval: 1,
    byDay: [],
    byMonthDay: [],
    byMonth: [],
    count: null,
    until: null,
  };

  const interval = parts.get('INTERVAL');
  if (interval !== undefined) {
    const [n] = numbers(interval, 1, REPEAT_INTERVAL_MAX) ?? [];
    if (n === undefined || interval.includes(','))
      return fail(`repeat INTERVAL must be a whole number from 1 to ${REPEAT_INTERVAL_MAX}`);
    rule.interval = n;
  }

  const byDay = parts.get('BYDAY');
  if (byDay !== undefined) {
    // An ordinal counts weekdays within the month (up to 5) or the year (up to 53).
    const ordinalMax = rule.freq === 'MONTHLY' ? 5 : rule.freq === 'YEARLY' ? 53 : 0;
    for (const item of byDay.split(',')) {
      const match = BY_DAY.exec(item);
      if (!match) return fail('repeat BYDAY must list weekdays such as MO,WE,FR, or 2TU in a month');
      const nth = match[1] === undefined ? null : Number(match[1]);
      if (nth !== null && (nth === 0 || Math.abs(nth) > ordinalMax)) {
        return fail(
          ordinalMax === 0
            ? 'repeat BYDAY may number its weekdays (2TU) only with FREQ=MONTHLY or FREQ=YEARLY'
            : `repeat BYDAY numbers weekdays from 1 to ${ordinalMax} (or -1 to -${ordinalMax} from the end)`,
        );
      }
      rule.byDay.push({ weekday: match[2] as Weekday, nth });
    }
  }

  const byMonthDay = parts.get('BYMONTHDAY');
  if (byMonthDay !== undefined) {
    if (rule.freq === 'WEEKLY') return fail('repeat cannot give BYMONTHDAY with FREQ=WEEKLY');
    const days = numbers(byMonthDay, -31, 31);
    if (!days) return fail('repeat BYMONTHDAY must list days from 1 to 31 (or -1 for the last)');
    rule.byMonthDay = days;
  }

  const byMonth = parts.get('BYMONTH');
  if (byMonth !== undefined) {
    const months = numbers(byMonth, 1, 12);
    if (!months) return fail('repeat BYMONTH must list months from 1 to 12');
    rule.byMonth = months;
  }

  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  if (count !== undefined && until !== undefined) return fail('repeat takes COUNT or UNTIL, not both');
  if (count !== undefined) {
    const [n] = numbers(count, 1, REPEAT_COUNT_MAX) ?? [];
    if (n === undefined || count.includes(','))
      return fail(`repeat COUNT must be a whole number from 1 to ${REPEAT_COUNT_MAX}`);
    rule.count = n;
  }
  if (until !== undefined) {
    const match = UNTIL.exec(until);
    const day = match ? `${match[1]}-${match[2]}-${match[3]}` : '';
    if (!isDay(day)) return fail('repeat UNTIL must be a date written YYYYMMDD');
    rule.until = day;
  }
  return { ok: true, rule, text: repeatText(rule) };
}

/** The canonical text of a rule: FREQ first, then INTERVAL, BYDAY, BYMONTHDAY, BYMONTH, COUNT, UNTIL. */
export function repeatText(rule: RepeatRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.byDay.length > 0)
    parts.push(`BYDAY=${rule.byDay.map((d) => `${d.nth ?? ''}${d.weekday}`).join(',')}`);
  if (rule.byMonthDay.length > 0) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  if (rule.byMonth.length > 0) parts.push(`BYMONTH=${rule.byMonth.join(',')}`);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== null) parts.push(`UNTIL=${rule.until.replaceAll('-', '')}`);
  return parts.join(';');
}

/** The message for a rule that is not of the subset, or undefined when it is. */
export function repeatProblem(text: string): string | undefined {
  const parsed = parseRepeat(text);
  return parsed.ok ? undefined : parsed.message;
}
