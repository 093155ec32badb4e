import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HabitListSchema, HabitSchema } from '#shared/api/habits';
import { TaskSchema } from '#shared/api/tasks';
import { TodaySchema } from '#shared/api/today';
import { uniqueEmail } from '../factories';
import { ApiClient } from './helpers/api';
import { loginAs, personIn } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * "Today" is the user's local date in their IANA zone. The app's clock is injected so these tests
 * walk across local midnight and between zones without waiting.
 */
let now = new Date('2026-03-10T12:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const clientIn = (timeZone: string) => personIn(t, timeZone, now);

describe('habit completion across local midnight', () => {
  it('resets by itself at the user’s midnight, not UTC’s', async () => {
    // 22:30 in New York on 10 March is 02:30 UTC on 11 March.
    now = new Date('2026-03-11T02:30:00Z');
    const client = await clientIn('America/New_York');
    const habit = await client.createHabit({ isToday: true });
    const done = await client.expect(200, HabitSchema, 'PATCH', `/api/habits/${habit.id}`, {
      completedToday: true,
    });
    expect(done).toMatchObject({ completedToday: true, completionCount: 1 });

    // 23:59 New York: still the same local day.
    now = new Date('2026-03-11T03:59:00Z');
    let [row] = await client.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(row?.completedToday).toBe(true);

    // 00:01 New York on 11 March: a new day, nothing to run.
    now = new Date('2026-03-11T04:01:00Z');
    [row] = await client.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(row).toMatchObject({ completedToday: false, completionCount: 1 });
    const today = await client.expect(200, TodaySchema, 'GET', '/api/today');
    expect(today.habits[0]?.completedToday).toBe(false);

    // Completing the new day counts a second day.
    const second = await client.expect(200, HabitSchema, 'PATCH', `/api/habits/${habit.id}`, {
      completedToday: true,
    });
    expect(second).toMatchObject({ completedToday: true, completionCount: 2 });
  });

  it('unticking today removes today’s completion only, keeping earlier days', async () => {
    now = new Date('2026-05-01T10:00:00Z');
    const client = await clientIn('Europe/Paris');
    const habit = await client.createHabit();
    const url = `/api/habits/${habit.id}`;
    await client.expect(200, HabitSchema, 'PATCH', url, { completedToday: true });
    now = new Date('2026-05-02T10:00:00Z');
    await client.expect(200, HabitSchema, 'PATCH', url, { completedToday: true });
    const untick = await client.expect(200, HabitSchema, 'PATCH', url, { completedToday: false });
    expect(untick).toMatchObject({ completedToday: false, completionCount: 1 });
    // Yesterday's completion is still there: going back a day shows it done.
    now = new Date('2026-05-01T12:00:00Z');
    const [row] = await client.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(row).toMatchObject({ completedToday: true, completionCount: 1 });
  });

  it('unticking on a day with no completion changes nothing', async () => {
    now = new Date('2026-06-01T10:00:00Z');
    const client = await clientIn('UTC');
    const habit = await client.createHabit();
    await client.expect(200, HabitSchema, 'PATCH', `/api/habits/${habit.id}`, { completedToday: true });
    now = new Date('2026-06-02T10:00:00Z');
    const res = await client.expect(200, HabitSchema, 'PATCH', `/api/habits/${habit.id}`, {
      completedToday: false,
    });
    expect(res).toMatchObject({ completedToday: false, completionCount: 1 });
  });
});

describe('time zones', () => {
  it('uses the zone the client sends at once, and stores it on the user only with a write', async () => {
    // 23:30 UTC on 1 July is already 2 July in Tokyo.
    now = new Date('2026-07-01T23:30:00Z');
    const signedIn = await loginAs(t.db, { email: uniqueEmail(), now });
    const utc = new ApiClient(t.app, signedIn.headers);
    const habit = await utc.createHabit();
    await utc.expect(200, HabitSchema, 'PATCH', `/api/habits/${habit.id}`, { completedToday: true });
    const storedZone = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: signedIn.headers })).json();

    // Same instant, the browser now reports Tokyo: its day (2 July) has no completion yet.
    const tokyo = new ApiClient(t.app, { ...signedIn.headers, 'x-time-zone': 'Asia/Tokyo' });
    const [inTokyo] = await tokyo.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(inTokyo?.completedToday).toBe(false);
    // A read never writes: the stored zone is still UTC, and a call without the header uses it.
    expect(await storedZone()).toMatchObject({ timeZone: 'UTC' });
    const [inUtc] = await utc.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(inUtc?.completedToday).toBe(true);

    // The next write from Tokyo stores the zone, and calls without the header follow it.
    await tokyo.createTask();
    expect(await storedZone()).toMatchObject({ timeZone: 'Asia/Tokyo' });
    const [stored] = await utc.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(stored?.completedToday).toBe(false);
  });

  it('ignores an invalid zone header and keeps the stored one (UTC until known)', async () => {
    now = new Date('2026-07-01T23:30:00Z');
    const signedIn = await loginAs(t.db, { email: uniqueEmail(), now });
    const client = new ApiClient(t.app, { ...signedIn.headers, 'x-time-zone': 'Mars/Olympus_Mons' });
    const res = await client.call('GET', '/api/habits');
    expect(res.statusCode).toBe(200);
    const user = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: signedIn.headers });
    expect(user.json()).toMatchObject({ timeZone: 'UTC' });
  });
});

describe('tasks in habit goals', () => {
  it('toggle completedToday with daily reset and a completion count; normal tasks keep completed', async () => {
    now = new Date('2026-08-10T08:00:00Z');
    const client = await clientIn('Australia/Sydney');
    const habitGoal = await client.createGoal({ isHabitGoal: true });
    const task = await client.createTask({ goalId: habitGoal.id, isToday: true });
    const url = `/api/tasks/${task.id}`;
    const done = await client.expect(200, TaskSchema, 'PATCH', url, { completedToday: true });
    expect(done).toMatchObject({ completedToday: true, completionCount: 1, completed: false });

    // 14:00 UTC is midnight in Sydney (UTC+10 in August).
    now = new Date('2026-08-10T14:00:00Z');
    const today = await client.expect(200, TodaySchema, 'GET', '/api/today');
    expect(today.tasks[0]).toMatchObject({ id: task.id, completedToday: false, completionCount: 1 });
    const next = await client.expect(200, TaskSchema, 'PATCH', url, { completedToday: true });
    expect(next.completionCount).toBe(2);

    // Moving the task out of the habit goal: it becomes a normal task (no daily state).
    const moved = await client.expect(200, TaskSchema, 'PATCH', url, { goalId: null });
    expect(moved.completedToday).toBe(false);
    const refused = await client.call('PATCH', url, { completedToday: true });
    expect(refused.statusCode).toBe(400);
  });
});
