import { describe, expect, it } from 'vitest';
import { ordinalWord, repeatWords } from './repeat-words';

describe('repeatWords', () => {
  it.each([
    ['FREQ=DAILY', 'Every day'],
    ['FREQ=DAILY;INTERVAL=1', 'Every day'],
    ['FREQ=DAILY;INTERVAL=3', 'Every 3 days'],
    ['FREQ=WEEKLY', 'Every week'],
    ['FREQ=WEEKLY;INTERVAL=2', 'Every 2 weeks'],
    ['FREQ=WEEKLY;BYDAY=MO', 'Every Monday'],
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR', 'Every Mon, Wed, Fri'],
    // Written Monday first, whatever order the rule lists them in.
    ['FREQ=WEEKLY;BYDAY=SU,FR,MO', 'Every Mon, Fri, Sun'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'Every weekday'],
    ['FREQ=WEEKLY;BYDAY=FR,TH,WE,TU,MO', 'Every weekday'],
    ['FREQ=WEEKLY;BYDAY=SA,SU', 'Every weekend'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU', 'Every day'],
    ['FREQ=DAILY;BYDAY=TU,TH', 'Every Tue, Thu'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', 'Every 2 weeks on Tuesday'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH', 'Every 2 weeks on Tue, Thu'],
    ['FREQ=WEEKLY;INTERVAL=3;BYDAY=MO,TU,WE,TH,FR', 'Every 3 weeks on weekdays'],
    ['FREQ=MONTHLY', 'Monthly'],
    ['FREQ=MONTHLY;INTERVAL=3', 'Every 3 months'],
    ['FREQ=MONTHLY;BYMONTHDAY=1', 'Monthly on the 1st'],
    ['FREQ=MONTHLY;BYMONTHDAY=22', 'Monthly on the 22nd'],
    ['FREQ=MONTHLY;BYMONTHDAY=31', 'Monthly on the 31st'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', 'Monthly on the last day'],
    ['FREQ=MONTHLY;BYMONTHDAY=-2', 'Monthly on the 2nd to last day'],
    ['FREQ=MONTHLY;BYMONTHDAY=15,1', 'Monthly on the 1st and 15th'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1,1,15', 'Monthly on the 1st, 15th and last day'],
    ['FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15', 'Every 2 months on the 15th'],
    ['FREQ=MONTHLY;BYDAY=2TU', 'Monthly on the 2nd Tuesday'],
    ['FREQ=MONTHLY;BYDAY=+1MO', 'Monthly on the 1st Monday'],
    ['FREQ=MONTHLY;BYDAY=-1FR', 'Monthly on the last Friday'],
    ['FREQ=MONTHLY;BYDAY=-2FR', 'Monthly on the 2nd to last Friday'],
    ['FREQ=MONTHLY;BYDAY=1MO,3MO', 'Monthly on the 1st Monday and 3rd Monday'],
    ['FREQ=MONTHLY;BYDAY=TU', 'Monthly on Tuesdays'],
    ['FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13', 'Monthly on the 13th, if a Friday'],
    ['FREQ=YEARLY', 'Every year'],
    ['FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24', 'Every year on 24 Dec'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', 'Every year on 29 Feb'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1', 'Every year on the last day of Feb'],
    ['FREQ=YEARLY;INTERVAL=4;BYMONTH=7;BYMONTHDAY=1', 'Every 4 years on 1 Jul'],
    ['FREQ=YEARLY;BYMONTH=11;BYDAY=4TH', 'Every year on the 4th Thursday of Nov'],
    ['FREQ=YEARLY;BYMONTH=6', 'Every year in Jun'],
    ['FREQ=MONTHLY;BYMONTH=1,7;BYMONTHDAY=1', 'Monthly on the 1st of Jan and Jul'],
    // Counted and ending rules.
    ['FREQ=DAILY;COUNT=5', 'Every day · 5 times'],
    ['FREQ=WEEKLY;BYDAY=MO;COUNT=1', 'Every Monday · once'],
    ['FREQ=DAILY;UNTIL=20261224', 'Every day · until 24 Dec 2026'],
    ['FREQ=DAILY;UNTIL=20261224T235959Z', 'Every day · until 24 Dec 2026'],
    // Names in any case, as RFC 5545 allows.
    ['freq=weekly;byday=mo', 'Every Monday'],
  ])('%s -> %s', (rule, expected) => {
    expect(repeatWords(rule)).toBe(expected);
  });

  it.each([
    ['FREQ=WEEKLY;BYDAY=MO', 'Every Monday'],
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR', 'Every Monday, Wednesday and Friday'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH', 'Every 2 weeks on Tuesday and Thursday'],
    ['FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24', 'Every year on 24 December'],
    ['FREQ=DAILY;UNTIL=20261224', 'Every day · until 24 December'],
  ])('spoken: %s -> %s', (rule, expected) => {
    expect(repeatWords(rule, { spoken: true, today: '2026-11-27' })).toBe(expected);
  });

  it.each([
    ['2026-11-27', 'Every day · until 24 Dec'],
    ['2026-12-24', 'Every day · until 24 Dec'],
    // A past end, or one a year away or more, keeps its year.
    ['2026-12-25', 'Every day · until 24 Dec 2026'],
    ['2025-12-24', 'Every day · until 24 Dec 2026'],
  ])('the end date on %s -> %s', (today, expected) => {
    expect(repeatWords('FREQ=DAILY;UNTIL=20261224', { today })).toBe(expected);
  });

  it('answers null for what is not a rule of the subset', () => {
    expect(repeatWords('FREQ=HOURLY')).toBeNull();
  });
});

describe('ordinalWord', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [30, '30th'],
    [31, '31st'],
    [101, '101st'],
    [111, '111th'],
  ])('%d -> %s', (n, expected) => {
    expect(ordinalWord(n)).toBe(expected);
  });
});
