import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HabitSchema } from '#shared/api/habits';
import { type Task, TaskSchema } from '#shared/api/tasks';
import { TodaySchema } from '#shared/api/today';
import { executeRows, inTransaction } from '../../src/server/db/client';
import { uniqueEmail } from '../factories';
import { ApiClient } from './helpers/api';
import { loginAs } from './helpers/login';
import { createTestApp, type TestApp } from './helpers/test-app';

/*
 * One person's writes arriving at once (two tabs, two devices, quick drops). On PostgreSQL the
 * requests really run side by side on pooled connections; the owner lock (docs/architecture.md,
 * "Concurrency") must keep positions unique and reorders free of deadlocks.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newClient = async () => new ApiClient(t.app, (await loginAs(t.db, { email: uniqueEmail() })).headers);

/** A new person with `count` tasks and `count` habits on Today, and their Today as read. */
async function personWithToday(count: number) {
  const client = await newClient();
  for (let i = 0; i < count; i += 1) await client.createTask({ isToday: true });
  for (let i = 0; i < count; i += 1) await client.createHabit({ isToday: true });
  const today = TodaySchema.parse((await client.call('GET', '/api/today')).json());
  const items = [
    ...today.tasks.map((task) => ({ id: task.id, type: 'task' as const })),
    ...today.habits.map((habit) => ({ id: habit.id, type: 'habit' as const })),
  ];
  return { client, today, items };
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = items.slice();
  let state = seed;
  for (let i = copy.length - 1; i > 0; i -= 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

describe('concurrent writes of one person', () => {
  it('50 creates at once get 50 distinct positions, on their list and on Today', async () => {
    const client = await newClient();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? client.call('POST', '/api/tasks', { title: `Task ${i}`, isToday: true })
          : client.call('POST', '/api/habits', { title: `Habit ${i}`, isToday: true }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(50).fill(201));
    const tasks = answers.filter((_, i) => i % 2 === 0).map((res) => TaskSchema.parse(res.json()));
    const habits = answers.filter((_, i) => i % 2 === 1).map((res) => HabitSchema.parse(res.json()));
    expect(new Set(tasks.map((task) => task.sortOrder)).size).toBe(25);
    expect(new Set(habits.map((habit) => habit.sortOrder)).size).toBe(25);
    const todayPositions = [...tasks, ...habits].map((item) => item.todaySortOrder);
    expect(new Set(todayPositions).size).toBe(50);
    expect(Math.max(...todayPositions)).toBe(49);
  });

  it('10 reorders of one list at once all succeed, and the list ends in one of the orders sent', async () => {
    const client = await newClient();
    const tasks: Task[] = [];
    for (let i = 0; i < 30; i += 1) tasks.push(await client.createTask({ sortOrder: i }));
    const orders = Array.from({ length: 10 }, (_, round) =>
      shuffled(tasks, round + 7).map((task) => task.id),
    );
    const answers = await Promise.all(
      orders.map((ids) =>
        client.call('POST', '/api/tasks/reorder', {
          goalId: null,
          items: ids.map((id, position) => ({ id, sortOrder: position })),
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(204));
    const final = ((await client.call('GET', '/api/tasks?goalId=none')).json() as Task[]).map(
      (task) => task.id,
    );
    expect(orders).toContainEqual(final);
  });

  it('Today reorders at once from two devices neither deadlock nor mix', async () => {
    const { client, items } = await personWithToday(10);
    const orders = Array.from({ length: 10 }, (_, round) => shuffled(items, round + 3));
    const answers = await Promise.all(
      orders.map((order) =>
        client.call('POST', '/api/today/reorder', {
          items: order.map((item, position) => ({ ...item, todaySortOrder: position })),
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(204));
    const after = TodaySchema.parse((await client.call('GET', '/api/today')).json());
    const final = [...after.tasks, ...after.habits]
      .map((item) => ({ id: item.id, position: item.todaySortOrder }))
      .sort((a, b) => a.position - b.position)
      .map((item) => item.id);
    expect(orders.map((order) => order.map((item) => item.id))).toContainEqual(final);
  });

  it('Today read while ticks, edits and reorders land is, once they are answered, Today built afresh', async () => {
    const { client, today, items } = await personWithToday(8);
    // Reads race the writes, so answers are kept from every moment in between
    // (docs/decisions/013-api-cost.md, "Today's answer is kept").
    const reads = Array.from({ length: 20 }, () => client.call('GET', '/api/today'));
    const writes = Array.from({ length: 40 }, (_, i) => {
      const task = today.tasks[i % today.tasks.length];
      const habit = today.habits[i % today.habits.length];
      switch (i % 4) {
        case 0:
          return client.call('POST', '/api/today/reorder', {
            items: shuffled(items, i).map((item, position) => ({ ...item, todaySortOrder: position })),
          });
        case 1:
          return client.call('PATCH', `/api/habits/${habit?.id}`, { completedToday: i % 8 === 1 });
        case 2:
          return client.call('PATCH', `/api/tasks/${task?.id}`, { completed: i % 8 === 2 });
        default:
          return client.call('PATCH', `/api/tasks/${task?.id}`, { title: `Edited ${i}` });
      }
    });
    const answers = await Promise.all([...writes, ...reads]);
    expect(answers.map((res) => res.statusCode).filter((status) => status >= 300)).toEqual([]);
    const kept = (await client.call('GET', '/api/today')).json();
    const fresh = (await client.call('GET', '/api/today', undefined, { 'cache-control': 'no-cache' })).json();
    expect(kept).toEqual(fresh);
  });

  it('a completion racing a delete answers 200 or 404, never a 5xx', async () => {
    const client = await newClient();
    const statuses = new Set<number>();
    for (let round = 0; round < 20; round += 1) {
      const habit = await client.createHabit();
      const goal = await client.createGoal({ isHabitGoal: true });
      const task = await client.createTask({ goalId: goal.id });
      const answers = await Promise.all([
        client.call('PATCH', `/api/habits/${habit.id}`, { completedToday: true }),
        client.call('DELETE', `/api/habits/${habit.id}`),
        client.call('PATCH', `/api/tasks/${task.id}`, { completedToday: true }),
        client.call('DELETE', `/api/goals/${goal.id}`),
      ]);
      for (const res of answers) statuses.add(res.statusCode);
      expect(answers[0]?.statusCode).toBeOneOf([200, 404]);
      expect(answers[1]?.statusCode).toBe(204);
      expect(answers[2]?.statusCode).toBeOneOf([200, 404]);
      expect(answers[3]?.statusCode).toBe(204);
    }
    expect([...statuses].filter((status) => status >= 500)).toEqual([]);
  });
});

const onPostgres = inject('testDatabase').kind === 'postgres';

describe("one person's queue is their own", () => {
  // PGlite has one connection, which every transaction waits for in turn: nothing to share out.
  it.runIf(onPostgres)(
    "thirty writes queued behind a long one of that person's hold no connection; another person's go on",
    async () => {
      const busy = await loginAs(t.db, { email: uniqueEmail() });
      const busyClient = new ApiClient(t.app, busy.headers);
      const other = await newClient();
      const [{ name }] = (await executeRows<{ name: string }>(
        t.db,
        sql`select current_database() as name`,
      )) as [{ name: string }];
      // Watched from outside the app's pool, which the flaw this guards against would fill.
      const source = inject('testDatabase');
      if (source.kind !== 'postgres') throw new Error('runs on PostgreSQL only');
      const watcher = new pg.Client({ connectionString: source.adminUrl });
      await watcher.connect();
      try {
        // A long write of theirs, as an import is: it holds their lock until told to end.
        let end = () => {};
        const ending = new Promise<void>((resolve) => {
          end = resolve;
        });
        let begun = () => {};
        const holding = new Promise<void>((resolve) => {
          begun = resolve;
        });
        const long = inTransaction(
          t.db,
          async () => {
            begun();
            await ending;
          },
          { owner: busy.user.id },
        );
        await holding;
        const queued = Array.from({ length: 30 }, (_, i) =>
          busyClient.call('POST', '/api/tasks', { title: `Queued ${i}` }),
        );
        // Time for the thirty to arrive: before the queue, ten of them waited on the lock in the
        // database, each on one of the pool's ten connections.
        await new Promise((resolve) => setTimeout(resolve, 300));
        const { rows } = await watcher.query<{ count: number }>(
          `select count(*)::int as count from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
          [name],
        );
        expect(rows[0]?.count).toBe(0);
        const others = await Promise.all(
          Array.from({ length: 10 }, (_, i) => other.call('POST', '/api/tasks', { title: `Meanwhile ${i}` })),
        );
        expect(others.map((res) => res.statusCode)).toEqual(Array(10).fill(201));

        end();
        await long;
        const answers = await Promise.all(queued);
        // In turn once the long one ends; one that waited longer than a write ever waited for the
        // lock answers the queue's 503, and nothing of it is written.
        expect(answers[0]?.statusCode).toBe(201);
        for (const res of answers.filter((answer) => answer.statusCode !== 201)) {
          expect(res.statusCode).toBe(503);
          expect(res.json()).toEqual({
            message: 'Your earlier changes are still being saved. Try again in a moment.',
          });
        }
        const written = await executeRows<{ count: number }>(
          t.db,
          sql`select count(*)::int as count from tasks where user_id = ${busy.user.id}`,
        );
        expect(written[0]?.count).toBe(answers.filter((res) => res.statusCode === 201).length);
      } finally {
        await watcher.end();
      }
    },
  );
});
