import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema, AccountImportResultSchema, EXPORT_VERSION } from '#shared/api/account-data';
import { CalendarFeedSchema } from '#shared/api/calendar';
import { CHECKLIST_MAX } from '#shared/api/checklist';
import { type Task, TaskListSchema, TaskSchema } from '#shared/api/tasks';
import { TodaySchema } from '#shared/api/today';
import { UpcomingSchema } from '#shared/api/upcoming';
import { dayAt } from '#shared/domain/days';
import { type ApiClient, messageOf } from './helpers/api';
import { personIn } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * A task's checklist (docs/product.md#checklists, docs/decisions/049-checklists.md): given whole on
 * create and edit, ticked one item at a time, read done by the person's day (in a habit goal only on
 * the day it was ticked), started again when a repeating task moves on; refused input changes nothing;
 * the export (version 5), the CSV file and the calendar feed take it along. The clock is injected so
 * days pass.
 */

let now = new Date('2026-11-23T15:00:00Z'); // Monday 23 November in UTC
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const signedIn = () => personIn(t, 'UTC', now);

const ids = Array.from({ length: 4 }, () => crypto.randomUUID());
const [A, B, C, D] = ids as [string, string, string, string];

const tick = (client: ApiClient, task: string, item: string, done: unknown) =>
  client.call('PATCH', `/api/tasks/${task}/checklist/${item}`, { done });

async function ticked(client: ApiClient, task: string, item: string, done: boolean): Promise<Task> {
  const res = await tick(client, task, item, done);
  expect(res.statusCode, res.body).toBe(200);
  return TaskSchema.parse(res.json());
}

async function listed(client: ApiClient, id: string): Promise<Task | undefined> {
  return (await client.expect(200, TaskListSchema, 'GET', '/api/tasks')).find((task) => task.id === id);
}

/** What each item reads, in order: "title" ticked, "-title" not. */
const shown = (task: Task | undefined) =>
  task?.checklist.map((item) => `${item.done ? '' : '-'}${item.title}`);

