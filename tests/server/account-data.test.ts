import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type AccountExport,
  AccountExportSchema,
  AccountImportResultSchema,
  AccountSummarySchema,
  IMPORT_MAX_BYTES,
} from '#shared/api/account-data';
import { MAX_HABITS } from '#shared/api/common';
import { HabitListSchema, HabitSchema } from '#shared/api/habits';
import { TaskListSchema, TaskSchema } from '#shared/api/tasks';
import { TodaySchema } from '#shared/api/today';
import { addDays } from '#shared/domain/days';
import { LABEL_WORD_MESSAGE } from '#shared/domain/labels';
import { executeRows, inTransaction } from '../../src/server/db/client';
import { COMPLETED_DAYS_PAGE } from '../../src/server/modules/account-data/account-data.repo';
import { uniqueEmail } from '../factories';
import { ApiClient, messageOf } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Export, import and account deletion (docs/product.md#your-data, docs/decisions/016-account-data.md),
 * on both engines: everything of one person leaves in the file and comes back, a second import adds
 * nothing, a bad file changes nothing, and a deletion leaves no row of the person and every other
 * person's rows as they were.
 */
const now = new Date('2026-03-10T12:00:00Z');
let t: TestApp;
const onPostgres = inject('testDatabase').kind === 'postgres';

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

async function person() {
  const signedIn = await loginAs(t.db, {
    email: uniqueEmail(),
    name: 'Dana Export',
    timeZone: 'Europe/Paris',
    now,
  });
  return { ...signedIn, client: new ApiClient(t.app, signedIn.headers) };
}

/** A small account with a bit of everything: a habit goal with a ticked task, todos, habits, Today. */
async function filledAccount() {
  const p = await person();
  const { client } = p;
  const run = await client.createGoal({
    title: 'Run a 10k',
    color: 'blue',
    description: 'By June, "slowly"',
  });
  const daily = await client.createGoal({ title: 'Daily reading', isHabitGoal: true, color: 'purple' });
  await client.createGoal({ title: 'Old plan', archived: true });
  const interval = await client.createTask({
    title: 'Intervals, 6×400 m',
    goalId: run.id,
    isToday: true,
    labels: ['running', 'Outside'],
  });
  await client.createTask({ title: 'Buy shoes', goalId: run.id, completed: true, labels: ['errands'] });
  const chapter = await client.createTask({ title: 'قراءة فصل', goalId: daily.id, isToday: true });
  await client.createTask({ title: '=1+1 looks like a formula' });
  const stretch = await client.createHabit({ title: 'Stretch', isToday: true });
  await client.createHabit({ title: 'Floss' });
  // Made a week ago, so that the last few days can be ticked.
  for (const table of ['goals', 'tasks', 'habits']) {
    await t.db.execute(
      sql`update ${sql.identifier(table)} set created_at = '2026-03-03T08:00:00Z' where user_id = ${p.user.id}`,
    );
  }
  for (const day of ['2026-03-08', '2026-03-09', '2026-03-10']) {
    await client.expect(200, HabitSchema, 'PUT', `/api/habits/${stretch.id}/completions/${day}`);
  }
  await client.expect(200, TaskSchema, 'PUT', `/api/tasks/${chapter.id}/completions/2026-03-10`);
  return { ...p, run, daily, interval, chapter, stretch };
}

const exportOf = (client: ApiClient) => client.expect(200, AccountExportSchema, 'GET', '/api/account/export');

/** The file without what belongs to the moment and the device rather than to the data. */
function dataOf(file: AccountExport) {
  const { exportedAt: _at, profile: _profile, devices: _devices, ...data } = file;
  return data;
}

/** Imports a file of `count` new habits, each with `extra` fields. */
function importHabits(client: ApiClient, count: number, extra: Record<string, unknown> = {}) {
  const habits = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    title: `Habit ${i}`,
    isToday: false,
    todaySortOrder: 0,
    sortOrder: i,
    ...extra,
  }));
  return client.call('POST', '/api/account/import', { format: 'stride-export', version: 1, habits });
}

async function rowsOf(userId: string) {
  const [row] = await executeRows<Record<string, number>>(
    t.db,
    sql`select
      (select count(*)::int from users where id = ${userId}) as users,
      (select count(*)::int from sessions where user_id = ${userId}) as sessions,
      (select count(*)::int from goals where user_id = ${userId}) as goals,
      (select count(*)::int from tasks where user_id = ${userId}) as tasks,
      (select count(*)::int from habits where user_id = ${userId}) as habits,
      (select count(*)::int from habit_completions where user_id = ${userId}) as habit_days,
      (select count(*)::int from task_completions where user_id = ${userId}) as task_days`,
  );
  return row;
}

