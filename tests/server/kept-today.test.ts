import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TodaySchema } from '#shared/api/today';
import { keptAnswers } from '../../src/server/modules/today/kept-answers';
import { readTodayJson } from '../../src/server/modules/today/today.repo';
import { getToday } from '../../src/server/modules/today/today.service';
import { uniqueEmail } from '../factories';
import { ApiClient, sameKeptAndFresh } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * GET /api/today sends the answer an instance kept while the rows it was built from stand
 * (docs/decisions/013-api-cost.md, "Today's answer is kept"): after any write, made through this
 * instance or another, the answer sent is the one built afresh.
 */

let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  other = await t.anotherInstance();
});
afterAll(() => t.close());

async function todayOn(app: FastifyInstance, headers: Record<string, string>) {
  const res = await app.inject({ method: 'GET', url: '/api/today', headers });
  expect(res.statusCode, res.body).toBe(200);
  return TodaySchema.parse(res.json());
}

/** Today as each instance sends it, kept or built afresh. */
const todayEverywhere = (headers: Record<string, string>) =>
  sameKeptAndFresh([t.app, other], '/api/today', TodaySchema, headers);

function expectWritten(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBeLessThan(300);
}

describe("Today's kept answer", () => {
  it('is the answer built afresh after every kind of write, made on this instance or another', async () => {
    const signedIn = await loginAs(t.db, { email: uniqueEmail() });
    const here = new ApiClient(t.app, signedIn.headers);
    const there = new ApiClient(other, signedIn.headers);
    const goal = await here.createGoal({ title: 'Garden', color: 'teal' });
    const task = await here.createTask({ title: 'Water', goalId: goal.id, isToday: true });
    const todo = await here.createTask({ title: 'Call', isToday: true });
    const habit = await here.createHabit({ title: 'Read', isToday: true });
    const day = new Date().toISOString().slice(0, 10);

    const steps: Array<[string, () => Promise<LightMyRequestResponse>]> = [
      ['tick a habit', () => here.call('PATCH', `/api/habits/${habit.id}`, { completedToday: true })],
      [
        'untick it on the other instance',
        () => there.call('DELETE', `/api/habits/${habit.id}/completions/${day}`),
      ],
      ['tick a task', () => there.call('PATCH', `/api/tasks/${todo.id}`, { completed: true })],
      ['rename its goal', () => here.call('PATCH', `/api/goals/${goal.id}`, { title: 'Allotment' })],
      ['recolour its goal', () => there.call('PATCH', `/api/goals/${goal.id}`, { color: 'rose' })],
      [
        'reorder Today',
        () =>
          here.call('POST', '/api/today/reorder', {
            items: [
              { id: habit.id, type: 'habit', todaySortOrder: 0 },
              { id: todo.id, type: 'task', todaySortOrder: 1 },
              { id: task.id, type: 'task', todaySortOrder: 2 },
            ],
          }),
      ],
      ['add a habit to Today', () => there.call('POST', '/api/habits', { title: 'Stretch', isToday: true })],
      ['take a task off Today', () => here.call('PATCH', `/api/tasks/${todo.id}`, { isToday: false })],
      [
        'import a habit on Today',
        () =>
          there.call('POST', '/api/account/import', {
            format: 'stride-export',
            version: 1,
            habits: [{ id: randomUUID(), title: 'Imported', isToday: true, todaySortOrder: 9, sortOrder: 9 }],
          }),
      ],
      ['delete the goal with its task', () => here.call('DELETE', `/api/goals/${goal.id}`)],
      ['delete a habit', () => there.call('DELETE', `/api/habits/${habit.id}`)],
    ];
    let before = await todayEverywhere(signedIn.headers);
    for (const [what, write] of steps) {
      expectWritten(await write());
      const after = await todayEverywhere(signedIn.headers);
      expect(after, `Today did not change: ${what}`).not.toEqual(before);
      before = after;
    }
  });

  it('is sent again without building the list while its rows stand; a change to one of them builds it', async () => {
    const signedIn = await loginAs(t.db, { email: uniqueEmail() });
    const client = new ApiClient(t.app, signedIn.headers);
    const goal = await client.createGoal({ title: 'Garden' });
    const onToday = await client.createTask({ title: 'Water', goalId: goal.id, isToday: true });
    const elsewhere = await client.createTask({ title: 'Prune' });
    await client.createHabit({ title: 'Read', isToday: true });
    const userId = signedIn.user.id;
    const day = new Date().toISOString().slice(0, 10);
    const first = await readTodayJson(t.db, userId, day);
    // The body passed as kept comes back: the statement did not build the list.
    const kept = { version: first.version, body: 'kept' };
    expect(await readTodayJson(t.db, userId, day, kept)).toEqual(kept);
    expectWritten(await client.call('PATCH', `/api/tasks/${elsewhere.id}`, { title: 'Prune hard' }));
    expect(await readTodayJson(t.db, userId, day, kept)).toEqual(kept);

    expectWritten(await client.call('PATCH', `/api/tasks/${onToday.id}`, { title: 'Water well' }));
    const rebuilt = await readTodayJson(t.db, userId, day, kept);
    expect(rebuilt.version).not.toBe(first.version);
    expect(TodaySchema.parse(JSON.parse(rebuilt.body)).tasks[0]?.title).toBe('Water well');
    expectWritten(await client.call('PATCH', `/api/goals/${goal.id}`, { title: 'Allotment' }));
    const renamed = await readTodayJson(t.db, userId, day, { version: rebuilt.version, body: 'kept' });
    expect(TodaySchema.parse(JSON.parse(renamed.body)).tasks[0]?.goal?.title).toBe('Allotment');
  });

  it('is not used when the request asks for no cache, nor for another day', async () => {
    const signedIn = await loginAs(t.db, { email: uniqueEmail() });
    await new ApiClient(t.app, signedIn.headers).createTask({ title: 'Real', isToday: true });
    const userId = signedIn.user.id;
    const day = new Date().toISOString().slice(0, 10);
    const kept = keptAnswers();
    const { version } = await readTodayJson(t.db, userId, day);
    kept.keep(userId, { day, version, body: 'kept' });
    expect(await getToday(t.db, kept, userId, day)).toBe('kept');
    const built = await getToday(t.db, kept, userId, day, true);
    expect(TodaySchema.parse(JSON.parse(built)).tasks[0]?.title).toBe('Real');
    expect(kept.find(userId, day)?.body).toBe(built);
    kept.keep(userId, { day, version, body: 'kept' });
    expect(await getToday(t.db, kept, userId, '2026-01-01')).not.toBe('kept');
  });

  it("is kept per person: another person's write leaves mine standing, and mine is never theirs", async () => {
    const a = await loginAs(t.db, { email: uniqueEmail('a') });
    const b = await loginAs(t.db, { email: uniqueEmail('b') });
    const alice = new ApiClient(t.app, a.headers);
    const bob = new ApiClient(t.app, b.headers);
    await alice.createTask({ title: 'Alice’s', isToday: true });
    await bob.createTask({ title: 'Bob’s', isToday: true });
    const day = new Date().toISOString().slice(0, 10);
    const mine = await readTodayJson(t.db, a.user.id, day);
    await bob.createHabit({ isToday: true });
    const kept = { version: mine.version, body: 'kept' };
    expect(await readTodayJson(t.db, a.user.id, day, kept)).toEqual(kept);
    expect((await todayOn(t.app, a.headers)).tasks.map((task) => task.title)).toEqual(['Alice’s']);
    expect((await todayOn(t.app, b.headers)).tasks.map((task) => task.title)).toEqual(['Bob’s']);
  });
});
