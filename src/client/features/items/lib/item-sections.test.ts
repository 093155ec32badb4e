import { describe, expect, it } from 'vitest';
import type { Goal } from '#shared/api/goals';
import type { Habit } from '#shared/api/habits';
import type { Task } from '#shared/api/tasks';
import { buildSections, countItems } from './item-sections';

const goal = (id: string, overrides: Partial<Goal> = {}): Goal => ({
  id,
  title: id,
  description: null,
  color: 'blue',
  isHabitGoal: false,
  archived: false,
  sortOrder: 0,
  createdAt: '2026-11-01T00:00:00Z',
  ...overrides,
});
const task = (
  id: string,
  goalId: string | null,
  sortOrder: number,
  createdAt = '2026-11-01T00:00:00Z',
): Task => ({
  id,
  title: id,
  labels: [],
  description: null,
  goalId,
  plannedFor: null,
  repeat: null,
  remindAt: null,
  priority: 0,
  checklist: [],
  completed: false,
  completedToday: false,
  completionCount: 0,
  isToday: false,
  todaySortOrder: 0,
  sortOrder,
  createdAt,
});
const habit = (id: string, sortOrder: number): Habit => ({
  id,
  title: id,
  description: null,
  repeat: null,
  remindAt: null,
  timesPerWeek: null,
  isToday: false,
  completedToday: false,
  completionCount: 0,
  todaySortOrder: 0,
  sortOrder,
  createdAt: '2026-11-01T00:00:00Z',
});

describe('buildSections', () => {
  it('orders sections: Habits, habit goals, Todos, ordinary goals (archived last)', () => {
    const sections = buildSections(
      [
        goal('old', { archived: true, sortOrder: 0 }),
        goal('work', { sortOrder: 2 }),
        goal('gym', { isHabitGoal: true, sortOrder: 5 }),
        goal('home', { sortOrder: 1 }),
        goal('mind', { isHabitGoal: true, sortOrder: 3 }),
      ],
      [],
      [],
    );
    expect(sections.map((section) => section.key)).toEqual([
      'habits',
      'goal:mind',
      'goal:gym',
      'todos',
      'goal:home',
      'goal:work',
      'goal:old',
    ]);
  });

  it('puts each task in its goal or Todos, in saved order, and drops tasks of goals not listed', () => {
    const sections = buildSections(
      [goal('g')],
      [
        task('b', 'g', 2),
        task('a', 'g', 1),
        task('t2', null, 5),
        task('t1', null, 5, '2026-10-01T00:00:00Z'),
        task('hidden', 'archived-goal', 0),
      ],
      [habit('h2', 1), habit('h1', 0)],
    );
    const byKey = Object.fromEntries(
      sections.map((section) => [section.key, section.items.map((item) => item.id)]),
    );
    expect(byKey).toEqual({ habits: ['h1', 'h2'], todos: ['t1', 't2'], 'goal:g': ['a', 'b'] });
    expect(countItems(sections)).toBe(6);
  });

  it('always has Habits and Todos sections, even when empty', () => {
    expect(buildSections([], [], []).map((section) => [section.key, section.items.length])).toEqual([
      ['habits', 0],
      ['todos', 0],
    ]);
  });
});
