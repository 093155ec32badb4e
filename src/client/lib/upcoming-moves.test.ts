import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Upcoming } from '#shared/api/upcoming';
import { todayTask } from '../features/today/testing/today-factories';
import { moveOnUpcoming, shownOn } from './upcoming-moves';

const late = todayTask('Pay rent', 0, { plannedFor: '2026-11-23' });
const call = todayTask('Call mum', 1, { plannedFor: '2026-11-27' });

/** Two loaded pages of a day each, as "Show more days" leaves them; Overdue comes with the first. */
const pages: InfiniteData<Upcoming, string> = {
  pages: [
    { today: '2026-11-26', overdue: [late], days: [{ day: '2026-11-27', tasks: [call], habits: [] }] },
    { today: '2026-11-26', overdue: [], days: [{ day: '2026-12-10', tasks: [], habits: [] }] },
  ],
  pageParams: ['2026-11-26', '2026-12-10'],
};
const titlesByDay = (data: InfiniteData<Upcoming, string>) => ({
  overdue: data.pages[0]?.overdue.map((task) => task.title),
  days: data.pages.flatMap((page) => page.days.map((day) => [day.day, day.tasks.map((task) => task.title)])),
});

describe('a task moved on Upcoming before the server answers (lib/upcoming-moves.ts)', () => {
  it('joins a day on a later page, and leaves Overdue for a day', () => {
    const moved = moveOnUpcoming(pages, { id: call.id, from: '2026-11-27', to: '2026-12-10' });
    expect(titlesByDay(moved)).toEqual({
      overdue: ['Pay rent'],
      days: [
        ['2026-11-27', []],
        ['2026-12-10', ['Call mum']],
      ],
    });
    expect(moved.pages[1]?.days[0]?.tasks[0]?.plannedFor).toBe('2026-12-10');
    const fromOverdue = moveOnUpcoming(pages, { id: late.id, from: null, to: '2026-11-27' });
    expect(titlesByDay(fromOverdue).overdue).toEqual([]);
    expect(titlesByDay(fromOverdue).days[0]).toEqual(['2026-11-27', ['Call mum', 'Pay rent']]);
  });

  it('joins Overdue for a day gone by (an Undo of "Plan all for today"), open tasks only', () => {
    const back = moveOnUpcoming(pages, { id: call.id, from: '2026-11-27', to: '2026-11-24' });
    expect(titlesByDay(back).overdue).toEqual(['Pay rent', 'Call mum']);
    expect(back.pages[0]?.overdue[1]?.plannedFor).toBe('2026-11-24');
    expect(back.pages[1]?.overdue).toEqual([]);
    expect(titlesByDay(back).days[0]).toEqual(['2026-11-27', []]);
    const done = {
      ...pages,
      pages: [
        {
          ...pages.pages[0]!,
          days: [{ day: '2026-11-27', tasks: [{ ...call, completed: true }], habits: [] }],
        },
      ],
    };
    expect(
      titlesByDay(moveOnUpcoming(done, { id: call.id, from: '2026-11-27', to: '2026-11-24' })).overdue,
    ).toEqual(['Pay rent']);
  });

  it('says where a task is shown: Overdue, its day, or nowhere', () => {
    expect(shownOn(pages, late.id, '2026-11-23')).toBeNull();
    expect(shownOn(pages, call.id, '2026-11-27')).toBe('2026-11-27');
    expect(shownOn(pages, 'elsewhere', '2026-12-01')).toBeUndefined();
  });
});
