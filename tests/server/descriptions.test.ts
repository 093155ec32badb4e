import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema, AccountImportResultSchema, EXPORT_VERSION } from '#shared/api/account-data';
import { DESCRIPTION_MAX } from '#shared/api/common';
import { HabitListSchema, HabitSchema } from '#shared/api/habits';
import { TaskListSchema, TaskSchema } from '#shared/api/tasks';
import { TodaySchema } from '#shared/api/today';
import { messageOf } from './helpers/api';
import { personIn } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A task's and a habit's description (docs/product.md#descriptions): free text with lines, kept
 * trimmed, an empty one kept as none; the goal description's rules and messages; every list answers
 * it; the export carries it from version 4, the CSV files in a last column, and the calendar feed after
 * the goal's line.
 */

const now = new Date();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const signedIn = () => personIn(t, 'Europe/Paris', now);

const NOTES = 'Bring the passport.\nأحضر جواز السفر\n\tand the form';

describe('a task’s description', () => {
  it('is null unless given, kept trimmed with its lines, changed, and cleared by null or blank text', async () => {
    const client = await signedIn();
    expect((await client.createTask({ title: 'Bare' })).description).toBeNull();
    const task = await client.createTask({ title: 'Embassy', description: `  ${NOTES}\n\n`, isToday: true });
    expect(task.description).toBe(NOTES);

    const today = await client.expect(200, TodaySchema, 'GET', '/api/today');
    expect(today.tasks.find((item) => item.id === task.id)?.description).toBe(NOTES);
    const changed = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, {
      description: 'Only the form',
    });
    expect(changed).toMatchObject({ description: 'Only the form', title: 'Embassy' });
    const list = await client.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(list.find((item) => item.id === task.id)?.description).toBe('Only the form');

    const blank = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, {
      description: ' \n ',
    });
    expect(blank.description).toBeNull();
    await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, { description: 'Back' });
    const cleared = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, {
      description: null,
    });
    expect(cleared.description).toBeNull();
  });

  it.each([
    ['x'.repeat(DESCRIPTION_MAX + 1), `Description must be at most ${DESCRIPTION_MAX} characters`],
    ['a\u0000b', 'Description must not contain control characters'],
    ['half \uD800 a pair', 'Description contains an invalid character (an unpaired surrogate)'],
    [42, 'Description must be text'],
  ])(
    'refuses %j with a 400 naming description, on create and edit, and changes nothing',
    async (bad, message) => {
      const client = await signedIn();
      const create = await client.call('POST', '/api/tasks', { title: 'Bad notes', description: bad });
      expect(create.statusCode, create.body).toBe(400);
      expect(create.json().issues).toEqual([{ path: 'description', message }]);
      expect(await client.expect(200, TaskListSchema, 'GET', '/api/tasks')).toEqual([]);

      const task = await client.createTask({ title: 'Good notes', description: 'Kept' });
      const edit = await client.call('PATCH', `/api/tasks/${task.id}`, {
        description: bad,
        title: 'Renamed',
      });
      expect(edit.statusCode, edit.body).toBe(400);
      expect(messageOf(edit)).toBe(message);
      const [unchanged] = await client.expect(200, TaskListSchema, 'GET', '/api/tasks');
      expect(unchanged).toMatchObject({ title: 'Good notes', description: 'Kept' });
    },
  );

  it('takes exactly the longest description allowed', async () => {
    const client = await signedIn();
    const longest = 'y'.repeat(DESCRIPTION_MAX);
    expect((await client.createTask({ title: 'Long', description: longest })).description).toBe(longest);
  });

  it('is another person’s to change only as a 404', async () => {
    const owner = await signedIn();
    const task = await owner.createTask({ title: 'Mine', description: 'Private' });
    const stranger = await signedIn();
    const res = await stranger.call('PATCH', `/api/tasks/${task.id}`, { description: 'Theirs' });
    expect(res.statusCode).toBe(404);
    const [kept] = await owner.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(kept?.description).toBe('Private');
  });
});

