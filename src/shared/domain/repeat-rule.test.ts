import rrule from 'rrule';
import { describe, expect, it } from 'vitest';
import { parseRepeat, REPEAT_MESSAGE } from './repeat-rule';

describe('parseRepeat', () => {
  it.each([
    ['FREQ=DAILY', 'FREQ=DAILY'],
    ['freq=weekly;byday=mo,we,fr', 'FREQ=WEEKLY;BYDAY=MO,WE,FR'],
    ['FREQ=WEEKLY;INTERVAL=2', 'FREQ=WEEKLY;INTERVAL=2'],
    ['FREQ=WEEKLY;INTERVAL=1;BYDAY=MO', 'FREQ=WEEKLY;BYDAY=MO'],
    ['FREQ=MONTHLY;BYDAY=2TU', 'FREQ=MONTHLY;BYDAY=2TU'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'FREQ=MONTHLY;BYDAY=-1FR'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', 'FREQ=MONTHLY;BYMONTHDAY=-1'],
    ['BYMONTHDAY=1,15;FREQ=MONTHLY', 'FREQ=MONTHLY;BYMONTHDAY=1,15'],
    ['FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24', 'FREQ=YEARLY;BYMONTHDAY=24;BYMONTH=12'],
    ['FREQ=DAILY;COUNT=10', 'FREQ=DAILY;COUNT=10'],
    ['FREQ=DAILY;UNTIL=20261231', 'FREQ=DAILY;UNTIL=20261231'],
    ['FREQ=DAILY;UNTIL=20261231T235959Z', 'FREQ=DAILY;UNTIL=20261231'],
    ['byday=mo,we;freq=weekly;interval=2', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE'],
    ['FREQ=MONTHLY;BYDAY=+2TU,-1FR;COUNT=3', 'FREQ=MONTHLY;BYDAY=2TU,-1FR;COUNT=3'],
    [
      'FREQ=YEARLY;BYMONTHDAY=-1;BYMONTH=2;UNTIL=20280229T000000Z',
      'FREQ=YEARLY;BYMONTHDAY=-1;BYMONTH=2;UNTIL=20280229',
    ],
  ])('reads %s as %s, and reads that back the same', (text, canonical) => {
    const parsed = parseRepeat(text);
    expect(parsed).toMatchObject({ ok: true, text: canonical });
    expect(parseRepeat(canonical)).toEqual(parsed);
  });

  it('reads every part of the subset', () => {
    expect(parseRepeat('FREQ=MONTHLY;INTERVAL=2;BYDAY=2TU,-1FR;BYMONTH=1,12;COUNT=10')).toMatchObject({
      rule: {
        freq: 'MONTHLY',
        interval: 2,
        byDay: [
          { weekday: 'TU', nth: 2 },
          { weekday: 'FR', nth: -1 },
        ],
        byMonthDay: [],
        byMonth: [1, 12],
        count: 10,
        until: null,
      },
    });
    expect(parseRepeat('FREQ=YEARLY;BYMONTHDAY=-1,31;UNTIL=20280229')).toMatchObject({
      rule: { byMonthDay: [-1, 31], until: '2028-02-29' },
    });
  });

  // What this parser takes, rrule (which expands the rules) takes too, and reads the same way.
  it.each([
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE,FR;COUNT=6',
    'FREQ=MONTHLY;BYDAY=2TU,-1FR;UNTIL=20271231',
    'FREQ=MONTHLY;BYMONTHDAY=-1,15',
    'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
  ])('agrees with rrule on %s', (text) => {
    const parsed = parseRepeat(text);
    if (!parsed.ok) throw new Error(parsed.message);
    const ours = parsed.rule;
    const theirs = rrule.RRule.parseString(text);
    expect(ours.interval).toBe(theirs.interval ?? 1);
    expect(ours.count ?? undefined).toBe(theirs.count ?? undefined);
    expect(ours.byMonthDay).toEqual([theirs.bymonthday ?? []].flat());
    expect(ours.byMonth).toEqual([theirs.bymonth ?? []].flat());
  });

  it.each([
    ['', REPEAT_MESSAGE],
    ['RRULE:FREQ=DAILY', 'repeat must be the rule without "RRULE:", such as FREQ=DAILY'],
    ['FREQ=HOURLY', REPEAT_MESSAGE],
    ['FREQ=SECONDLY', REPEAT_MESSAGE],
    ['FREQ=DAILY;', REPEAT_MESSAGE],
    ['FREQ=DAILY;;INTERVAL=2', REPEAT_MESSAGE],
    ['FREQ=DAILY;INTERVAL=', REPEAT_MESSAGE],
    ['FREQ=DAILY;INTERVAL=-1', 'repeat INTERVAL must be a whole number from 1 to 1000'],
    ['FREQ=DAILY;UNTIL=2026-12-24', 'repeat UNTIL must be a date written YYYYMMDD'],
    ['FREQ=WEEKLY;BYDAY=MON', 'repeat BYDAY must list weekdays'],
    ['FREQ=WEEKLY;BYDAY=MO,', 'repeat BYDAY must list weekdays'],
    ['FREQ=MONTHLY;BYDAY=0TU', 'repeat BYDAY numbers weekdays from 1 to 5'],
    ['FREQ=MONTHLY;BYMONTHDAY=-32', 'repeat BYMONTHDAY must list days from 1 to 31'],
    ['FREQ=YEARLY;BYMONTH=0', 'repeat BYMONTH must list months from 1 to 12'],
    ['FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU,WE,TH,FR', 'repeat cannot use BYSETPOS'],
    ['INTERVAL=2', REPEAT_MESSAGE],
    ['FREQ=DAILY;FREQ=WEEKLY', 'repeat gives FREQ twice'],
    ['FREQ=DAILY;BYHOUR=9', 'repeat cannot use BYHOUR'],
    ['FREQ=WEEKLY;WKST=SU', 'repeat cannot use WKST'],
    ['FREQ=DAILY;INTERVAL=0', 'repeat INTERVAL must be a whole number from 1 to 1000'],
    ['FREQ=DAILY;INTERVAL=1.5', 'repeat INTERVAL must be a whole number from 1 to 1000'],
    ['FREQ=WEEKLY;BYDAY=XX', 'repeat BYDAY must list weekdays'],
    [
      'FREQ=WEEKLY;BYDAY=2TU',
      'repeat BYDAY may number its weekdays (2TU) only with FREQ=MONTHLY or FREQ=YEARLY',
    ],
    ['FREQ=MONTHLY;BYDAY=6TU', 'repeat BYDAY numbers weekdays from 1 to 5'],
    ['FREQ=MONTHLY;BYMONTHDAY=32', 'repeat BYMONTHDAY must list days from 1 to 31'],
    ['FREQ=MONTHLY;BYMONTHDAY=0', 'repeat BYMONTHDAY must list days from 1 to 31'],
    ['FREQ=WEEKLY;BYMONTHDAY=1', 'repeat cannot give BYMONTHDAY with FREQ=WEEKLY'],
    ['FREQ=YEARLY;BYMONTH=13', 'repeat BYMONTH must list months from 1 to 12'],
    ['FREQ=DAILY;COUNT=3;UNTIL=20261231', 'repeat takes COUNT or UNTIL, not both'],
    ['FREQ=DAILY;COUNT=0', 'repeat COUNT must be a whole number'],
    ['FREQ=DAILY;UNTIL=20260230', 'repeat UNTIL must be a date written YYYYMMDD'],
    ['FREQ=DAILY;;', REPEAT_MESSAGE],
    [`FREQ=DAILY;${'x'.repeat(200)}`, REPEAT_MESSAGE],
  ])('refuses %j, naming repeat', (text, message) => {
    const parsed = parseRepeat(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.message.startsWith(message)).toBe(true);
      expect(parsed.message).toMatch(/^repeat /);
    }
  });
});
