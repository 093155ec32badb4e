import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Habit } from '#shared/api/habits';
import type { Task } from '#shared/api/tasks';
import type { Today } from '#shared/api/today';
import type { Upcoming } from '#shared/api/upcoming';
import { copyOf } from '../features/items/api/duplicate-task';
import { makeGoal, makeHabit, makeTask } from '../features/items/testing/factories';
import { applyQueuedChange } from './offline-changes';

/*
 * A duplicate kept offline (POST /api/tasks with `after`, docs/decisions/048-duplicate-a-task.md) shows
 * right under its original on every cached list, the items below moved down by one, as the server will
 * answer it (tests/server/copy-under.test.ts).
 */

const DAY = '2026-11-28';
const goal = makeGoal({ title: 'Trip' });
const summary = { id: goal.id, title: goal.title, color: goal.color, isHabitGoal: goal.isHabitGoal };
const tickets = makeTask({ title: 'Tickets', goalId: goal.id, plannedFor: DAY, isToday: true, sortOrder: 0 });
const stretch = makeHabit({ title: 'Stretch', isToday: true, todaySortOrder: 1 });
const hotel = makeTask({
  title: 'Hotel',
  goalId: goal.id,
  plannedFor: DAY,
  sortOrder: 1,
  todaySortOrder: 2,
});
const milk = makeTask({ title: 'Milk', isToday: true, sortOrder: 0, todaySortOrder: 3 });
const upcomingKey = ['api', 'upcoming', { today: DAY }];

/** A device that has read All Items, Today and a page of Upcoming. */
function cached() {
  const client = new QueryClient();
  client.setQueryData(['api', 'goals', { showArchived: 'false' }], [goal]);
  client.setQueryData(['api', 'tasks'], [tickets, hotel, milk]);
  client.setQueryData(['api', 'habits'], [stretch]);
  const onToday = [tickets, hotel].map((task) => ({ ...task, goal: summary }));
  client.setQueryData(['api', 'today'], { tasks: [...onToday, { ...milk, goal: null }], habits: [stretch] });
  client.setQueryData(upcomingKey, {
    pages: [{ today: DAY, overdue: [], days: [{ day: DAY, tasks: onToday, habits: [] }] }],
    pageParams: [{ from: DAY, days: 1 }],
  });
  return client;
}

const create = (client: QueryClient, body: object) =>
  applyQueuedChange(client, { method: 'POST', path: '/api/tasks', body, label: 'A new task' });

/** Every cached list as titles with positions, Today in the order it shows (ties: tasks first). */
function shown(client: QueryClient) {
  const today = client.getQueryData<Today>(['api', 'today']);
  const items = [...(today?.tasks ?? []), ...(today?.habits ?? [])];
  return {
    tasks: client.getQueryData<Task[]>(['api', 'tasks'])?.map((task) => `${task.title} ${task.sortOrder}`),
    today: items
      .map((item, index) => ({ item, index }))
      .toSorted((a, b) => a.item.todaySortOrder - b.item.todaySortOrder || a.index - b.index)
      .map(({ item }) => `${item.title} ${item.todaySortOrder}`),
    habits: client.getQueryData<Habit[]>(['api', 'habits'])?.map((habit) => habit.todaySortOrder),
    upcoming: client
      .getQueryData<InfiniteData<Upcoming>>(upcomingKey)
      ?.pages[0]?.days[0]?.tasks.map((task) => task.title),
  };
}

describe('a duplicate kept offline', () => {
  it('shows right under its original in its list, on Today and on Upcoming, the rest moved down, once', () => {
    const client = cached();
    const copy = { ...copyOf(tickets), title: 'Tickets (copy)' };
    create(client, copy);
    create(client, copy);
    expect(shown(client)).toEqual({
      tasks: ['Tickets 0', 'Tickets (copy) 1', 'Hotel 2', 'Milk 0'],
      today: ['Tickets 0', 'Tickets (copy) 1', 'Stretch 2', 'Hotel 3', 'Milk 4'],
      habits: [2],
      upcoming: ['Tickets', 'Tickets (copy)', 'Hotel'],
    });
    const onToday = client.getQueryData<Today>(['api', 'today'])?.tasks.find((task) => task.id === copy.id);
    expect(onToday?.goal).toEqual(summary);
  });

  it('goes at the end, moving nothing, when its original is not known here', () => {
    const client = cached();
    create(client, { ...copyOf(makeTask({ title: 'Gone', goalId: goal.id, isToday: true })), title: 'Gone' });
    expect(shown(client)).toEqual({
      tasks: ['Tickets 0', 'Hotel 1', 'Milk 0', 'Gone 2'],
      today: ['Tickets 0', 'Stretch 1', 'Hotel 2', 'Milk 3', 'Gone 4'],
      habits: [1],
      upcoming: ['Tickets', 'Hotel'],
    });
  });

  it('goes at the end of its list under a task of another list, and keeps a position it was given', () => {
    const client = cached();
    create(client, { ...copyOf(tickets), title: 'Under milk', after: milk.id, sortOrder: 9, isToday: true });
    expect(shown(client).tasks).toEqual(['Tickets 0', 'Hotel 1', 'Milk 0', 'Under milk 9']);
    // Milk is on Today: there the new task is right under it.
    expect(shown(client).today.slice(-2)).toEqual(['Milk 3', 'Under milk 4']);
  });
});
