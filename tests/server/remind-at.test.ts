import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema, AccountImportResultSchema, EXPORT_VERSION } from '#shared/api/account-data';
import { HabitListSchema, HabitSchema } from '#shared/api/habits';
import { TaskListSchema, TaskSchema } from '#shared/api/tasks';
import { REMIND_AT_MESSAGE } from '#shared/domain/reminder-times';
import { uniqueEmail } from '../factories';
import { ApiClient, messageOf } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * `remindAt` on tasks and habits (docs/product.md#reminders): a time of day, HH:MM, kept as sent,
 * changed and cleared; a bad time is a 400 naming the field and changes nothing; the export carries
 * it (from version 3) and an older file still imports.
 */

const now = new Date();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

async function signedIn() {
  const { headers } = await loginAs(t.db, { email: uniqueEmail(), timeZone: 'Europe/Paris', now });
  return new ApiClient(t.app, headers);
}

describe('remindAt on tasks', () => {
  it('is null unless given, kept as sent, changed and cleared', async () => {
    const client = await signedIn();
    expect((await client.createTask({ title: 'Loose' })).remindAt).toBeNull();
    const task = await client.createTask({
      title: 'Call the bank',
      plannedFor: '2026-03-11',
      remindAt: '07:30',
    });
    expect(task.remindAt).toBe('07:30');
    const moved = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, {
      remindAt: '18:05',
    });
    expect(moved.remindAt).toBe('18:05');
    const list = await client.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(list.find((item) => item.id === task.id)?.remindAt).toBe('18:05');
    const cleared = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, {
      remindAt: null,
    });
    expect(cleared.remindAt).toBeNull();
  });

  it.each(['7:30', '24:00', '07:60', '07:30:00', 'seven', 730, ''])(
    'refuses %j naming remindAt, on create and edit, and changes nothing',
    async (bad) => {
      const client = await signedIn();
      const create = await client.call('POST', '/api/tasks', { title: 'Bad time', remindAt: bad });
      expect(create.statusCode, create.body).toBe(400);
      expect(messageOf(create)).toBe(REMIND_AT_MESSAGE);
      expect(create.json().issues).toEqual([{ path: 'remindAt', message: REMIND_AT_MESSAGE }]);
      expect(await client.expect(200, TaskListSchema, 'GET', '/api/tasks')).toEqual([]);

      const task = await client.createTask({ title: 'Good time', remindAt: '08:00' });
      const edit = await client.call('PATCH', `/api/tasks/${task.id}`, { remindAt: bad, title: 'Renamed' });
      expect(edit.statusCode, edit.body).toBe(400);
      expect(messageOf(edit)).toBe(REMIND_AT_MESSAGE);
      const [unchanged] = await client.expect(200, TaskListSchema, 'GET', '/api/tasks');
      expect(unchanged).toMatchObject({ title: 'Good time', remindAt: '08:00' });
    },
  );
});

describe('remindAt on habits', () => {
  it('is kept as sent, changed and cleared; a bad time is a 400 naming remindAt', async () => {
    const client = await signedIn();
    const habit = await client.createHabit({ title: 'Stretch', remindAt: '06:45' });
    expect(habit.remindAt).toBe('06:45');
    const bad = await client.call('PATCH', `/api/habits/${habit.id}`, { remindAt: '6:45 pm' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: 'remindAt', message: REMIND_AT_MESSAGE }]);
    const changed = await client.expect(200, HabitSchema, 'PATCH', `/api/habits/${habit.id}`, {
      remindAt: '21:00',
    });
    expect(changed.remindAt).toBe('21:00');
    await client.expect(200, HabitSchema, 'PATCH', `/api/habits/${habit.id}`, { remindAt: null });
    const [listed] = await client.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(listed?.remindAt).toBeNull();
  });
});

describe('remindAt in the export and the import', () => {
  it('goes out in the export file and comes back in another account', async () => {
    const from = await signedIn();
    await from.createTask({ title: 'Pay rent', plannedFor: '2026-04-01', remindAt: '09:15' });
    await from.createHabit({ title: 'Walk', remindAt: '12:30' });
    const file = AccountExportSchema.parse((await from.call('GET', '/api/account/export')).json());
    expect(file.version).toBe(EXPORT_VERSION);
    expect(file.tasks.map((task) => task.remindAt)).toEqual(['09:15']);
    expect(file.habits.map((habit) => habit.remindAt)).toEqual(['12:30']);

    const to = await signedIn();
    await to.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', file);
    const [task] = await to.expect(200, TaskListSchema, 'GET', '/api/tasks');
    const [habit] = await to.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(task?.remindAt).toBe('09:15');
    expect(habit?.remindAt).toBe('12:30');
  });

  it('imports a version 2 file, which has no reminders, and refuses a bad time in a version 3 one', async () => {
    const client = await signedIn();
    const task = { id: crypto.randomUUID(), title: 'Old file', goalId: null, completed: false };
    const old = {
      format: 'stride-export',
      version: 2,
      tasks: [{ ...task, isToday: false, todaySortOrder: 0, sortOrder: 0 }],
    };
    await client.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', old);
    const [imported] = await client.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(imported?.remindAt).toBeNull();

    const bad = {
      format: 'stride-export',
      version: 3,
      tasks: [
        {
          ...task,
          id: crypto.randomUUID(),
          isToday: false,
          todaySortOrder: 0,
          sortOrder: 1,
          remindAt: '25:00',
        },
      ],
    };
    const res = await client.call('POST', '/api/account/import', bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'tasks.0.remindAt', message: REMIND_AT_MESSAGE }]);
    expect(await client.expect(200, TaskListSchema, 'GET', '/api/tasks')).toHaveLength(1);
  });
});
