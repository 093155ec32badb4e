import { inArray, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HabitSchema } from '#shared/api/habits';
import { PushSubscriptionSchema } from '#shared/api/push';
import { TaskSchema } from '#shared/api/tasks';
import type { Db } from '../../src/server/db/client';
import { reminders, type UserRow } from '../../src/server/db/schema';
import { reminderTriggersPlugin } from '../../src/server/modules/reminders/reminder-triggers';
import { rescheduleWaiting, waitingReschedules } from '../../src/server/modules/reminders/reschedule-later';
import { uniqueEmail } from '../factories';
import { ApiClient, messageOf } from './helpers/api';
import { loginAs } from './helpers/login';
import { TestPushService, type TestSubscription } from './helpers/push-service';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * Reminders that arrive on time, once (docs/product.md#reminders, docs/decisions/032-push-reminders.md):
 * the worker is run one round at a time on an injected clock, and what it sends is read back,
 * decrypted, by the tests' own push service. No timing is measured: the clock is the test's.
 */

let now = new Date('2027-01-01T00:00:00Z');
let t: TestApp;
let second: FastifyInstance;
let push: TestPushService;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  second = await t.anotherInstance();
  push = await TestPushService.start();
});
afterAll(async () => {
  await push.close();
  await t.close();
});
beforeEach(() => {
  expect(push.rejected).toEqual([]);
});

const at = (iso: string) => {
  now = new Date(iso);
};
const round = () => t.app.reminders.runOnce();

/** A person in `zone` with one browser switched on (or more). */
async function person(zone: string, browsers = 1) {
  const { headers } = await loginAs(t.db, { email: uniqueEmail(), timeZone: zone, now });
  const client = new ApiClient(t.app, headers);
  const subscriptions: TestSubscription[] = [];
  for (let i = 0; i < browsers; i++) {
    const browser = push.subscribe();
    await client.expect(201, PushSubscriptionSchema, 'POST', '/api/push/subscriptions', browser.json);
    subscriptions.push(browser);
  }
  return { client, browser: subscriptions[0] as TestSubscription, subscriptions };
}

const arrivedIds = (browser: TestSubscription) =>
  push.arrivalsFor(browser.id).map((arrival) => (arrival.payload as { id: string }).id);

