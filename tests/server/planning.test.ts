import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANNED_FOR_MESSAGE, TaskListSchema, TaskSchema } from '#shared/api/tasks';
import { TodaySchema } from '#shared/api/today';
import { addDays, addYears, dayAt, latestPlannableDay } from '#shared/domain/days';
import { type ApiClient, messageOf } from './helpers/api';
import { personIn } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A day for every task (docs/product.md#planning): `plannedFor` on create and edit, its limits, and
 * which planned tasks Today shows on the person's day. The clock is injected so days pass.
 */

let now = new Date('2026-11-23T15:00:00Z');
let t: TestApp;
let other: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  other = await t.anotherInstance();
});
afterAll(() => t.close());

const clientIn = (timeZone: string) => personIn(t, timeZone, now);

const NO_CACHE = { 'cache-control': 'no-cache' };

/** Today as this instance sends it (kept or not) and built afresh on both: they must agree. */
async function today(client: ApiClient) {
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
  expect(kept).toEqual(await read(t.app, NO_CACHE));
  expect(kept).toEqual(await read(other, NO_CACHE));
  return kept;
}

const titles = (list: { title: string }[]) => list.map((item) => item.title).sort();

describe('plannedFor on create and edit', () => {
  it('is null unless given, is kept as sent, and can be changed and cleared', async () => {
    const client = await clientIn('Europe/London');
    expect((await client.createTask({ title: 'Loose' })).plannedFor).toBeNull();
    const task = await client.createTask({ title: 'Dentist', plannedFor: '2026-12-01' });
    expect(task.plannedFor).toBe('2026-12-01');

    const moved = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, {
      plannedFor: '2026-12-03',
    });
    expect(moved.plannedFor).toBe('2026-12-03');
    const listed = await client.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(listed.find((item) => item.id === task.id)?.plannedFor).toBe('2026-12-03');

    const cleared = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, {
      plannedFor: null,
    });
    expect(cleared.plannedFor).toBeNull();
  });

  it('takes real calendar days from 2000-01-01 to ten years ahead, 29 February included', async () => {
    const client = await clientIn('UTC');
    const last = latestPlannableDay(new Date());
    for (const day of ['2000-01-01', '2028-02-29', last]) {
      const task = await client.createTask({ plannedFor: day });
      expect(task.plannedFor).toBe(day);
    }
  });

  it.each([
    ['a day before 2000', '1999-12-31'],
    ['a day that does not exist', '2026-02-30'],
    ['29 February in a common year', '2027-02-29'],
    ['a day after ten years ahead', 'LATER'],
    ['another way of writing a day', '2026-1-5'],
    ['a date and time', '2026-12-01T10:00:00Z'],
    ['a number', 20261201],
    ['an empty text', ''],
  ])('refuses %s with 400 naming plannedFor, and changes nothing', async (_, value) => {
    const client = await clientIn('UTC');
    const plannedFor = value === 'LATER' ? addDays(latestPlannableDay(new Date()), 1) : value;
    const before = await client.expect(200, TaskListSchema, 'GET', '/api/tasks');
    const created = await client.call('POST', '/api/tasks', { title: 'Bad day', plannedFor });
    expect(created.statusCode).toBe(400);
    expect(messageOf(created)).toBe(PLANNED_FOR_MESSAGE);
    expect(created.json().issues[0].path).toBe('plannedFor');
    expect(await client.expect(200, TaskListSchema, 'GET', '/api/tasks')).toEqual(before);

    const task = await client.createTask({ plannedFor: '2026-12-01' });
    const patched = await client.call('PATCH', `/api/tasks/${task.id}`, { plannedFor });
    expect(patched.statusCode).toBe(400);
    expect(messageOf(patched)).toBe(PLANNED_FOR_MESSAGE);
    const [after] = (await client.expect(200, TaskListSchema, 'GET', '/api/tasks')).filter(
      (item) => item.id === task.id,
    );
    expect(after?.plannedFor).toBe('2026-12-01');
  });

  it("answers 404 for another person's task and leaves it as it was", async () => {
    const ann = await clientIn('UTC');
    const bob = await clientIn('UTC');
    const theirs = await bob.createTask({ plannedFor: '2026-12-01' });
    const res = await ann.call('PATCH', `/api/tasks/${theirs.id}`, { plannedFor: '2026-11-23' });
    expect(res.statusCode).toBe(404);
    expect(messageOf(res)).toBe('Task not found');
    const [still] = await bob.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(still?.plannedFor).toBe('2026-12-01');
    expect((await today(ann)).tasks).toEqual([]);
  });
});

