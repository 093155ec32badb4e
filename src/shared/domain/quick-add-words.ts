/**
 * Quick add understands words (docs/product.md#words-in-quick-add, docs/decisions/024-quick-add-words.md):
 * "Call mum tomorrow #Family" is the task "Call mum", planned for tomorrow, in the goal Family; "Gym
 * every monday" is "Gym" repeating FREQ=WEEKLY;BYDAY=MO; "at 5pm" is a reminder at 17:00
 * (quick-add-times.ts); "p1" is high priority (quick-add-priority.ts); "@errands" is a label
 * (quick-add-labels.ts). Each thing read is a chip holding the words it came from; taking a chip's
 * words out of the text leaves the title.
 *
 * Days are read by chrono-node, always from the person's day `today` (never the machine's clock or
 * zone); repeats by a small grammar of Stride's own (chrono reads no repeats), built as repeat-rule's
 * RepeatRule and written in its canonical text; the first occurrence of a repeat by repeat-expansion
 * (rrule), which expands repeats everywhere. Both libraries are large: a screen
 * loads this module when quick add is first used, not with its first paint
 * (docs/decisions/010-first-load-weight.md).
 */
import { casual, ParsingComponents, ParsingResult } from 'chrono-node/en';
import { dayLabel, shortDate } from './day-labels';
import {
  addDays,
  addYears,
  type Day,
  daysBetween,
  EARLIEST_PLANNED_DAY,
  isDay,
  PLAN_YEARS_AHEAD,
  weekdayOf,
} from './days';
import { uniqueLabels } from './labels';
import { PRIORITY_WORDS, type Priority } from './priority';
import { readLabels } from './quick-add-labels';
import { readPriority } from './quick-add-priority';
import { readTime } from './quick-add-times';
import type { TimeOfDay } from './reminder-times';
import { reminderTimeLabel } from './reminder-words';
import { firstOccurrenceFrom } from './repeat-expansion';
import { parseRepeat, type RepeatRule, repeatText, weekdayOfNumber } from './repeat-rule';
import { repeatWords } from './repeat-words';
import { titleWithout } from './title-without';

export type QuickAddChipKind = 'day' | 'repeat' | 'reminder' | 'priority' | 'label' | 'goal';

export type QuickAddChip = {
  kind: QuickAddChipKind;
  /** The words read, as typed: `text.slice(start, end)`. */
  text: string;
  /** What the chip shows: "Tomorrow", "Every Monday", "17:00", the label without "@", the goal's name. */
  label: string;
  start: number;
  end: number;
};

export type QuickAddGoal = { id: string; title: string };

export type QuickAddContext = {
  /** The person's day (`dayAt` with their zone and "day starts at"). */
  today: Day;
  /** The goals a task may join by "#Goal name". */
  goals: readonly QuickAddGoal[];
  /** Chips the person took away: words of that kind equal to `text` stay in the title. */
  dismissed?: readonly { kind: QuickAddChipKind; text: string }[];
};

export type QuickAddReading = {
  /** What is left once the chips' words are taken out; "" when nothing is (the caller says why). */
  title: string;
  plannedFor: Day | null;
  /** An RRULE of Stride's subset, without "RRULE:". */
  repeat: string | null;
  /** The reminder's time of day, HH:MM. */
  remindAt: TimeOfDay | null;
  /** Read from "p1" to "p4"; null when none was typed. */
  priority: Priority | null;
  /** Read from every "@label", each once as first spelled; [] when none was typed. */
  labels: string[];
  goalId: string | null;
  goalName: string | null;
  /** In the order their words appear. */
  chips: QuickAddChip[];
};

/** The same date `months` later, or the month's last day when it is shorter ("31 Jan" + 1 = "28 Feb"). */
function addMonths(day: Day, months: number): Day {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7)) - 1 + months;
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  const length = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const date = Math.min(Number(day.slice(8, 10)), length);
  return toDay(targetYear, targetMonth + 1, date);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const toDay = (year: number, month: number, date: number): Day =>
  `${pad(year, 4)}-${pad(month)}-${pad(date)}`;

/** The API's range for plannedFor (days.ts), its ten years counted from the person's day. */
const plannable = (day: Day, today: Day) =>
  isDay(day) && day >= EARLIEST_PLANNED_DAY && day <= addYears(today, PLAN_YEARS_AHEAD);

