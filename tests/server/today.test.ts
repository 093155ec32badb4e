import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HabitSchema } from '#shared/api/habits';
import { TaskSchema } from '#shared/api/tasks';
import { TodaySchema } from '#shared/api/today';
import { uniqueEmail } from '../factories';
import { ApiClient, messageOf } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let bob: ApiClient;

const newClient = async () => new ApiClient(t.app, (await loginAs(t.db, { email: uniqueEmail() })).headers);
const getToday = (client: ApiClient) => client.expect(200, TodaySchema, 'GET', '/api/today');

beforeAll(async () => {
  t = await createTestApp();
  bob = await newClient();
});
afterAll(() => t.close());

describe('GET /api/today', () => {
  it('is empty for a new user', async () => {
    expect(await getToday(await newClient())).toEqual({ tasks: [], habits: [] });
  });

  it('returns the caller’s Today tasks (with their goal) and habits, each in todaySortOrder', async () => {
    const client = await newClient();
    const goal = await client.createGoal({ title: 'Fitness', color: 'emerald', isHabitGoal: true });
    const t1 = await client.createTask({ isToday: true, goalId: goal.id, todaySortOrder: 5 });
    const t2 = await client.createTask({ isToday: true, todaySortOrder: 1 });
    await client.createTask({ isToday: false });
    const h1 = await client.createHabit({ isToday: true, todaySortOrder: 3 });
    const h2 = await client.createHabit({ isToday: true, todaySortOrder: 2 });
    await client.createHabit();
    await bob.createTask({ isToday: true });
    await bob.createHabit({ isToday: true });

    const today = await getToday(client);
    expect(today.tasks.map((task) => task.id)).toEqual([t2.id, t1.id]);
    expect(today.habits.map((habit) => habit.id)).toEqual([h2.id, h1.id]);
    expect(today.tasks[1]?.goal).toEqual({
      id: goal.id,
      title: 'Fitness',
      color: 'emerald',
      isHabitGoal: true,
    });
    expect(today.tasks[0]?.goal).toBeNull();
  });
});

describe('Today ordering', () => {
  it('puts new Today items after the maximum todaySortOrder across tasks AND habits', async () => {
    const client = await newClient();
    const first = await client.createTask({ isToday: true });
    expect(first.todaySortOrder).toBe(0);
    const habit = await client.createHabit({ isToday: true });
    expect(habit.todaySortOrder).toBe(1);
    await client.createHabit({ isToday: true, todaySortOrder: 9 });
    const task = await client.createTask({ isToday: true });
    expect(task.todaySortOrder).toBe(10);
  });

  it('adding an item to Today by PATCH places it last; keeps its place when already on Today', async () => {
    const client = await newClient();
    await client.createHabit({ isToday: true, todaySortOrder: 4 });
    const task = await client.createTask();
    const added = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, { isToday: true });
    expect(added.todaySortOrder).toBe(5);
    const again = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, { isToday: true });
    expect(again.todaySortOrder).toBe(5);
    const habit = await client.createHabit();
    const placed = await client.expect(200, HabitSchema, 'PATCH', `/api/habits/${habit.id}`, {
      isToday: true,
      todaySortOrder: 2,
    });
    expect(placed.todaySortOrder).toBe(2);
  });

  it('Clear Today (PATCH isToday false per item) empties the list', async () => {
    const client = await newClient();
    const task = await client.createTask({ isToday: true });
    const habit = await client.createHabit({ isToday: true });
    await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, { isToday: false });
    await client.expect(200, HabitSchema, 'PATCH', `/api/habits/${habit.id}`, { isToday: false });
    expect(await getToday(client)).toEqual({ tasks: [], habits: [] });
  });
});

describe('POST /api/today/reorder', () => {
  it('rewrites todaySortOrder of tasks and habits together', async () => {
    const client = await newClient();
    const task = await client.createTask({ isToday: true });
    const habit = await client.createHabit({ isToday: true });
    const res = await client.call('POST', '/api/today/reorder', {
      items: [
        { id: habit.id, type: 'habit', todaySortOrder: 0 },
        { id: task.id, type: 'task', todaySortOrder: 1 },
      ],
    });
    expect(res.statusCode).toBe(204);
    const today = await getToday(client);
    expect(today.habits[0]?.todaySortOrder).toBe(0);
    expect(today.tasks[0]?.todaySortOrder).toBe(1);
  });

  it('changes nothing when one item is another user’s, or has the wrong type', async () => {
    const client = await newClient();
    const task = await client.createTask({ isToday: true });
    const habit = await client.createHabit({ isToday: true });
    const theirs = await bob.createHabit({ isToday: true, todaySortOrder: 3 });
    const before = await getToday(client);

    const foreign = await client.call('POST', '/api/today/reorder', {
      items: [
        { id: task.id, type: 'task', todaySortOrder: 40 },
        { id: theirs.id, type: 'habit', todaySortOrder: 41 },
      ],
    });
    expect(foreign.statusCode).toBe(404);
    expect(messageOf(foreign)).toBe('Habit not found');

    const wrongType = await client.call('POST', '/api/today/reorder', {
      items: [
        { id: habit.id, type: 'habit', todaySortOrder: 40 },
        { id: habit.id, type: 'task', todaySortOrder: 41 },
      ],
    });
    expect(wrongType.statusCode).toBe(404);
    expect(await getToday(client)).toEqual(before);
    const bobs = await getToday(bob);
    expect(bobs.habits.find((row) => row.id === theirs.id)?.todaySortOrder).toBe(3);
  });

  it('refuses an unknown type and duplicate entries', async () => {
    const client = await newClient();
    const task = await client.createTask({ isToday: true });
    const badType = await client.call('POST', '/api/today/reorder', {
      items: [{ id: task.id, type: 'goal', todaySortOrder: 1 }],
    });
    expect(badType.statusCode).toBe(400);
    const dup = await client.call('POST', '/api/today/reorder', {
      items: [
        { id: task.id, type: 'task', todaySortOrder: 1 },
        { id: task.id, type: 'task', todaySortOrder: 2 },
      ],
    });
    expect(dup.statusCode).toBe(400);
  });
});