describe('GET /api/account/export', () => {
  it('answers everything of the person as a versioned file to save, and nothing of anyone else', async () => {
    const other = await filledAccount();
    const a = await filledAccount();
    const res = await a.client.call('GET', '/api/account/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="stride-export-2026-03-10.json"');
    const file = AccountExportSchema.parse(res.json());
    expect(file).toMatchObject({
      format: 'stride-export',
      version: 6,
      exportedAt: now.toISOString(),
      profile: { email: a.user.email, name: 'Dana Export' },
      settings: { timeZone: 'Europe/Paris', timeZoneFromDevice: true, dayStartHour: 0 },
    });
    expect(file.devices).toHaveLength(1);
    expect(file.goals.map((goal) => goal.title)).toEqual(['Run a 10k', 'Daily reading', 'Old plan']);
    expect(file.goals[0]).toMatchObject({
      color: 'blue',
      description: 'By June, "slowly"',
      isHabitGoal: false,
    });
    expect(file.goals[2]?.archived).toBe(true);
    // List by list: each goal's tasks in goal order, then the todos.
    expect(file.tasks.map((task) => task.title)).toEqual([
      'Intervals, 6×400 m',
      'Buy shoes',
      'قراءة فصل',
      '=1+1 looks like a formula',
    ]);
    expect(file.tasks.find((task) => task.id === a.chapter.id)?.completedDays).toEqual(['2026-03-10']);
    expect(file.tasks.map((task) => task.labels)).toEqual([['running', 'Outside'], ['errands'], [], []]);
    expect(file.habits.find((habit) => habit.id === a.stretch.id)).toMatchObject({
      isToday: true,
      completedDays: ['2026-03-08', '2026-03-09', '2026-03-10'],
    });
    const ids = new Set([...file.goals, ...file.tasks, ...file.habits].map((item) => item.id));
    for (const id of [other.run.id, other.chapter.id, other.stretch.id]) expect(ids.has(id)).toBe(false);
  });

  it('writes one CSV file per list, spreadsheet-safe', async () => {
    const a = await filledAccount();
    const tasks = await a.client.call('GET', '/api/account/export/csv/tasks');
    expect(tasks.statusCode, tasks.body).toBe(200);
    expect(tasks.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(tasks.headers['content-disposition']).toBe('attachment; filename="stride-tasks-2026-03-10.csv"');
    const lines = tasks.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,title,goal_id,goal,completed,on_today,today_position,position,created_at,planned_for,repeat,repeat_in_words,repeat_start,remind_at,description,priority,checklist,labels',
    );
    expect(lines[1]).toMatch(
      new RegExp(`^${a.interval.id},"Intervals, 6×400 m",${a.run.id},Run a 10k,false,true,`),
    );
    // Labels as quick add reads them, behind an apostrophe: a cell starting with "@" is a formula to
    // a spreadsheet. None is an empty cell.
    expect(lines[1]).toMatch(/,'@running @Outside$/);
    expect(lines[2]).toMatch(/,'@errands$/);
    expect(lines[4]).toContain(",'=1+1 looks like a formula,");
    expect(lines[4]).toMatch(/,$/);
    const completions = await a.client.call('GET', '/api/account/export/csv/completions');
    expect(
      completions.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toEqual([
      'item_type,item_id,item,day',
      `habit,${a.stretch.id},Stretch,2026-03-08`,
      `habit,${a.stretch.id},Stretch,2026-03-09`,
      `habit,${a.stretch.id},Stretch,2026-03-10`,
      `task,${a.chapter.id},قراءة فصل,2026-03-10`,
    ]);
    for (const list of ['goals', 'habits']) {
      const res = await a.client.call('GET', `/api/account/export/csv/${list}`);
      expect(res.statusCode).toBe(200);
    }
    const unknown = await a.client.call('GET', '/api/account/export/csv/passwords');
    expect(unknown.statusCode).toBe(400);
    expect(messageOf(unknown)).toBe('The list must be one of: goals, tasks, habits, completions');
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/account/export' });
    expect(res.statusCode).toBe(401);
  });

  it(`reads completed days a page of ${COMPLETED_DAYS_PAGE.toLocaleString('en-US')} at a time, and every one reaches the file, in order`, async () => {
    const a = await person();
    const habits = [];
    for (const title of ['One', 'Two', 'Three', 'Four', 'Five'])
      habits.push(await a.client.createHabit({ title }));
    // 5 × 9,000 = 45,000 days from 2000-01-01: pages end inside a habit's history.
    await t.db.execute(sql`insert into habit_completions (user_id, habit_id, day)
      select h.user_id, h.id, date '2000-01-01' + g from habits h, generate_series(0, 8999) g
      where h.user_id = ${a.user.id}`);
    const res = await a.client.call('GET', '/api/account/export');
    expect(res.statusCode).toBe(200);
    const file = AccountExportSchema.parse(res.json());
    for (const habit of habits) {
      const days = file.habits.find((exported) => exported.id === habit.id)?.completedDays ?? [];
      expect(days).toHaveLength(9_000);
      expect([days[0], days[8_999]]).toEqual(['2000-01-01', addDays('2000-01-01', 8_999)]);
      expect(days.every((day, i) => i === 0 || (days[i - 1] ?? '') < day)).toBe(true);
    }
    const csv = await a.client.call('GET', '/api/account/export/csv/completions');
    expect(csv.body.trimEnd().split('\r\n')).toHaveLength(45_001);
  });

  it('runs one export of a person at a time: another asked for meanwhile answers 429 with words', async () => {
    const a = await filledAccount();
    const b = await filledAccount();
    const [json, csv, others] = await Promise.all([
      a.client.call('GET', '/api/account/export'),
      a.client.call('GET', '/api/account/export/csv/completions'),
      b.client.call('GET', '/api/account/export'),
    ]);
    expect([json.statusCode, csv.statusCode].sort()).toEqual([200, 429]);
    expect(others.statusCode).toBe(200);
    const refused = json.statusCode === 429 ? json : csv;
    expect(messageOf(refused)).toBe(
      'Your data is already being exported. Wait for that download to finish, then try again.',
    );
    expect(refused.headers['retry-after']).toBe('5');
    // Once it is sent, the next one runs.
    expect((await a.client.call('GET', '/api/account/export/csv/completions')).statusCode).toBe(200);
  });

  it.runIf(onPostgres)(
    'runs one export of a person at a time across instances, by a lock in the database',
    async () => {
      const a = await filledAccount();
      // Another instance reading this person's export holds the lock as long as its transaction.
      await inTransaction(t.db, async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${a.user.id}, 34))`);
        const res = await a.client.call('GET', '/api/account/export');
        expect(res.statusCode).toBe(429);
        // Not the person's write lock: their writes go on meanwhile.
        expect((await a.client.call('POST', '/api/tasks', { title: 'Still writing' })).statusCode).toBe(201);
      });
      expect((await a.client.call('GET', '/api/account/export')).statusCode).toBe(200);
    },
  );
});

describe('POST /api/account/import', () => {
  it('brings an export back into an empty account as it was, and a second import adds nothing', async () => {
    const a = await filledAccount();
    const file = await exportOf(a.client);
    const b = await person();
    const first = await b.client.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', file);
    expect(first).toEqual({
      added: { goals: 3, tasks: 4, habits: 2, completedDays: 4 },
      alreadyThere: { goals: 0, tasks: 0, habits: 0 },
      leftOut: { completedDays: 0 },
    });
    expect(dataOf(await exportOf(b.client))).toEqual(dataOf(file));
    const todayA = await a.client.expect(200, TodaySchema, 'GET', '/api/today');
    const todayB = await b.client.expect(200, TodaySchema, 'GET', '/api/today');
    expect(todayB).toEqual(todayA);

    const touched = () =>
      executeRows<{ at: string }>(
        t.db,
        sql`select max(updated_at)::text as at from (
          select updated_at from habits where user_id = ${b.user.id}
          union all select updated_at from tasks where user_id = ${b.user.id}) items`,
      );
    const touchedBefore = await touched();
    const again = await b.client.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', file);
    // A repeat writes nothing: no day is sent again, no counter recomputed.
    expect(await touched()).toEqual(touchedBefore);
    expect(again).toEqual({
      added: { goals: 0, tasks: 0, habits: 0, completedDays: 0 },
      alreadyThere: { goals: 3, tasks: 4, habits: 2 },
      leftOut: { completedDays: 0 },
    });
    expect(dataOf(await exportOf(b.client))).toEqual(dataOf(file));
    // The people are separate: A's rows are A's, B's copies are B's.
    expect(await rowsOf(a.user.id)).toMatchObject({
      goals: 3,
      tasks: 4,
      habits: 2,
      habit_days: 3,
      task_days: 1,
    });
    expect(await rowsOf(b.user.id)).toMatchObject({
      goals: 3,
      tasks: 4,
      habits: 2,
      habit_days: 3,
      task_days: 1,
    });
  });

  it('puts new items after the account’s own, keeps its Today first, and merges days of items it has', async () => {
    const a = await filledAccount();
    const file = await exportOf(a.client);
    const mine = await a.client.createHabit({ title: 'Mine, made after the export', isToday: true });
    const stretch = file.habits.find((habit) => habit.id === a.stretch.id);
    if (!stretch) throw new Error('no Stretch in the file');
    stretch.completedDays = ['2026-03-04', ...stretch.completedDays];
    const newTask = { ...file.tasks[0], id: randomUUID(), title: 'New on Today', todaySortOrder: -5 };
    file.tasks.push(newTask as AccountExport['tasks'][number]);
    const result = await a.client.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', file);
    expect(result.added).toEqual({ goals: 0, tasks: 1, habits: 0, completedDays: 1 });
    const today = await a.client.expect(200, TodaySchema, 'GET', '/api/today');
    const titles = [...today.tasks, ...today.habits]
      .sort((x, y) => x.todaySortOrder - y.todaySortOrder)
      .map((item) => item.title);
    expect(titles.indexOf('New on Today')).toBe(titles.length - 1);
    expect(titles.indexOf(mine.title)).toBeLessThan(titles.indexOf('New on Today'));
    const habits = await a.client.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(habits.find((habit) => habit.id === a.stretch.id)?.completionCount).toBe(4);
  });

  it.each([
    [{ format: 'something-else', version: 1 }, 'This is not a Stride export file'],
    [
      { format: 'stride-export', version: 7 },
      'This export file has a version this Stride cannot read (it reads versions 1, 2, 3, 4, 5 and 6)',
    ],
    [
      {
        format: 'stride-export',
        version: 2,
        tasks: [
          {
            id: '6f1c2e9a-1111-4222-8333-444455556666',
            title: 'Bad day',
            goalId: null,
            plannedFor: '2026-02-30',
            completed: false,
            isToday: false,
            todaySortOrder: 0,
            sortOrder: 0,
          },
        ],
      },
      'plannedFor must be a day from 2000-01-01 to ten years ahead, written YYYY-MM-DD',
    ],
    [{ format: 'stride-export', version: 1, goals: [{ id: 'x' }] }, 'Invalid id'],
    [{ format: 'stride-export', version: 1, habits: 'all of them' }, 'habits must be a list'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const b = await person();
    const res = await b.client.call('POST', '/api/account/import', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(messageOf(res)).toBe(message);
  });

  it('changes nothing when any part of the file is wrong: all or nothing', async () => {
    const a = await filledAccount();
    const file = await exportOf(a.client);
    const b = await person();
    const before = await rowsOf(b.user.id);

    const orphan = structuredClone(file);
    const missingGoal = randomUUID();
    orphan.tasks.push({ ...file.tasks[0], id: randomUUID(), title: 'Lost', goalId: missingGoal } as never);
    const res = await b.client.call('POST', '/api/account/import', orphan);
    expect(res.statusCode, res.body).toBe(400);
    expect(messageOf(res)).toBe(
      `The task "Lost" belongs to a goal (${missingGoal}) that is neither in the file nor in your account`,
    );

    const twice = structuredClone(file);
    twice.habits.push(file.habits[0] as never);
    const repeated = await b.client.call('POST', '/api/account/import', twice);
    expect(repeated.statusCode).toBe(400);
    expect(messageOf(repeated)).toBe(`The file lists the habit ${file.habits[0]?.id} more than once`);

    const badTitle = structuredClone(file);
    if (badTitle.tasks[3]) badTitle.tasks[3].title = 'x'.repeat(201);
    const tooLong = await b.client.call('POST', '/api/account/import', badTitle);
    expect(tooLong.statusCode).toBe(400);
    expect(messageOf(tooLong)).toBe('Title must be at most 200 characters');

    expect(await rowsOf(b.user.id)).toEqual(before);
  });

  it('refuses a date outside 2000-01-01 to now with 400 naming the item and field, and changes nothing', async () => {
    const a = await filledAccount();
    const file = await exportOf(a.client);
    const b = await person();
    const before = await rowsOf(b.user.id);
    const cases: Array<[(f: AccountExport) => void, string, string]> = [
      [
        (f) => Object.assign(f.goals[0] ?? {}, { createdAt: '0000-01-01T00:00:00Z' }),
        'goals.0.createdAt',
        'The goal "Run a 10k" has createdAt 0000-01-01T00:00:00Z: a creation time must be between 2000-01-01 and now',
      ],
      [
        // An offset that pulls the instant back into year 0.
        (f) => Object.assign(f.tasks[0] ?? {}, { createdAt: '0001-01-01T00:30:00+01:00' }),
        'tasks.0.createdAt',
        `The task "${file.tasks[0]?.title}" has createdAt 0001-01-01T00:30:00+01:00: a creation time must be between 2000-01-01 and now`,
      ],
      [
        // And one that pushes it into year 10000.
        (f) => Object.assign(f.habits[0] ?? {}, { createdAt: '9999-12-31T23:00:00-02:00' }),
        'habits.0.createdAt',
        `The habit "${file.habits[0]?.title}" has createdAt 9999-12-31T23:00:00-02:00: a creation time must be between 2000-01-01 and now`,
      ],
      [
        (f) => Object.assign(f.habits[1] ?? {}, { createdAt: '2026-03-12T12:00:00Z' }),
        'habits.1.createdAt',
        `The habit "${file.habits[1]?.title}" has createdAt 2026-03-12T12:00:00Z: a creation time must be between 2000-01-01 and now`,
      ],
      [
        (f) => f.habits[0]?.completedDays.push('1999-12-31'),
        'habits.0.completedDays.3',
        `The habit "${file.habits[0]?.title}" has the completed day 1999-12-31: a completed day must be between 2000-01-01 and today`,
      ],
      // Years 0 to 99 are no calendar date for isDay (src/shared/domain/days.ts), already refused as such.
      [
        (f) => f.habits[0]?.completedDays.push('0000-01-01'),
        'habits.0.completedDays.3',
        'Day must be a date written YYYY-MM-DD',
      ],
      [
        (f) => f.tasks.find((task) => task.completedDays.length > 0)?.completedDays.push('9999-12-31'),
        `tasks.${file.tasks.findIndex((task) => task.completedDays.length > 0)}.completedDays.1`,
        'The task "قراءة فصل" has the completed day 9999-12-31: a completed day must be between 2000-01-01 and today',
      ],
    ];
    for (const [spoil, path, message] of cases) {
      const spoilt = structuredClone(file);
      spoil(spoilt);
      const res = await b.client.call('POST', '/api/account/import', spoilt);
      expect(res.statusCode, res.body).toBe(400);
      expect(messageOf(res)).toBe(message);
      expect(res.json().issues).toEqual([{ path, message }]);
    }
    expect(await rowsOf(b.user.id)).toEqual(before);
  });

  it('leaves out the days a tick could not have marked, says how many, and keeps the rest', async () => {
    // The person's day is Europe/Paris, today 2026-03-10 (the file has no settings).
    const b = await person();
    const mine = await b.client.createHabit({ title: 'Mine since the 8th' });
    const plain = await b.client.createTask({ title: 'A plain todo of mine' });
    await t.db.execute(
      sql`update habits set created_at = '2026-03-08T08:00:00Z' where user_id = ${b.user.id} and id = ${mine.id}`,
    );
    const habitGoal = randomUUID();
    const plainGoal = randomUUID();
    const goal = { description: null, color: 'blue', archived: false, createdAt: '2026-03-01T08:00:00Z' };
    const task = { completed: false, isToday: false, todaySortOrder: 0, createdAt: '2026-03-01T08:00:00Z' };
    const res = await b.client.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', {
      format: 'stride-export',
      version: 1,
      goals: [
        { ...goal, id: habitGoal, title: 'Daily', isHabitGoal: true, sortOrder: 0 },
        { ...goal, id: plainGoal, title: 'Plain', isHabitGoal: false, sortOrder: 1 },
      ],
      tasks: [
        // Kept: a task of a habit goal, days up to today.
        {
          ...task,
          id: randomUUID(),
          title: 'Daily task',
          goalId: habitGoal,
          sortOrder: 0,
          completedDays: ['2026-03-01', '2026-03-10'],
        },
        // Left out: tasks outside a habit goal, in the file or already in the account.
        {
          ...task,
          id: randomUUID(),
          title: 'Plain task',
          goalId: plainGoal,
          sortOrder: 1,
          completedDays: ['2026-03-09'],
        },
        {
          ...task,
          id: randomUUID(),
          title: 'Todo',
          goalId: null,
          sortOrder: 2,
          completedDays: ['2026-03-09'],
        },
        {
          ...task,
          id: plain.id,
          title: plain.title,
          goalId: habitGoal,
          sortOrder: 3,
          completedDays: ['2026-03-10'],
        },
      ],
      habits: [
        {
          id: randomUUID(),
          title: 'New habit',
          isToday: false,
          todaySortOrder: 0,
          sortOrder: 0,
          createdAt: '2026-03-05T08:00:00Z',
          // Before it was made, kept as a tick would keep it; tomorrow in Paris (a day that has begun
          // east of it), left out.
          completedDays: ['2026-03-04', '2026-03-05', '2026-03-10', '2026-03-11'],
        },
        // An item the account has takes days before its own first day too, whatever the file says.
        {
          id: mine.id,
          title: mine.title,
          isToday: false,
          todaySortOrder: 0,
          sortOrder: 1,
          createdAt: '2026-01-01T08:00:00Z',
          completedDays: ['2026-03-07', '2026-03-08'],
        },
      ],
    });
    expect(res.added.completedDays).toBe(7);
    expect(res.leftOut).toEqual({ completedDays: 4 });
    expect(await rowsOf(b.user.id)).toMatchObject({ habit_days: 5, task_days: 2 });
    const days = (await exportOf(b.client)).habits.find((habit) => habit.id === mine.id)?.completedDays;
    expect(days).toEqual(['2026-03-07', '2026-03-08']);
  });

  it('gives a task and a habit that share an id each their own Today place', async () => {
    const b = await person();
    const id = randomUUID();
    const common = { id, isToday: true, sortOrder: 0, completedDays: [] };
    await b.client.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', {
      format: 'stride-export',
      version: 1,
      tasks: [{ ...common, title: 'Task twin', goalId: null, completed: false, todaySortOrder: 0 }],
      habits: [{ ...common, title: 'Habit twin', todaySortOrder: 1 }],
    });
    const today = await b.client.expect(200, TodaySchema, 'GET', '/api/today');
    const places = [...today.tasks, ...today.habits]
      .sort((x, y) => x.todaySortOrder - y.todaySortOrder)
      .map((item) => [item.title, item.todaySortOrder]);
    expect(places).toHaveLength(2);
    expect(places.map(([title]) => title)).toEqual(['Task twin', 'Habit twin']);
    expect(places[0]?.[1]).not.toBe(places[1]?.[1]);
  });

  it('answers 409 when the account would pass a count limit, and imports nothing', async () => {
    const b = await person();
    await b.client.createHabit({ title: 'Already here' });
    const res = await importHabits(b.client, MAX_HABITS);
    expect(res.statusCode, res.body).toBe(409);
    expect(messageOf(res)).toBe(
      'Importing this file would give you 201 habits; the limit is 200. Delete some habits or import a smaller file.',
    );
    expect(await rowsOf(b.user.id)).toMatchObject({ habits: 1 });
  });

  it('answers 413 with words for a file with more completed days than an import takes', async () => {
    const b = await person();
    // 9,000 days each, all from 2001 to today: 56 habits pass the file limit of 500,000.
    const days = Array.from({ length: 9_000 }, (_, i) => addDays('2026-03-10', -i));
    const res = await importHabits(b.client, 56, { createdAt: '2001-01-01T00:00:00Z', completedDays: days });
    expect(res.statusCode, res.body).toBe(413);
    expect(messageOf(res)).toBe(
      'This file holds 504,000 completed days; an import takes at most 500,000 at once. Import it in parts, each with some of the habits and tasks.',
    );
    expect(await rowsOf(b.user.id)).toMatchObject({ habits: 0, habit_days: 0 });
  });

  it('answers 413 with words for a file over the import limit', async () => {
    const b = await person();
    const res = await b.client.call('POST', '/api/account/import', undefined, {
      'content-type': 'application/json',
      'content-length': String(IMPORT_MAX_BYTES + 1),
    });
    expect(res.statusCode).toBe(413);
    expect(messageOf(res)).toBe('An import file can be at most 16 MiB. Is this a Stride export?');
  });

  it('takes the file’s day settings', async () => {
    const a = await filledAccount();
    const file = await exportOf(a.client);
    file.settings = { timeZone: 'Asia/Tokyo', timeZoneFromDevice: false, dayStartHour: 4 };
    const b = await person();
    await b.client.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', file);
    expect((await exportOf(b.client)).settings).toEqual(file.settings);
  });
});

describe('list order', () => {
  it('items with the same position and creation time are listed by id, the same on every read', async () => {
    const a = await person();
    // Written in descending id order, so the order they are stored in is not the answer.
    const ids = [
      'c0000000-0000-4000-8000-000000000000',
      'b0000000-0000-4000-8000-000000000000',
      'a0000000-0000-4000-8000-000000000000',
    ];
    const habits = ids.map((id, i) => ({
      id,
      title: `Tie ${i}`,
      isToday: false,
      todaySortOrder: 0,
      sortOrder: i,
      createdAt: '2026-01-01T00:00:00.000Z',
    }));
    await a.client.call('POST', '/api/account/import', { format: 'stride-export', version: 1, habits });
    // The import numbers positions in file order; a tie is set directly, as no request makes one.
    await executeRows(t.db, sql`update habits set sort_order = 0 where user_id = ${a.user.id}`);
    const listed = await a.client.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(listed.map((habit) => habit.sortOrder)).toEqual([0, 0, 0]);
    expect(listed.map((habit) => habit.id)).toEqual([...ids].reverse());
  });
});

describe('DELETE /api/account', () => {
  it('names what it would delete, then deletes every row of the person and no one else’s', async () => {
    const a = await filledAccount();
    const other = await filledAccount();
    const otherBefore = await rowsOf(other.user.id);
    const secondDevice = await loginAs(t.db, { email: a.user.email, now });
    await t.db.execute(
      sql`update sessions set user_id = ${a.user.id} where user_id = ${secondDevice.user.id}`,
    );
    // A session past its 90-day lifetime is no device any more, whatever its idle expiry says: the
    // count is the Signed-in devices list's.
    const stale = await loginAs(t.db, { email: a.user.email, now });
    await t.db.execute(
      sql`update sessions set user_id = ${a.user.id}, created_at = '2025-11-01T00:00:00Z' where user_id = ${stale.user.id}`,
    );
    const summary = await a.client.expect(200, AccountSummarySchema, 'GET', '/api/account/summary');
    expect(summary).toEqual({ goals: 3, tasks: 4, habits: 2, completedDays: 4, devices: 2 });

    const res = await a.client.call('DELETE', '/api/account');
    expect(res.statusCode, res.body).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/stride_session=;/);
    expect(await rowsOf(a.user.id)).toEqual({
      users: 0,
      sessions: 0,
      goals: 0,
      tasks: 0,
      habits: 0,
      habit_days: 0,
      task_days: 0,
    });
    expect(await rowsOf(other.user.id)).toEqual(otherBefore);
    const afterwards = await a.client.call('GET', '/api/today');
    expect(afterwards.statusCode).toBe(401);
    const fromTheOtherDevice = await new ApiClient(t.app, secondDevice.headers).call('GET', '/api/today');
    expect(fromTheOtherDevice.statusCode).toBe(401);
  });

  it('refuses a deletion from another site', async () => {
    const a = await person();
    const res = await a.client.call('DELETE', '/api/account', undefined, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(await rowsOf(a.user.id)).toMatchObject({ users: 1 });
  });
});

describe('export version 2: the plan', () => {
  it('carries plannedFor, repeat and timesPerWeek, and brings them back into another account', async () => {
    const a = await person();
    const goal = await a.client.createGoal({ title: 'Home' });
    const planned = await a.client.createTask({
      title: 'Dentist',
      plannedFor: '2026-03-20',
      goalId: goal.id,
    });
    const repeating = await a.client.createTask({ title: 'Bins', repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU' });
    await a.client.call('PATCH', `/api/tasks/${repeating.id}`, { completed: true });
    const ruled = await a.client.createHabit({ title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=MO,WE,FR' });
    const weekly = await a.client.createHabit({ title: 'Swim', timesPerWeek: 3 });
    const file = AccountExportSchema.parse((await a.client.call('GET', '/api/account/export')).json());
    expect(file.version).toBe(6);
    const taskIn = (id: string) => file.tasks.find((task) => task.id === id);
    expect(taskIn(planned.id)).toMatchObject({ plannedFor: '2026-03-20', repeat: null, repeatStart: null });
    const exported = taskIn(repeating.id);
    expect(exported).toMatchObject({ repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', completed: false });
    expect(exported?.repeatStart).not.toBeNull();
    expect(file.habits.find((habit) => habit.id === ruled.id)).toMatchObject({
      repeat: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
      timesPerWeek: null,
    });
    expect(file.habits.find((habit) => habit.id === weekly.id)).toMatchObject({
      repeat: null,
      timesPerWeek: 3,
    });

    const b = await person();
    // The rows were created by the database's clock, later than this test's: leave creation times out.
    const undated = <T extends { createdAt: string }>({ createdAt: _, ...item }: T) => item;
    await b.client.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', {
      ...file,
      goals: file.goals.map(undated),
      tasks: file.tasks.map(undated),
      habits: file.habits.map(undated),
    });
    const tasks = await b.client.expect(200, TaskListSchema, 'GET', '/api/tasks');
    const mine = (id: string) => tasks.find((task) => task.id === id);
    expect(mine(planned.id)?.plannedFor).toBe('2026-03-20');
    expect(mine(repeating.id)).toMatchObject({
      repeat: exported?.repeat,
      plannedFor: exported?.plannedFor,
      completionCount: 1,
    });
    const habits = await b.client.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(habits.find((habit) => habit.id === ruled.id)?.repeat).toBe('FREQ=WEEKLY;BYDAY=MO,WE,FR');
    expect(habits.find((habit) => habit.id === weekly.id)?.timesPerWeek).toBe(3);
  });

  it('carries the plan in the CSV files too, after the first version’s columns, a repeat also in words', async () => {
    const a = await person();
    const planned = await a.client.createTask({
      title: 'Dentist',
      plannedFor: '2026-03-20',
      remindAt: '08:15',
    });
    const repeating = await a.client.createTask({
      title: 'Bins',
      repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU',
      plannedFor: '2026-03-10',
    });
    const unplanned = await a.client.createTask({ title: 'Someday' });
    const ruled = await a.client.createHabit({ title: 'Gym', repeat: 'FREQ=WEEKLY;BYDAY=MO,WE,FR' });
    const weekly = await a.client.createHabit({ title: 'Swim', timesPerWeek: 3 });
    const daily = await a.client.createHabit({ title: 'Read', remindAt: '21:30' });
    const csv = async (list: string) => {
      const res = await a.client.call('GET', `/api/account/export/csv/${list}`);
      expect(res.statusCode, res.body).toBe(200);
      const [header, ...rows] = res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      return { header, row: (id: string) => rows.find((row) => row.startsWith(id)) ?? '' };
    };
    const tasks = await csv('tasks');
    expect(tasks.header).toMatch(
      /,created_at,planned_for,repeat,repeat_in_words,repeat_start,remind_at,description,priority,checklist,labels$/,
    );
    expect(tasks.row(planned.id)).toMatch(/,2026-03-20,,,,08:15,,,,$/);
    // The rule counts from the day it was planned for, a Tuesday.
    expect(tasks.row(repeating.id)).toMatch(
      /,2026-03-10,FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,Every 2 weeks on Tuesday,2026-03-10,,,,,$/,
    );
    expect(tasks.row(unplanned.id)).toMatch(/Z,,,,,,,,,$/);
    const habits = await csv('habits');
    expect(habits.header).toMatch(
      /,created_at,repeat,repeat_in_words,repeat_start,times_per_week,remind_at,description$/,
    );
    expect(habits.row(ruled.id)).toMatch(
      /,"FREQ=WEEKLY;BYDAY=MO,WE,FR","Every Monday, Wednesday and Friday",2026-03-10,,,$/,
    );
    expect(habits.row(weekly.id)).toMatch(/Z,,,,3,,$/);
    expect(habits.row(daily.id)).toMatch(/Z,,,,,21:30,$/);
  });

  it('still imports a version 1 file: its items come unplanned and repeat nothing', async () => {
    const b = await person();
    const id = randomUUID();
    const habitId = randomUUID();
    await b.client.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', {
      format: 'stride-export',
      version: 1,
      tasks: [
        { id, title: 'Old', goalId: null, completed: false, isToday: false, todaySortOrder: 0, sortOrder: 0 },
      ],
      habits: [{ id: habitId, title: 'Old habit', isToday: false, todaySortOrder: 0, sortOrder: 0 }],
    });
    const [task] = await b.client.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(task).toMatchObject({ id, plannedFor: null, repeat: null });
    const [habit] = await b.client.expect(200, HabitListSchema, 'GET', '/api/habits');
    expect(habit).toMatchObject({ id: habitId, repeat: null, timesPerWeek: null });
  });
});

describe('export version 6: labels', () => {
  const task = { goalId: null, completed: false, isToday: false, todaySortOrder: 0 };

  it('imports a version 5 file without labels, and a version 6 file’s labels by a create’s rules', async () => {
    const b = await person();
    const old = { id: randomUUID(), title: 'Old', sortOrder: 0 };
    const labelled = { id: randomUUID(), title: 'Labelled', sortOrder: 1 };
    await b.client.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', {
      format: 'stride-export',
      version: 5,
      tasks: [{ ...task, ...old }],
    });
    await b.client.expect(200, AccountImportResultSchema, 'POST', '/api/account/import', {
      format: 'stride-export',
      version: 6,
      tasks: [{ ...task, ...labelled, labels: ['@calls', 'Calls', 'errands'] }],
    });
    const tasks = await b.client.expect(200, TaskListSchema, 'GET', '/api/tasks');
    expect(tasks.map((item) => [item.title, item.labels])).toEqual([
      ['Old', []],
      ['Labelled', ['calls', 'errands']],
    ]);
  });

  it('refuses a file with a bad label naming where it is, and imports nothing of it', async () => {
    const b = await person();
    const before = await rowsOf(b.user.id);
    const res = await b.client.call('POST', '/api/account/import', {
      format: 'stride-export',
      version: 6,
      tasks: [
        { ...task, id: randomUUID(), title: 'Fine', sortOrder: 0, labels: ['calls'] },
        { ...task, id: randomUUID(), title: 'Bad', sortOrder: 1, labels: ['calls', 'two words'] },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'tasks.1.labels.1', message: LABEL_WORD_MESSAGE }]);
    expect(await rowsOf(b.user.id)).toEqual(before);
  });
});
