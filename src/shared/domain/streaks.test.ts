import { describe, expect, it } from 'vitest';
import { addDays, type Day, dayAt, dayNumber } from './days';
import { habitDueDays } from './repeat-expansion';
import * as streaks from './streaks';
import { weekStart } from './streaks';

/*
 * The rules count on day numbers (days since 1970-01-01); the cases are written as days, as the API
 * writes them, and numbered here.
 */
const numbered = (days: readonly Day[]) => days.map(dayNumber);
const historyStats = (days: readonly Day[], today: Day) =>
  streaks.historyStats(numbered(days), dayNumber(today));
const scheduledStats = (days: readonly Day[], today: Day, due: readonly Day[]) =>
  streaks.scheduledStats(numbered(days), dayNumber(today), numbered(due));
const weeklyStats = (days: readonly Day[], today: Day, timesPerWeek: number) =>
  streaks.weeklyStats(numbered(days), dayNumber(today), timesPerWeek);

const TODAY = '2026-11-22';
/** The `count` days ending `daysAgo` days before TODAY. */
const run = (count: number, daysAgo = 0) =>
  Array.from({ length: count }, (_, i) => addDays(TODAY, -daysAgo - i));

describe('historyStats', () => {
  it.each([
    ['nothing done', [], { currentStreak: 0, bestStreak: 0, last7: 0, last30: 0, last365: 0 }],
    ['today only', [TODAY], { currentStreak: 1, bestStreak: 1, last7: 1, last30: 1, last365: 1 }],
    // Today is not over: a streak ending yesterday is still current.
    ['yesterday only', run(1, 1), { currentStreak: 1, bestStreak: 1, last7: 1, last30: 1, last365: 1 }],
    [
      'ended the day before yesterday',
      run(3, 2),
      { currentStreak: 0, bestStreak: 3, last7: 3, last30: 3, last365: 3 },
    ],
    ['five days to today', run(5), { currentStreak: 5, bestStreak: 5, last7: 5, last30: 5, last365: 5 }],
    [
      'a longer run in the past, a short one now',
      [...run(2), ...run(10, 20)],
      { currentStreak: 2, bestStreak: 10, last7: 2, last30: 12, last365: 12 },
    ],
    // 6 days ago is in the last 7, 7 days ago is not; likewise 29 / 30 and 364 / 365.
    [
      'windows end today and include it',
      [...run(1, 6), ...run(1, 7), ...run(1, 29), ...run(1, 30), ...run(1, 364), ...run(1, 365)],
      { currentStreak: 0, bestStreak: 2, last7: 1, last30: 3, last365: 5 },
    ],
    [
      'repeats and any order',
      [TODAY, addDays(TODAY, -1), TODAY, addDays(TODAY, -2), addDays(TODAY, -1)],
      { currentStreak: 3, bestStreak: 3, last7: 3, last30: 3, last365: 3 },
    ],
    [
      'across a month and a leap day',
      ['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01'],
      { currentStreak: 0, bestStreak: 4, last7: 0, last30: 0, last365: 0 },
    ],
  ])('%s', (_name, days, expected) => {
    expect(historyStats(days, TODAY)).toEqual(expected);
  });
});

/*
 * Real life: ticks are (instant, zone, "day starts at") triples; the day each was recorded for is
 * `dayAt` at that moment, and the streak is computed on those days, today in the zone in force now.
 */
type Tick = [instant: string, zone: string, dayStartHour: number];
const daysOf = (ticks: Tick[]) => ticks.map(([instant, zone, hour]) => dayAt(new Date(instant), zone, hour));