// ---------------------------------------------------------------------------------------------------
// Reading from a position: sticky, case-insensitive patterns eaten one after another.

const stickyPatterns = new Map<string, RegExp>();

class Cursor {
  constructor(
    readonly text: string,
    public at: number,
  ) {}

  eat(pattern: RegExp): RegExpExecArray | null {
    let sticky = stickyPatterns.get(pattern.source);
    if (!sticky) {
      sticky = new RegExp(pattern.source, 'iyu');
      stickyPatterns.set(pattern.source, sticky);
    }
    sticky.lastIndex = this.at;
    const match = sticky.exec(this.text);
    if (match) this.at = sticky.lastIndex;
    return match;
  }

  /** Runs `read` and puts the cursor back when it answers null. */
  try<T>(read: () => T | null): T | null {
    const at = this.at;
    const result = read();
    if (result === null) this.at = at;
    return result;
  }
}

/** A word ends here: no letter, digit or apostrophe follows ("each month's bills" is no repeat). */
const END = String.raw`(?![\p{L}\p{N}'’])`;
const WEEKDAY_WORDS = [
  'sun(?:day)?',
  'mon(?:day)?',
  'tue(?:s(?:day)?)?',
  'wed(?:nesday)?',
  'thu(?:r(?:s(?:day)?)?)?',
  'fri(?:day)?',
  'sat(?:urday)?',
];
const MONTH_WORDS = [
  'jan(?:uary)?',
  'feb(?:ruary)?',
  'mar(?:ch)?',
  'apr(?:il)?',
  'may',
  'june?',
  'july?',
  'aug(?:ust)?',
  'sep(?:t(?:ember)?)?',
  'oct(?:ober)?',
  'nov(?:ember)?',
  'dec(?:ember)?',
];
const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  last: -1,
};

const word = (source: string) => new RegExp(`(?:${source})${END}`, 'u');
/** Indexed like `Date.getUTCDay()`; "mondays" and "mon." too. */
const WEEKDAY_PATTERNS = WEEKDAY_WORDS.map((source) => word(`(?:${source})s?\\.?`));
/** Indexed from 0 for January. */
const MONTH_PATTERNS = MONTH_WORDS.map((source) => word(`(?:${source})\\.?`));

function eatWeekday(c: Cursor): number | null {
  const weekday = WEEKDAY_PATTERNS.findIndex((pattern) => c.eat(pattern));
  return weekday === -1 ? null : weekday;
}

/** "mon", "monday, wednesday and friday", "mon/wed/fri", "tue & thu". */
function eatWeekdays(c: Cursor): number[] | null {
  const first = eatWeekday(c);
  if (first === null) return null;
  const weekdays = [first];
  for (;;) {
    const next = c.try(() => (c.eat(/\s*(?:,\s*(?:and\s+)?|\/|&|\s+and\s+|\s+)\s*/) ? eatWeekday(c) : null));
    if (next === null) return weekdays;
    weekdays.push(next);
  }
}

/** "1st", "22nd", "first", "last", "2nd to last": a count within a month, negative from its end. */
function eatOrdinal(c: Cursor): number | null {
  const match = c.eat(word(String.raw`(\d{1,2})(?:st|nd|rd|th)|first|second|third|fourth|fifth|last`));
  if (!match) return null;
  const n = match[1] ? Number(match[1]) : (ORDINAL_WORDS[(match[0] ?? '').toLowerCase()] ?? 0);
  if (n === 0 || n > 31) return null;
  if (n > 0 && c.eat(word(String.raw`\s+to\s+last`))) return -n;
  return n;
}

function eatMonth(c: Cursor): number | null {
  const month = MONTH_PATTERNS.findIndex((pattern) => c.eat(pattern));
  return month === -1 ? null : month + 1;
}

function eatDayNumber(c: Cursor): number | null {
  const match = c.eat(word(String.raw`(\d{1,2})(?:st|nd|rd|th)?`));
  const n = match ? Number(match[1]) : 0;
  return n >= 1 && n <= 31 ? n : null;
}

