import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HabitListSchema,
  HabitSchema,
  ONE_SCHEDULE_MESSAGE,
  TIMES_PER_WEEK_MESSAGE,
} from '#shared/api/habits';
import { ItemHistorySchema } from '#shared/api/history';
import { TodaySchema } from '#shared/api/today';
import { UpcomingSchema } from '#shared/api/upcoming';
import { type ApiClient, messageOf } from './helpers/api';
import { personIn } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Habit schedules (docs/product.md#habit-schedules): a rule (on Today only on its days, streaks over
 * its days, days off in the history) or "N times a week" (on Today until the week's target is met,
 * streaks in weeks). The clock is injected so days pass.
 */

let now = new Date('2026-11-16T12:00:00Z'); // Monday 16 November
let t: TestApp;
let other: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  other = await t.anotherInstance();
});
afterAll(() => t.close());

const at = (day: string) => {
  now = new Date(`${day}T12:00:00Z`);
};

const newClient = () => personIn(t, 'UTC', now);

/** The titles of the habits on Today, the kept answer checked against one built afresh on both instances. */
async function todayHabits(client: ApiClient) {
  const read = async (app: FastifyInstance, headers: Record<string, string> = {}) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/today',
      headers: { ...client.headers, ...headers },
    });
    expect(res.statusCode, res.body).toBe(200);
    return TodaySchema.parse(res.json());
  };
  const kept = await read(t.app);
  expect(kept).toEqual(await read(t.app, { 'cache-control': 'no-cache' }));
  expect(kept).toEqual(await read(other, { 'cache-control': 'no-cache' }));
  return kept.habits.map((habit) => habit.title);
}

const tick = (client: ApiClient, id: string) =>
  client.expect(200, HabitSchema, 'PATCH', `/api/habits/${id}`, { completedToday: true });

describe('habit schedule fields', () => {
  it('takes a rule or a number of times a week, and one replaces the other', async () => {
    const client = await newClient();
    const daily = await client.createHabit({ title: 'Daily' });
    expect(daily).toMatchObject({ repeat: null, timesPerWeek: null });
    const ruled = await client.createHabit({ title: 'Gym', repeat: 'freq=weekly;byday=mo,we,fr' });
    expect(ruled).toMatchObject({ repeat: 'FREQ=WEEKLY;BYDAY=MO,WE,FR', timesPerWeek: null });
    const weekly = await client.expect(200, HabitSchema, 'PATCH', `/api/habits/${ruled.id}`, {
      timesPerWeek: 3,
    });
    expect(weekly).toMatchObject({ repeat: null, timesPerWeek: 3 });
    const back = await client.expect(200, HabitSchema, 'PATCH', `/api/habits/${ruled.id}`, {
      repeat: 'FREQ=DAILY;INTERVAL=2',
    });
    expect(back).toMatchObject({ repeat: 'FREQ=DAILY;INTERVAL=2', timesPerWeek: null });
    const none = await client.expect(200, HabitSchema, 'PATCH', `/api/habits/${ruled.id}`, { repeat: null });
    expect(none).toMatchObject({ repeat: null, timesPerWeek: null });
  });

  it.each([
    [{ timesPerWeek: 0 }, TIMES_PER_WEEK_MESSAGE, 'timesPerWeek'],
    [{ timesPerWeek: 7 }, TIMES_PER_WEEK_MESSAGE, 'timesPerWeek'],
    [{ timesPerWeek: 2.5 }, TIMES_PER_WEEK_MESSAGE, 'timesPerWeek'],
    [{ timesPerWeek: '3' }, TIMES_PER_WEEK_MESSAGE, 'timesPerWeek'],
    [{ repeat: 'FREQ=DAILY', timesPerWeek: 3 }, ONE_SCHEDULE_MESSAGE, 'timesPerWeek'],
    [{ repeat: 'FREQ=SECONDLY' }, 'repeat must be a rule such as FREQ=WEEKLY;BYDAY=MO', 'repeat'],
  ])('refuses %j with 400 naming the field, and changes nothing', async (body, message, path) => {
    const client = await newClient();
    const before = await client.expect(200, HabitListSchema, 'GET', '/api/habits');
    const created = await client.call('POST', '/api/habits', { title: 'Bad', ...body });
    expect(created.statusCode).toBe(400);
    expect(messageOf(created).startsWith(message)).toBe(true);
    expect(created.json().issues[0].path).toBe(path);
    expect(await client.expect(200, HabitListSchema, 'GET', '/api/habits')).toEqual(before);
    const habit = await client.createHabit({ title: 'Good' });
    const patched = await client.call('PATCH', `/api/habits/${habit.id}`, { ...body, title: 'Renamed' });
    expect(patched.statusCode).toBe(400);
    const [after] = await client.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(after).toEqual(habit);
  });

  it("answers 404 for another person's habit and leaves it as it was", async () => {
    const ann = await newClient();
    const bob = await newClient();
    const theirs = await bob.createHabit({ repeat: 'FREQ=DAILY' });
    const res = await ann.call('PATCH', `/api/habits/${theirs.id}`, { timesPerWeek: 2 });
    expect(res.statusCode).toBe(404);
    expect(messageOf(res)).toBe('Habit not found');
    const [still] = await bob.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(still).toEqual(theirs);
  });
});

