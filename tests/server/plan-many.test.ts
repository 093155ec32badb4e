import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANNED_FOR_MESSAGE, TaskListSchema } from '#shared/api/tasks';
import { TodaySchema } from '#shared/api/today';
import { PLAN_MAX_MOVES } from '#shared/api/wire-names';
import { type ApiClient, messageOf } from './helpers/api';
import { personIn } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Many tasks planned in one call, POST /api/tasks/plan (docs/decisions/047-plan-overdue-for-today.md):
 * each move as a PATCH of `plannedFor` alone makes it, in the order sent, all or none; another person's
 * task or one that is gone is a 404 and a bad body a 400, and either changes nothing.
 */

// Monday 23 November 2026, 16:00 in Paris: the person's day is 2026-11-23.
const now = new Date('2026-11-23T15:00:00Z');
const TODAY = '2026-11-23';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
});
afterAll(() => t.close());

const signedIn = () => personIn(t, 'Europe/Paris', now);

const plan = (client: ApiClient, moves: unknown) => client.call('POST', '/api/tasks/plan', { moves });

const tasksOf = (client: ApiClient) => client.expect(200, TaskListSchema, 'GET', '/api/tasks');

/** Today's tasks in their order, each with the day it shows. */
async function todayOf(client: ApiClient) {
  const today = await client.expect(200, TodaySchema, 'GET', '/api/today');
  return today.tasks
    .toSorted((a, b) => a.todaySortOrder - b.todaySortOrder)
    .map((task) => `${task.title} ${task.plannedFor ?? '-'}`);
}

/**
 * One person's tasks: one on Today by hand, three overdue (one on Today by hand too, one repeating),
 * one planned for later and one unplanned.
 */
async function someTasks(client: ApiClient) {
  const email = await client.createTask({ title: 'Email Sam', isToday: true });
  const rent = await client.createTask({ title: 'Pay rent', plannedFor: '2026-11-18' });
  const plants = await client.createTask({
    title: 'Water the plants',
    plannedFor: '2026-11-20',
    repeat: 'FREQ=DAILY',
  });
  const passport = await client.createTask({
    title: 'Renew passport',
    plannedFor: '2026-11-19',
    isToday: true,
  });
  const dentist = await client.createTask({ title: 'Dentist', plannedFor: '2026-12-02' });
  const loose = await client.createTask({ title: 'Whenever' });
  return { email, rent, plants, passport, dentist, loose };
}

/** What the person's lists say: every task as listed, and Today's order. */
async function everything(client: ApiClient) {
  return { tasks: await tasksOf(client), today: await todayOf(client) };
}

/** The same lists without what differs between two people's own copies (ids, creation times). */
async function shape(client: ApiClient) {
  const { tasks, today } = await everything(client);
  return {
    tasks: tasks.map(({ id: _id, createdAt: _createdAt, ...rest }) => rest),
    today,
  };
}