/** "dec 24", "december 24th", "24 dec", "24th of december": a month and its day, checked against 2028. */
function eatMonthAndDay(c: Cursor): { month: number; day: number } | null {
  const read =
    c.try(() => {
      const month = eatMonth(c);
      if (month === null || !c.eat(/\s+(?:the\s+)?/)) return null;
      const day = eatDayNumber(c);
      return day === null ? null : { month, day };
    }) ??
    c.try(() => {
      const day = eatDayNumber(c);
      if (day === null || !c.eat(/\s+(?:of\s+)?/)) return null;
      const month = eatMonth(c);
      return month === null ? null : { month, day };
    });
  // A leap year, so that "every year on 29 Feb" is a rule (RFC 5545 keeps it to leap years).
  return read && isDay(toDay(2028, read.month, read.day)) ? read : null;
}

const OF_THE_MONTH = String.raw`\s+of\s+(?:the|each|every)\s+month`;

/** "the 1st", "the 1st and 15th", "the last day", "the 2nd tuesday", "the last friday". */
function eatMonthDays(c: Cursor, rule: PartialRule): boolean {
  return (
    c.try(() => {
      c.eat(/the\s+/);
      const ordinal = eatOrdinal(c);
      if (ordinal === null || ordinal < -5 || ordinal > 5 || !c.eat(/\s+/)) return null;
      const weekday = eatWeekday(c);
      if (weekday === null) return null;
      rule.byDay = [{ weekday: weekdayOfNumber(weekday), nth: ordinal }];
      return true;
    }) ??
    c.try(() => {
      c.eat(/the\s+/);
      const days: number[] = [];
      for (;;) {
        const day = eatOrdinal(c);
        if (day === null) return null;
        days.push(day);
        c.eat(word(String.raw`\s+day`));
        if (!c.try(() => (c.eat(/\s*(?:,\s*(?:and\s+)?|\s+and\s+|&)\s*(?:the\s+)?/) ? true : null))) break;
      }
      rule.byMonthDay = days;
      return true;
    }) ??
    false
  );
}

type PartialRule = Omit<RepeatRule, 'count' | 'until'>;
const emptyRule = (freq: RepeatRule['freq'], interval = 1): PartialRule => ({
  freq,
  interval,
  byDay: [],
  byMonthDay: [],
  byMonth: [],
});

const UNITS: Record<string, RepeatRule['freq']> = {
  day: 'DAILY',
  week: 'WEEKLY',
  month: 'MONTHLY',
  year: 'YEARLY',
};

/** What may follow a frequency: "on tuesday", "on the 1st", "on dec 24". */
function eatOn(c: Cursor, rule: PartialRule): void {
  c.try(() => {
    if (!c.eat(/\s+on\s+/)) return null;
    if (rule.freq === 'WEEKLY' || rule.freq === 'DAILY') {
      const weekdays = eatWeekdays(c);
      if (!weekdays) return null;
      rule.freq = 'WEEKLY';
      rule.byDay = weekdays.map((weekday) => ({ weekday: weekdayOfNumber(weekday), nth: null }));
      return true;
    }
    if (rule.freq === 'MONTHLY') return eatMonthDays(c, rule) || null;
    const date = eatMonthAndDay(c);
    if (!date) return null;
    rule.byMonth = [date.month];
    rule.byMonthDay = [date.day];
    return true;
  });
}

