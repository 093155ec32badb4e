import { describe, expect, it } from 'vitest';
import type { Habit } from '../../../../shared/api/habits';
import type { TaskGoalSummary } from '../../../../shared/api/tasks';
import type { Today, TodayTask } from '../../../../shared/api/today';
import {
  applyTodayOrder,
  isTodayItemCompleted,
  mergeTodayItems,
  reorderTodayItems,
  todayFilterChips,
} from './today-items';

let counter = 0;
function uuid(): string {
  counter++;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

const run: TaskGoalSummary = { id: uuid(), title: 'Run a 10k', color: 'teal', isHabitGoal: true };
const book: TaskGoalSummary = { id: uuid(), title: 'Write a book', color: 'rose', isHabitGoal: false };

function task(title: string, todaySortOrder: number, overrides: Partial<TodayTask> = {}): TodayTask {
  return {
    id: uuid(),
    title,
    goalId: overrides.goal ? overrides.goal.id : null,
    completed: false,
    completedToday: false,
    completionCount: 0,
    isToday: true,
    todaySortOrder,
    sortOrder: 0,
    createdAt: '2026-11-22T08:00:00.000Z',
    goal: null,
    ...overrides,
  };
}

function habit(title: string, todaySortOrder: number, overrides: Partial<Habit> = {}): Habit {
  return {
    id: uuid(),
    title,
    isToday: true,
    completedToday: false,
    completionCount: 0,
    todaySortOrder,
    sortOrder: 0,
    createdAt: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}

const titles = (today: Today) =>
  mergeTodayItems(today).map((item) => (item.kind === 'task' ? item.task.title : item.habit.title));

describe('mergeTodayItems', () => {
  it('interleaves tasks and habits by todaySortOrder', () => {
    const today: Today = {
      tasks: [task('Email Sam', 0), task('Chapter 3', 3, { goal: book })],
      habits: [habit('Stretch', 1), habit('Read', 2)],
    };
    expect(titles(today)).toEqual(['Email Sam', 'Stretch', 'Read', 'Chapter 3']);
  });

  it('keeps a stable order on equal positions: tasks first, then as sent', () => {
    const today: Today = { tasks: [task('A', 1), task('B', 1)], habits: [habit('H', 1)] };
    expect(titles(today)).toEqual(['A', 'B', 'H']);
  });
});

describe('isTodayItemCompleted', () => {
  it.each([
    ['a normal task by completed', task('t', 0, { completed: true }), true],
    ['a normal task ignores completedToday', task('t', 0, { completedToday: true }), false],
    ['a habit-goal task by completedToday', task('t', 0, { goal: run, completedToday: true }), true],
    ['a habit-goal task ignores completed', task('t', 0, { goal: run, completed: true }), false],
  ])('%s', (_name, value, expected) => {
    const [item] = mergeTodayItems({ tasks: [value], habits: [] });
    expect(isTodayItemCompleted(item!)).toBe(expected);
  });

  it.each([
    [true, true],
    [false, false],
  ])('a habit with completedToday %s is completed: %s', (completedToday, expected) => {
    const [item] = mergeTodayItems({ tasks: [], habits: [habit('h', 0, { completedToday })] });
    expect(isTodayItemCompleted(item!)).toBe(expected);
  });
});

describe('reorderTodayItems and applyTodayOrder', () => {
  const today: Today = {
    tasks: [task('T0', 0), task('T2', 2)],
    habits: [habit('H1', 1), habit('H3', 3)],
  };
  const items = mergeTodayItems(today);
  const key = (title: string) =>
    items.find((item) => (item.kind === 'task' ? item.task.title : item.habit.title) === title)!.key;

  it('renumbers the whole list, tasks and habits together', () => {
    const payload = reorderTodayItems(items, key('H3'), key('T0'));
    expect(payload?.items.map((entry) => [entry.type, entry.todaySortOrder])).toEqual([
      ['habit', 0],
      ['task', 1],
      ['habit', 2],
      ['task', 3],
    ]);
    expect(titles(applyTodayOrder(today, payload!.items))).toEqual(['H3', 'T0', 'H1', 'T2']);
  });

  it('moves down as well as up', () => {
    const payload = reorderTodayItems(items, key('T0'), key('T2'));
    expect(titles(applyTodayOrder(today, payload!.items))).toEqual(['H1', 'T2', 'T0', 'H3']);
  });

  it('keeps hidden items in place relative to each other when moving within a filtered view', () => {
    // Only tasks visible: moving T2 onto T0 must not disturb the habits' relative order.
    const payload = reorderTodayItems(items, key('T2'), key('T0'));
    expect(titles(applyTodayOrder(today, payload!.items))).toEqual(['T2', 'T0', 'H1', 'H3']);
  });

  it.each([
    ['the same item', 'T0', 'T0'],
    ['an unknown item', 'T0', 'nope'],
  ])('returns nothing for %s', (_name, from, to) => {
    const over = to === 'nope' ? 'task:nope' : key(to);
    expect(reorderTodayItems(items, key(from), over)).toBeUndefined();
  });
});

describe('todayFilterChips', () => {
  it('counts Habits, Todos and one chip per goal with tasks today, in list order', () => {
    const today: Today = {
      tasks: [
        task('Chapter 3', 0, { goal: book }),
        task('Email Sam', 1),
        task('Intervals', 2, { goal: run }),
        task('Chapter 4', 4, { goal: book }),
      ],
      habits: [habit('Stretch', 3)],
    };
    expect(todayFilterChips(mergeTodayItems(today))).toEqual([
      { key: 'habits', label: 'Habits', count: 1, color: undefined },
      { key: 'todos', label: 'Todos', count: 1, color: undefined },
      { key: `goal:${book.id}`, label: 'Write a book', count: 2, color: 'rose' },
      { key: `goal:${run.id}`, label: 'Run a 10k', count: 1, color: 'teal' },
    ]);
  });

  it('always offers Habits and Todos, even at zero', () => {
    expect(todayFilterChips([]).map((chip) => [chip.label, chip.count])).toEqual([
      ['Habits', 0],
      ['Todos', 0],
    ]);
  });
});
