import { describe, expect, it } from 'vitest';
import { addDays, dayAt, weekdayOf } from './days';
import { fallsOn, firstOccurrenceFrom, nextOccurrenceAfter, occurrencesBetween } from './repeat-expansion';

describe('occurrencesBetween, in floating days', () => {
  it.each([
    // "Monthly on the 31st" skips the months without one (RFC 5545), by BYMONTHDAY or from its first day.
    [
      'FREQ=MONTHLY;BYMONTHDAY=31',
      '2026-01-31',
      '2026-01-01',
      '2026-08-31',
      ['2026-01-31', '2026-03-31', '2026-05-31', '2026-07-31', '2026-08-31'],
    ],
    ['FREQ=MONTHLY', '2026-01-31', '2026-01-01', '2026-05-31', ['2026-01-31', '2026-03-31', '2026-05-31']],
    // The last day of each month, 29 February in a leap year.
    [
      'FREQ=MONTHLY;BYMONTHDAY=-1',
      '2028-01-15',
      '2028-01-01',
      '2028-04-30',
      ['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30'],
    ],
    // Yearly on 29 February falls only in leap years.
    ['FREQ=YEARLY', '2024-02-29', '2024-01-01', '2032-12-31', ['2024-02-29', '2028-02-29', '2032-02-29']],
    // The second Tuesday, and the last Friday.
    [
      'FREQ=MONTHLY;BYDAY=2TU',
      '2026-11-01',
      '2026-11-01',
      '2027-01-31',
      ['2026-11-10', '2026-12-08', '2027-01-12'],
    ],
    [
      'FREQ=MONTHLY;BYDAY=-1FR',
      '2026-11-01',
      '2026-11-01',
      '2027-01-31',
      ['2026-11-27', '2026-12-25', '2027-01-29'],
    ],
    // Mon/Wed/Fri over a week in which New York and London change their clocks: no day lost or doubled.
    [
      'FREQ=WEEKLY;BYDAY=MO,WE,FR',
      '2026-10-19',
      '2026-10-24',
      '2026-11-02',
      ['2026-10-26', '2026-10-28', '2026-10-30', '2026-11-02'],
    ],
    // Every two weeks from its first day; a start that does not match waits for the first match.
    [
      'FREQ=WEEKLY;INTERVAL=2',
      '2026-11-02',
      '2026-11-01',
      '2026-11-30',
      ['2026-11-02', '2026-11-16', '2026-11-30'],
    ],
    ['FREQ=WEEKLY;BYDAY=MO', '2026-11-25', '2026-11-25', '2026-12-08', ['2026-11-30', '2026-12-07']],
    // COUNT counts from the first day; UNTIL includes its day.
    [
      'FREQ=DAILY;COUNT=3',
      '2026-12-30',
      '2026-12-01',
      '2027-01-31',
      ['2026-12-30', '2026-12-31', '2027-01-01'],
    ],
    [
      'FREQ=DAILY;UNTIL=20270102',
      '2026-12-31',
      '2026-12-01',
      '2027-01-31',
      ['2026-12-31', '2027-01-01', '2027-01-02'],
    ],
    [
      'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24',
      '2026-01-01',
      '2026-01-01',
      '2028-12-31',
      ['2026-12-24', '2027-12-24', '2028-12-24'],
    ],
  ])('%s from %s, %s to %s', (rule, start, from, to, expected) => {
    expect(occurrencesBetween(rule, start, from, to)).toEqual(expected);
  });

  it('answers nothing for a range that ends before it starts', () => {
    expect(occurrencesBetween('FREQ=DAILY', '2026-01-01', '2026-02-02', '2026-02-01')).toEqual([]);
  });
});

