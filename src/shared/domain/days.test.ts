import { describe, expect, it } from 'vitest';
import {
  addDays,
  addYears,
  dayAt,
  dayNumber,
  dayOfNumber,
  daysBetween,
  isDay,
  isValidTimeZone,
  latestPlannableDay,
  msUntilNextDay,
  weekdayOf,
} from './days';

describe('dayAt', () => {
  it.each([
    // One instant, three calendar days: the person's zone decides.
    ['2026-11-22T10:30:00Z', 'UTC', 0, '2026-11-22'],
    ['2026-11-22T10:30:00Z', 'Pacific/Kiritimati', 0, '2026-11-23'],
    ['2026-11-22T10:30:00Z', 'Pacific/Pago_Pago', 0, '2026-11-21'],
    // Kiritimati (UTC+14) at midnight and at 4:00.
    ['2026-11-22T09:59:00Z', 'Pacific/Kiritimati', 0, '2026-11-22'],
    ['2026-11-22T10:00:00Z', 'Pacific/Kiritimati', 0, '2026-11-23'],
    ['2026-11-22T13:59:00Z', 'Pacific/Kiritimati', 4, '2026-11-22'],
    ['2026-11-22T14:00:00Z', 'Pacific/Kiritimati', 4, '2026-11-23'],
    // Pago Pago (UTC-11) at midnight and at 4:00.
    ['2026-11-22T10:59:00Z', 'Pacific/Pago_Pago', 0, '2026-11-21'],
    ['2026-11-22T11:00:00Z', 'Pacific/Pago_Pago', 0, '2026-11-22'],
    ['2026-11-22T14:59:00Z', 'Pacific/Pago_Pago', 4, '2026-11-21'],
    ['2026-11-22T15:00:00Z', 'Pacific/Pago_Pago', 4, '2026-11-22'],
    // New York, clocks forward on 8 March 2026 (2:00 EST becomes 3:00 EDT at 07:00Z).
    ['2026-03-08T04:59:00Z', 'America/New_York', 0, '2026-03-07'],
    ['2026-03-08T05:00:00Z', 'America/New_York', 0, '2026-03-08'],
    ['2026-03-08T07:59:00Z', 'America/New_York', 4, '2026-03-07'], // 3:59 EDT
    ['2026-03-08T08:00:00Z', 'America/New_York', 4, '2026-03-08'], // 4:00 EDT
    // A day starting at 2:00 on the night 2:00 does not exist starts at 3:00 EDT.
    ['2026-03-08T06:59:00Z', 'America/New_York', 2, '2026-03-07'],
    ['2026-03-08T07:00:00Z', 'America/New_York', 2, '2026-03-08'],
    // New York, clocks back on 1 November 2026 (2:00 EDT becomes 1:00 EST at 06:00Z).
    ['2026-11-01T03:59:59Z', 'America/New_York', 0, '2026-10-31'],
    ['2026-11-01T04:00:00Z', 'America/New_York', 0, '2026-11-01'],
    ['2026-11-01T08:59:00Z', 'America/New_York', 4, '2026-10-31'], // 3:59 EST
    ['2026-11-01T09:00:00Z', 'America/New_York', 4, '2026-11-01'], // 4:00 EST
    // London, clocks forward on 29 March 2026 (01:00Z) and back on 25 October 2026 (01:00Z).
    ['2026-03-28T23:59:00Z', 'Europe/London', 0, '2026-03-28'],
    ['2026-03-29T00:00:00Z', 'Europe/London', 0, '2026-03-29'],
    ['2026-03-29T02:59:00Z', 'Europe/London', 4, '2026-03-28'], // 3:59 BST
    ['2026-03-29T03:00:00Z', 'Europe/London', 4, '2026-03-29'], // 4:00 BST
    ['2026-10-24T22:59:00Z', 'Europe/London', 0, '2026-10-24'], // 23:59 BST
    ['2026-10-24T23:00:00Z', 'Europe/London', 0, '2026-10-25'],
    ['2026-10-25T03:59:00Z', 'Europe/London', 4, '2026-10-24'], // 3:59 GMT
    ['2026-10-25T04:00:00Z', 'Europe/London', 4, '2026-10-25'],
    // A late night belongs to the day before, across a year's end too.
    ['2027-01-01T03:00:00Z', 'UTC', 4, '2026-12-31'],
    ['2027-01-01T03:00:00Z', 'UTC', 0, '2027-01-01'],
    ['2026-11-22T06:00:00Z', 'UTC', 6, '2026-11-22'],
    // Unknown zones count as UTC.
    ['2026-11-22T23:30:00Z', 'Mars/Olympus', 0, '2026-11-22'],
  ])('%s in %s, day starting at %i:00, is %s', (instant, zone, hour, expected) => {
    expect(dayAt(new Date(instant), zone, hour)).toBe(expected);
  });

  it('gives 23- and 25-hour days when the day starts at 4:00 across daylight saving', () => {
    // Count the hours between consecutive day changes around each change in New York.
    const hoursOfDay = (fromUtc: string) => {
      const start = new Date(fromUtc).getTime();
      const first = dayAt(new Date(start), 'America/New_York', 4);
      let hour = 1;
      while (dayAt(new Date(start + hour * 3_600_000), 'America/New_York', 4) === first) hour += 1;
      return { first, hours: hour };
    };
    expect(hoursOfDay('2026-03-07T09:00:00Z')).toEqual({ first: '2026-03-07', hours: 23 });
    expect(hoursOfDay('2026-10-31T08:00:00Z')).toEqual({ first: '2026-10-31', hours: 25 });
    expect(hoursOfDay('2026-11-01T09:00:00Z')).toEqual({ first: '2026-11-01', hours: 24 });
  });
});