describe('streaks across zones, daylight saving and late nights', () => {
  it.each<[string, Tick[], [string, string, number], number]>([
    [
      'New York across the spring change (a 23-hour day)',
      [
        ['2026-03-07T14:00:00Z', 'America/New_York', 0],
        ['2026-03-08T14:00:00Z', 'America/New_York', 0],
        ['2026-03-09T14:00:00Z', 'America/New_York', 0],
      ],
      ['2026-03-09T20:00:00Z', 'America/New_York', 0],
      3,
    ],
    [
      'London across the autumn change (a 25-hour day), day starting at 4:00, ticked at 1 a.m.',
      [
        ['2026-10-24T00:30:00Z', 'Europe/London', 4], // 01:30 BST on the 24th: the 23rd
        ['2026-10-25T01:30:00Z', 'Europe/London', 4], // 01:30 GMT on the 25th: the 24th
        ['2026-10-26T01:30:00Z', 'Europe/London', 4], // the 25th
      ],
      ['2026-10-26T12:00:00Z', 'Europe/London', 4],
      3,
    ],
    [
      'New York to London overnight: Monday evening, then Tuesday in London',
      [
        ['2026-11-16T23:00:00Z', 'America/New_York', 0], // 18:00 Monday in New York
        ['2026-11-17T20:00:00Z', 'Europe/London', 0], // 20:00 Tuesday in London
      ],
      ['2026-11-17T21:00:00Z', 'Europe/London', 0],
      2,
    ],
    [
      'Tokyo to Los Angeles: the same date lived twice counts once and breaks nothing',
      [
        ['2026-11-16T12:00:00Z', 'Asia/Tokyo', 0], // 21:00 Monday 16th in Tokyo
        ['2026-11-17T00:30:00Z', 'Asia/Tokyo', 0], // 09:30 Tuesday 17th in Tokyo, then fly
        ['2026-11-17T18:00:00Z', 'America/Los_Angeles', 0], // 10:00 Tuesday 17th again in LA
      ],
      ['2026-11-18T18:00:00Z', 'America/Los_Angeles', 0], // Wednesday 18th in LA, not yet ticked
      2,
    ],
    [
      'Los Angeles to Tokyo: Wednesday is today in Tokyo while the last tick was Monday in LA',
      [
        ['2026-11-16T18:00:00Z', 'America/Los_Angeles', 0], // 10:00 Monday 16th
        ['2026-11-17T18:00:00Z', 'America/Los_Angeles', 0], // 10:00 Tuesday 17th, then fly 11 h
      ],
      ['2026-11-18T05:00:00Z', 'Asia/Tokyo', 0], // 14:00 Wednesday 18th in Tokyo
      2,
    ],
    [
      'Kiritimati to Pago Pago (25 hours apart): the day after is tomorrow again, still one streak',
      [
        ['2026-11-20T20:00:00Z', 'Pacific/Kiritimati', 0], // 10:00 Saturday 21st
        ['2026-11-21T20:00:00Z', 'Pacific/Pago_Pago', 0], // 09:00 Saturday 21st again
      ],
      ['2026-11-22T20:00:00Z', 'Pacific/Pago_Pago', 0], // Sunday 22nd
      1,
    ],
    [
      'a late night with the day starting at 4:00 keeps the streak',
      [
        ['2026-11-20T20:00:00Z', 'UTC', 4],
        ['2026-11-22T02:30:00Z', 'UTC', 4], // 02:30 on the 22nd: the 21st
      ],
      ['2026-11-22T12:00:00Z', 'UTC', 4],
      2,
    ],
    [
      'the same late night with the day at midnight is a missed day',
      [
        ['2026-11-20T20:00:00Z', 'UTC', 0],
        ['2026-11-22T02:30:00Z', 'UTC', 0],
      ],
      ['2026-11-22T12:00:00Z', 'UTC', 0],
      1,
    ],
  ])('%s', (_name, ticks, [instant, zone, hour], expected) => {
    const today = dayAt(new Date(instant), zone, hour);
    expect(historyStats(daysOf(ticks), today).currentStreak).toBe(expected);
  });

  it('Pago Pago to Kiritimati skips a date on the calendar; filling it in mends the streak', () => {
    const ticks: Tick[] = [
      ['2026-11-21T10:30:00Z', 'Pacific/Pago_Pago', 0], // 23:30 Friday 20th
      ['2026-11-21T12:00:00Z', 'Pacific/Kiritimati', 0], // 02:00 Sunday 22nd: Saturday never came
    ];
    const today = '2026-11-22';
    expect(historyStats(daysOf(ticks), today).currentStreak).toBe(1);
    expect(historyStats([...daysOf(ticks), '2026-11-21'], today).currentStreak).toBe(3);
  });
});