describe('next and first occurrences', () => {
  it.each([
    // After the 31st of January comes the 31st of March, not a day of February.
    ['FREQ=MONTHLY;BYMONTHDAY=31', '2026-01-31', '2026-01-31', '2026-03-31'],
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR', '2026-11-02', '2026-11-02', '2026-11-04'],
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR', '2026-11-02', '2026-11-06', '2026-11-09'],
    ['FREQ=DAILY;COUNT=2', '2026-11-02', '2026-11-03', null],
    ['FREQ=DAILY;UNTIL=20261103', '2026-11-02', '2026-11-03', null],
  ])('%s from %s: after %s comes %s', (rule, start, day, expected) => {
    expect(nextOccurrenceAfter(rule, start, day)).toBe(expected);
  });

  it('counts the day itself as the first occurrence from it when the rule falls on it', () => {
    expect(firstOccurrenceFrom('FREQ=WEEKLY;BYDAY=WE', '2026-11-04', '2026-11-04')).toBe('2026-11-04');
    expect(firstOccurrenceFrom('FREQ=WEEKLY;BYDAY=WE', '2026-11-04', '2026-11-05')).toBe('2026-11-11');
    expect(fallsOn('FREQ=WEEKLY;BYDAY=WE', '2026-11-04', '2026-11-11')).toBe(true);
    expect(fallsOn('FREQ=WEEKLY;BYDAY=WE', '2026-11-04', '2026-11-12')).toBe(false);
  });
});

describe('a repeat across zones and day starts', () => {
  // The rule's days are labels; which of them is "today" is dayAt's answer in the person's zone.
  it.each([
    ['America/New_York', 0, '2026-03-08T04:59:00Z'],
    ['America/New_York', 4, '2026-03-08T08:00:00Z'],
    ['Europe/London', 0, '2026-10-25T00:30:00Z'],
    ['Europe/London', 4, '2026-10-25T03:59:00Z'],
    ['Pacific/Kiritimati', 0, '2026-11-22T10:00:00Z'],
    ['Pacific/Pago_Pago', 4, '2026-11-22T14:59:00Z'],
  ])(
    'in %s starting at %i:00, the next Monday after %s is the Monday after that day',
    (zone, hour, instant) => {
      const today = dayAt(new Date(instant), zone, hour);
      const next = nextOccurrenceAfter('FREQ=WEEKLY;BYDAY=MO', '2026-01-05', today);
      expect(next).not.toBeNull();
      expect(weekdayOf(next ?? '')).toBe(1);
      const gap = (Date.parse(next ?? '') - Date.parse(today)) / 86_400_000;
      expect(gap).toBeGreaterThanOrEqual(1);
      expect(gap).toBeLessThanOrEqual(7);
    },
  );

  it('keeps a pending repeat on its day when the person flies from Kiritimati to Pago Pago', () => {
    // 00:30 on Monday 23 November in Kiritimati (UTC+14) is 23:30 on Saturday the 21st in Pago Pago
    // (UTC-11): a daily task done there is next due on the 24th, a label no zone change moves.
    const instant = new Date('2026-11-22T10:30:00Z');
    const doneOn = dayAt(instant, 'Pacific/Kiritimati');
    expect(doneOn).toBe('2026-11-23');
    const next = nextOccurrenceAfter('FREQ=DAILY', '2026-11-01', doneOn);
    expect(next).toBe(addDays(doneOn, 1));
    // In Pago Pago the person is two days before the day it was done on, three before the next one.
    const there = dayAt(instant, 'Pacific/Pago_Pago');
    expect(there).toBe(addDays(doneOn, -2));
    expect(next).toBe(addDays(there, 3));
  });
});

describe('a rule started long ago', () => {
  it.each([
    'FREQ=DAILY',
    'FREQ=DAILY;INTERVAL=3',
    'FREQ=WEEKLY;INTERVAL=3;BYDAY=TU,SA',
    'FREQ=WEEKLY;INTERVAL=2',
    'FREQ=WEEKLY;BYDAY=SU',
    'FREQ=DAILY;UNTIL=20261205',
  ])('%s gives the same days near today as walked from its first day', (rule) => {
    const start = '2019-03-13';
    const from = '2026-11-20';
    const to = '2026-12-31';
    const walked = occurrencesBetween(rule, start, start, to).filter((day) => day >= from);
    expect(walked.length).toBeGreaterThan(0);
    expect(occurrencesBetween(rule, start, from, to)).toEqual(walked);
    expect(nextOccurrenceAfter(rule, start, '2026-11-29')).toBe(walked.find((day) => day > '2026-11-29'));
  });
});