describe('POST /api/tasks/plan', () => {
  it('plans each task as its PATCH would, in the order sent: they join the end of Today in that order', async () => {
    const batch = await signedIn();
    const single = await signedIn();
    const mine = await someTasks(batch);
    const theirs = await someTasks(single);
    const order = ['plants', 'rent', 'passport'] as const;

    const res = await plan(
      batch,
      order.map((name) => ({ id: mine[name].id, plannedFor: TODAY })),
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = TaskListSchema.parse(res.json());
    // The tasks, in the order of the moves, as the lists now give them.
    expect(answer.map((task) => task.title)).toEqual(['Water the plants', 'Pay rent', 'Renew passport']);
    const listed = new Map((await tasksOf(batch)).map((task) => [task.id, task]));
    for (const task of answer) expect(task).toEqual(listed.get(task.id));

    for (const name of order) {
      const patched = await single.call('PATCH', `/api/tasks/${theirs[name].id}`, { plannedFor: TODAY });
      expect(patched.statusCode, patched.body).toBe(200);
    }
    expect(await shape(batch)).toEqual(await shape(single));
    // Newly planned, the two off Today by hand went to its end in the order sent; the one on Today by
    // hand kept its place.
    expect(await todayOf(batch)).toEqual([
      'Email Sam -',
      `Renew passport ${TODAY}`,
      `Water the plants ${TODAY}`,
      `Pay rent ${TODAY}`,
    ]);
  });

  it('puts tasks back on varied days, a day gone by, a later one and none, as Undo sends them', async () => {
    const batch = await signedIn();
    const single = await signedIn();
    const mine = await someTasks(batch);
    const theirs = await someTasks(single);
    const undo = (tasks: Awaited<ReturnType<typeof someTasks>>) => [
      { id: tasks.rent.id, plannedFor: '2026-11-18' },
      { id: tasks.plants.id, plannedFor: null },
      { id: tasks.passport.id, plannedFor: '2026-11-30' },
      { id: tasks.dentist.id, plannedFor: TODAY },
      { id: tasks.loose.id, plannedFor: '2026-11-21' },
    ];
    for (const [client, tasks] of [
      [batch, mine],
      [single, theirs],
    ] as const) {
      const toToday = ['rent', 'plants', 'passport'] as const;
      const planned = await plan(
        client,
        toToday.map((name) => ({ id: tasks[name].id, plannedFor: TODAY })),
      );
      expect(planned.statusCode, planned.body).toBe(200);
    }

    const res = await plan(batch, undo(mine));
    expect(res.statusCode, res.body).toBe(200);
    expect(TaskListSchema.parse(res.json()).map((task) => task.plannedFor)).toEqual([
      '2026-11-18',
      null,
      '2026-11-30',
      TODAY,
      '2026-11-21',
    ]);
    for (const move of undo(theirs)) {
      const patched = await single.call('PATCH', `/api/tasks/${move.id}`, { plannedFor: move.plannedFor });
      expect(patched.statusCode, patched.body).toBe(200);
    }
    expect(await shape(batch)).toEqual(await shape(single));
    expect(await todayOf(batch)).toEqual([
      'Email Sam -',
      'Renew passport 2026-11-30',
      'Pay rent 2026-11-18',
      `Dentist ${TODAY}`,
      'Whenever 2026-11-21',
    ]);
  });

  it.each([
    ['an id that does not exist', () => Promise.resolve(randomUUID())],
    ['another person’s task', async () => (await (await signedIn()).createTask({ isToday: true })).id],
  ])('answers 404 for %s among the moves, and changes none of them', async (_name, foreignId) => {
    const client = await signedIn();
    const tasks = await someTasks(client);
    const before = await everything(client);
    const stranger = await foreignId();
    const res = await plan(client, [
      { id: tasks.rent.id, plannedFor: TODAY },
      { id: stranger, plannedFor: TODAY },
      { id: tasks.plants.id, plannedFor: null },
    ]);
    expect(res.statusCode, res.body).toBe(404);
    expect(messageOf(res)).toBe('Task not found');
    expect(await everything(client)).toEqual(before);
  });

  it('leaves another person’s task as it was', async () => {
    const owner = await signedIn();
    const task = await owner.createTask({ title: 'Mine', plannedFor: '2026-11-18' });
    const before = await everything(owner);
    const stranger = await signedIn();
    const res = await plan(stranger, [{ id: task.id, plannedFor: TODAY }]);
    expect(res.statusCode, res.body).toBe(404);
    expect(messageOf(res)).toBe('Task not found');
    expect(await everything(owner)).toEqual(before);
  });

  it(`takes up to ${PLAN_MAX_MOVES} moves`, async () => {
    const client = await signedIn();
    const task = await client.createTask({ plannedFor: '2026-11-18' });
    // Past validation, the first unknown id refuses the whole call, and the real task keeps its day.
    const moves = [task.id, ...Array.from({ length: PLAN_MAX_MOVES - 1 }, () => randomUUID())].map((id) => ({
      id,
      plannedFor: TODAY,
    }));
    const res = await plan(client, moves);
    expect(res.statusCode, res.body).toBe(404);
    expect(messageOf(res)).toBe('Task not found');
    expect((await tasksOf(client)).map((item) => item.plannedFor)).toEqual(['2026-11-18']);
  });

  // Each bad body but the first two also plans a task of the person's, which must keep its day.
  const good = (id: string) => ({ id, plannedFor: TODAY });
  it.each<[string, (id: string) => unknown, string]>([
    ['no moves', () => [], 'moves must not be empty'],
    [
      'too many moves',
      (id) => [good(id), ...Array.from({ length: PLAN_MAX_MOVES }, () => good(randomUUID()))],
      `At most ${PLAN_MAX_MOVES} tasks can be planned at once`,
    ],
    ['moves that are not a list', (id) => good(id), 'moves must be a list'],
    ['no list at all', () => undefined, 'moves must be a list'],
    [
      'an impossible day',
      (id) => [good(id), { id: randomUUID(), plannedFor: '2026-02-30' }],
      PLANNED_FOR_MESSAGE,
    ],
    [
      'a day not written YYYY-MM-DD',
      (id) => [good(id), { id: randomUUID(), plannedFor: '23/11/2026' }],
      PLANNED_FOR_MESSAGE,
    ],
    ['a move without its day', (id) => [good(id), { id: randomUUID() }], PLANNED_FOR_MESSAGE],
    ['an id that is no id', (id) => [good(id), good('rent')], 'Invalid id'],
  ])('answers 400 for %s, saying what to fix, and changes nothing', async (_name, moves, message) => {
    const client = await signedIn();
    const tasks = await someTasks(client);
    const before = await everything(client);
    const res = await plan(client, moves(tasks.rent.id));
    expect(res.statusCode, res.body).toBe(400);
    expect(messageOf(res)).toBe(message);
    expect(await everything(client)).toEqual(before);
  });

  it('answers 400 for a task named twice, naming it, and changes nothing', async () => {
    const client = await signedIn();
    const tasks = await someTasks(client);
    const before = await everything(client);
    const res = await plan(client, [
      { id: tasks.rent.id, plannedFor: TODAY },
      { id: tasks.plants.id, plannedFor: TODAY },
      { id: tasks.rent.id, plannedFor: '2026-11-30' },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      message: `Duplicate id in moves: ${tasks.rent.id}`,
      issues: [{ path: 'moves.2.id', message: `Duplicate id in moves: ${tasks.rent.id}` }],
    });
    expect(await everything(client)).toEqual(before);
  });
});
