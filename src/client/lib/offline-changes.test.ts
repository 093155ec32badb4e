import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Goal } from '#shared/api/goals';
import type { Habit } from '#shared/api/habits';
import type { Task } from '#shared/api/tasks';
import type { Today } from '#shared/api/today';
import type { Upcoming } from '#shared/api/upcoming';
import { makeGoal, makeHabit, makeTask } from '../features/items/testing/factories';
import { applyQueuedChange, type QueuedChange } from './offline-changes';

const HABIT_ID = '11111111-1111-4111-8111-111111111111';
const NEW_ID = '22222222-2222-4222-8222-222222222222';
const LATE_ID = '44444444-4444-4444-8444-444444444444';
const GOAL = { id: '33333333-3333-4333-8333-333333333333', title: 'Run', color: 'blue', isHabitGoal: false };

describe('applyQueuedChange', () => {
  it('shows a task made offline at the end of its list and of Today, with its goal', () => {
    const client = new QueryClient();
    client.setQueryData(['api', 'goals', { showArchived: false }], [{ ...GOAL, description: null }]);
    client.setQueryData(['api', 'tasks'], [{ id: 'a', goalId: GOAL.id, sortOrder: 4, todaySortOrder: 0 }]);
    client.setQueryData(['api', 'today'], { tasks: [], habits: [{ id: 'h', todaySortOrder: 7 }] });
    const change: QueuedChange = {
      method: 'POST',
      path: '/api/tasks',
      body: { id: NEW_ID, title: 'Intervals', goalId: GOAL.id, isToday: true },
      label: 'A new task',
    };
    applyQueuedChange(client, change);
    applyQueuedChange(client, change);
    const tasks = client.getQueryData<Array<{ id: string; sortOrder: number }>>(['api', 'tasks']);
    expect(tasks?.map((task) => [task.id, task.sortOrder])).toEqual([
      ['a', 4],
      [NEW_ID, 5],
    ]);
    const today = client.getQueryData<{ tasks: Array<Record<string, unknown>> }>(['api', 'today']);
    expect(today?.tasks).toEqual([
      expect.objectContaining({
        id: NEW_ID,
        title: 'Intervals',
        isToday: true,
        todaySortOrder: 8,
        goal: GOAL,
      }),
    ]);
  });

  it('shows a task made offline with its checklist as the server will, an item not done unless it says so', () => {
    const client = new QueryClient();
    client.setQueryData(['api', 'tasks'], []);
    const checklist = [
      { id: HABIT_ID, title: 'Passport', done: true },
      { id: GOAL.id, title: 'Charger' },
    ];
    applyQueuedChange(client, {
      method: 'POST',
      path: '/api/tasks',
      body: { id: NEW_ID, title: 'Pack', checklist },
      label: 'A new task',
    });
    applyQueuedChange(client, {
      method: 'POST',
      path: '/api/tasks',
      body: { id: HABIT_ID, title: 'Plain' },
      label: 'A new task',
    });
    expect(client.getQueryData<Task[]>(['api', 'tasks'])?.map((task) => task.checklist)).toEqual([
      [
        { id: HABIT_ID, title: 'Passport', done: true },
        { id: GOAL.id, title: 'Charger', done: false },
      ],
      [],
    ]);
  });

  it('shows a tick at once, with its count', () => {
    const client = new QueryClient();
    const habit = {
      id: HABIT_ID,
      completedToday: false,
      completionCount: 3,
      isToday: true,
      todaySortOrder: 0,
    };
    client.setQueryData(['api', 'habits'], [habit]);
    client.setQueryData(['api', 'today'], { tasks: [], habits: [habit] });
    const change: QueuedChange = {
      method: 'PATCH',
      path: `/api/habits/${HABIT_ID}`,
      body: { completedToday: true },
      label: 'A tick',
    };
    applyQueuedChange(client, change);
    expect(client.getQueryData(['api', 'habits'])).toEqual([
      { ...habit, completedToday: true, completionCount: 4 },
    ]);
    expect(client.getQueryData<{ habits: unknown[] }>(['api', 'today'])?.habits).toEqual([
      { ...habit, completedToday: true, completionCount: 4 },
    ]);
  });
});