describe('a habit’s description', () => {
  it('is kept, changed and cleared; a bad one is a 400 naming description', async () => {
    const client = await signedIn();
    const habit = await client.createHabit({
      title: 'Stretch',
      description: 'Hips, then shoulders',
      isToday: true,
    });
    expect(habit.description).toBe('Hips, then shoulders');
    const today = await client.expect(200, TodaySchema, 'GET', '/api/today');
    expect(today.habits.find((item) => item.id === habit.id)?.description).toBe('Hips, then shoulders');
    const bad = await client.call('PATCH', `/api/habits/${habit.id}`, {
      description: 'x'.repeat(DESCRIPTION_MAX + 1),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([
      { path: 'description', message: `Description must be at most ${DESCRIPTION_MAX} characters` },
    ]);
    await client.expect(200, HabitSchema, 'PATCH', `/api/habits/${habit.id}`, { description: 'Neck too' });
    const [listed] = await client.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(listed?.description).toBe('Neck too');
    await client.expect(200, HabitSchema, 'PATCH', `/api/habits/${habit.id}`, { description: null });
    const [cleared] = await client.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(cleared?.description).toBeNull();
  });
});

describe('descriptions in the export, the import and the calendar feed', () => {
  it('go out in the export file (version 4 on) and the CSV files, and come back in another account', async () => {
    const from = await signedIn();
    await from.createTask({ title: 'Pay rent', description: 'IBAN in the email\n"from March"' });
    await from.createHabit({ title: 'Walk', description: 'Round the park' });
    const file = AccountExportSchema.parse((await from.call('GET', '/api/account/export')).json());
    expect(file.version).toBe(EXPORT_VERSION);
    expect(file.tasks.map((task) => task.description)).toEqual(['IBAN in the email\n"from March"']);
    expect(file.habits.map((habit) => habit.description)).toEqual(['Round the park']);
    const csv = await from.call('GET', '/api/account/export/csv/tasks');
    expect(csv.body.trimEnd()).toMatch(/,"IBAN in the email\n""from March""",,,$/);

    const to = await signedIn();
    await to.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', file);
    const [task] = await to.expect(200, TaskListSchema, 'GET', '/api/tasks');
    const [habit] = await to.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(task?.description).toBe('IBAN in the email\n"from March"');
    expect(habit?.description).toBe('Round the park');
  });

  it('imports a version 3 file, which has none, and refuses a bad description naming where it is', async () => {
    const client = await signedIn();
    const task = { id: crypto.randomUUID(), title: 'Old file', goalId: null, completed: false };
    const old = {
      format: 'stride-export',
      version: 3,
      tasks: [{ ...task, isToday: false, todaySortOrder: 0, sortOrder: 0 }],
    };
    await client.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', old);
    const [imported] = await client.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(imported?.description).toBeNull();

    const bad = {
      format: 'stride-export',
      version: 4,
      habits: [
        {
          id: crypto.randomUUID(),
          title: 'Bad habit',
          description: 'a\u0007b',
          isToday: false,
          todaySortOrder: 0,
          sortOrder: 0,
          completedDays: [],
        },
      ],
    };
    const res = await client.call('POST', '/api/account/import', bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'habits.0.description', message: 'Description must not contain control characters' },
    ]);
    expect(await client.expect(200, HabitListSchema, 'GET', '/api/habits')).toEqual([]);
  });

  it('shows in the calendar feed after the goal’s line', async () => {
    const client = await signedIn();
    const goal = await client.createGoal({ title: 'Health' });
    await client.createTask({
      title: 'Dentist',
      plannedFor: '2026-03-12',
      goalId: goal.id,
      description: 'Room 4',
    });
    await client.createTask({ title: 'Haircut', plannedFor: '2026-03-13', description: 'Short' });
    const made = await client.call('POST', '/api/calendar/feed');
    expect(made.statusCode, made.body).toBe(201);
    const feed = await t.app.inject({ method: 'GET', url: new URL(made.json().url).pathname });
    expect(feed.statusCode).toBe(200);
    const unfolded = feed.body.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain('DESCRIPTION:Goal: Health\\n\\nRoom 4\r\n');
    expect(unfolded).toContain('DESCRIPTION:Short\r\n');
  });
});