/** The frequency and its days, from a word that starts a repeat. */
function eatFrequency(c: Cursor): PartialRule | null {
  const simple: [string, RepeatRule['freq']][] = [
    [String.raw`every\s*day|each\s+day|daily`, 'DAILY'],
    [String.raw`every\s+week|each\s+week|weekly`, 'WEEKLY'],
    [String.raw`every\s+month|each\s+month|monthly`, 'MONTHLY'],
    [String.raw`every\s+year|each\s+year|yearly|annually`, 'YEARLY'],
  ];
  for (const [source, freq] of simple) {
    if (c.eat(word(source))) {
      const rule = emptyRule(freq);
      eatOn(c, rule);
      return rule;
    }
  }
  const interval = c.eat(word(String.raw`every\s+(other|\d{1,3})\s+(day|week|month|year)s?`));
  if (interval) {
    const n = interval[1]?.toLowerCase() === 'other' ? 2 : Number(interval[1]);
    if (n < 1) return null;
    const rule = emptyRule(UNITS[(interval[2] ?? '').toLowerCase()] ?? 'DAILY', n);
    eatOn(c, rule);
    return rule;
  }
  if (c.eat(word(String.raw`every\s+weekdays?`))) {
    return {
      ...emptyRule('WEEKLY'),
      byDay: [1, 2, 3, 4, 5].map((weekday) => ({ weekday: weekdayOfNumber(weekday), nth: null })),
    };
  }
  if (c.eat(word(String.raw`every\s+weekends?`))) {
    return {
      ...emptyRule('WEEKLY'),
      byDay: [6, 0].map((weekday) => ({ weekday: weekdayOfNumber(weekday), nth: null })),
    };
  }
  if (!c.eat(/(?:every|each)\s+/)) return null;
  return (
    // "every monday", "every mon, wed and fri"
    c.try(() => {
      const weekdays = eatWeekdays(c);
      if (!weekdays) return null;
      return {
        ...emptyRule('WEEKLY'),
        byDay: weekdays.map((weekday) => ({ weekday: weekdayOfNumber(weekday), nth: null })),
      };
    }) ??
    // "every dec 24", "every 24th of december"
    c.try(() => {
      const date = eatMonthAndDay(c);
      return date ? { ...emptyRule('YEARLY'), byMonth: [date.month], byMonthDay: [date.day] } : null;
    }) ??
    // "every 2nd tuesday (of the month)", "every 1st (of the month)", "every last day of the month";
    // not "every second" nor "read every 2nd page".
    c.try(() => {
      const from = c.at;
      const rule = emptyRule('MONTHLY');
      if (!eatMonthDays(c, rule)) return null;
      if (c.eat(word(OF_THE_MONTH)) || rule.byDay.length > 0) return rule;
      const words = c.text.slice(from, c.at);
      const clear =
        /\sday$/i.test(words) || (/^\d/.test(words) && !/^\s+[\p{L}\p{N}]/u.test(c.text.slice(c.at)));
      return clear ? rule : null;
    })
  );
}

type RepeatRead = {
  start: number;
  end: number;
  rule: PartialRule;
  count: number | null;
  /** Where the words after "until" start; the day read there becomes `until`. */
  untilAt: number | null;
  until: Day | null;
};

/** A repeat starting at `start`, with "5 times" or "until ..." after it (the end day is read later). */
function readRepeatAt(text: string, start: number): RepeatRead | null {
  const c = new Cursor(text, start);
  const rule = eatFrequency(c);
  if (!rule) return null;
  let count: number | null = null;
  let untilAt: number | null = null;
  const times = c.try(() => c.eat(word(String.raw`\s+(?:for\s+)?(\d{1,3})\s+times|\s+(once|twice)`)));
  if (times) {
    count = times[2] ? (times[2].toLowerCase() === 'once' ? 1 : 2) : Number(times[1]);
    if (count < 1) return null;
  } else if (c.try(() => c.eat(/\s+(?:until|till|through)\s+/))) {
    untilAt = c.at;
  }
  return { start, end: c.at, rule, count, untilAt, until: null };
}

const REPEAT_START =
  /(?<![\p{L}\p{N}])(?:every|everyday|each|daily|weekly|monthly|yearly|annually)(?![\p{L}\p{N}])/giu;

// ---------------------------------------------------------------------------------------------------
// Days: a few phrases of Stride's own, then chrono.

type DayRead = {
  start: number;
  end: number;
  day: Day /** Only a plan can mean it ("tomorrow"). */;
  strong: boolean;
};

/*
 * Where Stride means something other than chrono: "next week" is the Monday that starts it (as in
 * Todoist), "next month" and "next year" their first day; "in 1 month" keeps the date or takes the
 * month's last day (chrono runs 31 January + 1 month into March); "day after tomorrow" is one phrase.
 */
const OWN_DAYS: readonly [RegExp, (today: Day, match: RegExpExecArray) => Day][] = [
  [/(?:the\s+)?day\s+after\s+tomorrow/, (today) => addDays(today, 2)],
  [/next\s+week/, (today) => addDays(today, 7 - ((weekdayOf(today) + 6) % 7))],
  [/next\s+month/, (today) => addMonths(`${today.slice(0, 8)}01`, 1)],
  [/next\s+year/, (today) => `${Number(today.slice(0, 4)) + 1}-01-01`],
  [
    /in\s+(a|an|one|\d{1,3})\s+(month|year)s?/,
    (today, match) => {
      const n = /^\d/.test(match[1] ?? '') ? Number(match[1]) : 1;
      return match[2]?.toLowerCase() === 'year' ? addYears(today, n) : addMonths(today, n);
    },
  ],
];

