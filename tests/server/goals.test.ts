import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoalListSchema, GoalSchema } from '#shared/api/goals';
import { TaskListSchema } from '#shared/api/tasks';
import { codeOf } from '../../src/server/db/database-errors';
import { uniqueEmail } from '../factories';
import { ApiClient, messageOf } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let alice: ApiClient;
let bob: ApiClient;

beforeAll(async () => {
  t = await createTestApp();
  alice = new ApiClient(t.app, (await loginAs(t.db, { email: uniqueEmail('alice') })).headers);
  bob = new ApiClient(t.app, (await loginAs(t.db, { email: uniqueEmail('bob') })).headers);
});
afterAll(() => t.close());

describe('POST /api/goals', () => {
  it('creates a goal with defaults and answers 201 with it', async () => {
    const goal = await alice.createGoal({ title: '  Learn piano  ' });
    expect(goal).toMatchObject({
      title: 'Learn piano',
      description: null,
      color: 'blue',
      isHabitGoal: false,
      archived: false,
    });
  });

  it('takes every settable field and ignores the ones a client may not set', async () => {
    const res = await alice.call('POST', '/api/goals', {
      title: 'Run a marathon',
      description: 'Spring race',
      color: 'teal',
      isHabitGoal: true,
      sortOrder: 40,
      id: '00000000-0000-4000-8000-000000000000',
      createdAt: '2000-01-01T00:00:00.000Z',
      userId: '00000000-0000-4000-8000-000000000001',
    });
    expect(res.statusCode).toBe(201);
    const goal = GoalSchema.parse(res.json());
    expect(goal).toMatchObject({
      title: 'Run a marathon',
      description: 'Spring race',
      color: 'teal',
      isHabitGoal: true,
      sortOrder: 40,
    });
    // A client-chosen id is kept: it makes a retried create answer the same goal.
    expect(goal.id).toBe('00000000-0000-4000-8000-000000000000');
    expect(goal.createdAt).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it('accepts addToToday on create and it changes nothing (a new goal has no tasks)', async () => {
    const goal = await alice.createGoal({ addToToday: true });
    expect(goal).not.toHaveProperty('addToToday');
    const tasks = await alice.expect(200, TaskListSchema, 'GET', `/api/tasks?goalId=${goal.id}`);
    expect(tasks).toEqual([]);
  });

  it('places a new goal after the current maximum sortOrder', async () => {
    const fresh = new ApiClient(t.app, (await loginAs(t.db, { email: uniqueEmail() })).headers);
    const first = await fresh.createGoal();
    expect(first.sortOrder).toBe(0);
    await fresh.createGoal({ sortOrder: 10 });
    const third = await fresh.createGoal();
    expect(third.sortOrder).toBe(11);
  });

  it.each([
    [{}, 'Title is required'],
    [{ title: '' }, 'Title is required'],
    [{ title: '   ' }, 'Title is required'],
    [{ title: 42 }, 'Title is required'],
    [{ title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
    [{ title: 'ok', color: 'mauve' }, 'Color must be one of:'],
    [{ title: 'ok', isHabitGoal: 'yes' }, 'expected boolean'],
    [{ title: 'ok', description: 'd'.repeat(2001) }, 'Description must be at most 2000 characters'],
    [{ title: 'ok', sortOrder: 1.5 }, 'Sort order must be a whole number'],
  ])('refuses %j with 400 naming the problem', async (body, message) => {
    const before = await alice.expect(200, GoalListSchema, 'GET', '/api/goals?showArchived=true');
    const res = await alice.call('POST', '/api/goals', body);
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toContain(message);
    const after = await alice.expect(200, GoalListSchema, 'GET', '/api/goals?showArchived=true');
    expect(after).toEqual(before);
  });
});

describe('GET /api/goals', () => {
  it('lists only the caller’s non-archived goals by default, in sortOrder', async () => {
    const client = new ApiClient(t.app, (await loginAs(t.db, { email: uniqueEmail() })).headers);
    const b = await client.createGoal({ title: 'B', sortOrder: 2 });
    const a = await client.createGoal({ title: 'A', sortOrder: 1 });
    const archived = await client.createGoal({ title: 'Old', archived: true, sortOrder: 0 });
    await bob.createGoal({ title: 'Not yours' });

    const active = await client.expect(200, GoalListSchema, 'GET', '/api/goals');
    expect(active.map((g) => g.id)).toEqual([a.id, b.id]);
    const explicit = await client.expect(200, GoalListSchema, 'GET', '/api/goals?showArchived=false');
    expect(explicit).toEqual(active);
    const all = await client.expect(200, GoalListSchema, 'GET', '/api/goals?showArchived=true');
    expect(all.map((g) => g.id)).toEqual([archived.id, a.id, b.id]);
  });

  it('refuses a showArchived that is not true or false', async () => {
    const res = await alice.call('GET', '/api/goals?showArchived=maybe');
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('showArchived must be true or false');
  });
});

describe('PATCH /api/goals/:id', () => {
  it('updates the given fields only and answers 200 with the goal', async () => {
    const goal = await alice.createGoal({ title: 'Write', description: 'Daily', color: 'red' });
    const updated = await alice.expect(200, GoalSchema, 'PATCH', `/api/goals/${goal.id}`, { archived: true });
    expect(updated).toEqual({ ...goal, archived: true });
    const edited = await alice.expect(200, GoalSchema, 'PATCH', `/api/goals/${goal.id}`, {
      title: 'Write more',
      description: '',
      color: 'violet',
      isHabitGoal: true,
    });
    expect(edited).toMatchObject({
      title: 'Write more',
      description: null,
      color: 'violet',
      isHabitGoal: true,
    });
  });

  it('refuses an empty title and changes nothing', async () => {
    const goal = await alice.createGoal({ title: 'Keep me' });
    const res = await alice.call('PATCH', `/api/goals/${goal.id}`, { title: ' ', archived: true });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('Title is required');
    const all = await alice.expect(200, GoalListSchema, 'GET', '/api/goals?showArchived=true');
    expect(all.find((g) => g.id === goal.id)).toEqual(goal);
  });

  it('answers 404 for another user’s goal and leaves it unchanged', async () => {
    const theirs = await bob.createGoal({ title: 'Bob’s' });
    const res = await alice.call('PATCH', `/api/goals/${theirs.id}`, { title: 'Hijacked' });
    expect(res.statusCode).toBe(404);
    expect(messageOf(res)).toBe('Goal not found');
    const bobs = await bob.expect(200, GoalListSchema, 'GET', '/api/goals');
    expect(bobs.find((g) => g.id === theirs.id)?.title).toBe('Bob’s');
  });

  it('answers 400 "Invalid id" for a malformed id', async () => {
    const res = await alice.call('PATCH', '/api/goals/not-a-uuid', { title: 'x' });
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('Invalid id');
  });
});

describe('DELETE /api/goals/:id', () => {
  it('deletes the goal and its tasks, and nothing else', async () => {
    const goal = await alice.createGoal();
    const other = await alice.createGoal();
    await alice.createTask({ goalId: goal.id });
    await alice.createTask({ goalId: goal.id, isToday: true });
    const kept = await alice.createTask({ goalId: other.id });
    const standalone = await alice.createTask();

    const res = await alice.call('DELETE', `/api/goals/${goal.id}`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const goals = await alice.expect(200, GoalListSchema, 'GET', '/api/goals?showArchived=true');
    expect(goals.map((g) => g.id)).not.toContain(goal.id);
    const tasks = await alice.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(tasks.filter((task) => task.goalId === goal.id)).toEqual([]);
    expect(tasks.map((task) => task.id)).toEqual(expect.arrayContaining([kept.id, standalone.id]));
  });

  it('answers 404 for an unknown or foreign goal', async () => {
    const theirs = await bob.createGoal();
    expect((await alice.call('DELETE', `/api/goals/${theirs.id}`)).statusCode).toBe(404);
    expect((await alice.call('DELETE', '/api/goals/6f1c2e9a-1111-4222-8333-444455556666')).statusCode).toBe(
      404,
    );
    const bobs = await bob.expect(200, GoalListSchema, 'GET', '/api/goals');
    expect(bobs.map((g) => g.id)).toContain(theirs.id);
  });
});

describe('DELETE /api/goals/:goalId/tasks/completed', () => {
  it('deletes only that goal’s completed tasks', async () => {
    const goal = await alice.createGoal();
    const other = await alice.createGoal();
    const done = await alice.createTask({ goalId: goal.id, completed: true });
    const open = await alice.createTask({ goalId: goal.id });
    const otherDone = await alice.createTask({ goalId: other.id, completed: true });
    const standaloneDone = await alice.createTask({ completed: true });

    const res = await alice.call('DELETE', `/api/goals/${goal.id}/tasks/completed`);
    expect(res.statusCode).toBe(204);
    const ids = (await alice.expect(200, TaskListSchema, 'GET', '/api/tasks')).map((task) => task.id);
    expect(ids).not.toContain(done.id);
    expect(ids).toEqual(expect.arrayContaining([open.id, otherDone.id, standaloneDone.id]));
  });

  it('answers 404 for another user’s goal and deletes nothing', async () => {
    const theirs = await bob.createGoal();
    const theirTask = await bob.createTask({ goalId: theirs.id, completed: true });
    const res = await alice.call('DELETE', `/api/goals/${theirs.id}/tasks/completed`);
    expect(res.statusCode).toBe(404);
    expect(messageOf(res)).toBe('Goal not found');
    const bobsTasks = await bob.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(bobsTasks.map((task) => task.id)).toContain(theirTask.id);
  });
});

describe('POST /api/goals/reorder', () => {
  it('rewrites the positions', async () => {
    const client = new ApiClient(t.app, (await loginAs(t.db, { email: uniqueEmail() })).headers);
    const a = await client.createGoal();
    const b = await client.createGoal();
    const c = await client.createGoal();
    const res = await client.call('POST', '/api/goals/reorder', {
      items: [
        { id: c.id, sortOrder: 0 },
        { id: a.id, sortOrder: 1 },
        { id: b.id, sortOrder: 2 },
      ],
    });
    expect(res.statusCode).toBe(204);
    const goals = await client.expect(200, GoalListSchema, 'GET', '/api/goals');
    expect(goals.map((g) => g.id)).toEqual([c.id, a.id, b.id]);
  });

  it('changes nothing when one id is another user’s', async () => {
    const mine = await alice.createGoal({ sortOrder: 500 });
    const theirs = await bob.createGoal({ sortOrder: 7 });
    const res = await alice.call('POST', '/api/goals/reorder', {
      items: [
        { id: mine.id, sortOrder: 900 },
        { id: theirs.id, sortOrder: 901 },
      ],
    });
    expect(res.statusCode).toBe(404);
    const mineAfter = (await alice.expect(200, GoalListSchema, 'GET', '/api/goals')).find(
      (g) => g.id === mine.id,
    );
    expect(mineAfter?.sortOrder).toBe(500);
    const theirsAfter = (await bob.expect(200, GoalListSchema, 'GET', '/api/goals')).find(
      (g) => g.id === theirs.id,
    );
    expect(theirsAfter?.sortOrder).toBe(7);
  });

  it('refuses duplicate ids, an empty list and more than 1000 items', async () => {
    const goal = await alice.createGoal();
    const dup = await alice.call('POST', '/api/goals/reorder', {
      items: [
        { id: goal.id, sortOrder: 1 },
        { id: goal.id, sortOrder: 2 },
      ],
    });
    expect(dup.statusCode).toBe(400);
    expect(messageOf(dup)).toContain('Duplicate id');
    const empty = await alice.call('POST', '/api/goals/reorder', { items: [] });
    expect(empty.statusCode).toBe(400);
    const many = Array.from({ length: 1001 }, (_, i) => ({ id: goal.id, sortOrder: i }));
    const tooMany = await alice.call('POST', '/api/goals/reorder', { items: many });
    expect(tooMany.statusCode).toBe(400);
    expect(messageOf(tooMany)).toBe('At most 1000 items at once');
  });
});

describe('stored colours', () => {
  it('the database refuses a colour outside the palette, so every answer carries a palette colour', async () => {
    const goal = await alice.createGoal({ color: 'rose' });
    const refused = await t.db.execute(sql`update goals set color = 'mauve' where id = ${goal.id}`).then(
      () => undefined,
      (error: unknown) => codeOf(error),
    );
    expect(refused).toBe('23514');
    const goals = await alice.expect(200, GoalListSchema, 'GET', '/api/goals');
    expect(goals.find((row) => row.id === goal.id)?.color).toBe('rose');
  });
});
