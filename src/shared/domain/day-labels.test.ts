import { describe, expect, it } from 'vitest';
import { dayHeading, dayLabel, daySpoken, shortMonth, shortWeekday } from './day-labels';

// Friday 27 November 2026 is the person's day unless a row says otherwise.
const TODAY = '2026-11-27';

describe('dayLabel', () => {
  it.each([
    ['2026-11-27', TODAY, 'Today'],
    ['2026-11-28', TODAY, 'Tomorrow'],
    ['2026-11-29', TODAY, 'Sun 29'],
    ['2026-12-03', TODAY, 'Thu 3'], // six days ahead, across the month's end
    ['2026-12-04', TODAY, '4 Dec'], // a week ahead: its weekday would repeat today's
    ['2026-12-24', TODAY, '24 Dec'],
    ['2027-01-05', TODAY, '5 Jan'], // next year, but the nearest 5 January
    ['2027-11-26', TODAY, '26 Nov'], // 364 days ahead
    ['2027-11-27', TODAY, '27 Nov 2027'], // a year ahead: "27 Nov" would read as today's date
    ['2026-11-26', TODAY, 'Overdue · Thu 26'],
    ['2026-11-21', TODAY, 'Overdue · Sat 21'],
    ['2026-11-20', TODAY, 'Overdue · 20 Nov'],
    ['2025-12-24', TODAY, 'Overdue · 24 Dec'],
    ['2025-11-27', TODAY, 'Overdue · 27 Nov 2025'],
    // Year and month ends, and 29 February.
    ['2027-01-01', '2026-12-31', 'Tomorrow'],
    ['2026-12-31', '2027-01-01', 'Overdue · Thu 31'],
    ['2028-02-29', '2028-02-28', 'Tomorrow'],
    ['2028-03-01', '2028-02-28', 'Wed 1'],
    ['2028-02-29', '2028-02-23', 'Tue 29'],
    ['2028-02-29', '2027-12-01', '29 Feb'],
  ])('%s seen on %s -> %s', (day, today, expected) => {
    expect(dayLabel(day, today)).toBe(expected);
  });
});

describe('daySpoken', () => {
  it.each([
    ['2026-11-27', 'Today'],
    ['2026-11-28', 'Tomorrow'],
    ['2026-11-29', 'Sunday 29 November'],
    ['2026-12-24', 'Thursday 24 December'],
    ['2027-12-24', 'Friday 24 December 2027'],
    ['2026-11-23', 'Overdue since Monday 23 November'],
    ['2026-11-26', 'Overdue since Thursday 26 November'],
  ])('%s -> %s', (day, expected) => {
    expect(daySpoken(day, TODAY)).toBe(expected);
  });
});

describe('a done task', () => {
  it('reads its past day as a date, not overdue; today and later days as ever', () => {
    expect(dayLabel('2026-11-23', TODAY, { done: true })).toBe('Mon 23');
    expect(dayLabel('2026-11-20', TODAY, { done: true })).toBe('20 Nov');
    expect(daySpoken('2026-11-23', TODAY, { done: true })).toBe('Monday 23 November');
    expect(dayLabel('2026-11-28', TODAY, { done: true })).toBe('Tomorrow');
    expect(daySpoken(TODAY, TODAY, { done: true })).toBe('Today');
  });
});

describe('dayHeading', () => {
  it.each([
    ['2026-11-27', 'Today'],
    ['2026-11-28', 'Tomorrow'],
    ['2026-11-26', 'Yesterday'],
    ['2026-11-29', 'Sunday 29 November'],
    ['2026-12-11', 'Friday 11 December'],
    ['2027-01-01', 'Friday 1 January'],
    ['2026-11-20', 'Friday 20 November'],
  ])('%s -> %s', (day, expected) => {
    expect(dayHeading(day, TODAY)).toBe(expected);
  });
});

describe('names', () => {
  it('abbreviates weekdays (0 = Sunday) and months (1 = January) to three letters', () => {
    expect([0, 1, 6].map(shortWeekday)).toEqual(['Sun', 'Mon', 'Sat']);
    expect([1, 9, 12].map(shortMonth)).toEqual(['Jan', 'Sep', 'Dec']);
  });
});
