import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema, AccountImportResultSchema, EXPORT_VERSION } from '#shared/api/account-data';
import { TaskListSchema, TaskSchema } from '#shared/api/tasks';
import { TodaySchema } from '#shared/api/today';
import { UpcomingSchema } from '#shared/api/upcoming';
import { PRIORITY_MESSAGE } from '#shared/domain/priority';
import { messageOf } from './helpers/api';
import { personIn } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A task's priority (docs/product.md#priority): 0 none (the default), 1 low, 2 medium, 3 high; anything
 * else is a 400 naming the field that changes nothing; every answer with tasks carries it; the export
 * (version 4), the CSV file in words and the calendar feed (RFC 5545's PRIORITY) take it along.
 */

const now = new Date();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const signedIn = () => personIn(t, 'Europe/Paris', now);

describe('a task’s priority', () => {
  it('is none unless given, kept, changed and taken back to none, in every answer', async () => {
    const client = await signedIn();
    expect((await client.createTask({ title: 'Whenever' })).priority).toBe(0);
    const task = await client.createTask({ title: 'File taxes', priority: 3, isToday: true });
    expect(task.priority).toBe(3);
    const today = await client.expect(200, TodaySchema, 'GET', '/api/today');
    expect(today.tasks.find((item) => item.id === task.id)?.priority).toBe(3);
    const lower = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, { priority: 1 });
    expect(lower).toMatchObject({ priority: 1, title: 'File taxes' });
    const list = await client.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(list.find((item) => item.id === task.id)?.priority).toBe(1);
    const none = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, { priority: 0 });
    expect(none.priority).toBe(0);
  });

  it('shows on Upcoming', async () => {
    const client = await signedIn();
    const upcoming = await client.call('GET', '/api/upcoming');
    const day = UpcomingSchema.parse(upcoming.json()).days[1]?.day;
    const task = await client.createTask({ title: 'Dentist', plannedFor: day, priority: 2 });
    const answer = UpcomingSchema.parse((await client.call('GET', '/api/upcoming')).json());
    expect(answer.days[1]?.tasks.find((item) => item.id === task.id)?.priority).toBe(2);
  });

  it.each([4, -1, 1.5, '3', null, 'high', true])(
    'refuses %j naming priority, on create and edit, and changes nothing',
    async (bad) => {
      const client = await signedIn();
      const create = await client.call('POST', '/api/tasks', { title: 'Bad priority', priority: bad });
      expect(create.statusCode, create.body).toBe(400);
      expect(create.json().issues).toEqual([{ path: 'priority', message: PRIORITY_MESSAGE }]);
      expect(await client.expect(200, TaskListSchema, 'GET', '/api/tasks')).toEqual([]);

      const task = await client.createTask({ title: 'Good priority', priority: 2 });
      const edit = await client.call('PATCH', `/api/tasks/${task.id}`, { priority: bad, title: 'Renamed' });
      expect(edit.statusCode, edit.body).toBe(400);
      expect(messageOf(edit)).toBe(PRIORITY_MESSAGE);
      const [unchanged] = await client.expect(200, TaskListSchema, 'GET', '/api/tasks');
      expect(unchanged).toMatchObject({ title: 'Good priority', priority: 2 });
    },
  );

  it('is no field of a habit: one sent is dropped, as any unknown field', async () => {
    const client = await signedIn();
    const res = await client.call('POST', '/api/habits', { title: 'Walk', priority: 3 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).not.toHaveProperty('priority');
  });

  it('is another person’s to change only as a 404', async () => {
    const owner = await signedIn();
    const task = await owner.createTask({ title: 'Mine', priority: 1 });
    const stranger = await signedIn();
    expect((await stranger.call('PATCH', `/api/tasks/${task.id}`, { priority: 3 })).statusCode).toBe(404);
    const [kept] = await owner.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(kept?.priority).toBe(1);
  });
});

describe('priority in the export, the import and the calendar feed', () => {
  it('goes out in the export file (version 4 on) and the CSV file in words, and comes back in another account', async () => {
    const from = await signedIn();
    await from.createTask({ title: 'Urgent', priority: 3 });
    await from.createTask({ title: 'Plain' });
    const file = AccountExportSchema.parse((await from.call('GET', '/api/account/export')).json());
    expect(file.version).toBe(EXPORT_VERSION);
    expect(file.tasks.map((task) => [task.title, task.priority])).toEqual([
      ['Urgent', 3],
      ['Plain', 0],
    ]);
    const csv = (await from.call('GET', '/api/account/export/csv/tasks')).body.trimEnd().split('\r\n');
    expect(csv[1]).toMatch(/^[^,]+,Urgent,.*,high,,$/);
    expect(csv[2]).toMatch(/^[^,]+,Plain,.*,$/);

    const to = await signedIn();
    await to.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', file);
    const tasks = await to.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(tasks.map((task) => [task.title, task.priority])).toEqual([
      ['Urgent', 3],
      ['Plain', 0],
    ]);
  });

  it('imports a version 3 file without priorities, and refuses a bad one naming where it is', async () => {
    const client = await signedIn();
    const task = { goalId: null, completed: false, isToday: false, todaySortOrder: 0, sortOrder: 0 };
    const old = {
      format: 'stride-export',
      version: 3,
      tasks: [{ ...task, id: crypto.randomUUID(), title: 'Old' }],
    };
    await client.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', old);
    const [imported] = await client.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(imported?.priority).toBe(0);

    const bad = {
      format: 'stride-export',
      version: 4,
      tasks: [{ ...task, id: crypto.randomUUID(), title: 'Bad', sortOrder: 1, priority: 9 }],
    };
    const res = await client.call('POST', '/api/account/import', bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'tasks.0.priority', message: PRIORITY_MESSAGE }]);
    expect(await client.expect(200, TaskListSchema, 'GET', '/api/tasks')).toHaveLength(1);
  });

  it('is RFC 5545’s PRIORITY in the calendar feed: 1 high, 5 medium, 9 low, none left out', async () => {
    const client = await signedIn();
    await client.createTask({ title: 'High one', plannedFor: '2026-12-01', priority: 3 });
    await client.createTask({ title: 'Medium one', plannedFor: '2026-12-02', priority: 2 });
    await client.createTask({ title: 'Low one', plannedFor: '2026-12-03', priority: 1 });
    await client.createTask({ title: 'No priority', plannedFor: '2026-12-04' });
    const made = await client.call('POST', '/api/calendar/feed');
    const feed = await t.app.inject({ method: 'GET', url: new URL(made.json().url).pathname });
    const events = feed.body.split('BEGIN:VEVENT').slice(1);
    const priorityOf = (title: string) =>
      events.find((event) => event.includes(`SUMMARY:${title}\r\n`))?.match(/\r\nPRIORITY:(\d+)\r\n/)?.[1] ??
      null;
    expect(priorityOf('High one')).toBe('1');
    expect(priorityOf('Medium one')).toBe('5');
    expect(priorityOf('Low one')).toBe('9');
    expect(priorityOf('No priority')).toBeNull();
  });
});