describe('a task’s checklist', () => {
  beforeAll(() => {
    now = new Date('2026-11-23T15:00:00Z');
  });

  it('is none unless given; one given on create is kept in order, ticks and all, in every answer', async () => {
    const client = await signedIn();
    expect((await client.createTask({ title: 'Plain' })).checklist).toEqual([]);
    const task = await client.createTask({
      title: 'Pack the bag',
      isToday: true,
      checklist: [
        { id: A, title: '  Passport ', done: true },
        { id: B, title: 'Charger' },
      ],
    });
    expect(task.checklist).toEqual([
      { id: A, title: 'Passport', done: true },
      { id: B, title: 'Charger', done: false },
    ]);
    expect((await listed(client, task.id))?.checklist).toEqual(task.checklist);
    const today = await client.expect(200, TodaySchema, 'GET', '/api/today');
    expect(today.tasks.find((item) => item.id === task.id)?.checklist).toEqual(task.checklist);
    const planned = await client.createTask({
      title: 'Dentist',
      plannedFor: '2026-11-24',
      checklist: [{ id: C, title: 'Insurance card' }],
    });
    const upcoming = await client.expect(200, UpcomingSchema, 'GET', '/api/upcoming');
    const onTuesday = upcoming.days.find((day) => day.day === '2026-11-24');
    expect(onTuesday?.tasks.find((item) => item.id === planned.id)?.checklist).toEqual([
      { id: C, title: 'Insurance card', done: false },
    ]);
  });

  it('saved whole keeps ticked items ticked, takes new words and order, drops what is left out', async () => {
    const client = await signedIn();
    const task = await client.createTask({
      title: 'Weekly review',
      checklist: [
        { id: A, title: 'Inbox', done: true },
        { id: B, title: 'Calendar' },
        { id: C, title: 'Goals' },
      ],
    });
    const edited = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, {
      title: 'Weekly review, Friday',
      checklist: [
        { id: C, title: 'Goals', done: true },
        { id: A, title: 'Inbox zero', done: true },
        { id: D, title: 'Plan next week' },
      ],
    });
    expect(shown(edited)).toEqual(['Goals', 'Inbox zero', '-Plan next week']);
    expect(edited.title).toBe('Weekly review, Friday');
    expect(shown(await listed(client, task.id))).toEqual(shown(edited));

    // Another edit that leaves the checklist out leaves it as it is; an empty one clears it.
    await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, { priority: 2 });
    expect(shown(await listed(client, task.id))).toEqual(shown(edited));
    const cleared = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, { checklist: [] });
    expect(cleared.checklist).toEqual([]);
  });

  it('ticks and unticks one item at a time, leaving the others, and two ticks of different items both stay', async () => {
    const client = await signedIn();
    const task = await client.createTask({
      title: 'Morning',
      checklist: [
        { id: A, title: 'Water' },
        { id: B, title: 'Stretch' },
        { id: C, title: 'Read', done: true },
      ],
    });
    expect(shown(await ticked(client, task.id, A, true))).toEqual(['Water', '-Stretch', 'Read']);
    expect(shown(await ticked(client, task.id, C, false))).toEqual(['Water', '-Stretch', '-Read']);
    // Two devices at once: each tick is applied to the list as the other left it.
    const both = await Promise.all([tick(client, task.id, B, true), tick(client, task.id, C, true)]);
    expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(shown(await listed(client, task.id))).toEqual(['Water', 'Stretch', 'Read']);
    // A tick does not complete the task.
    expect((await listed(client, task.id))?.completed).toBe(false);
  });

  it('answers 404 for another person’s task, an unknown task or item, and changes nothing', async () => {
    const owner = await signedIn();
    const task = await owner.createTask({ title: 'Mine', checklist: [{ id: A, title: 'Step' }] });
    const stranger = await signedIn();
    const theirs = await tick(stranger, task.id, A, true);
    expect(theirs.statusCode).toBe(404);
    expect(messageOf(theirs)).toBe('Task not found');
    const unknownTask = await tick(owner, crypto.randomUUID(), A, true);
    expect(unknownTask.statusCode).toBe(404);
    expect(messageOf(unknownTask)).toBe('Task not found');
    const unknownItem = await tick(owner, task.id, B, true);
    expect(unknownItem.statusCode).toBe(404);
    expect(messageOf(unknownItem)).toBe('Checklist item not found');
    expect(shown(await listed(owner, task.id))).toEqual(['-Step']);
  });

  it.each([
    {
      what: 'more than the most items',
      checklist: Array.from({ length: CHECKLIST_MAX + 1 }, (_, n) => ({
        id: crypto.randomUUID(),
        title: `${n}`,
      })),
      issue: { path: 'checklist', message: `A checklist holds at most ${CHECKLIST_MAX} items` },
    },
    {
      what: 'an id twice',
      checklist: [
        { id: A, title: 'One' },
        { id: A, title: 'Two' },
      ],
      issue: { path: 'checklist.1.id', message: `Duplicate id in checklist: ${A}` },
    },
    {
      what: 'a blank title',
      checklist: [{ id: A, title: '   ' }],
      issue: { path: 'checklist.0.title', message: 'Title is required' },
    },
    {
      what: 'a done that is not true or false',
      checklist: [{ id: A, title: 'One', done: 'yes' }],
      issue: { path: 'checklist.0.done', message: 'done must be true or false' },
    },
    {
      what: 'no list',
      checklist: 'passport',
      issue: { path: 'checklist', message: 'checklist must be a list' },
    },
  ])('refuses $what on create and edit with a 400 that changes nothing', async ({ checklist, issue }) => {
    const client = await signedIn();
    const create = await client.call('POST', '/api/tasks', { title: 'Refused', checklist });
    expect(create.statusCode, create.body).toBe(400);
    expect(create.json().issues).toContainEqual(issue);
    expect(await client.expect(200, TaskListSchema, 'GET', '/api/tasks')).toEqual([]);

    const task = await client.createTask({
      title: 'Kept',
      checklist: [{ id: B, title: 'Kept step', done: true }],
    });
    const edit = await client.call('PATCH', `/api/tasks/${task.id}`, { title: 'Renamed', checklist });
    expect(edit.statusCode, edit.body).toBe(400);
    expect(edit.json().issues).toContainEqual(issue);
    const unchanged = await listed(client, task.id);
    expect(unchanged?.title).toBe('Kept');
    expect(shown(unchanged)).toEqual(['Kept step']);
  });

  it.each([['yes'], [null], [1], [undefined]])(
    'refuses a tick of %j with a 400 that changes nothing',
    async (done) => {
      const client = await signedIn();
      const task = await client.createTask({
        title: 'Tick',
        checklist: [{ id: A, title: 'Step', done: true }],
      });
      const res = await tick(client, task.id, A, done);
      expect(res.statusCode, res.body).toBe(400);
      expect(messageOf(res)).toBe('done must be true or false');
      expect(shown(await listed(client, task.id))).toEqual(['Step']);
    },
  );

  it('refuses an item id that is not an id with a 400', async () => {
    const client = await signedIn();
    const task = await client.createTask({ title: 'Tick', checklist: [{ id: A, title: 'Step' }] });
    expect((await tick(client, task.id, 'not-an-id', true)).statusCode).toBe(400);
    expect(shown(await listed(client, task.id))).toEqual(['-Step']);
  });
});

