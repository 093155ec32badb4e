import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HabitListSchema, HabitSchema } from '#shared/api/habits';
import { uniqueEmail } from '../factories';
import { ApiClient, messageOf } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let alice: ApiClient;
let bob: ApiClient;

const newClient = async () => new ApiClient(t.app, (await loginAs(t.db, { email: uniqueEmail() })).headers);
const listHabits = (client: ApiClient) => client.expect(200, HabitListSchema, 'GET', '/api/habits');

beforeAll(async () => {
  t = await createTestApp();
  alice = await newClient();
  bob = await newClient();
});
afterAll(() => t.close());

describe('habits CRUD', () => {
  it('creates with defaults, after the current maximum sortOrder', async () => {
    const client = await newClient();
    const first = await client.createHabit({ title: 'Stretch' });
    expect(first).toMatchObject({
      title: 'Stretch',
      isToday: false,
      completedToday: false,
      completionCount: 0,
      sortOrder: 0,
    });
    await client.createHabit({ sortOrder: 4 });
    expect((await client.createHabit()).sortOrder).toBe(5);
    expect((await listHabits(client)).map((habit) => habit.sortOrder)).toEqual([0, 4, 5]);
  });

  it('lists only the caller’s habits', async () => {
    const mine = await alice.createHabit();
    const theirs = await bob.createHabit();
    const ids = (await listHabits(alice)).map((habit) => habit.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
  });

  it.each([
    [{}, 'Title is required'],
    [{ title: '\n\t' }, 'Title is required'],
    [{ title: 'ok', isToday: 'no' }, 'expected boolean'],
    [{ title: 'ok', todaySortOrder: 2_000_000_000 }, 'Sort order is out of range'],
  ])('refuses %j and creates nothing', async (body, message) => {
    const before = await listHabits(alice);
    const res = await alice.call('POST', '/api/habits', body);
    expect(res.statusCode).toBe(400);
    expect(messageOf(res).toLowerCase()).toContain(message.toLowerCase());
    expect(await listHabits(alice)).toEqual(before);
  });

  it('updates title and Today; 404 for another user’s habit', async () => {
    const habit = await alice.createHabit();
    const updated = await alice.expect(200, HabitSchema, 'PATCH', `/api/habits/${habit.id}`, {
      title: 'Meditate',
      isToday: true,
    });
    expect(updated).toMatchObject({ title: 'Meditate', isToday: true });
    const theirs = await bob.createHabit({ title: 'Bob’s' });
    const res = await alice.call('PATCH', `/api/habits/${theirs.id}`, { completedToday: true });
    expect(res.statusCode).toBe(404);
    expect(messageOf(res)).toBe('Habit not found');
    const after = (await listHabits(bob)).find((habit) => habit.id === theirs.id);
    expect(after).toMatchObject({ title: 'Bob’s', completedToday: false, completionCount: 0 });
  });

  it('deletes; 404 for a foreign one, 400 for a malformed id', async () => {
    const habit = await alice.createHabit();
    expect((await alice.call('DELETE', `/api/habits/${habit.id}`)).statusCode).toBe(204);
    expect((await listHabits(alice)).map((row) => row.id)).not.toContain(habit.id);
    const theirs = await bob.createHabit();
    expect((await alice.call('DELETE', `/api/habits/${theirs.id}`)).statusCode).toBe(404);
    expect((await listHabits(bob)).map((row) => row.id)).toContain(theirs.id);
    const bad = await alice.call('DELETE', '/api/habits/zzz');
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toBe('Invalid id');
  });
});

describe('completedToday and completionCount', () => {
  it('ticking twice counts once; unticking removes today only', async () => {
    const habit = await alice.createHabit();
    const url = `/api/habits/${habit.id}`;
    const ticked = await alice.expect(200, HabitSchema, 'PATCH', url, { completedToday: true });
    expect(ticked).toMatchObject({ completedToday: true, completionCount: 1 });
    const again = await alice.expect(200, HabitSchema, 'PATCH', url, { completedToday: true });
    expect(again).toMatchObject({ completedToday: true, completionCount: 1 });
    const unticked = await alice.expect(200, HabitSchema, 'PATCH', url, { completedToday: false });
    expect(unticked).toMatchObject({ completedToday: false, completionCount: 0 });
    const twice = await alice.expect(200, HabitSchema, 'PATCH', url, { completedToday: false });
    expect(twice).toMatchObject({ completedToday: false, completionCount: 0 });
  });
});

describe('POST /api/habits/reorder', () => {
  it('rewrites positions, and refuses the whole request if one id is foreign', async () => {
    const client = await newClient();
    const a = await client.createHabit();
    const b = await client.createHabit();
    const ok = await client.call('POST', '/api/habits/reorder', {
      items: [
        { id: b.id, sortOrder: 0 },
        { id: a.id, sortOrder: 1 },
      ],
    });
    expect(ok.statusCode).toBe(204);
    expect((await listHabits(client)).map((habit) => habit.id)).toEqual([b.id, a.id]);

    const theirs = await bob.createHabit();
    const bad = await client.call('POST', '/api/habits/reorder', {
      items: [
        { id: a.id, sortOrder: 0 },
        { id: theirs.id, sortOrder: 1 },
      ],
    });
    expect(bad.statusCode).toBe(404);
    expect((await listHabits(client)).map((habit) => habit.id)).toEqual([b.id, a.id]);
  });
});
