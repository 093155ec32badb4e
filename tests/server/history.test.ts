import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthUserSchema } from '#shared/api/auth';
import { HabitListSchema, HabitSchema } from '#shared/api/habits';
import { ItemHistorySchema } from '#shared/api/history';
import { TaskSchema } from '#shared/api/tasks';
import { habits, tasks } from '../../src/server/db/schema';
import { messageOf } from './helpers/api';
import { personIn } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * History and edits of past days (docs/product.md#history): owner-scoped, validated, idempotent, and
 * completionCount, completedToday and the streaks follow at once. The clock is injected.
 */
let now = new Date('2026-01-01T12:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

/** Signs in at 10 March 2026, the day the tests look from, so the session is live then. */
const clientIn = (timeZone: string) => personIn(t, timeZone, new Date('2026-03-10T12:00:00Z'));

/** The database stamps created_at itself, from its own clock: age an item the way time would. */
async function createdAt(table: typeof habits | typeof tasks, id: string, instant: string) {
  await t.db
    .update(table)
    .set({ createdAt: new Date(instant) })
    .where(eq(table.id, id));
}

/** A New York habit made on 1 January 2026, looked at on 10 March (noon in New York). */
async function habitSince1January() {
  const client = await clientIn('America/New_York');
  const habit = await client.createHabit();
  await createdAt(habits, habit.id, '2026-01-01T17:00:00Z');
  now = new Date('2026-03-10T16:00:00Z');
  const history = (query = '') =>
    client.expect(200, ItemHistorySchema, 'GET', `/api/habits/${habit.id}/history${query}`);
  const mark = (day: string) =>
    client.expect(200, HabitSchema, 'PUT', `/api/habits/${habit.id}/completions/${day}`);
  const unmark = (day: string) =>
    client.expect(200, HabitSchema, 'DELETE', `/api/habits/${habit.id}/completions/${day}`);
  return { client, habit, history, mark, unmark };
}

describe('habit history', () => {
  it('starts empty, with the range, today and the first day that can be changed, a year back', async () => {
    const { history } = await habitSince1January();
    expect(await history()).toEqual({
      today: '2026-03-10',
      editableFrom: '2025-03-10',
      from: '2025-03-05',
      to: '2026-03-10',
      days: [],
      offDays: [],
      streakUnit: 'day',
      currentStreak: 0,
      bestStreak: 0,
      last7: 0,
      last30: 0,
      last365: 0,
    });
  });

  it('marks yesterday once however often it is sent, and counts it everywhere', async () => {
    const { client, history, mark } = await habitSince1January();
    const first = await mark('2026-03-09');
    expect(first).toMatchObject({ completedToday: false, completionCount: 1 });
    const again = await mark('2026-03-09');
    expect(again).toEqual(first);
    expect(await history()).toMatchObject({ days: ['2026-03-09'], currentStreak: 1, last7: 1 });
    const [listed] = await client.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(listed).toMatchObject({ completedToday: false, completionCount: 1 });
  });

  it('marking today from the history is the same as ticking the card', async () => {
    const { habit, client, history, mark } = await habitSince1January();
    await mark('2026-03-09');
    expect(await mark('2026-03-10')).toMatchObject({ completedToday: true, completionCount: 2 });
    expect(await history()).toMatchObject({ currentStreak: 2, bestStreak: 2 });
    // The card's untick removes the same row.
    const unticked = await client.expect(200, HabitSchema, 'PATCH', `/api/habits/${habit.id}`, {
      completedToday: false,
    });
    expect(unticked).toMatchObject({ completedToday: false, completionCount: 1 });
  });

  it('unmarks a past day, keeps today, and unmarking twice changes nothing', async () => {
    const { history, mark, unmark } = await habitSince1January();
    for (const day of ['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']) await mark(day);
    expect(await history()).toMatchObject({ currentStreak: 4, bestStreak: 4 });
    const gap = await unmark('2026-03-08');
    expect(gap).toMatchObject({ completedToday: true, completionCount: 3 });
    expect(await unmark('2026-03-08')).toEqual(gap);
    expect(await history()).toMatchObject({
      days: ['2026-03-07', '2026-03-09', '2026-03-10'],
      currentStreak: 2,
      bestStreak: 2,
    });
  });

  it('unmarking today leaves the latest earlier day as the last completed one', async () => {
    const { client, mark, unmark } = await habitSince1January();
    await mark('2026-03-08');
    await mark('2026-03-10');
    expect(await unmark('2026-03-10')).toMatchObject({ completedToday: false, completionCount: 1 });
    // Unmarking the 8th too, then marking today again: today reads done, the count is 1.
    await unmark('2026-03-08');
    expect(await mark('2026-03-10')).toMatchObject({ completedToday: true, completionCount: 1 });
    const [listed] = await client.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(listed).toMatchObject({ completedToday: true, completionCount: 1 });
  });

  it('answers only the days in from..to, with streaks over the whole history', async () => {
    const { history, mark } = await habitSince1January();
    for (const day of ['2026-01-02', '2026-01-03', '2026-01-04', '2026-03-10']) await mark(day);
    expect(await history('?from=2026-03-01&to=2026-03-31')).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-31',
      days: ['2026-03-10'],
      currentStreak: 1,
      bestStreak: 3,
      last30: 1,
      last365: 4,
    });
  });

  it.each([
    [
      '/completions/2026-03-11',
      'day 2026-03-11 has not come yet: only days up to today (2026-03-10) can be changed',
    ],
    [
      '/completions/2025-03-09',
      'day 2025-03-09 is more than a year back: days of a habit from 2025-03-10 to today can be changed',
    ],
    ['/completions/2026-02-30', 'Day must be a date written YYYY-MM-DD'],
    ['/completions/yesterday', 'Day must be a date written YYYY-MM-DD'],
  ])('refuses PUT and DELETE %s with 400 "%s" naming the day, changing nothing', async (path, message) => {
    const { client, habit, history } = await habitSince1January();
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await client.call(method, `/api/habits/${habit.id}${path}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(messageOf(res)).toBe(message);
      expect(res.json().issues).toEqual([{ path: 'day', message }]);
    }
    expect((await history()).days).toEqual([]);
  });

  it('gives a new habit its past: days before it was made, up to a year back', async () => {
    const client = await clientIn('Europe/Paris');
    const habit = await client.createHabit({ title: 'Brought over from paper' });
    await createdAt(habits, habit.id, '2026-03-10T09:00:00Z');
    now = new Date('2026-03-10T12:00:00Z');
    const url = `/api/habits/${habit.id}`;
    for (const day of ['2025-03-10', '2026-03-03', '2026-03-08', '2026-03-09'])
      await client.expect(200, HabitSchema, 'PUT', `${url}/completions/${day}`);
    const history = await client.expect(200, ItemHistorySchema, 'GET', `${url}/history`);
    expect(history).toMatchObject({
      editableFrom: '2025-03-10',
      days: ['2025-03-10', '2026-03-03', '2026-03-08', '2026-03-09'],
      currentStreak: 2,
      last7: 2,
      // The 365 days ending today start on 2025-03-11: the year's first editable day is one before.
      last365: 3,
    });
    const [listed] = await client.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(listed).toMatchObject({ completionCount: 4, completedToday: false });
    // The day before the year's first is still refused, and a second PUT of a day changes nothing.
    expect((await client.call('PUT', `${url}/completions/2025-03-09`)).statusCode).toBe(400);
    await client.expect(200, HabitSchema, 'PUT', `${url}/completions/2026-03-03`);
    expect((await client.expect(200, ItemHistorySchema, 'GET', `${url}/history`)).last365).toBe(3);
  });

  it.each([
    ['?from=2026-03-10&to=2026-03-01', 'from must not be after to'],
    ['?from=2025-01-01&to=2026-03-10', 'At most 371 days at once: ask for a shorter range'],
    ['?from=March', 'Day must be a date written YYYY-MM-DD'],
  ])('refuses the range %s with 400 "%s"', async (query, message) => {
    const { client, habit } = await habitSince1January();
    const res = await client.call('GET', `/api/habits/${habit.id}/history${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(messageOf(res)).toBe(message);
  });

  it('reaches a year back and no further for an older habit', async () => {
    const client = await clientIn('UTC');
    const habit = await client.createHabit();
    await createdAt(habits, habit.id, '2024-06-01T12:00:00Z');
    now = new Date('2026-03-10T12:00:00Z');
    const url = `/api/habits/${habit.id}/completions`;
    expect((await client.call('PUT', `${url}/2025-03-10`)).statusCode).toBe(200);
    const tooOld = await client.call('PUT', `${url}/2025-03-09`);
    expect(tooOld.statusCode).toBe(400);
    expect(messageOf(tooOld)).toContain('day 2025-03-09 is more than a year back');
  });

  it('follows "day starts at": at 2 a.m. with the day at 4:00, the calendar date is still to come', async () => {
    const { client, habit, mark } = await habitSince1January();
    await client.expect(200, AuthUserSchema, 'PATCH', '/api/auth/user', { dayStartHour: 4 });
    now = new Date('2026-03-11T06:00:00Z'); // 02:00 on 11 March in New York
    const res = await client.call('PUT', `/api/habits/${habit.id}/completions/2026-03-11`);
    expect(res.statusCode).toBe(400);
    expect(await mark('2026-03-10')).toMatchObject({ completedToday: true });
  });

  it('answers 404 for another person’s habit and an unknown one, changing nothing', async () => {
    const { habit, history, mark } = await habitSince1January();
    await mark('2026-03-09');
    const other = await clientIn('America/New_York');
    for (const id of [habit.id, '00000000-0000-4000-8000-000000000000']) {
      for (const [method, path] of [
        ['GET', 'history'],
        ['PUT', 'completions/2026-03-08'],
        ['DELETE', 'completions/2026-03-09'],
      ] as const) {
        const res = await other.call(method, `/api/habits/${id}/${path}`);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(messageOf(res)).toBe('Habit not found');
      }
    }
    expect((await history()).days).toEqual(['2026-03-09']);
    const bad = await other.call('GET', '/api/habits/not-a-uuid/history');
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toBe('Invalid id');
  });
});

describe('task history', () => {
  it('works for a task in a habit goal and refuses edits of an ordinary task', async () => {
    const client = await clientIn('Europe/London');
    const daily = await client.createGoal({ isHabitGoal: true });
    const plain = await client.createGoal();
    const dailyTask = await client.createTask({ goalId: daily.id });
    const plainTask = await client.createTask({ goalId: plain.id });
    await createdAt(tasks, dailyTask.id, '2026-03-01T12:00:00Z');
    now = new Date('2026-03-10T12:00:00Z');

    const marked = await client.expect(
      200,
      TaskSchema,
      'PUT',
      `/api/tasks/${dailyTask.id}/completions/2026-03-09`,
    );
    expect(marked).toMatchObject({ completedToday: false, completionCount: 1 });
    const history = await client.expect(200, ItemHistorySchema, 'GET', `/api/tasks/${dailyTask.id}/history`);
    expect(history).toMatchObject({ days: ['2026-03-09'], currentStreak: 1, editableFrom: '2025-03-10' });
    // Before the task was made, like a habit (docs/decisions/031-a-habits-past.md).
    await client.expect(200, TaskSchema, 'PUT', `/api/tasks/${dailyTask.id}/completions/2026-02-20`);

    const refused = await client.call('PUT', `/api/tasks/${plainTask.id}/completions/2026-03-09`);
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe('History can be changed only for habits and tasks in habit goals');
    // Its (empty) history can still be read: a task keeps its history when it leaves a habit goal.
    const plainHistory = await client.expect(
      200,
      ItemHistorySchema,
      'GET',
      `/api/tasks/${plainTask.id}/history`,
    );
    expect(plainHistory.days).toEqual([]);

    const stranger = await clientIn('UTC');
    const res = await stranger.call('PUT', `/api/tasks/${dailyTask.id}/completions/2026-03-08`);
    expect(res.statusCode).toBe(404);
    expect(messageOf(res)).toBe('Task not found');
  });
});