describe('a habit with a rule', () => {
  it('is on Today on its days only, and Upcoming lists it on those days', async () => {
    at('2026-11-16');
    const client = await newClient();
    await client.createHabit({ title: 'Gym', isToday: true, repeat: 'FREQ=WEEKLY;BYDAY=MO,WE,FR' });
    await client.createHabit({ title: 'Read', isToday: true });
    const seen: Record<string, string[]> = {};
    for (const day of ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-21']) {
      at(day);
      seen[day] = await todayHabits(client);
    }
    expect(seen).toEqual({
      '2026-11-16': ['Gym', 'Read'],
      '2026-11-17': ['Read'],
      '2026-11-18': ['Gym', 'Read'],
      '2026-11-21': ['Read'],
    });
    at('2026-11-16');
    const upcoming = await client.expect(
      200,
      UpcomingSchema,
      'GET',
      '/api/upcoming?from=2026-11-16&to=2026-11-20',
    );
    expect(upcoming.days.map((day) => day.habits.map((habit) => habit.title))).toEqual([
      ['Gym', 'Read'],
      ['Read'],
      ['Gym', 'Read'],
      ['Read'],
      ['Gym', 'Read'],
    ]);
  });

  it('keeps its streak through its days off, and the history says which days are off', async () => {
    at('2026-11-16');
    const client = await newClient();
    const habit = await client.createHabit({ title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=MO,WE,FR' });
    for (const day of ['2026-11-16', '2026-11-18', '2026-11-20']) {
      at(day);
      await tick(client, habit.id);
    }
    at('2026-11-22'); // Sunday
    const history = await client.expect(
      200,
      ItemHistorySchema,
      'GET',
      `/api/habits/${habit.id}/history?from=2026-11-16&to=2026-11-22`,
    );
    expect(history).toMatchObject({
      days: ['2026-11-16', '2026-11-18', '2026-11-20'],
      offDays: ['2026-11-17', '2026-11-19', '2026-11-21', '2026-11-22'],
      streakUnit: 'day',
      currentStreak: 3,
      bestStreak: 3,
    });
  });
});

describe('a habit done N times a week', () => {
  it('is on Today every day until the week’s target is met, and back the next week', async () => {
    at('2026-11-16');
    const client = await newClient();
    const habit = await client.createHabit({ title: 'Swim', isToday: true, timesPerWeek: 2 });
    await tick(client, habit.id);
    expect(await todayHabits(client)).toEqual(['Swim']); // done today: still there, ticked
    at('2026-11-17');
    expect(await todayHabits(client)).toEqual(['Swim']);
    await tick(client, habit.id);
    at('2026-11-18');
    expect(await todayHabits(client)).toEqual([]); // two done this week
    at('2026-11-22');
    expect(await todayHabits(client)).toEqual([]);
    at('2026-11-23'); // a new week
    expect(await todayHabits(client)).toEqual(['Swim']);
  });

  it('is listed on Upcoming on the days of this week until its target can be met, and every day after', async () => {
    at('2026-11-16');
    const client = await newClient();
    const habit = await client.createHabit({ title: 'Swim', isToday: true, timesPerWeek: 2 });
    await tick(client, habit.id);
    at('2026-11-18'); // Wednesday: done Monday, so one more this week
    const daysWithSwim = async () => {
      const upcoming = await client.expect(
        200,
        UpcomingSchema,
        'GET',
        '/api/upcoming?from=2026-11-17&to=2026-11-24',
      );
      return upcoming.days.filter((day) => day.habits.length > 0).map((day) => day.day);
    };
    // Open today: due every day of the week (and yesterday, a past day, stays as it was shown).
    expect(await daysWithSwim()).toEqual([
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
    ]);
    // Done today, the target is met: today keeps it (ticked), the rest of this week does not.
    await tick(client, habit.id);
    expect(await daysWithSwim()).toEqual(['2026-11-17', '2026-11-18', '2026-11-23', '2026-11-24']);
  });

  it('counts its streak in weeks that met the target', async () => {
    at('2026-11-02');
    const client = await newClient();
    const habit = await client.createHabit({ title: 'Swim', timesPerWeek: 2 });
    for (const day of ['2026-11-02', '2026-11-06', '2026-11-10', '2026-11-11', '2026-11-16']) {
      at(day);
      await tick(client, habit.id);
    }
    at('2026-11-18');
    const history = await client.expect(200, ItemHistorySchema, 'GET', `/api/habits/${habit.id}/history`);
    // Weeks of 2 and 9 November met; this week (one day so far) is not over.
    expect(history).toMatchObject({ streakUnit: 'week', currentStreak: 2, bestStreak: 2, offDays: [] });
  });
});