describe('a task reminder', () => {
  it('arrives at its minute in the person zone, never before, once, on every device, saying what it is', async () => {
    at('2027-02-01T12:00:00Z');
    const { client, subscriptions } = await person('Europe/Paris', 2);
    const goal = await client.createGoal({ title: 'Money' });
    const task = await client.createTask({
      title: 'Call the bank',
      goalId: goal.id,
      plannedFor: '2027-02-02',
      remindAt: '07:30',
    });

    at('2027-02-02T06:29:59Z'); // 07:29:59 in Paris
    await round();
    for (const browser of subscriptions) expect(push.arrivalsFor(browser.id)).toEqual([]);

    at('2027-02-02T06:30:00Z');
    await round();
    at('2027-02-02T06:30:20Z');
    await round();
    await second.reminders.runOnce();
    for (const browser of subscriptions) {
      const arrivals = push.arrivalsFor(browser.id);
      expect(arrivals).toHaveLength(1);
      expect(arrivals[0]?.payload).toEqual({
        type: 'reminder',
        kind: 'task',
        id: task.id,
        title: 'Call the bank',
        goal: 'Money',
        tag: `stride-reminder-task-${task.id}`,
        day: '2027-02-02',
        at: '2027-02-02T06:30:00.000Z',
        tick: 'completed',
      });
      expect(arrivals[0]?.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    }
  });

  it('is not sent for a completed task, a deleted one, or once the time is taken away', async () => {
    at('2027-03-01T08:00:00Z');
    const { client, browser } = await person('UTC');
    const done = await client.createTask({ title: 'Done', plannedFor: '2027-03-01', remindAt: '09:00' });
    const deleted = await client.createTask({
      title: 'Deleted',
      plannedFor: '2027-03-01',
      remindAt: '09:00',
    });
    const cleared = await client.createTask({
      title: 'Cleared',
      plannedFor: '2027-03-01',
      remindAt: '09:00',
    });
    const moved = await client.createTask({ title: 'Moved', plannedFor: '2027-03-01', remindAt: '09:00' });
    await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${done.id}`, { completed: true });
    expect((await client.call('DELETE', `/api/tasks/${deleted.id}`)).statusCode).toBe(204);
    await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${cleared.id}`, { remindAt: null });
    await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${moved.id}`, { remindAt: '10:15' });
    // Not only unsent: the recompute after each write removes the reminders that no longer apply.
    const left = await t.db
      .select({ id: reminders.itemId })
      .from(reminders)
      .where(inArray(reminders.itemId, [deleted.id, cleared.id]));
    expect(left).toEqual([]);
    at('2027-03-01T09:00:30Z');
    await round();
    expect(arrivedIds(browser)).toEqual([]);
    at('2027-03-01T10:15:05Z');
    await round();
    expect(arrivedIds(browser)).toEqual([moved.id]);
  });

  it('moves with its task when many are planned at once (POST /api/tasks/plan)', async () => {
    at('2027-03-01T08:00:00Z');
    const { client, browser } = await person('UTC');
    const sooner = await client.createTask({ title: 'Sooner', plannedFor: '2027-03-05', remindAt: '09:00' });
    const unplanned = await client.createTask({
      title: 'Unplanned',
      plannedFor: '2027-03-02',
      remindAt: '09:00',
    });
    const planned = await client.call('POST', '/api/tasks/plan', {
      moves: [
        { id: sooner.id, plannedFor: '2027-03-02' },
        { id: unplanned.id, plannedFor: null },
      ],
    });
    expect(planned.statusCode, planned.body).toBe(200);
    at('2027-03-02T09:00:30Z');
    await round();
    expect(arrivedIds(browser)).toEqual([sooner.id]);
  });

  it('repeats on each day of its rule, and a day done ahead is skipped', async () => {
    at('2027-04-05T06:00:00Z');
    const { client, browser } = await person('UTC');
    const task = await client.createTask({
      title: 'Water plants',
      plannedFor: '2027-04-05',
      repeat: 'FREQ=DAILY',
      remindAt: '08:00',
    });
    at('2027-04-05T08:00:10Z');
    await round();
    // Done on the 5th after its reminder; done again on the 6th before its time, which moves it to the 7th.
    await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, { completed: true });
    at('2027-04-06T07:00:00Z');
    const early = await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, { completed: true });
    expect(early.plannedFor).toBe('2027-04-07');
    at('2027-04-06T08:00:10Z');
    await round();
    at('2027-04-07T08:00:10Z');
    await round();
    expect(push.arrivalsFor(browser.id).map((a) => (a.payload as { day: string }).day)).toEqual([
      '2027-04-05',
      '2027-04-07',
    ]);
  });
});

describe('a recompute that fails after its write (docs/decisions/032-push-reminders.md, "After the write")', () => {
  it('leaves the answer as the write had it, and moves the reminder once the database takes it again', async () => {
    at('2027-03-02T06:00:00Z');
    const { user, headers } = await loginAs(t.db, { email: uniqueEmail(), timeZone: 'UTC', now });
    const client = new ApiClient(t.app, headers);
    const browser = push.subscribe();
    await client.expect(201, PushSubscriptionSchema, 'POST', '/api/push/subscriptions', browser.json);
    const task = await client.createTask({
      title: 'Call the bank',
      plannedFor: '2027-03-02',
      remindAt: '09:00',
    });

    // The reminder triggers of an instance whose database refuses every transaction, after a write
    // that committed: the route moves the reminder time to 07:00 and answers 200.
    let refusing = true;
    const flaky = new Proxy(t.db, {
      get: (target, name) =>
        name === 'transaction' && refusing
          ? () => Promise.reject(new Error('Connection terminated unexpectedly'))
          : Reflect.get(target, name),
    }) as Db;
    const instance = Fastify();
    instance.decorateRequest('user', null);
    instance.decorateRequest('now', null as unknown as Date);
    instance.addHook('onRequest', async (request) => {
      request.user = user as UserRow;
      request.now = now;
    });
    await instance.register(reminderTriggersPlugin, { db: flaky });
    instance.patch('/api/tasks/:id', async () => {
      await t.db.execute(sql`update tasks set remind_at = '07:00' where id = ${task.id}`);
      return { ok: true };
    });
    try {
      const answer = await instance.inject({ method: 'PATCH', url: `/api/tasks/${task.id}`, payload: {} });
      expect(answer.statusCode).toBe(200);
      expect(waitingReschedules(flaky)).toBe(1);
      expect(await rescheduleWaiting(flaky, now)).toBe(1);

      at('2027-03-02T07:00:30Z');
      await round();
      expect(arrivedIds(browser)).toEqual([]);
      refusing = false;
      expect(await rescheduleWaiting(flaky, now)).toBe(0);
      await round();
      expect(arrivedIds(browser)).toEqual([task.id]);
    } finally {
      await instance.close();
    }
  });
});

describe('a habit reminder', () => {
  it('is sent on its days unless already ticked', async () => {
    at('2027-05-03T05:00:00Z'); // a Monday
    const { client, browser } = await person('UTC');
    const habit = await client.createHabit({
      title: 'Stretch',
      repeat: 'FREQ=WEEKLY;BYDAY=MO,WE',
      remindAt: '07:00',
    });
    at('2027-05-03T07:00:00Z');
    await round();
    at('2027-05-04T07:00:00Z'); // Tuesday: not one of its days
    await round();
    at('2027-05-05T06:00:00Z');
    await client.expect(200, HabitSchema, 'PATCH', `/api/habits/${habit.id}`, { completedToday: true });
    at('2027-05-05T07:00:00Z'); // Wednesday, done already
    await round();
    at('2027-05-10T07:00:30Z');
    await round();
    expect(push.arrivalsFor(browser.id).map((a) => (a.payload as { day: string }).day)).toEqual([
      '2027-05-03',
      '2027-05-10',
    ]);
  });
});

describe("the notification's Snooze 10 min (docs/product.md#reminders)", () => {
  const snooze = (client: ApiClient, kind: string, id: string) =>
    client.call('POST', '/api/reminders/snooze', { kind, id });

  it('sends the reminder again 10 minutes later on every device, once, and not after a tick', async () => {
    at('2027-04-01T08:00:00Z');
    const { client, subscriptions } = await person('UTC', 2);
    const task = await client.createTask({
      title: 'Call the bank',
      plannedFor: '2027-04-01',
      remindAt: '09:00',
    });
    at('2027-04-01T09:00:00Z');
    await round();

    at('2027-04-01T09:01:00Z');
    expect((await snooze(client, 'task', task.id)).statusCode).toBe(204);
    at('2027-04-01T09:10:59Z');
    await round();
    for (const browser of subscriptions) expect(push.arrivalsFor(browser.id)).toHaveLength(1);
    at('2027-04-01T09:11:00Z');
    await round();
    await second.reminders.runOnce();
    for (const browser of subscriptions) {
      const arrivals = push.arrivalsFor(browser.id);
      expect(arrivals).toHaveLength(2);
      expect(arrivals[1]?.payload).toEqual({
        type: 'reminder',
        kind: 'task',
        id: task.id,
        title: 'Call the bank',
        goal: null,
        tag: `stride-reminder-task-${task.id}`,
        day: '2027-04-01',
        at: '2027-04-01T09:11:00.000Z',
        tick: 'completed',
      });
    }

    // Snoozed again, then ticked before it comes: nothing more arrives.
    at('2027-04-01T09:12:00Z');
    expect((await snooze(client, 'task', task.id)).statusCode).toBe(204);
    await client.expect(200, TaskSchema, 'PATCH', `/api/tasks/${task.id}`, { completed: true });
    at('2027-04-01T09:30:00Z');
    await round();
    for (const browser of subscriptions) expect(push.arrivalsFor(browser.id)).toHaveLength(2);
    // Done already: a snooze is answered and sends nothing.
    expect((await snooze(client, 'task', task.id)).statusCode).toBe(204);
    at('2027-04-01T09:45:00Z');
    await round();
    for (const browser of subscriptions) expect(push.arrivalsFor(browser.id)).toHaveLength(2);
  });

  it("tells a habit and a habit goal's task to tick the day, and an ordinary task to complete", async () => {
    at('2027-04-02T06:00:00Z');
    const { client, browser } = await person('UTC');
    const routine = await client.createGoal({ title: 'Mornings', isHabitGoal: true });
    const bed = await client.createTask({
      title: 'Make bed',
      goalId: routine.id,
      plannedFor: '2027-04-02',
      remindAt: '07:00',
    });
    await client.createHabit({ title: 'Stretch', remindAt: '07:00' });
    at('2027-04-02T07:00:00Z');
    await round();
    const ticks = push
      .arrivalsFor(browser.id)
      .map((arrival) => arrival.payload as { title: string; tick: string; goal: string | null })
      .map(({ title, tick, goal }) => ({ title, tick, goal }))
      .sort((a, b) => a.title.localeCompare(b.title));
    expect(ticks).toEqual([
      { title: 'Make bed', tick: 'completedToday', goal: 'Mornings' },
      { title: 'Stretch', tick: 'completedToday', goal: null },
    ]);
    expect(bed.goalId).toBe(routine.id);
  });

  it("answers 404 for another person's item and 400 naming a bad kind or id, changing nothing", async () => {
    at('2027-04-03T06:00:00Z');
    const owner = await person('UTC');
    const other = await person('UTC');
    const task = await owner.client.createTask({
      title: 'Mine',
      plannedFor: '2027-04-03',
      remindAt: '07:00',
    });
    const refused = await snooze(other.client, 'task', task.id);
    expect(refused.statusCode).toBe(404);
    expect(messageOf(refused)).toBe('Task not found');
    expect((await snooze(other.client, 'habit', task.id)).statusCode).toBe(404);
    const badKind = await snooze(owner.client, 'goal', task.id);
    expect(badKind.statusCode).toBe(400);
    expect(badKind.body).toContain('kind');
    const badId = await snooze(owner.client, 'task', 'nope');
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('id');
    at('2027-04-03T06:30:00Z');
    await round();
    expect(push.arrivalsFor(other.browser.id)).toEqual([]);
    expect(push.arrivalsFor(owner.browser.id)).toEqual([]);
  });
});

describe('late, retried and gone', () => {
  it('sends a reminder up to an hour late (every instance was down) and drops one later than that', async () => {
    at('2027-06-01T06:00:00Z');
    const { client, browser } = await person('UTC');
    const late = await client.createTask({ title: 'Late', plannedFor: '2027-06-01', remindAt: '08:00' });
    const stale = await client.createTask({
      title: 'Stale',
      plannedFor: '2027-06-01',
      remindAt: '06:30',
      repeat: 'FREQ=DAILY',
    });
    at('2027-06-01T09:00:00Z'); // 60 minutes after 08:00, 150 after 06:30
    await round();
    expect(arrivedIds(browser)).toEqual([late.id]);
    at('2027-06-02T06:30:00Z'); // the stale one's next day comes as usual
    await round();
    expect(arrivedIds(browser)).toEqual([late.id, stale.id]);
  });

  it('retries 429 and 5xx, not before Retry-After, and forgets a subscription the service says is gone', async () => {
    at('2027-07-01T06:00:00Z');
    const { client, subscriptions } = await person('UTC', 2);
    const [busy, gone] = subscriptions as [TestSubscription, TestSubscription];
    push.answerNext(busy.id, { status: 429, headers: { 'retry-after': '120' } }, { status: 503 });
    push.answerNext(gone.id, { status: 410 });
    await client.createTask({ title: 'Retry me', plannedFor: '2027-07-01', remindAt: '07:00' });

    const tries = async (iso: string) => {
      at(iso);
      await round();
      return push.attempts.get(busy.id) ?? 0;
    };
    expect(await tries('2027-07-01T07:00:00Z')).toBe(1); // 429, Retry-After: 120
    expect(push.attempts.get(gone.id)).toBe(1); // 410
    expect(await tries('2027-07-01T07:01:59Z')).toBe(1);
    expect(await tries('2027-07-01T07:02:00Z')).toBe(2); // 503, no Retry-After: 10 s after a second try
    expect(await tries('2027-07-01T07:02:09Z')).toBe(2);
    expect(await tries('2027-07-01T07:02:10Z')).toBe(3);
    expect(await tries('2027-07-01T07:30:00Z')).toBe(3);
    expect(push.arrivalsFor(busy.id)).toHaveLength(1);
    expect(push.arrivalsFor(gone.id)).toHaveLength(0);
    const forgotten = await client.call('DELETE', '/api/push/subscriptions', {
      endpoint: gone.json.endpoint,
    });
    expect(forgotten.statusCode).toBe(404);
  });
});

describe('clock changes', () => {
  it('keeps 07:30 local across the change to summer time, and moves a skipped 02:30 to 03:30', async () => {
    at('2027-03-13T00:00:00Z');
    const { client, browser } = await person('America/New_York');
    await client.createHabit({ title: 'Run', remindAt: '07:30' });
    await client.createHabit({ title: 'Night owl', remindAt: '02:30' });
    const times: string[] = [];
    for (const minute of [
      '2027-03-13T07:30:00Z', // 02:30 EST on the 13th
      '2027-03-13T12:30:00Z', // 07:30 EST
      '2027-03-14T07:30:00Z', // 03:30 EDT: 02:30 does not happen on the 14th
      '2027-03-14T11:30:00Z', // 07:30 EDT
      '2027-03-15T06:30:00Z', // 02:30 EDT
      '2027-03-15T11:30:00Z',
    ]) {
      at(new Date(new Date(minute).getTime() - 1000).toISOString());
      await round();
      expect(push.arrivalsFor(browser.id)).toHaveLength(times.length);
      at(minute);
      await round();
      times.push(minute);
      expect(push.arrivalsFor(browser.id).map((a) => (a.payload as { at: string }).at)).toEqual(
        times.map((time) => new Date(time).toISOString()),
      );
    }
  });

  it('moves pending reminders when the browser says the person is in another zone', async () => {
    at('2027-08-01T00:00:00Z');
    const { client, browser } = await person('America/New_York');
    await client.createTask({ title: 'Travel day', plannedFor: '2027-08-01', remindAt: '09:00' });
    // The person lands in Paris: their next write carries the new zone (a read only applies it,
    // docs/decisions/003-day-rules.md), and 09:00 comes six hours sooner.
    at('2027-08-01T05:00:00Z');
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/tasks',
      payload: { title: 'Unpack' },
      headers: { ...client.headers, 'x-time-zone': 'Europe/Paris' },
    });
    expect(moved.statusCode).toBe(201);
    at('2027-08-01T06:59:59Z');
    await round();
    expect(arrivedIds(browser)).toEqual([]);
    at('2027-08-01T07:00:00Z'); // 09:00 in Paris
    await round();
    expect(arrivedIds(browser)).toHaveLength(1);
    at('2027-08-01T13:00:00Z'); // 09:00 in New York: nothing more
    await round();
    expect(arrivedIds(browser)).toHaveLength(1);
  });

  it('moves them when the day starts at another hour: 01:30 then belongs to the evening before', async () => {
    at('2027-09-01T20:00:00Z');
    const { client, browser } = await person('UTC');
    const habit = await client.createHabit({ title: 'Late reading', remindAt: '01:30' });
    // Done on the 1st in the evening; then the day is made to start at 3:00, so 01:30 on the 2nd is
    // the last of the 1st, already done.
    await client.expect(200, HabitSchema, 'PATCH', `/api/habits/${habit.id}`, { completedToday: true });
    const res = await client.call('PATCH', '/api/auth/user', { dayStartHour: 3 });
    expect(res.statusCode, res.body).toBe(200);
    at('2027-09-02T01:30:00Z');
    await round();
    expect(push.arrivalsFor(browser.id)).toEqual([]);
    at('2027-09-03T01:30:00Z');
    await round();
    const arrivals = push.arrivalsFor(browser.id);
    expect(arrivals.map((arrival) => arrival.payload)).toMatchObject([{ id: habit.id, day: '2027-09-02' }]);
  });
});

describe('two instances on one database', () => {
  it('send each due reminder once between them', async () => {
    at('2027-10-01T00:00:00Z');
    const { client, browser } = await person('UTC');
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push(
        (await client.createTask({ title: `Task ${i}`, plannedFor: '2027-10-01', remindAt: '10:00' })).id,
      );
    }
    at('2027-10-01T10:00:00Z');
    await Promise.all([round(), second.reminders.runOnce()]);
    at('2027-10-01T10:00:20Z');
    await Promise.all([second.reminders.runOnce(), round()]);
    expect(arrivedIds(browser).sort()).toEqual([...ids].sort());
  });
});