describe('a checklist’s days', () => {
  beforeAll(() => {
    now = new Date('2026-11-23T15:00:00Z');
  });

  it('in a habit goal reads done only on the day it was ticked; elsewhere until unticked', async () => {
    now = new Date('2026-11-23T15:00:00Z');
    const client = await signedIn();
    const routine = await client.createGoal({ title: 'Mornings', isHabitGoal: true });
    const daily = await client.createTask({
      title: 'Routine',
      goalId: routine.id,
      checklist: [
        { id: A, title: 'Water', done: true },
        { id: B, title: 'Stretch' },
      ],
    });
    expect(shown(daily)).toEqual(['Water', '-Stretch']);
    expect(shown(await ticked(client, daily.id, B, true))).toEqual(['Water', 'Stretch']);
    const plain = await client.createTask({
      title: 'Errand',
      checklist: [{ id: C, title: 'Stamps', done: true }],
    });

    now = new Date('2026-11-24T15:00:00Z');
    expect(shown(await listed(client, daily.id))).toEqual(['-Water', '-Stretch']);
    expect(shown(await listed(client, plain.id))).toEqual(['Stamps']);
    // Saving the list on the new day with an item done ticks it today; one left undone stays so.
    const saved = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${daily.id}`, {
      checklist: [
        { id: A, title: 'Water', done: true },
        { id: B, title: 'Stretch', done: false },
      ],
    });
    expect(shown(saved)).toEqual(['Water', '-Stretch']);

    now = new Date('2026-11-25T15:00:00Z');
    expect(shown(await listed(client, daily.id))).toEqual(['-Water', '-Stretch']);
  });

  it('is saved by the rule of the goal a task moves to in the same edit', async () => {
    now = new Date('2026-11-23T15:00:00Z');
    const client = await signedIn();
    const routine = await client.createGoal({ title: 'Evenings', isHabitGoal: true });
    const task = await client.createTask({
      title: 'Wind down',
      checklist: [{ id: A, title: 'Lights', done: true }],
    });
    // Ticked yesterday outside a habit goal; saved done as it moves into one, it is done today there.
    now = new Date('2026-11-24T15:00:00Z');
    const moved = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, {
      goalId: routine.id,
      checklist: [{ id: A, title: 'Lights', done: true }],
    });
    expect(shown(moved)).toEqual(['Lights']);
    now = new Date('2026-11-25T15:00:00Z');
    expect(shown(await listed(client, task.id))).toEqual(['-Lights']);
  });

  it('starts again when a repeating task is done and moves on; its undo ticks nothing again', async () => {
    now = new Date('2026-11-23T15:00:00Z');
    const client = await signedIn();
    const task = await client.createTask({
      title: 'Water the plants',
      repeat: 'FREQ=DAILY',
      checklist: [
        { id: A, title: 'Ferns', done: true },
        { id: B, title: 'Cactus' },
      ],
    });
    await ticked(client, task.id, B, true);
    const done = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, { completed: true });
    expect(done.plannedFor).toBe('2026-11-24');
    expect(shown(done)).toEqual(['-Ferns', '-Cactus']);
    const undone = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, {
      completed: false,
    });
    expect(undone.plannedFor).toBe('2026-11-23');
    expect(shown(undone)).toEqual(['-Ferns', '-Cactus']);
  });

  it('stays ticked when a task done once is completed: completing ticks and unticks nothing', async () => {
    const client = await signedIn();
    const task = await client.createTask({
      title: 'Once',
      checklist: [
        { id: A, title: 'First', done: true },
        { id: B, title: 'Second' },
      ],
    });
    const done = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, { completed: true });
    expect(done.completed).toBe(true);
    expect(shown(done)).toEqual(['First', '-Second']);
  });
});

describe('a checklist in the export, the import, the CSV file and the calendar feed', () => {
  beforeAll(() => {
    now = new Date('2026-11-23T15:00:00Z');
  });

  it('goes out in the version 5 file with the days ticked and comes back ticked on them', async () => {
    // The import takes creation times up to its clock's now, and the database stamps them with its own.
    now = new Date();
    const day = dayAt(now, 'UTC');
    const from = await signedIn();
    const routine = await from.createGoal({ title: 'Mornings', isHabitGoal: true });
    await from.createTask({
      title: 'Routine',
      goalId: routine.id,
      checklist: [
        { id: A, title: 'Water', done: true },
        { id: B, title: 'Stretch' },
      ],
    });
    await from.createTask({ title: 'Plain' });
    const file = AccountExportSchema.parse((await from.call('GET', '/api/account/export')).json());
    expect(file.version).toBe(EXPORT_VERSION);
    expect(file.tasks.map((task) => [task.title, task.checklist])).toEqual([
      [
        'Routine',
        [
          { id: A, title: 'Water', doneOn: day },
          { id: B, title: 'Stretch', doneOn: null },
        ],
      ],
      ['Plain', []],
    ]);

    const to = await signedIn();
    await to.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', file);
    const [routineTask] = await to.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(shown(routineTask)).toEqual(['Water', '-Stretch']);
    // Ticked on its day, not the import's: the next day it reads undone, as the original does.
    now = new Date(now.getTime() + 24 * 60 * 60 * 1000);
    expect(shown(await listed(to, routineTask?.id ?? ''))).toEqual(['-Water', '-Stretch']);
    const again = AccountExportSchema.parse((await to.call('GET', '/api/account/export')).json());
    expect(again.tasks.find((task) => task.title === 'Routine')?.checklist).toEqual(file.tasks[0]?.checklist);
  });

  it('imports an older file with none, and refuses a bad version 5 list naming where it is', async () => {
    now = new Date('2026-11-23T15:00:00Z');
    const client = await signedIn();
    const task = { goalId: null, completed: false, isToday: false, todaySortOrder: 0, sortOrder: 0 };
    for (const version of [1, 4]) {
      const old = {
        format: 'stride-export',
        version,
        tasks: [{ ...task, id: crypto.randomUUID(), title: 'Old' }],
      };
      await client.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', old);
    }
    const tasks = await client.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(tasks.map((item) => item.checklist)).toEqual([[], []]);

    // A tick dated after the import's day (a zone ahead, a file written by hand) lands on that day.
    const ahead = {
      format: 'stride-export',
      version: 5,
      tasks: [
        {
          ...task,
          id: crypto.randomUUID(),
          title: 'Ahead',
          sortOrder: 2,
          checklist: [
            { id: A, title: 'Early', doneOn: '2026-12-25' },
            { id: B, title: 'Open' },
          ],
        },
      ],
    };
    await client.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', ahead);
    const file = AccountExportSchema.parse((await client.call('GET', '/api/account/export')).json());
    expect(file.tasks.find((item) => item.title === 'Ahead')?.checklist).toEqual([
      { id: A, title: 'Early', doneOn: '2026-11-23' },
      { id: B, title: 'Open', doneOn: null },
    ]);

    const bad = {
      format: 'stride-export',
      version: 5,
      tasks: [
        {
          ...task,
          id: crypto.randomUUID(),
          title: 'Bad',
          checklist: [
            { id: A, title: 'One', doneOn: null },
            { id: A, title: 'Two', doneOn: '2026-11-23' },
          ],
        },
      ],
    };
    const res = await client.call('POST', '/api/account/import', bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'tasks.0.checklist.1.id', message: `Duplicate id in checklist: ${A}` },
    ]);
    expect(await client.expect(200, TaskListSchema, 'GET', '/api/tasks')).toHaveLength(3);
  });

  it('is a column of the CSV file, a line an item as it read on the export’s day', async () => {
    now = new Date('2026-11-24T15:00:00Z');
    const client = await signedIn();
    await client.createTask({
      title: 'Pack',
      checklist: [
        { id: A, title: 'Passport', done: true },
        { id: B, title: 'Charger, "the long one"' },
      ],
    });
    await client.createTask({ title: 'Bare' });
    const csv = (await client.call('GET', '/api/account/export/csv/tasks')).body.trimEnd().split('\r\n');
    expect(csv[0]?.endsWith(',priority,checklist,labels')).toBe(true);
    expect(csv[1]).toMatch(/^[^,]+,Pack,.*,"\[x\] Passport\n\[ \] Charger, ""the long one""",$/);
    expect(csv[2]).toMatch(/^[^,]+,Bare,.*,$/);
  });

  it('follows the description in the calendar feed’s event, unticked in a habit goal', async () => {
    now = new Date('2026-11-23T15:00:00Z');
    const client = await signedIn();
    const routine = await client.createGoal({ title: 'Health', isHabitGoal: true });
    await client.createTask({
      title: 'Trip',
      plannedFor: '2026-12-01',
      description: 'Flight at 9',
      checklist: [
        { id: A, title: 'Passport', done: true },
        { id: B, title: 'Charger' },
      ],
    });
    await client.createTask({
      title: 'Stretching',
      goalId: routine.id,
      plannedFor: '2026-12-02',
      checklist: [{ id: C, title: 'Calves', done: true }],
    });
    await client.createTask({ title: 'No steps', plannedFor: '2026-12-03' });
    const { url } = await client.expect(201, CalendarFeedSchema, 'POST', '/api/calendar/feed');
    const feed = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(feed.statusCode).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const descriptions = new Map(
      calendar.getAllSubcomponents('vevent').map((component) => {
        const event = new ICAL.Event(component);
        return [event.summary, event.description];
      }),
    );
    expect(descriptions.get('Trip')).toBe('Flight at 9\n\n[x] Passport\n[ ] Charger');
    expect(descriptions.get('Stretching')).toBe('Goal: Health\n\n[ ] Calves');
    expect(descriptions.get('No steps')).toBeNull();
  });
});