describe('Today with planned tasks', () => {
  it('shows what is planned for the day or earlier and what is there by hand, not what comes later', async () => {
    now = new Date('2026-11-23T15:00:00Z');
    const client = await clientIn('America/New_York');
    const day = dayAt(now, 'America/New_York');
    await client.createTask({ title: 'Overdue', plannedFor: addDays(day, -3) });
    await client.createTask({ title: 'Due', plannedFor: day });
    await client.createTask({ title: 'Tomorrow', plannedFor: addDays(day, 1) });
    await client.createTask({ title: 'By hand', isToday: true });
    await client.createTask({ title: 'By hand, planned later', isToday: true, plannedFor: addDays(day, 5) });
    await client.createTask({ title: 'Unplanned' });

    const list = await today(client);
    expect(titles(list.tasks)).toEqual(['By hand', 'By hand, planned later', 'Due', 'Overdue']);
    // The client marks the earlier ones overdue from their day.
    expect(list.tasks.find((task) => task.title === 'Overdue')?.plannedFor).toBe(addDays(day, -3));
    expect(list.tasks.find((task) => task.title === 'Overdue')?.isToday).toBe(false);
  });

  it('brings a task on its day, at the person’s day start in their zone, with no write', async () => {
    now = new Date('2026-11-23T12:00:00Z');
    const client = await clientIn('Pacific/Kiritimati');
    await client.call('PATCH', '/api/auth/user', { dayStartHour: 4 });
    const day = dayAt(now, 'Pacific/Kiritimati', 4);
    const tomorrow = addDays(day, 1);
    await client.createTask({ title: 'Tomorrow', plannedFor: tomorrow });
    expect((await today(client)).tasks).toEqual([]);
    // 3:59 the next morning in Kiritimati (UTC+14) is still `day` for a day starting at 4:00.
    now = new Date(`${day}T13:59:00Z`);
    expect(dayAt(now, 'Pacific/Kiritimati', 4)).toBe(day);
    expect((await today(client)).tasks).toEqual([]);
    now = new Date(`${day}T14:00:00Z`);
    expect(titles((await today(client)).tasks)).toEqual(['Tomorrow']);
  });

  it('takes a task off Today when it is planned later, and on again when planned earlier', async () => {
    now = new Date('2026-11-23T15:00:00Z');
    const client = await clientIn('Europe/London');
    const day = dayAt(now, 'Europe/London');
    const task = await client.createTask({ title: 'Moves', plannedFor: day });
    await client.createTask({ title: 'Stays', plannedFor: day });
    expect(titles((await today(client)).tasks)).toEqual(['Moves', 'Stays']);
    await client.call('PATCH', `/api/tasks/${task.id}`, { plannedFor: addDays(day, 2) });
    expect(titles((await today(client)).tasks)).toEqual(['Stays']);
    await client.call('PATCH', `/api/tasks/${task.id}`, { plannedFor: addDays(day, -1) });
    expect(titles((await today(client)).tasks)).toEqual(['Moves', 'Stays']);
  });

  it('keeps its kept answer exact for planned rows: an edit of a planned task shows at once', async () => {
    now = new Date('2026-11-23T15:00:00Z');
    const client = await clientIn('UTC');
    const day = dayAt(now, 'UTC');
    const goal = await client.createGoal({ title: 'Home' });
    const task = await client.createTask({ title: 'Old title', plannedFor: day, goalId: goal.id });
    expect(titles((await today(client)).tasks)).toEqual(['Old title']);
    // Only planned, never on Today by hand: were its row left out of the kept answer's versions, the
    // kept answer would still say "Old title".
    await client.call('PATCH', `/api/tasks/${task.id}`, { title: 'New title' });
    expect(titles((await today(client)).tasks)).toEqual(['New title']);
    await client.call('PATCH', `/api/tasks/${task.id}`, { completed: true });
    expect((await today(client)).tasks.map((item) => item.completed)).toEqual([true]);
    await client.call('PATCH', `/api/tasks/${task.id}`, { completed: false });
    expect((await today(client)).tasks.map((item) => item.completed)).toEqual([false]);
    await client.call('DELETE', `/api/tasks/${task.id}`);
    expect((await today(client)).tasks).toEqual([]);
  });

  it('places a newly planned task after what is on Today', async () => {
    now = new Date('2026-11-23T15:00:00Z');
    const client = await clientIn('UTC');
    const day = dayAt(now, 'UTC');
    const first = await client.createTask({ title: 'First', isToday: true });
    const planned = await client.createTask({ title: 'Planned', plannedFor: day });
    expect(planned.todaySortOrder).toBeGreaterThan(first.todaySortOrder);
    const later = await client.createTask({ title: 'Later' });
    const moved = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${later.id}`, {
      plannedFor: addYears(day, 1),
    });
    expect(moved.todaySortOrder).toBeGreaterThan(planned.todaySortOrder);
  });
});

describe('A fresh Today each day', () => {
  it('takes a normal task done on an earlier day off Today at the day start, and keeps it ticked in All Items', async () => {
    // 20:00 on Monday 23 November in New York; the person's day starts at 4:00.
    now = new Date('2026-11-24T01:00:00Z');
    const client = await clientIn('America/New_York');
    await client.call('PATCH', '/api/auth/user', { dayStartHour: 4 });
    const day = dayAt(now, 'America/New_York', 4);
    const byHand = await client.createTask({ title: 'By hand', isToday: true });
    const overdue = await client.createTask({ title: 'Overdue', plannedFor: addDays(day, -2) });
    await client.createTask({ title: 'Open', isToday: true });
    await client.call('PATCH', `/api/tasks/${byHand.id}`, { completed: true });
    await client.call('PATCH', `/api/tasks/${overdue.id}`, { completed: true });

    // Done today: still on Today, ticked, until the day is over.
    let list = await today(client);
    expect(titles(list.tasks)).toEqual(['By hand', 'Open', 'Overdue']);
    expect(
      list.tasks
        .filter((task) => task.completed)
        .map((task) => task.title)
        .sort(),
    ).toEqual(['By hand', 'Overdue']);
    // 3:59 the next morning is still the same day for a day starting at 4:00.
    now = new Date(`${addDays(day, 1)}T08:59:00Z`);
    expect(titles((await today(client)).tasks)).toEqual(['By hand', 'Open', 'Overdue']);
    // 4:00: a new day, and only what is unfinished is left.
    now = new Date(`${addDays(day, 1)}T09:00:00Z`);
    list = await today(client);
    expect(titles(list.tasks)).toEqual(['Open']);
    const all = await client.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(all.find((task) => task.id === byHand.id)).toMatchObject({ completed: true, isToday: true });
    expect(all.find((task) => task.id === overdue.id)).toMatchObject({ completed: true });

    // Un-completed, it is unfinished again, and back on Today.
    await client.call('PATCH', `/api/tasks/${byHand.id}`, { completed: false });
    expect(titles((await today(client)).tasks)).toEqual(['By hand', 'Open']);
  });

  it('keeps habits and habit-goal tasks on Today, reset for the new day', async () => {
    now = new Date('2026-11-23T15:00:00Z');
    const client = await clientIn('Europe/London');
    const goal = await client.createGoal({ title: 'Daily', isHabitGoal: true });
    const daily = await client.createTask({ title: 'Daily task', goalId: goal.id, isToday: true });
    const habit = await client.createHabit({ title: 'Habit', isToday: true });
    await client.call('PATCH', `/api/tasks/${daily.id}`, { completedToday: true });
    await client.call('PATCH', `/api/habits/${habit.id}`, { completedToday: true });
    // A habit-goal task marked `completed` too is still a daily task: it does not leave.
    await client.call('PATCH', `/api/tasks/${daily.id}`, { completed: true });
    now = new Date('2026-11-24T15:00:00Z');
    const list = await today(client);
    expect(list.tasks.map((task) => [task.title, task.completedToday])).toEqual([['Daily task', false]]);
    expect(list.habits.map((item) => [item.title, item.completedToday])).toEqual([['Habit', false]]);
  });

  it('brings a task done yesterday back when its goal becomes a habit goal (the kept answer follows)', async () => {
    now = new Date('2026-11-23T15:00:00Z');
    const client = await clientIn('UTC');
    const goal = await client.createGoal({ title: 'Chores' });
    const task = await client.createTask({ title: 'Sweep', goalId: goal.id, isToday: true });
    await client.call('PATCH', `/api/tasks/${task.id}`, { completed: true });
    now = new Date('2026-11-24T15:00:00Z');
    expect((await today(client)).tasks).toEqual([]);
    await client.call('PATCH', `/api/goals/${goal.id}`, { isHabitGoal: true });
    expect(titles((await today(client)).tasks)).toEqual(['Sweep']);
  });

  it('takes a task created already completed off Today the next day', async () => {
    now = new Date('2026-11-23T15:00:00Z');
    const client = await clientIn('UTC');
    await client.createTask({ title: 'Done already', isToday: true, completed: true });
    expect(titles((await today(client)).tasks)).toEqual(['Done already']);
    now = new Date('2026-11-24T15:00:00Z');
    expect((await today(client)).tasks).toEqual([]);
  });
});
