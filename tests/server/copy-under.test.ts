import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HabitListSchema } from '#shared/api/habits';
import { type Task, TaskListSchema, TaskSchema } from '#shared/api/tasks';
import { TodaySchema } from '#shared/api/today';
import { taskInput } from '../factories';
import { type ApiClient, messageOf } from './helpers/api';
import { personIn } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A task created right under another, POST /api/tasks with `after` (docs/product.md#positions,
 * docs/decisions/048-duplicate-a-task.md): "Duplicate" puts its copy under the original in one call.
 * The items below move down by one, in its list and on Today; a position given wins; a task not found
 * (gone, or another person's) places the new one at the end, as without, and touches nothing.
 */

const now = new Date('2026-11-23T15:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const signedIn = () => personIn(t, 'Europe/Paris', now);

/** Creates a task under `after` (or anywhere) with the id given, answering the status and the task. */
async function createUnder(
  client: ApiClient,
  after: string,
  overrides: Parameters<typeof taskInput>[0] = {},
) {
  const res = await client.call('POST', '/api/tasks', { ...taskInput(overrides), after });
  return { status: res.statusCode, task: TaskSchema.parse(res.json()) };
}

/** The titles of one list (a goal's tasks, or the todos), in its order. */
async function listOf(client: ApiClient, goalId: string | null) {
  const tasks = await client.expect(200, TaskListSchema, 'GET', `/api/tasks?goalId=${goalId ?? 'none'}`);
  return tasks.map((task) => `${task.title} ${task.sortOrder}`);
}

/** Today's tasks and habits in the order shown (ties: tasks first), each with its position. */
async function todayOf(client: ApiClient) {
  const today = await client.expect(200, TodaySchema, 'GET', '/api/today');
  return [
    ...today.tasks.map((task) => ({ title: task.title, at: task.todaySortOrder })),
    ...today.habits.map((habit) => ({ title: habit.title, at: habit.todaySortOrder })),
  ]
    .map((item, index) => ({ ...item, index }))
    .toSorted((a, b) => a.at - b.at || a.index - b.index)
    .map((item) => `${item.title} ${item.at}`);
}

/** A goal with three tasks on Today, a habit on Today between them, and a todo. */
async function someLists(client: ApiClient) {
  const goal = await client.createGoal({ title: 'Trip' });
  const tickets = await client.createTask({ title: 'Tickets', goalId: goal.id, isToday: true });
  const habit = await client.createHabit({ title: 'Stretch', isToday: true });
  const hotel = await client.createTask({ title: 'Hotel', goalId: goal.id, isToday: true });
  const visa = await client.createTask({ title: 'Visa', goalId: goal.id, isToday: true });
  const todo = await client.createTask({ title: 'Milk' });
  return { goal, tickets, habit, hotel, visa, todo };
}

describe('POST /api/tasks with after', () => {
  it('puts the new task right under the one named, in its goal and on Today, the rest moving down by one', async () => {
    const client = await signedIn();
    const { goal, tickets } = await someLists(client);
    const { status, task } = await createUnder(client, tickets.id, {
      title: 'Tickets (copy)',
      goalId: goal.id,
      isToday: true,
    });
    expect(status).toBe(201);
    expect(task.sortOrder).toBe(1);
    expect(task.todaySortOrder).toBe(1);
    expect(await listOf(client, goal.id)).toEqual(['Tickets 0', 'Tickets (copy) 1', 'Hotel 2', 'Visa 3']);
    expect(await todayOf(client)).toEqual([
      'Tickets 0',
      'Tickets (copy) 1',
      'Stretch 2',
      'Hotel 3',
      'Visa 4',
    ]);
    // The habit's own list answers its new Today position too.
    const habits = await client.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(habits.map((habit) => habit.todaySortOrder)).toEqual([2]);
  });

  it('puts a todo under a todo, and leaves Today alone when the new task does not join it', async () => {
    const client = await signedIn();
    const first = await client.createTask({ title: 'Milk' });
    await client.createTask({ title: 'Bread' });
    await client.createTask({ title: 'On Today', isToday: true });
    const before = await todayOf(client);
    const { task } = await createUnder(client, first.id, { title: 'Milk (copy)' });
    expect(task.sortOrder).toBe(1);
    expect(await listOf(client, null)).toEqual(['Milk 0', 'Milk (copy) 1', 'Bread 2', 'On Today 3']);
    expect(await todayOf(client)).toEqual(before);
  });

  it('places a task planned for a later day after the one named, among those planned', async () => {
    const client = await signedIn();
    const dentist = await client.createTask({ title: 'Dentist', plannedFor: '2026-12-02' });
    await client.createTask({ title: 'Rent', plannedFor: '2026-12-01' });
    const { task } = await createUnder(client, dentist.id, {
      title: 'Dentist (copy)',
      plannedFor: '2026-12-02',
    });
    expect(task.todaySortOrder).toBe(dentist.todaySortOrder + 1);
    const tasks = await client.expect(200, TaskListSchema, 'GET', '/api/tasks?goalId=none');
    expect(tasks.map((item) => `${item.title} ${item.todaySortOrder}`)).toEqual([
      'Dentist 0',
      'Dentist (copy) 1',
      'Rent 2',
    ]);
  });

  it('puts the new task at the end of its list when the one named is in another list', async () => {
    const client = await signedIn();
    const { goal, todo } = await someLists(client);
    const { task } = await createUnder(client, todo.id, {
      title: 'Passport',
      goalId: goal.id,
      isToday: true,
    });
    expect(await listOf(client, goal.id)).toEqual(['Tickets 0', 'Hotel 1', 'Visa 2', 'Passport 3']);
    expect(await listOf(client, null)).toEqual(['Milk 0']);
    // The todo is not on Today: the new task goes at the end of Today too.
    expect(task.todaySortOrder).toBe(4);
    expect((await todayOf(client)).at(-1)).toBe('Passport 4');
  });

  it('puts it at the end, with no error, under a task that is gone or is another person’s, whose rows stay as they were', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const bobs = await someLists(bob);
    const bobsTasks = await bob.expect(200, TaskListSchema, 'GET', '/api/tasks');
    const bobsToday = await todayOf(bob);

    const mine = await someLists(alice);
    const gone = await createUnder(alice, randomUUID(), {
      title: 'Gone',
      goalId: mine.goal.id,
      isToday: true,
    });
    expect(gone.status).toBe(201);
    expect(gone.task.sortOrder).toBe(3);
    expect(gone.task.todaySortOrder).toBe(4);
    const foreign = await createUnder(alice, bobs.tickets.id, { title: 'Foreign', isToday: true });
    expect(foreign.status).toBe(201);
    expect(foreign.task.sortOrder).toBe(1);
    expect(foreign.task.todaySortOrder).toBe(5);

    expect(await bob.expect(200, TaskListSchema, 'GET', '/api/tasks')).toEqual(bobsTasks);
    expect(await todayOf(bob)).toEqual(bobsToday);
  });

  it('moves nothing a second time when the same create is sent again', async () => {
    const client = await signedIn();
    const { goal, tickets } = await someLists(client);
    const id = randomUUID();
    const body = { ...taskInput({ id, title: 'Copy', goalId: goal.id, isToday: true }), after: tickets.id };
    expect((await client.call('POST', '/api/tasks', body)).statusCode).toBe(201);
    const list = await listOf(client, goal.id);
    const today = await todayOf(client);
    const again = await client.call('POST', '/api/tasks', body);
    expect(again.statusCode).toBe(200);
    expect(await listOf(client, goal.id)).toEqual(list);
    expect(await todayOf(client)).toEqual(today);
  });

  it('lets a position given in the body win over after, for that order alone', async () => {
    const client = await signedIn();
    const { goal, tickets } = await someLists(client);
    const { task } = await createUnder(client, tickets.id, {
      title: 'Copy',
      goalId: goal.id,
      isToday: true,
      sortOrder: 10,
    });
    expect(task.sortOrder).toBe(10);
    expect(await listOf(client, goal.id)).toEqual(['Tickets 0', 'Hotel 1', 'Visa 2', 'Copy 10']);
    expect(task.todaySortOrder).toBe(1);
    const other = await createUnder(client, tickets.id, {
      title: 'Other',
      goalId: goal.id,
      isToday: true,
      todaySortOrder: 20,
    });
    expect(other.task.sortOrder).toBe(1);
    expect(other.task.todaySortOrder).toBe(20);
  });

  it('gives two copies made at once positions of their own', async () => {
    const client = await signedIn();
    const { goal, tickets } = await someLists(client);
    const copies = await Promise.all(
      ['A', 'B'].map((title) => createUnder(client, tickets.id, { title, goalId: goal.id, isToday: true })),
    );
    expect(copies.map((copy) => copy.status)).toEqual([201, 201]);
    const list = await client.expect(200, TaskListSchema, 'GET', `/api/tasks?goalId=${goal.id}`);
    expect(new Set(list.map((task: Task) => task.sortOrder)).size).toBe(list.length);
    const today = await client.expect(200, TodaySchema, 'GET', '/api/today');
    const positions = [...today.tasks, ...today.habits].map((item) => item.todaySortOrder);
    expect(new Set(positions).size).toBe(positions.length);
  });

  it('refuses an after that is not an id, with a message, and creates nothing', async () => {
    const client = await signedIn();
    const res = await client.call('POST', '/api/tasks', {
      ...taskInput({ title: 'Copy' }),
      after: 'tickets',
    });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('Invalid id');
    expect(res.json()).toMatchObject({ issues: [{ path: 'after', message: 'Invalid id' }] });
    expect(await client.expect(200, TaskListSchema, 'GET', '/api/tasks')).toEqual([]);
  });
});
