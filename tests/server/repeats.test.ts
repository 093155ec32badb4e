import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ItemHistorySchema } from '#shared/api/history';
import { TaskListSchema, TaskSchema } from '#shared/api/tasks';
import { TodaySchema } from '#shared/api/today';
import { addDays, dayAt, weekdayOf } from '#shared/domain/days';
import { nextOccurrenceAfter } from '#shared/domain/repeat-expansion';
import { ApiClient, messageOf } from './helpers/api';
import { personIn } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Repeating tasks (docs/product.md#repeats): the rule as the API takes it, a repeating task done and
 * undone, its history, and the days it moves to. The clock is injected so days pass.
 */

let now = new Date('2026-11-23T15:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const clientIn = (timeZone: string) => personIn(t, timeZone, now);

const patch = (client: ApiClient, id: string, body: Record<string, unknown>) =>
  client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${id}`, body);
const taskOf = async (client: ApiClient, id: string) =>
  (await client.expect(200, TaskListSchema, 'GET', '/api/tasks')).find((task) => task.id === id);
const todayTitles = async (client: ApiClient) =>
  (await client.expect(200, TodaySchema, 'GET', '/api/today')).tasks.map((task) => task.title).sort();
const historyOf = (client: ApiClient, id: string) =>
  client.expect(200, ItemHistorySchema, 'GET', `/api/tasks/${id}/history`);

describe('repeat on create and edit', () => {
  it('keeps the rule in its canonical text and plans the task for the rule’s first day', async () => {
    now = new Date('2026-11-25T15:00:00Z'); // a Wednesday
    const client = await clientIn('UTC');
    const day = dayAt(now, 'UTC');
    const daily = await client.createTask({ title: 'Water', repeat: 'freq=daily' });
    expect(daily).toMatchObject({ repeat: 'FREQ=DAILY', plannedFor: day, completed: false });
    // Every Monday, made on a Wednesday: first planned for the next Monday.
    const weekly = await client.createTask({ title: 'Bins', repeat: 'FREQ=WEEKLY;BYDAY=MO' });
    expect(weekly.plannedFor).toBe(nextOccurrenceAfter('FREQ=WEEKLY;BYDAY=MO', day, day));
    expect(weekdayOf(weekly.plannedFor ?? '')).toBe(1);
    // A planned day given with the rule is where it counts from.
    const monthly = await client.createTask({
      title: 'Rent',
      repeat: 'FREQ=MONTHLY;BYMONTHDAY=1',
      plannedFor: '2027-03-15',
    });
    expect(monthly.plannedFor).toBe('2027-04-01');

    const given = await patch(client, daily.id, { repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR' });
    expect(given).toMatchObject({ repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=FR', plannedFor: '2026-11-27' });
    const cleared = await patch(client, daily.id, { repeat: null });
    expect(cleared).toMatchObject({ repeat: null, plannedFor: '2026-11-27' });
  });

  it.each([
    ['RRULE:FREQ=DAILY', 'repeat must be the rule without "RRULE:", such as FREQ=DAILY'],
    ['FREQ=HOURLY', 'repeat must be a rule such as FREQ=WEEKLY;BYDAY=MO'],
    ['FREQ=DAILY;BYSETPOS=1', 'repeat cannot use BYSETPOS'],
    ['FREQ=WEEKLY;BYDAY=2TU', 'repeat BYDAY may number its weekdays'],
    ['FREQ=DAILY;COUNT=2;UNTIL=20270101', 'repeat takes COUNT or UNTIL, not both'],
    ['FREQ=DAILY;UNTIL=20200101', 'repeat falls on no day from'],
    [42, 'repeat must be a rule such as FREQ=WEEKLY;BYDAY=MO'],
  ])('refuses %j with 400 naming repeat, and changes nothing', async (repeat, message) => {
    const client = await clientIn('UTC');
    const before = await client.expect(200, TaskListSchema, 'GET', '/api/tasks');
    const created = await client.call('POST', '/api/tasks', { title: 'Bad rule', repeat });
    expect(created.statusCode).toBe(400);
    expect(messageOf(created).startsWith(message)).toBe(true);
    expect(created.json().issues[0].path).toBe('repeat');
    expect(await client.expect(200, TaskListSchema, 'GET', '/api/tasks')).toEqual(before);

    const task = await client.createTask({ title: 'Good rule', repeat: 'FREQ=DAILY' });
    const patched = await client.call('PATCH', `/api/tasks/${task.id}`, { repeat, title: 'Renamed' });
    expect(patched.statusCode).toBe(400);
    expect(messageOf(patched).startsWith(message)).toBe(true);
    expect(await taskOf(client, task.id)).toEqual(task);
  });

  it("answers 404 for another person's repeating task, and its history, changing nothing", async () => {
    const ann = await clientIn('UTC');
    const bob = await clientIn('UTC');
    const theirs = await bob.createTask({ repeat: 'FREQ=DAILY' });
    for (const body of [{ repeat: 'FREQ=WEEKLY' }, { completed: true }]) {
      const res = await ann.call('PATCH', `/api/tasks/${theirs.id}`, body);
      expect(res.statusCode).toBe(404);
      expect(messageOf(res)).toBe('Task not found');
    }
    expect((await ann.call('GET', `/api/tasks/${theirs.id}/history`)).statusCode).toBe(404);
    expect(await taskOf(bob, theirs.id)).toEqual(theirs);
    expect((await historyOf(bob, theirs.id)).days).toEqual([]);
  });
});

describe('a repeating task done', () => {
  it('records the day, moves on to the next day after it, stays open, and Undo puts it back', async () => {
    now = new Date('2026-11-23T15:00:00Z'); // Monday 23 November
    const client = await clientIn('Europe/London');
    const day = dayAt(now, 'Europe/London');
    const task = await client.createTask({ title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=MO,WE,FR' });
    expect(task.plannedFor).toBe(day);

    const done = await patch(client, task.id, { completed: true });
    expect(done).toMatchObject({
      completed: false,
      completedToday: true,
      completionCount: 1,
      plannedFor: '2026-11-25',
    });
    expect((await historyOf(client, task.id)).days).toEqual([day]);
    // Done today, it shows done on Today until the day is over.
    const list = await client.expect(200, TodaySchema, 'GET', '/api/today');
    expect(list.tasks.map((item) => [item.title, item.completedToday])).toEqual([['Gym', true]]);

    const undone = await patch(client, task.id, { completed: false });
    expect(undone).toMatchObject({
      completed: false,
      completedToday: false,
      completionCount: 0,
      plannedFor: day,
    });
    expect((await historyOf(client, task.id)).days).toEqual([]);
  });

  it('leaves Today at the day start and comes back on its next day', async () => {
    now = new Date('2026-11-23T15:00:00Z');
    const client = await clientIn('UTC');
    const task = await client.createTask({ title: 'Stretch', repeat: 'FREQ=DAILY;INTERVAL=2' });
    await patch(client, task.id, { completed: true });
    now = new Date('2026-11-24T15:00:00Z');
    expect(await todayTitles(client)).toEqual([]);
    now = new Date('2026-11-25T15:00:00Z');
    expect(await todayTitles(client)).toEqual(['Stretch']);
    expect(await taskOf(client, task.id)).toMatchObject({ completedToday: false, completionCount: 1 });
  });

  it('moves on from today when done overdue, and from its day when done early', async () => {
    now = new Date('2026-11-18T15:00:00Z'); // Wednesday 18 November
    const client = await clientIn('UTC');
    const overdue = await client.createTask({
      title: 'Overdue',
      repeat: 'FREQ=WEEKLY;BYDAY=MO',
      plannedFor: '2026-11-16',
    });
    expect(overdue.plannedFor).toBe('2026-11-16');
    expect((await patch(client, overdue.id, { completed: true })).plannedFor).toBe('2026-11-23');

    const early = await client.createTask({
      title: 'Early',
      repeat: 'FREQ=WEEKLY;BYDAY=FR',
      plannedFor: '2026-11-20',
    });
    // Done on Wednesday for Friday: the next is the Friday after.
    expect((await patch(client, early.id, { completed: true })).plannedFor).toBe('2026-11-27');
    expect((await historyOf(client, early.id)).days).toEqual(['2026-11-18']);
  });

  it('skips months without a 31st when monthly on the 31st', async () => {
    now = new Date('2026-01-31T12:00:00Z');
    const client = await clientIn('UTC');
    const task = await client.createTask({ title: 'Accounts', repeat: 'FREQ=MONTHLY;BYMONTHDAY=31' });
    expect(task.plannedFor).toBe('2026-01-31');
    expect((await patch(client, task.id, { completed: true })).plannedFor).toBe('2026-03-31');
  });

  it('is done for good when the rule has no next day', async () => {
    now = new Date('2026-11-23T15:00:00Z');
    const client = await clientIn('UTC');
    const task = await client.createTask({ title: 'Twice', repeat: 'FREQ=DAILY;COUNT=2' });
    const first = await patch(client, task.id, { completed: true });
    expect(first).toMatchObject({ completed: false, plannedFor: '2026-11-24' });
    now = new Date('2026-11-24T15:00:00Z');
    const last = await patch(client, task.id, { completed: true });
    expect(last).toMatchObject({ completed: true, plannedFor: '2026-11-24', completionCount: 2 });
    expect((await historyOf(client, task.id)).days).toEqual(['2026-11-23', '2026-11-24']);
  });

  it('keeps its next day when the person flies from Kiritimati to Pago Pago with it pending', async () => {
    // 00:30 on Monday 23 November in Kiritimati; 23:30 on Saturday the 21st in Pago Pago.
    now = new Date('2026-11-22T10:30:00Z');
    const client = await clientIn('Pacific/Kiritimati');
    const task = await client.createTask({ title: 'Journal', repeat: 'FREQ=DAILY' });
    expect(task.plannedFor).toBe('2026-11-23');
    const done = await patch(client, task.id, { completed: true });
    expect(done.plannedFor).toBe('2026-11-24');
    const west = new ApiClient(t.app, { ...client.headers, 'x-time-zone': 'Pacific/Pago_Pago' });
    // Two days before the day it was done there: not due, and the recorded day does not move.
    expect(await todayTitles(west)).toEqual([]);
    const history = await west.expect(
      200,
      ItemHistorySchema,
      'GET',
      `/api/tasks/${task.id}/history?to=2026-11-30`,
    );
    expect(history.days).toEqual(['2026-11-23']);
    now = new Date('2026-11-24T11:00:00Z'); // midnight starting the 24th in Pago Pago
    expect(dayAt(now, 'Pacific/Pago_Pago')).toBe(addDays('2026-11-23', 1));
    expect(await todayTitles(west)).toEqual(['Journal']);
  });
});