describe('every change to goals, tasks and habits shows at once offline', () => {
  const goal = makeGoal({ title: 'Run', color: 'blue' });
  const task = makeTask({ title: 'Intervals', goalId: goal.id, isToday: true, todaySortOrder: 0 });
  const todo = makeTask({ title: 'Milk', isToday: true, todaySortOrder: 1, completed: true });
  const habit = makeHabit({ title: 'Stretch', timesPerWeek: 3, isToday: true, todaySortOrder: 2 });
  const summary = { id: goal.id, title: goal.title, color: goal.color, isHabitGoal: goal.isHabitGoal };
  const upcomingKey = ['api', 'upcoming', { today: '2026-11-28' }];

  /** A device that has read every list: All Items, Today and a page of Upcoming. */
  function cached() {
    const client = new QueryClient();
    client.setQueryData(['api', 'goals', { showArchived: 'false' }], [goal]);
    client.setQueryData(['api', 'tasks'], [task, todo]);
    client.setQueryData(['api', 'habits'], [habit]);
    client.setQueryData(['api', 'today'], {
      tasks: [
        { ...task, goal: summary },
        { ...todo, goal: null },
      ],
      habits: [habit],
    });
    client.setQueryData(upcomingKey, {
      pages: [
        {
          today: '2026-11-28',
          overdue: [{ ...todo, plannedFor: '2026-11-27', goal: null }],
          days: [{ day: '2026-11-28', tasks: [{ ...task, goal: summary }], habits: [habit] }],
        },
      ],
      pageParams: [{ from: '2026-11-28', days: 1 }],
    });
    return client;
  }
  /** The same, with an empty second day (2026-11-29) on Upcoming's page. */
  function cachedTwoDays() {
    const client = cached();
    const upcoming = client.getQueryData<{ pages: Upcoming[] }>(upcomingKey);
    const page = upcoming?.pages[0];
    if (!page) throw new Error('no page of Upcoming cached');
    client.setQueryData(upcomingKey, {
      ...upcoming,
      pages: [{ ...page, days: [...page.days, { day: '2026-11-29', tasks: [], habits: [] }] }],
    });
    return client;
  }
  const apply = (client: QueryClient, method: QueuedChange['method'], path: string, body?: unknown) =>
    applyQueuedChange(client, { method, path, body, label: 'A change' });
  const titles = (client: QueryClient) => ({
    tasks: client.getQueryData<Task[]>(['api', 'tasks'])?.map((item) => item.title),
    today: client.getQueryData<Today>(['api', 'today'])?.tasks.map((item) => item.title),
    upcoming: client
      .getQueryData<{ pages: Upcoming[] }>(upcomingKey)
      ?.pages[0]?.days[0]?.tasks.map((item) => item.title),
  });

  it('a task done and undone, on its list and on Today', () => {
    const client = cached();
    apply(client, 'PATCH', `/api/tasks/${task.id}`, { completed: true });
    expect(client.getQueryData<Task[]>(['api', 'tasks'])?.[0]?.completed).toBe(true);
    expect(client.getQueryData<Today>(['api', 'today'])?.tasks[0]?.completed).toBe(true);
    apply(client, 'PATCH', `/api/tasks/${task.id}`, { completed: false });
    expect(client.getQueryData<Today>(['api', 'today'])?.tasks[0]?.completed).toBe(false);
  });

  it('an edit, everywhere the task is shown, its goal following a new goalId', () => {
    const client = cached();
    apply(client, 'PATCH', `/api/tasks/${task.id}`, { title: 'Hill repeats', goalId: null, isToday: true });
    expect(titles(client)).toEqual({
      tasks: ['Hill repeats', 'Milk'],
      today: ['Hill repeats', 'Milk'],
      upcoming: ['Hill repeats'],
    });
    expect(client.getQueryData<Today>(['api', 'today'])?.tasks[0]).toMatchObject({
      goalId: null,
      goal: null,
    });
  });

  it('a description edited, or cleared, on every copy of the task and the habit', () => {
    const client = cached();
    apply(client, 'PATCH', `/api/tasks/${task.id}`, { title: 'Intervals', description: 'Six times\n400 m' });
    apply(client, 'PATCH', `/api/habits/${habit.id}`, { description: 'Ten minutes' });
    const upcoming = client.getQueryData<{ pages: Upcoming[] }>(upcomingKey)?.pages[0]?.days[0];
    expect(client.getQueryData<Task[]>(['api', 'tasks'])?.[0]?.description).toBe('Six times\n400 m');
    expect(client.getQueryData<Today>(['api', 'today'])?.tasks[0]?.description).toBe('Six times\n400 m');
    expect(upcoming?.tasks[0]?.description).toBe('Six times\n400 m');
    expect(client.getQueryData<Habit[]>(['api', 'habits'])?.[0]?.description).toBe('Ten minutes');
    expect(client.getQueryData<Today>(['api', 'today'])?.habits[0]?.description).toBe('Ten minutes');
    expect(upcoming?.habits[0]?.description).toBe('Ten minutes');
    apply(client, 'PATCH', `/api/tasks/${task.id}`, { description: null });
    expect(client.getQueryData<Today>(['api', 'today'])?.tasks[0]?.description).toBeNull();
  });

  it('a description or a priority edited on a copy saved before items had them', () => {
    const client = new QueryClient();
    const { description: _none, priority: _neither, ...older } = task;
    client.setQueryData(['api', 'tasks'], [older]);
    apply(client, 'PATCH', `/api/tasks/${task.id}`, { description: 'Six times', priority: 3 });
    expect(client.getQueryData<Task[]>(['api', 'tasks'])?.[0]).toMatchObject({
      description: 'Six times',
      priority: 3,
    });
  });

  it('a checklist item ticked: that item alone, on the list, Today and Upcoming', () => {
    const steps = [
      { id: '44444444-4444-4444-8444-444444444444', title: 'Warm up', done: false },
      { id: '55555555-5555-4555-8555-555555555555', title: 'Six times 400 m', done: true },
    ];
    const client = cached();
    apply(client, 'PATCH', `/api/tasks/${task.id}`, { checklist: steps });
    apply(client, 'PATCH', `/api/tasks/${task.id}/checklist/${steps[0]!.id}`, { done: true });
    apply(client, 'PATCH', `/api/tasks/${task.id}/checklist/${steps[1]!.id}`, { done: false });
    const ticks = (list: Task[] | undefined) =>
      list?.find((copy) => copy.id === task.id)?.checklist.map((step) => [step.title, step.done]);
    const expected = [
      ['Warm up', true],
      ['Six times 400 m', false],
    ];
    expect(ticks(client.getQueryData<Task[]>(['api', 'tasks']))).toEqual(expected);
    expect(ticks(client.getQueryData<Today>(['api', 'today'])?.tasks)).toEqual(expected);
    expect(ticks(client.getQueryData<{ pages: Upcoming[] }>(upcomingKey)?.pages[0]?.days[0]?.tasks)).toEqual(
      expected,
    );
    // The other task, and one saved before tasks had checklists, are left as they were.
    expect(client.getQueryData<Task[]>(['api', 'tasks'])?.[1]).toEqual(todo);
  });

  it('a habit given a repeat loses its times a week, as the server does', () => {
    const client = cached();
    apply(client, 'PATCH', `/api/habits/${habit.id}`, { repeat: 'FREQ=WEEKLY;BYDAY=MO' });
    expect(client.getQueryData<Habit[]>(['api', 'habits'])?.[0]).toMatchObject({
      repeat: 'FREQ=WEEKLY;BYDAY=MO',
      timesPerWeek: null,
    });
  });

  it('a delete: gone from every list at once', () => {
    const client = cached();
    apply(client, 'DELETE', `/api/tasks/${task.id}`);
    expect(titles(client)).toEqual({ tasks: ['Milk'], today: ['Milk'], upcoming: [] });
    apply(client, 'DELETE', `/api/habits/${habit.id}`);
    expect(client.getQueryData<Habit[]>(['api', 'habits'])).toEqual([]);
    expect(client.getQueryData<Today>(['api', 'today'])?.habits).toEqual([]);
  });

  it('a goal deleted takes its tasks; clearing completed takes the done todos', () => {
    const client = cached();
    apply(client, 'DELETE', `/api/goals/${goal.id}`);
    expect(client.getQueryData(['api', 'goals', { showArchived: 'false' }])).toEqual([]);
    expect(titles(client)).toEqual({ tasks: ['Milk'], today: ['Milk'], upcoming: [] });
    apply(client, 'DELETE', '/api/tasks/completed');
    expect(titles(client)).toEqual({ tasks: [], today: [], upcoming: [] });
    expect(client.getQueryData<{ pages: Upcoming[] }>(upcomingKey)?.pages[0]?.overdue).toEqual([]);
  });

  it('a goal renamed shows on its tasks; archived, it leaves the list of active goals', () => {
    const client = cached();
    apply(client, 'PATCH', `/api/goals/${goal.id}`, { title: 'Marathon', color: 'rose' });
    expect(client.getQueryData<Today>(['api', 'today'])?.tasks[0]?.goal).toEqual({
      ...summary,
      title: 'Marathon',
      color: 'rose',
    });
    apply(client, 'PATCH', `/api/goals/${goal.id}`, { archived: true });
    expect(client.getQueryData(['api', 'goals', { showArchived: 'false' }])).toEqual([]);
  });

  it('a new goal joins the goal lists, after the last', () => {
    const client = cached();
    apply(client, 'POST', '/api/goals', { id: NEW_ID, title: 'Read' });
    expect(client.getQueryData<Goal[]>(['api', 'goals', { showArchived: 'false' }])?.[1]).toMatchObject({
      id: NEW_ID,
      title: 'Read',
      color: 'blue',
      archived: false,
      sortOrder: goal.sortOrder + 1,
    });
  });

  it('a task on Today by its day, given another, goes to the end of Today; one there by hand keeps its place', () => {
    const client = cached();
    const late = makeTask({ title: 'Pay rent', plannedFor: '2026-11-25', isToday: false, todaySortOrder: 0 });
    const today = client.getQueryData<Today>(['api', 'today'])!;
    client.setQueryData<Today>(['api', 'today'], {
      ...today,
      tasks: [{ ...late, goal: null }, ...today.tasks],
    });
    const places = () =>
      client.getQueryData<Today>(['api', 'today'])?.tasks.map((item) => [item.title, item.todaySortOrder]);
    apply(client, 'PATCH', `/api/tasks/${task.id}`, { plannedFor: '2026-11-28' });
    apply(client, 'PATCH', `/api/tasks/${late.id}`, { plannedFor: '2026-11-28' });
    // Sent again (kept offline after being shown): already there, it stays.
    apply(client, 'PATCH', `/api/tasks/${late.id}`, { plannedFor: '2026-11-28' });
    expect(places()).toEqual([
      ['Pay rent', 3],
      ['Intervals', 0],
      ['Milk', 1],
    ]);
  });

  it('a task planned for another day leaves its day, or Overdue, for the new one on Upcoming', () => {
    const client = cachedTwoDays();
    const shown = () => {
      const upcoming = client.getQueryData<{ pages: Upcoming[] }>(upcomingKey)?.pages[0];
      return {
        overdue: upcoming?.overdue.map((item) => item.title),
        days: upcoming?.days.map((day) => [
          day.day,
          day.tasks.map((item) => `${item.title} ${item.plannedFor}`),
        ]),
      };
    };
    apply(client, 'PATCH', `/api/tasks/${task.id}`, { plannedFor: '2026-11-29' });
    apply(client, 'PATCH', `/api/tasks/${todo.id}`, { plannedFor: '2026-11-28' });
    expect(shown()).toEqual({
      overdue: [],
      days: [
        ['2026-11-28', ['Milk 2026-11-28']],
        ['2026-11-29', ['Intervals 2026-11-29']],
      ],
    });
    // No day: it leaves Upcoming; a day again: it comes back from the lists, as the server will show it.
    apply(client, 'PATCH', `/api/tasks/${task.id}`, { plannedFor: null });
    expect(shown().days).toEqual([
      ['2026-11-28', ['Milk 2026-11-28']],
      ['2026-11-29', []],
    ]);
    apply(client, 'PATCH', `/api/tasks/${task.id}`, { plannedFor: '2026-11-28' });
    expect(shown().days?.[0]).toEqual(['2026-11-28', ['Milk 2026-11-28', 'Intervals 2026-11-28']]);
  });

  it('a new task with a day: on Today once its day has come, and on Upcoming under its day or Overdue', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T12:00:00Z'));
    const client = cachedTwoDays();
    client.setQueryData(['api', 'auth', 'user'], { id: HABIT_ID, timeZone: 'UTC', dayStartHour: 0 });
    const orders = () =>
      [
        ...(client.getQueryData<Today>(['api', 'today'])?.tasks ?? []),
        ...(client.getQueryData<Today>(['api', 'today'])?.habits ?? []),
      ].map((item) => item.todaySortOrder);
    const end = Math.max(...orders()) + 1;
    apply(client, 'POST', '/api/tasks', { id: NEW_ID, title: 'Call mum', plannedFor: '2026-11-28' });
    apply(client, 'POST', '/api/tasks', { id: GOAL.id, title: 'Dentist', plannedFor: '2026-11-29' });
    apply(client, 'POST', '/api/tasks', { id: LATE_ID, title: 'Tax form', plannedFor: '2026-11-20' });

    const today = client.getQueryData<Today>(['api', 'today']);
    expect(today?.tasks.map((item) => [item.title, item.todaySortOrder]).slice(-2)).toEqual([
      ['Call mum', end],
      ['Tax form', end + 2],
    ]);
    const upcoming = client.getQueryData<{ pages: Upcoming[] }>(upcomingKey)?.pages[0];
    expect(upcoming?.overdue.map((item) => item.title)).toEqual(['Milk', 'Tax form']);
    expect(upcoming?.days.map((day) => [day.day, day.tasks.map((item) => item.title)])).toEqual([
      ['2026-11-28', ['Intervals', 'Call mum']],
      ['2026-11-29', ['Dentist']],
    ]);
  });

  it('many tasks planned in one call: each as its own PATCH shows, joining the end of Today in order', () => {
    const client = cached();
    const rent = makeTask({ title: 'Pay rent', plannedFor: '2026-11-25', isToday: false, todaySortOrder: 0 });
    const gym = makeTask({ title: 'Gym', plannedFor: '2026-11-26', isToday: false, todaySortOrder: 0 });
    const today = client.getQueryData<Today>(['api', 'today'])!;
    client.setQueryData<Today>(['api', 'today'], {
      ...today,
      tasks: [{ ...rent, goal: null }, { ...gym, goal: null }, ...today.tasks],
    });
    client.setQueryData<Task[]>(['api', 'tasks'], [task, todo, rent, gym]);
    const moves = [
      { id: gym.id, plannedFor: '2026-11-28' },
      { id: rent.id, plannedFor: '2026-11-28' },
      { id: todo.id, plannedFor: '2026-11-28' },
    ];
    const places = () =>
      client
        .getQueryData<Today>(['api', 'today'])
        ?.tasks.map((item) => [item.title, item.plannedFor, item.todaySortOrder]);
    apply(client, 'POST', '/api/tasks/plan', { moves });
    // Kept offline after being shown, it is shown again: nothing moves twice.
    apply(client, 'POST', '/api/tasks/plan', { moves });
    expect(places()).toEqual([
      ['Pay rent', '2026-11-28', 4],
      ['Gym', '2026-11-28', 3],
      ['Intervals', null, 0],
      // On Today by hand, it keeps its place.
      ['Milk', '2026-11-28', 1],
    ]);
    expect(client.getQueryData<Task[]>(['api', 'tasks'])?.map((item) => item.plannedFor)).toEqual([
      null,
      '2026-11-28',
      '2026-11-28',
      '2026-11-28',
    ]);
    const upcoming = client.getQueryData<{ pages: Upcoming[] }>(upcomingKey)?.pages[0];
    expect(upcoming?.overdue).toEqual([]);
    // On Upcoming they join today's day in the order sent.
    expect(upcoming?.days[0]?.tasks.map((item) => item.title)).toEqual([
      'Intervals',
      'Gym',
      'Pay rent',
      'Milk',
    ]);

    // Undo's moves, to varied days and to none, show the same way.
    apply(client, 'POST', '/api/tasks/plan', {
      moves: [
        { id: gym.id, plannedFor: '2026-11-26' },
        { id: rent.id, plannedFor: null },
        { id: todo.id, plannedFor: '2026-11-27' },
      ],
    });
    expect(client.getQueryData<Task[]>(['api', 'tasks'])?.map((item) => item.plannedFor)).toEqual([
      null,
      '2026-11-27',
      null,
      '2026-11-26',
    ]);
    const after = client.getQueryData<{ pages: Upcoming[] }>(upcomingKey)?.pages[0];
    // Milk is done: a day gone by does not make it overdue.
    expect(after?.overdue.map((item) => item.title)).toEqual(['Gym']);
    expect(after?.days[0]?.tasks.map((item) => item.title)).toEqual(['Intervals']);
  });
});
