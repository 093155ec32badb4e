import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TaskSchema } from '#shared/api/tasks';
import { type Upcoming, UpcomingSchema } from '#shared/api/upcoming';
import { addDays, dayAt } from '#shared/domain/days';
import { type ApiClient, messageOf } from './helpers/api';
import { personIn } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * GET /api/upcoming (docs/product.md#upcoming): one entry per day of the range, planned tasks on their
 * days, repeats on each day their rule falls on, overdue tasks apart, habits on Today each day.
 */

let now = new Date('2026-11-23T15:00:00Z'); // Monday 23 November
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const clientIn = (timeZone: string) => personIn(t, timeZone, now);

const upcoming = (client: ApiClient, query = '') =>
  client.expect(200, UpcomingSchema, 'GET', `/api/upcoming${query}`);

/** Each day of the answer with the titles of its tasks, the days without any left out. */
const plan = (answer: Upcoming) =>
  Object.fromEntries(
    answer.days
      .filter((day) => day.tasks.length > 0)
      .map((day) => [day.day, day.tasks.map((task) => task.title)]),
  );

describe('GET /api/upcoming range', () => {
  it('answers today and the next 13 days by default, one entry per day', async () => {
    now = new Date('2026-11-23T15:00:00Z');
    const client = await clientIn('America/New_York');
    const today = dayAt(now, 'America/New_York');
    const answer = await upcoming(client);
    expect(answer.today).toBe(today);
    expect(answer.days.map((day) => day.day)).toEqual(
      Array.from({ length: 14 }, (_, i) => addDays(today, i)),
    );
  });

  it('takes up to 62 days, and answers 400 for more, a reversed range or a day that does not exist', async () => {
    const client = await clientIn('UTC');
    const long = await upcoming(client, '?from=2026-12-01&to=2027-01-31');
    expect(long.days).toHaveLength(62);
    for (const [query, message] of [
      ['?from=2026-12-01&to=2027-02-01', 'At most 62 days at once: ask for a shorter range'],
      ['?from=2026-12-02&to=2026-12-01', 'from must not be after to'],
      ['?from=2026-02-30', 'Day must be a date written YYYY-MM-DD'],
      ['?to=tomorrow', 'Day must be a date written YYYY-MM-DD'],
    ] as const) {
      const res = await client.call('GET', `/api/upcoming${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(messageOf(res)).toBe(message);
    }
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/upcoming' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/upcoming plan', () => {
  it('puts planned tasks on their days and overdue ones apart, and shows only the caller’s', async () => {
    now = new Date('2026-11-23T15:00:00Z');
    const client = await clientIn('UTC');
    const other = await clientIn('UTC');
    const goal = await client.createGoal({ title: 'House', color: 'teal' });
    await client.createTask({ title: 'Older', plannedFor: '2026-11-18' });
    await client.createTask({ title: 'Old', plannedFor: '2026-11-20' });
    await client.createTask({ title: 'Today', plannedFor: '2026-11-23', goalId: goal.id });
    await client.createTask({ title: 'Friday', plannedFor: '2026-11-27' });
    await client.createTask({ title: 'Far', plannedFor: '2027-03-01' });
    await client.createTask({ title: 'Unplanned', isToday: true });
    const done = await client.createTask({ title: 'Done long ago', plannedFor: '2026-11-24' });
    await client.call('PATCH', `/api/tasks/${done.id}`, { completed: true });
    now = new Date('2026-11-24T15:00:00Z');
    await other.createTask({ title: 'Not mine', plannedFor: '2026-11-25' });
    now = new Date('2026-11-23T15:00:00Z');

    const answer = await upcoming(client);
    expect(answer.overdue.map((task) => task.title)).toEqual(['Older', 'Old']);
    expect(plan(answer)).toEqual({
      '2026-11-23': ['Today'],
      '2026-11-24': ['Done long ago'],
      '2026-11-27': ['Friday'],
    });
    expect(answer.days[0]?.tasks[0]?.goal).toMatchObject({ id: goal.id, title: 'House', color: 'teal' });

    // The next day, the task done on the 23rd for the 24th is no longer shown.
    now = new Date('2026-11-24T15:00:00Z');
    const next = await upcoming(client);
    expect(plan(next)).toEqual({ '2026-11-27': ['Friday'] });
    expect(next.overdue.map((task) => task.title)).toEqual(['Older', 'Old', 'Today']);
  });

  it('shows a repeating task on each day its rule falls on, from its planned day', async () => {
    now = new Date('2026-11-23T15:00:00Z');
    const client = await clientIn('Europe/London');
    await client.createTask({ title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=MO,WE,FR', plannedFor: '2026-11-25' });
    await client.createTask({ title: 'Rent', repeat: 'FREQ=MONTHLY;BYMONTHDAY=31' });
    const answer = await upcoming(client, '?from=2026-11-23&to=2027-01-10');
    expect(plan(answer)).toEqual({
      '2026-11-25': ['Gym'],
      '2026-11-27': ['Gym'],
      '2026-11-30': ['Gym'],
      '2026-12-02': ['Gym'],
      '2026-12-04': ['Gym'],
      '2026-12-07': ['Gym'],
      '2026-12-09': ['Gym'],
      '2026-12-11': ['Gym'],
      '2026-12-14': ['Gym'],
      '2026-12-16': ['Gym'],
      '2026-12-18': ['Gym'],
      '2026-12-21': ['Gym'],
      '2026-12-23': ['Gym'],
      '2026-12-25': ['Gym'],
      '2026-12-28': ['Gym'],
      '2026-12-30': ['Gym'],
      '2026-12-31': ['Rent'],
      '2027-01-01': ['Gym'],
      '2027-01-04': ['Gym'],
      '2027-01-06': ['Gym'],
      '2027-01-08': ['Gym'],
    });
  });

  it('lists an overdue repeating task once, apart, and its next days from tomorrow; done, it shows today done', async () => {
    now = new Date('2026-11-23T15:00:00Z');
    const client = await clientIn('UTC');
    const task = await client.createTask({ title: 'Water', repeat: 'FREQ=DAILY', plannedFor: '2026-11-21' });
    let answer = await upcoming(client, '?from=2026-11-23&to=2026-11-26');
    expect(answer.overdue.map((item) => item.title)).toEqual(['Water']);
    expect(plan(answer)).toEqual({
      '2026-11-24': ['Water'],
      '2026-11-25': ['Water'],
      '2026-11-26': ['Water'],
    });

    await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, { completed: true });
    answer = await upcoming(client, '?from=2026-11-23&to=2026-11-26');
    expect(answer.overdue).toEqual([]);
    expect(plan(answer)).toEqual({
      '2026-11-23': ['Water'],
      '2026-11-24': ['Water'],
      '2026-11-25': ['Water'],
      '2026-11-26': ['Water'],
    });
    expect(answer.days[0]?.tasks[0]?.completedToday).toBe(true);
  });

  it('lists the habits on Today on every day', async () => {
    const client = await clientIn('UTC');
    await client.createHabit({ title: 'Read', isToday: true });
    await client.createHabit({ title: 'Not on Today' });
    const answer = await upcoming(client, '?from=2026-11-23&to=2026-11-25');
    expect(answer.days.map((day) => day.habits.map((habit) => habit.title))).toEqual([
      ['Read'],
      ['Read'],
      ['Read'],
    ]);
  });
});