describe('msUntilNextDay', () => {
  it.each([
    // 7:00 EST on 7 March: the next day starts at 4:00 EDT, 20 elapsed hours later.
    ['2026-03-07T12:00:00Z', 'America/New_York', 4, 20 * 3_600_000],
    // 8:00 EDT on 31 October: the next 4:00 is EST, 21 hours later.
    ['2026-10-31T12:00:00Z', 'America/New_York', 4, 21 * 3_600_000],
    // Seconds count too: half a minute before 12 hours.
    ['2026-03-28T12:00:30Z', 'Europe/London', 0, 12 * 3_600_000 - 30_000],
    ['2026-11-22T09:59:59Z', 'Pacific/Kiritimati', 0, 1_000],
    ['2026-11-22T00:00:00Z', 'UTC', 0, 24 * 3_600_000],
    ['2026-11-22T00:00:00Z', 'UTC', 6, 6 * 3_600_000],
  ])('from %s in %s (day at %i:00) is %i ms', (instant, zone, hour, expected) => {
    expect(msUntilNextDay(new Date(instant), zone, hour)).toBe(expected);
  });
});

describe('calendar arithmetic', () => {
  it.each([
    ['2026-03-08', 1, '2026-03-09'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2028-03-01', -1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-11-22', -365, '2025-11-22'],
  ])('%s plus %i days is %s', (day, count, expected) => {
    expect(addDays(day, count)).toBe(expected);
    expect(daysBetween(day, expected)).toBe(count);
  });

  // What PostgreSQL's `day - date '1970-01-01'` gives, which the history read sends.
  it.each([
    ['1970-01-01', 0],
    ['1969-12-31', -1],
    ['2000-03-01', 11_017],
    ['2028-02-29', 21_243],
    ['2026-11-22', 20_779],
  ])('%s is day number %i, and back', (day, number) => {
    expect(dayNumber(day)).toBe(number);
    expect(dayOfNumber(number)).toBe(day);
  });

  it('writes every day number from 1600 to 2400 as Date does', () => {
    const first = Date.UTC(1600, 0, 1) / 86_400_000;
    const last = Date.UTC(2400, 11, 31) / 86_400_000;
    const wrong: number[] = [];
    for (let n = first; n <= last; n += 1)
      if (dayOfNumber(n) !== new Date(n * 86_400_000).toISOString().slice(0, 10)) wrong.push(n);
    expect(wrong).toEqual([]);
  });

  it.each([
    ['2026-11-22', 0], // a Sunday
    ['2026-11-23', 1],
    ['2026-11-28', 6],
  ])('%s is weekday %i', (day, expected) => {
    expect(weekdayOf(day)).toBe(expected);
  });

  it.each([
    ['2026-02-28', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['yesterday', false],
    ['2026-11-22T00:00', false],
  ])('isDay(%s) is %s', (value, expected) => {
    expect(isDay(value)).toBe(expected);
  });

  it("agrees with JavaScript's Date on every year, month and day around the edges, and refuses other shapes", () => {
    // What isDay answered when it asked Date: the date it names must come back the same.
    const byDate = (value: string) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      if (!match) return false;
      const [, year, month, day] = match.map(Number) as [number, number, number, number];
      const date = new Date(Date.UTC(year, month - 1, day));
      return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    };
    const years = [
      ...Array.from({ length: 106 }, (_, year) => year),
      ...[1899, 1900, 1901, 1999, 2000, 2001, 2024, 2025, 2026, 2027, 2028, 2100, 2400, 9999],
    ];
    const two = (n: number) => String(n).padStart(2, '0');
    const disagree: string[] = [];
    for (const year of years) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const value = `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;
          if (isDay(value) !== byDate(value)) disagree.push(value);
        }
      }
    }
    expect(disagree).toEqual([]);
    for (const shape of [
      '2026/01/01',
      ' 2026-01-01',
      '2026-01-01 ',
      '+2026-01-01',
      '２０２６-01-01',
      '2026-0a-01',
      '',
    ])
      expect(isDay(shape)).toBe(false);
  });
});

describe('isValidTimeZone', () => {
  it.each([
    ['Europe/Paris', true],
    ['UTC', true],
    ['', false],
    ['Not/AZone', false],
    ['x'.repeat(65), false],
  ])('%s → %s', (zone, expected) => {
    expect(isValidTimeZone(zone)).toBe(expected);
  });
});

describe('addYears', () => {
  it.each([
    ['2026-11-23', 10, '2036-11-23'],
    ['2026-12-31', 1, '2027-12-31'],
    // 29 February lands on 28 February in a common year, and stays in a leap year.
    ['2028-02-29', 1, '2029-02-28'],
    ['2028-02-29', 4, '2032-02-29'],
    ['2028-02-29', -1, '2027-02-28'],
  ])('%s plus %i years is %s', (day, count, expected) => {
    expect(addYears(day, count)).toBe(expected);
  });
});

describe('latestPlannableDay', () => {
  it.each([
    // Ten years after the day in Kiritimati (UTC+14), which is a day ahead of UTC from 10:00Z.
    ['2026-11-23T09:59:00Z', '2036-11-23'],
    ['2026-11-23T10:00:00Z', '2036-11-24'],
    // From 10:00Z on 28 February 2028 it is 29 February in Kiritimati: ten years on has no 29th.
    ['2028-02-28T09:59:00Z', '2038-02-28'],
    ['2028-02-28T10:00:00Z', '2038-02-28'],
  ])('at %s is %s', (instant, expected) => {
    expect(latestPlannableDay(new Date(instant))).toBe(expected);
  });
});
