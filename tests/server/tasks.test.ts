import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskListSchema, TaskSchema } from '#shared/api/tasks';
import { uniqueEmail } from '../factories';
import { ApiClient, messageOf } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let alice: ApiClient;
let bob: ApiClient;

const newClient = async () => new ApiClient(t.app, (await loginAs(t.db, { email: uniqueEmail() })).headers);
const listTasks = (client: ApiClient, query = '') =>
  client.expect(200, TaskListSchema, 'GET', `/api/tasks${query}`);

beforeAll(async () => {
  t = await createTestApp();
  alice = await newClient();
  bob = await newClient();
});
afterAll(() => t.close());

describe('POST /api/tasks', () => {
  it('creates a standalone todo with defaults', async () => {
    const task = await alice.createTask({ title: ' Buy milk ' });
    expect(task).toMatchObject({
      title: 'Buy milk',
      goalId: null,
      completed: false,
      completedToday: false,
      completionCount: 0,
      isToday: false,
    });
  });

  it('creates a task in the caller’s goal', async () => {
    const goal = await alice.createGoal();
    const task = await alice.createTask({ goalId: goal.id });
    expect(task.goalId).toBe(goal.id);
  });

  it('answers 404 "Goal not found" for another user’s goal and creates nothing', async () => {
    const theirs = await bob.createGoal();
    const before = await listTasks(alice);
    const res = await alice.call('POST', '/api/tasks', { title: 'Sneaky', goalId: theirs.id });
    expect(res.statusCode).toBe(404);
    expect(messageOf(res)).toBe('Goal not found');
    expect(await listTasks(alice)).toEqual(before);
    expect(await listTasks(bob, `?goalId=${theirs.id}`)).toEqual([]);
  });

  it('never takes counters from the body; a client-chosen id is kept (it makes retries idempotent)', async () => {
    const res = await alice.call('POST', '/api/tasks', {
      title: 'Honest',
      completionCount: 99,
      completedToday: true,
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(201);
    const task = TaskSchema.parse(res.json());
    expect(task.completionCount).toBe(0);
    expect(task.completedToday).toBe(false);
    expect(task.id).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('orders each list separately: after the list’s maximum unless sortOrder is given', async () => {
    const client = await newClient();
    const goal = await client.createGoal();
    expect((await client.createTask()).sortOrder).toBe(0);
    expect((await client.createTask({ sortOrder: 5 })).sortOrder).toBe(5);
    expect((await client.createTask()).sortOrder).toBe(6);
    expect((await client.createTask({ goalId: goal.id })).sortOrder).toBe(0);
    expect((await client.createTask({ goalId: goal.id })).sortOrder).toBe(1);
  });

  it.each([
    [{}, 'Title is required'],
    [{ title: '' }, 'Title is required'],
    [{ title: null }, 'Title is required'],
    [{ title: 'ok', goalId: 'nope' }, 'Invalid id'],
    [{ title: 'ok', isToday: 'true' }, 'expected boolean'],
    [{ title: 'ok', completed: 1 }, 'expected boolean'],
    [{ title: 'ok', sortOrder: 'first' }, 'Sort order must be a number'],
  ])('refuses %j with 400 and creates nothing', async (body, message) => {
    const before = await listTasks(alice);
    const res = await alice.call('POST', '/api/tasks', body);
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toContain(message);
    expect(await listTasks(alice)).toEqual(before);
  });
});

describe('GET /api/tasks', () => {
  it('lists the caller’s tasks by goal then sortOrder, filtered by goalId or none', async () => {
    const client = await newClient();
    const goal = await client.createGoal();
    const g2 = await client.createTask({ goalId: goal.id, sortOrder: 2 });
    const g1 = await client.createTask({ goalId: goal.id, sortOrder: 1 });
    const s2 = await client.createTask({ sortOrder: 2 });
    const s1 = await client.createTask({ sortOrder: 1 });
    await bob.createTask();

    const all = await listTasks(client);
    expect(all.map((task) => task.id)).toEqual([g1.id, g2.id, s1.id, s2.id]);
    expect((await listTasks(client, `?goalId=${goal.id}`)).map((task) => task.id)).toEqual([g1.id, g2.id]);
    expect((await listTasks(client, '?goalId=none')).map((task) => task.id)).toEqual([s1.id, s2.id]);
  });

  it('refuses a goalId filter that is neither an id nor "none"', async () => {
    const res = await alice.call('GET', '/api/tasks?goalId=everything');
    expect(res.statusCode).toBe(400);
  });
});

describe('PATCH /api/tasks/:id', () => {
  it('edits title, completed, goal and Today in one call', async () => {
    const goal = await alice.createGoal();
    const task = await alice.createTask();
    const updated = await alice.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, {
      title: 'Renamed',
      completed: true,
      goalId: goal.id,
      isToday: true,
    });
    expect(updated).toMatchObject({ title: 'Renamed', completed: true, goalId: goal.id, isToday: true });
    const back = await alice.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, { goalId: null });
    expect(back.goalId).toBeNull();
  });

  it('moves a task to the end of its new list unless sortOrder is given', async () => {
    const client = await newClient();
    const goal = await client.createGoal();
    await client.createTask({ goalId: goal.id, sortOrder: 7 });
    const task = await client.createTask();
    const moved = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, { goalId: goal.id });
    expect(moved.sortOrder).toBe(8);
  });

  it('answers 400 for completedToday on a normal task and changes nothing', async () => {
    const task = await alice.createTask();
    const res = await alice.call('PATCH', `/api/tasks/${task.id}`, {
      completedToday: true,
      title: 'Changed',
    });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('completedToday applies only to habits and tasks in habit goals');
    const after = (await listTasks(alice)).find((row) => row.id === task.id);
    expect(after).toEqual(task);
  });

  it('answers 404 for another user’s task, and for moving into another user’s goal', async () => {
    const theirs = await bob.createTask({ title: 'Bob’s' });
    const res = await alice.call('PATCH', `/api/tasks/${theirs.id}`, { title: 'Mine now' });
    expect(res.statusCode).toBe(404);
    expect(messageOf(res)).toBe('Task not found');
    expect((await listTasks(bob)).find((row) => row.id === theirs.id)?.title).toBe('Bob’s');

    const mine = await alice.createTask();
    const theirGoal = await bob.createGoal();
    const move = await alice.call('PATCH', `/api/tasks/${mine.id}`, { goalId: theirGoal.id });
    expect(move.statusCode).toBe(404);
    expect(messageOf(move)).toBe('Goal not found');
    expect((await listTasks(alice)).find((row) => row.id === mine.id)?.goalId).toBeNull();
  });

  it('refuses an empty title and a malformed id', async () => {
    const task = await alice.createTask();
    const empty = await alice.call('PATCH', `/api/tasks/${task.id}`, { title: '' });
    expect(empty.statusCode).toBe(400);
    expect(messageOf(empty)).toBe('Title is required');
    const badId = await alice.call('PATCH', '/api/tasks/123', { title: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(messageOf(badId)).toBe('Invalid id');
  });
});

describe('DELETE /api/tasks/:id and /api/tasks/completed', () => {
  it('deletes one task; 404 for a foreign or unknown one', async () => {
    const task = await alice.createTask();
    expect((await alice.call('DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(204);
    expect((await listTasks(alice)).map((row) => row.id)).not.toContain(task.id);
    expect((await alice.call('DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(404);
    const theirs = await bob.createTask();
    const res = await alice.call('DELETE', `/api/tasks/${theirs.id}`);
    expect(res.statusCode).toBe(404);
    expect((await listTasks(bob)).map((row) => row.id)).toContain(theirs.id);
  });

  it('deletes only the caller’s completed standalone todos', async () => {
    const client = await newClient();
    const goal = await client.createGoal();
    const done = await client.createTask({ completed: true });
    const open = await client.createTask();
    const goalDone = await client.createTask({ goalId: goal.id, completed: true });
    const bobsDone = await bob.createTask({ completed: true });

    expect((await client.call('DELETE', '/api/tasks/completed')).statusCode).toBe(204);
    const ids = (await listTasks(client)).map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([open.id, goalDone.id]));
    expect(ids).not.toContain(done.id);
    expect((await listTasks(bob)).map((row) => row.id)).toContain(bobsDone.id);
  });
});

describe('POST /api/tasks/reorder', () => {
  it('rewrites positions within one list', async () => {
    const client = await newClient();
    const goal = await client.createGoal();
    const a = await client.createTask({ goalId: goal.id });
    const b = await client.createTask({ goalId: goal.id });
    const res = await client.call('POST', '/api/tasks/reorder', {
      goalId: goal.id,
      items: [
        { id: b.id, sortOrder: 0 },
        { id: a.id, sortOrder: 1 },
      ],
    });
    expect(res.statusCode).toBe(204);
    expect((await listTasks(client, `?goalId=${goal.id}`)).map((row) => row.id)).toEqual([b.id, a.id]);
  });

  it('refuses a task that is not in the given list (400) and changes nothing', async () => {
    const client = await newClient();
    const goal = await client.createGoal();
    const inGoal = await client.createTask({ goalId: goal.id });
    const standalone = await client.createTask();
    const res = await client.call('POST', '/api/tasks/reorder', {
      goalId: null,
      items: [
        { id: standalone.id, sortOrder: 10 },
        { id: inGoal.id, sortOrder: 11 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toContain('is not in this list');
    const after = await listTasks(client);
    expect(after.find((row) => row.id === standalone.id)?.sortOrder).toBe(standalone.sortOrder);
  });

  it('answers 404 when one id is another user’s and changes nothing (atomic)', async () => {
    const client = await newClient();
    const mine = await client.createTask();
    const theirs = await bob.createTask({ sortOrder: 3 });
    const res = await client.call('POST', '/api/tasks/reorder', {
      goalId: null,
      items: [
        { id: mine.id, sortOrder: 50 },
        { id: theirs.id, sortOrder: 51 },
      ],
    });
    expect(res.statusCode).toBe(404);
    expect((await listTasks(client))[0]?.sortOrder).toBe(mine.sortOrder);
    expect((await listTasks(bob)).find((row) => row.id === theirs.id)?.sortOrder).toBe(3);
  });

  it('refuses duplicates and a missing goalId key', async () => {
    const task = await alice.createTask();
    const dup = await alice.call('POST', '/api/tasks/reorder', {
      goalId: null,
      items: [
        { id: task.id, sortOrder: 1 },
        { id: task.id, sortOrder: 2 },
      ],
    });
    expect(dup.statusCode).toBe(400);
    const missing = await alice.call('POST', '/api/tasks/reorder', {
      items: [{ id: task.id, sortOrder: 1 }],
    });
    expect(missing.statusCode).toBe(400);
  });
});