describe('scheduledStats (a habit with a rule)', () => {
  const MWF = 'FREQ=WEEKLY;BYDAY=MO,WE,FR';
  // Monday 9 November to Sunday 22 November 2026; the rule was set on Monday 2 November.
  const due = (today: string) => habitDueDays(MWF, '2026-11-02', '2026-11-02', today);

  it.each([
    // Mon/Wed/Fri done on all three: the streak holds through Tuesday and Thursday and the weekend.
    ['Tuesday after Monday', '2026-11-17', ['2026-11-09', '2026-11-11', '2026-11-13', '2026-11-16'], 4],
    [
      'Thursday after Wednesday',
      '2026-11-19',
      ['2026-11-09', '2026-11-11', '2026-11-13', '2026-11-16', '2026-11-18'],
      5,
    ],
    ['Sunday after Friday', '2026-11-22', ['2026-11-16', '2026-11-18', '2026-11-20'], 3],
    // Wednesday not done yet is not missed before it is over.
    ['Wednesday not done yet', '2026-11-18', ['2026-11-13', '2026-11-16'], 2],
    ['Wednesday done', '2026-11-18', ['2026-11-13', '2026-11-16', '2026-11-18'], 3],
    // A missed Wednesday breaks it on Thursday.
    ['Thursday after a missed Wednesday', '2026-11-19', ['2026-11-13', '2026-11-16'], 0],
    // A tick on a day off neither counts nor breaks.
    ['a day off ticked', '2026-11-17', ['2026-11-13', '2026-11-14', '2026-11-16'], 2],
  ])('%s: current streak %#', (_, today, days, expected) => {
    expect(scheduledStats(days, today, due(today)).currentStreak).toBe(expected);
  });

  it('counts the best run in due days, and the days done as they are', () => {
    const days = ['2026-11-02', '2026-11-04', '2026-11-06', '2026-11-09', '2026-11-13', '2026-11-16'];
    const stats = scheduledStats(days, '2026-11-17', due('2026-11-17'));
    expect(stats).toMatchObject({ currentStreak: 2, bestStreak: 4, last7: 2, last30: 6 });
    // Every day would have broken that streak on every Tuesday and Thursday.
    expect(historyStats(days, '2026-11-17').bestStreak).toBe(1);
  });
});

describe('weeklyStats ("N times a week")', () => {
  it.each([
    ['2026-11-16', '2026-11-16'],
    ['2026-11-22', '2026-11-16'],
    ['2026-11-23', '2026-11-23'],
    ['2028-02-29', '2028-02-28'],
    // Before 1970 (negative day numbers), and the Thursday that is day 0.
    ['1969-12-28', '1969-12-22'],
    ['1970-01-01', '1969-12-29'],
  ])('the week of %s starts on Monday %s', (day, monday) => {
    expect(weekStart(day)).toBe(monday);
    expect(streaks.weekStartNumber(dayNumber(day))).toBe(dayNumber(monday));
  });

  it('counts weeks that met the target; this week is not missed before it is over', () => {
    // Three times a week: met in the weeks of 2 and 9 November, not of 26 October, met on 16 November.
    const days = [
      '2026-10-26',
      '2026-10-28',
      '2026-11-02',
      '2026-11-03',
      '2026-11-08',
      '2026-11-09',
      '2026-11-11',
      '2026-11-13',
      '2026-11-14',
    ];
    const midWeek = weeklyStats([...days, '2026-11-16'], '2026-11-18', 3);
    expect(midWeek).toMatchObject({ currentStreak: 2, bestStreak: 2 });
    const met = weeklyStats([...days, '2026-11-16', '2026-11-17', '2026-11-18'], '2026-11-18', 3);
    expect(met).toMatchObject({ currentStreak: 3, bestStreak: 3 });
    // The week after one not met, a week not met ends it.
    expect(weeklyStats(days, '2026-11-25', 3).currentStreak).toBe(0);
  });
});
