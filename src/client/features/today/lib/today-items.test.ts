import { describe, expect, it } from 'vitest';
import type { Today } from '#shared/api/today';
import { goalSummary, todayHabit, todayTask } from '../testing/today-factories';
import {
  applyTodayOrder,
  isTodayItemCompleted,
  mergeTodayItems,
  todayFilterChips,
  todayOrderAfter,
} from './today-items';

const run = goalSummary('Run a 10k', { color: 'teal', isHabitGoal: true });
const book = goalSummary('Write a book', { color: 'rose' });
const task = todayTask;
const habit = todayHabit;

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

describe('todayOrderAfter and applyTodayOrder', () => {
  const today: Today = {
    tasks: [task('T0', 0), task('T2', 2)],
    habits: [habit('H1', 1), habit('H3', 3)],
  };
  const items = mergeTodayItems(today);
  const keys = (...names: string[]) =>
    names.map(
      (name) =>
        items.find((item) => (item.kind === 'task' ? item.task.title : item.habit.title) === name)!.key,
    );

  it('renumbers the whole list, tasks and habits together', () => {
    const payload = todayOrderAfter(items, keys('H3', 'T0', 'H1', 'T2'));
    expect(payload?.items.map((entry) => [entry.type, entry.todaySortOrder])).toEqual([
      ['habit', 0],
      ['task', 1],
      ['habit', 2],
      ['task', 3],
    ]);
    expect(titles(applyTodayOrder(today, payload!.items))).toEqual(['H3', 'T0', 'H1', 'T2']);
  });

  it('keeps hidden items exactly in place when reordering a filtered view', () => {
    // Only the tasks are visible; swapping them must not move the habits.
    const payload = todayOrderAfter(items, keys('T2', 'T0'));
    expect(titles(applyTodayOrder(today, payload!.items))).toEqual(['T2', 'H1', 'T0', 'H3']);
  });

  it('returns nothing when the order did not change', () => {
    expect(todayOrderAfter(items, keys('T0', 'H1', 'T2', 'H3'))).toBeUndefined();
    expect(todayOrderAfter(items, keys('H1', 'H3'))).toBeUndefined();
  });

  it('ignores keys that are no longer on the list', () => {
    const payload = todayOrderAfter(items, [...keys('H3', 'H1'), 'task:gone']);
    expect(titles(applyTodayOrder(today, payload!.items))).toEqual(['T0', 'H3', 'T2', 'H1']);
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
      { key: 'habits', label: 'Habits', count: 1, color: 'purple' },
      { key: 'todos', label: 'Todos', count: 1, color: 'green' },
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