function ownDays(text: string, today: Day): DayRead[] {
  const found: DayRead[] = [];
  for (const [pattern, dayOf] of OWN_DAYS) {
    const global = new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern.source})${END}`, 'giu');
    for (const match of text.matchAll(global)) {
      found.push({
        start: match.index,
        end: match.index + match[0].length,
        day: dayOf(today, match),
        strong: true,
      });
    }
  }
  return found;
}

/*
 * Chrono reads no times here: a parse that fixes an hour or a minute ("5pm", "at noon", "in 3 hours",
 * "now") is dropped before chrono merges it with a day. The times of day a reminder can take are read
 * before the days, by quick-add-times.ts; the rest ("in 3 hours") stays in the title.
 */
const fixesTime = (components: ParsingComponents) =>
  components.isCertain('hour') || components.isCertain('minute');

let dayReader: typeof casual | undefined;
function dayParser(): typeof casual {
  if (dayReader) return dayReader;
  const reader = casual.clone();
  reader.parsers = reader.parsers.map((parser) => ({
    pattern: (context) => parser.pattern(context),
    extract: (context, match) => {
      const result = parser.extract(context, match);
      if (result instanceof ParsingResult) return fixesTime(result.start) ? null : result;
      if (result instanceof ParsingComponents) return fixesTime(result) ? null : result;
      return result && ('hour' in result || 'minute' in result) ? null : result;
    },
  }));
  dayReader = reader;
  return reader;
}

/** Words that are days only after "on", "this" or "next": "Buy a sun hat", "Plan the weekend". */
const AMBIGUOUS = /^(?:sun|sat|wed|weekend)$/i;
/** A day phrase that can only be a plan; anything else ("Friday", "Dec 24") may be a title itself. */
const STRONG =
  /(?<![\p{L}\p{N}])(?:today|tonight|tomorrow|tmrw?|next|this|in|later|from\s+now|days?|weeks?|months?|years?|on|by|due|from|starting)(?![\p{L}\p{N}])/iu;
/** Counts with no "in" ("Take 2 days off") and past words ("last friday", "3 days ago", "yesterday"). */
const NOT_A_PLAN =
  /^(?:[+-]?\s*(?:\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:days?|weeks?|months?|years?)|(?:last|past|previous)\s.*|.*\sago|yesterday)$/i;
/** Words before a day that go with it: "call mum on friday", "due by dec 24", "starting monday". */
const CONNECTOR = /(?<![\p{L}\p{N}])(?:on|by|due(?:\s+(?:on|by))?|from|starting(?:\s+(?:on|from))?)\s+$/iu;

function chronoDays(text: string, today: Day): DayRead[] {
  const [year, month, date] = today.split('-').map(Number) as [number, number, number];
  // Noon of the person's day on the machine's clock: chrono reads weekdays and dates from the
  // reference's local fields, and noon is clear of any daylight-saving change.
  const reference = new Date(year, month - 1, date, 12);
  const found: DayRead[] = [];
  for (const result of dayParser().parse(text, reference, { forwardDate: true })) {
    const { start } = result;
    if (!start.isCertain('day') && !start.isCertain('weekday')) continue; // "may", "this week"
    if (result.end) continue; // "dec 24 - dec 26": a task has one day, and which one is unclear.
    if (result.text.includes('/')) continue; // "3/4": 3 April or March 4? Also "1/2 cup".
    const words = result.text.trim();
    if (NOT_A_PLAN.test(words)) continue;
    const before = text.slice(0, result.index);
    if (AMBIGUOUS.test(words) && !CONNECTOR.test(before)) continue;
    const day = toDay(start.get('year') ?? year, start.get('month') ?? month, start.get('day') ?? date);
    found.push({
      start: result.index,
      end: result.index + result.text.length,
      day,
      strong: STRONG.test(words),
    });
  }
  return found;
}

/** The whole day phrase, with a word like "on" or "due by" before it. */
function withConnector(text: string, read: DayRead): DayRead {
  const connector = CONNECTOR.exec(text.slice(0, read.start));
  return connector ? { ...read, start: connector.index, strong: true } : read;
}

// ---------------------------------------------------------------------------------------------------
// Goals

/** "#Family", "#Learn Spanish": the longest goal name after a "#" at a word's start, in any case. */
function readGoal(text: string, goals: readonly QuickAddGoal[], skip: (t: string) => boolean) {
  const byLength = [...goals]
    .filter((g) => g.title.length > 0)
    .sort((a, b) => b.title.length - a.title.length);
  for (let at = text.indexOf('#'); at !== -1; at = text.indexOf('#', at + 1)) {
    if (at > 0 && !/\s/.test(text[at - 1] ?? '')) continue;
    const after = text.slice(at + 1);
    for (const goal of byLength) {
      const candidate = after.slice(0, goal.title.length);
      const next = after[goal.title.length];
      if (candidate.toLowerCase() !== goal.title.toLowerCase()) continue;
      if (next !== undefined && /[\p{L}\p{N}_]/u.test(next)) continue;
      const end = at + 1 + goal.title.length;
      if (skip(text.slice(at, end))) continue;
      return { goal, start: at, end };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------

/** The text with each span blanked, so what one reader took no other reads. */
function blank(text: string, spans: readonly { start: number; end: number }[]): string {
  let out = text;
  for (const { start, end } of spans) out = out.slice(0, start) + ' '.repeat(end - start) + out.slice(end);
  return out;
}

/**
 * The first day on or after `from` that `rule` names (repeat-expansion, by rrule), or null when it has
 * none or is no rule of the subset. The interval is left out: the first occurrence starts the count, so
 * "every 2 weeks on tuesday" typed on a Friday starts this coming Tuesday, then every other one, and the
 * task's day is where the count starts.
 */
function firstOccurrence(rule: string, from: Day): Day | null {
  const parsed = parseRepeat(rule);
  if (!parsed.ok) return null;
  return firstOccurrenceFrom(repeatText({ ...parsed.rule, interval: 1 }), from, from);
}

/**
 * A rule the words left open gets its day from the first day: "every week" planned on a Friday is
 * every Friday, "every month" on the 31st is the 31st (months without one are skipped, RFC 5545),
 * "every year" on 29 February is every 29 February.
 */
function anchored(rule: PartialRule, anchor: Day): PartialRule {
  const open = rule.byDay.length === 0 && rule.byMonthDay.length === 0 && rule.byMonth.length === 0;
  if (!open) return rule;
  const date = Number(anchor.slice(8, 10));
  if (rule.freq === 'WEEKLY')
    return { ...rule, byDay: [{ weekday: weekdayOfNumber(weekdayOf(anchor)), nth: null }] };
  if (rule.freq === 'MONTHLY') return { ...rule, byMonthDay: [date] };
  if (rule.freq === 'YEARLY') return { ...rule, byMonth: [Number(anchor.slice(5, 7))], byMonthDay: [date] };
  return rule;
}

/** Where a repeat starts, on its day chip: "From tomorrow", "From Tue 1", "From 24 Dec 2025". */
function startLabel(day: Day, today: Day): string {
  if (day < today) return `From ${shortDate(day, today)}`;
  const label = dayLabel(day, today);
  return `From ${label === 'Today' || label === 'Tomorrow' ? label.toLowerCase() : label}`;
}

/**
 * Reads quick add's line: the goal ("#Name"), the repeat ("every monday"), the reminder's time ("at
 * 5pm"), the priority ("p1") and the day ("tomorrow"), the first of each kind, and every label
 * ("@errands"), each as a chip, and the title that is left. See docs/product.md#words-in-quick-add for
 * every rule.
 */
export function readQuickAdd(text: string, context: QuickAddContext): QuickAddReading {
  const { today } = context;
  const dismissed = (kind: QuickAddChipKind, words: string) =>
    (context.dismissed ?? []).some(
      (d) => d.kind === kind && d.text.trim().toLowerCase() === words.toLowerCase(),
    );
  const chips: QuickAddChip[] = [];

  const goal = readGoal(text, context.goals, (words) => dismissed('goal', words));
  if (goal) {
    const { start, end } = goal;
    chips.push({ kind: 'goal', text: text.slice(start, end), label: goal.goal.title, start, end });
  }

  // What one reader took, or the person refused, no later reader sees: "every monday" taken away as a
  // repeat does not come back as the day Monday.
  let masked = blank(text, chips);
  let repeat: RepeatRead | null = null;
  for (const match of masked.matchAll(REPEAT_START)) {
    const read = readRepeatAt(masked, match.index);
    if (!read) continue;
    if (read.untilAt !== null) readUntil(read);
    if (!dismissed('repeat', text.slice(read.start, read.end))) {
      repeat = read;
      break;
    }
    masked = blank(masked, [read]);
  }
  if (repeat) masked = blank(masked, [repeat]);

  const time = readTime(masked, (words) => dismissed('reminder', words));
  if (time) masked = blank(masked, [time]);
  const priority = readPriority(masked, (words) => dismissed('priority', words));
  if (priority) {
    masked = blank(masked, [priority]);
    const { start, end } = priority;
    const label = `${PRIORITY_WORDS[priority.priority] ?? 'No'} priority`;
    chips.push({ kind: 'priority', text: text.slice(start, end), label, start, end });
  }
  // After the time, so "@noon" stays a time, and a time the person kept in the title is no label.
  const labels = readLabels(masked, (words) => dismissed('label', words) || dismissed('reminder', words));
  masked = blank(masked, labels);
  for (const { start, end, label } of labels) {
    chips.push({ kind: 'label', text: text.slice(start, end), label, start, end });
  }

  const days = [...ownDays(masked, today), ...chronoDays(masked, today)]
    .map((d) => withConnector(masked, d))
    .filter((d) => plannable(d.day, today) && !dismissed('day', text.slice(d.start, d.end)))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const day = days[0] ?? null;

  let plannedFor: Day | null = day?.day ?? null;
  let rule: string | null = null;
  if (repeat) {
    const anchor = day?.day ?? today;
    const written = repeatText({
      ...anchored(repeat.rule, anchor),
      count: repeat.count,
      until: repeat.until,
    });
    // A start already past (a date with its year) counts from today: the task is not born overdue.
    const first = firstOccurrence(written, daysBetween(today, anchor) > 0 ? anchor : today);
    // A rule with nothing left to do ("every day until yesterday") is not read.
    if (first !== null && plannable(first, today)) {
      rule = written;
      plannedFor = first;
      const { start, end } = repeat;
      const label = repeatWords(written, { today }) ?? written;
      chips.push({ kind: 'repeat', text: text.slice(start, end), label, start, end });
    }
  }
  if (day) {
    chips.push({
      kind: 'day',
      text: text.slice(day.start, day.end),
      label: rule ? startLabel(day.day, today) : dayLabel(day.day, today),
      start: day.start,
      end: day.end,
    });
  }
  if (time) {
    // A time alone plans the task for today, as in Todoist: a task without a day is never reminded.
    const alone = plannedFor === null;
    if (alone) plannedFor = today;
    const clock = reminderTimeLabel(time.time) ?? time.time;
    const { start, end } = time;
    const label = alone ? `${dayLabel(today, today)}, ${clock}` : clock;
    chips.push({ kind: 'reminder', text: text.slice(start, end), label, start, end });
  }
  chips.sort((a, b) => a.start - b.start);

  let title = titleWithout(text, chips);
  // A line that is only a weekday or a date ("Friday", "Dec 24") is a title that looks like a day.
  if (title === '' && day && !day.strong && !rule && !time) {
    chips.splice(
      chips.findIndex((chip) => chip.kind === 'day'),
      1,
    );
    plannedFor = null;
    title = titleWithout(text, chips);
  }

  return {
    title,
    plannedFor,
    repeat: rule,
    remindAt: time?.time ?? null,
    priority: priority?.priority ?? null,
    labels: uniqueLabels(labels.map((read) => read.label)),
    goalId: goal?.goal.id ?? null,
    goalName: goal?.goal.title ?? null,
    chips,
  };

  /** "until dec 24" belongs to the repeat: the day read right there ends it, else "until" stays text. */
  function readUntil(read: RepeatRead) {
    const at = read.untilAt ?? 0;
    // Only the words after "until" are read, so the repeat's own weekday makes no range with them.
    const after = ' '.repeat(at) + masked.slice(at);
    const end = [...ownDays(after, today), ...chronoDays(after, today)].find((d) => d.start === at);
    if (end && plannable(end.day, today)) {
      read.until = end.day;
      read.end = end.end;
    } else {
      read.end = masked.slice(0, at).search(/\s+(?:until|till|through)\s+$/i);
    }
  }
}
