import { describe, expect, it } from 'vitest';
import { dayAt } from './days';
import { instantOfLocalTime, isTimeOfDay, localClockAt, reminderInstant } from './reminder-times';

describe('isTimeOfDay', () => {
  it.each([
    ['00:00', true],
    ['07:30', true],
    ['23:59', true],
    ['24:00', false],
    ['7:30', false],
    ['07:60', false],
    ['07:30:00', false],
    ['', false],
  ])('%s is %s', (value, expected) => {
    expect(isTimeOfDay(value)).toBe(expected);
  });
});

describe('instantOfLocalTime', () => {
  it.each([
    // An ordinary day, each side of a zone's daylight saving.
    ['2026-01-15', '07:30', 'Europe/Paris', '2026-01-15T06:30:00.000Z'],
    ['2026-07-15', '07:30', 'Europe/Paris', '2026-07-15T05:30:00.000Z'],
    ['2026-07-15', '07:30', 'UTC', '2026-07-15T07:30:00.000Z'],
    ['2026-07-15', '07:30', 'Asia/Kolkata', '2026-07-15T02:00:00.000Z'],
    // Clocks jump from 02:00 to 03:00 on 29 March 2026 in Paris: 02:30 never happens, it is 03:30.
    ['2026-03-29', '02:30', 'Europe/Paris', '2026-03-29T01:30:00.000Z'],
    ['2026-03-29', '03:00', 'Europe/Paris', '2026-03-29T01:00:00.000Z'],
    // Clocks go back from 03:00 to 02:00 on 25 October 2026: 02:30 happens twice, the first counts.
    ['2026-10-25', '02:30', 'Europe/Paris', '2026-10-25T00:30:00.000Z'],
    // New York springs forward on 8 March 2026 at 02:00.
    ['2026-03-08', '02:15', 'America/New_York', '2026-03-08T07:15:00.000Z'],
    ['2026-11-01', '01:30', 'America/New_York', '2026-11-01T05:30:00.000Z'],
    // A zone east of the date line, and an unknown zone (UTC).
    ['2026-07-15', '00:00', 'Pacific/Kiritimati', '2026-07-14T10:00:00.000Z'],
    ['2026-07-15', '08:00', 'Not/AZone', '2026-07-15T08:00:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(instantOfLocalTime(date, time, zone).toISOString()).toBe(expected);
  });
});

describe('reminderInstant', () => {
  it('is on the calendar date of the day when the time is after the day starts', () => {
    expect(reminderInstant('2026-03-10', '07:30', 'Europe/Paris', 3).toISOString()).toBe(
      '2026-03-10T06:30:00.000Z',
    );
  });

  it('is on the next calendar date when the time is before the hour the day starts at', () => {
    const instant = reminderInstant('2026-03-10', '01:30', 'Europe/Paris', 3);
    expect(instant.toISOString()).toBe('2026-03-11T00:30:00.000Z');
    expect(dayAt(instant, 'Europe/Paris', 3)).toBe('2026-03-10');
  });

  it('always lands on its own day by dayAt, across a year of a zone with daylight saving', () => {
    for (let month = 1; month <= 12; month++) {
      for (const time of ['00:00', '02:30', '05:59', '06:00', '23:59']) {
        const day = `2026-${String(month).padStart(2, '0')}-10`;
        for (const start of [0, 3, 6]) {
          expect(
            dayAt(reminderInstant(day, time, 'America/New_York', start), 'America/New_York', start),
          ).toBe(day);
        }
      }
    }
  });
});

describe('localClockAt', () => {
  it("reads the zone's wall clock, in winter and in summer time", () => {
    expect(localClockAt(new Date('2026-01-15T13:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2026-01-15',
      time: '14:30',
    });
    expect(localClockAt(new Date('2026-07-15T13:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2026-07-15',
      time: '15:30',
    });
  });

  it('crosses the date line where the zone does', () => {
    expect(localClockAt(new Date('2026-10-05T20:15:00Z'), 'Asia/Tokyo')).toEqual({
      date: '2026-10-06',
      time: '05:15',
    });
    expect(localClockAt(new Date('2026-10-05T02:00:00Z'), 'America/Los_Angeles')).toEqual({
      date: '2026-10-04',
      time: '19:00',
    });
  });

  it('is the other way round from instantOfLocalTime, and counts an unknown zone as UTC', () => {
    const instant = instantOfLocalTime('2026-03-29', '03:30', 'Europe/Berlin');
    expect(localClockAt(instant, 'Europe/Berlin')).toEqual({ date: '2026-03-29', time: '03:30' });
    expect(localClockAt(new Date('2026-10-05T08:05:00Z'), 'Not/AZone')).toEqual({
      date: '2026-10-05',
      time: '08:05',
    });
  });
});
