import { describe, expect, it } from 'vitest';
import { calendarLayout, dayName } from './history-calendar';

describe('calendarLayout', () => {
  it('puts each day in its week column and weekday row, Monday first', () => {
    // Saturday 28 February to Tuesday 3 March 2026.
    const layout = calendarLayout('2026-02-28', '2026-03-03');
    expect(layout.cells).toEqual([
      { day: '2026-02-28', column: 0, row: 5 },
      { day: '2026-03-01', column: 0, row: 6 },
      { day: '2026-03-02', column: 1, row: 0 },
      { day: '2026-03-03', column: 1, row: 1 },
    ]);
    expect(layout.columns).toBe(2);
    expect(layout.months).toEqual([{ column: 0, label: 'Mar' }]);
  });

  it('spans 53 or 54 week columns for the 371 days the history answers', () => {
    expect(calendarLayout('2025-11-18', '2026-11-23').columns).toBe(54);
    expect(calendarLayout('2025-11-17', '2026-11-22').columns).toBe(53);
  });
});

describe('dayName', () => {
  it.each([
    ['2026-03-03', 'Tuesday 3 March 2026'],
    ['2026-11-22', 'Sunday 22 November 2026'],
  ])('%s is %s', (day, expected) => {
    expect(dayName(day)).toBe(expected);
  });
});
